import StrataTestSupport
import Foundation
import Testing
import StrataFuzzTargets

/// The libFuzzer targets' inputs, run through the same functions in the ordinary build: the seed
/// corpora (the catalogue's scenes, the PngSuite fixtures, Fuzz/seeds/) and every finding's
/// reproducer (Fuzz/regressions/TARGET/), which must return cleanly (docs/robustness.md).
@Suite("Fuzz targets: seeds and regressions")
struct FuzzRegressionTests {
    /// Every input of `target` kept in the repository, as scripts/fuzz/campaign.py --libfuzzer seeds them.
    static func inputs(_ target: FuzzTarget) throws -> [(String, [UInt8])] {
        let root = PackagePaths.root
        var result: [(String, [UInt8])] = []
        func files(_ folder: String, _ suffix: String = "") -> [URL] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
        }
        switch target {
        case .scene, .render, .damage:
            // The first byte picks the syntax: 0 YAML.
            for url in files("Scenes", ".yaml") { result.append((url.lastPathComponent, [0] + [UInt8](try Data(contentsOf: url)))) }
        case .png:
            // The image decoder: PngSuite and the JPEG fixtures.
            for url in files("Tests/Fixtures/pngsuite", ".png") + files("Tests/Fixtures/jpeg", ".jpg") {
                result.append((url.lastPathComponent, [UInt8](try Data(contentsOf: url))))
            }
        default:
            break
        }
        for folder in ["Fuzz/seeds/\(target.rawValue)", "Fuzz/regressions/\(target.rawValue)"] {
            for url in files(folder) { result.append((folder + "/" + url.lastPathComponent, [UInt8](try Data(contentsOf: url)))) }
        }
        return result
    }

    @Test("every seed and reproducer returns", arguments: FuzzTarget.allCases)
    func inputsRunClean(_ target: FuzzTarget) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty, "\(target) has no seeds")
        for (_, bytes) in inputs {
            target.run(bytes)
        }
    }
}
