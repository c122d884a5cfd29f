import StrataTestSupport
import Foundation
import Testing
import StrataModel

/// Strata's SVG path reading and arc length against svgpathtools (scripts/reference/svgpath.py;
/// scripts/test installs it), which parses the same data itself and measures curves and elliptical
/// arcs by numeric integration: whole lengths within 0.01 %, the points at fractions of the length
/// (where strokeEnd ends) within 0.01 pt (measured here: 0.001 % and 0.0013 pt).
@Suite("Shape paths against svgpathtools", .tags(.svgpathtools), Oracle.svgpathtools.trait)
struct ShapeReferenceTests {
    static let script = PackagePaths.root.appendingPathComponent("scripts/reference/svgpath.py").path

    static let cases = [
        "M 10 20 L 90 20",
        "M 10 10 C 20 80 80 80 90 10",
        "M 0 0 Q 50 100 100 0",
        "M 80 14 A 66 66 0 0 1 80 146 A 66 66 0 0 1 80 14",
        "M 10 50 A 40 20 30 1 0 90 50",
        "M0 0a25 25 0 1050 50",
        "M 10 10 h 30 v 20 h -30 z m 50 0 c 10 -10 20 10 30 0 s 10 10 20 0 q 10 10 20 0 t 20 0",
        "M 48 84 L 70 106 L 114 60",
        "M 10 10 C 20 80 80 80 90 10 A 30 20 15 1 0 50 60 Q 20 90 10 40 Z",
    ]
    static let fractions = [0.1, 0.25, 0.5, 0.77, 0.9]

    @Test func lengthsAndPointsMatchSvgpathtools() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-svgpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("cases.json")
        let json = try JSONSerialization.data(withJSONObject: Self.cases.map { ["d": $0, "fractions": Self.fractions] })
        try json.write(to: input)
        let output = try TestProcess.checkedOutput(["python3", Self.script, "lengths", input.path])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(results.count == Self.cases.count)
        var worstLength = 0.0, worstPoint = 0.0
        for (data, result) in zip(Self.cases, results) {
            let path = try Path(svgData: data)
            let expectedLength = try #require(result["length"] as? Double)
            let relative = abs(path.length - expectedLength) / expectedLength
            worstLength = max(worstLength, relative)
            #expect(relative < 1e-4, "\(data): \(path.length) vs \(expectedLength)")
            let points = try #require(result["points"] as? [[Double]])
            for (fraction, expected) in zip(Self.fractions, points) {
                // Where a stroke ending at `fraction` ends: the trimmed path's last point.
                let trimmed = path.trimmed(start: 0, end: fraction).path
                let end = try #require(trimmed.currentPoint)
                let distance = hypot(end.x - expected[0], end.y - expected[1])
                worstPoint = max(worstPoint, distance)
                #expect(distance < 0.01, "\(data) at \(fraction): (\(end.x), \(end.y)) vs \(expected)")
            }
        }
        print("svgpathtools: worst length \(worstLength * 100) %, worst point \(worstPoint) pt")
    }
}
