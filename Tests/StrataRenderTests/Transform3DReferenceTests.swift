import StrataTestSupport
import Foundation
import StrataModel
import StrataRaster
import StrataRender
import Testing

/// 3-D placement and drawing against references nobody here wrote: CSS Transforms' matrices in
/// numpy, OpenCV's `warpPerspective`, and headless Chromium rendering the same layer as CSS
/// (scripts/reference/css3d.py; scripts/test installs numpy, OpenCV and Chromium).
@Suite("3-D transforms against CSS, numpy, OpenCV and Chromium", .serialized)
struct Transform3DReferenceTests {
    static let script = PackagePaths.root.appendingPathComponent("scripts/reference/css3d.py").path

    /// A CSS transform function and the same step in Strata's scene format (CSS lists apply right
    /// to left, Strata's left to right: the lists are reversed).
    struct Step {
        let css: [Any]
        let strata: Transform3D
    }

    static func rotate(_ axis: String, _ degrees: Double) -> Step {
        let radians = degrees * .pi / 180
        let t: Transform3D = switch axis {
        case "X": .rotation(radians: radians, x: 1, y: 0, z: 0)
        case "Y": .rotation(radians: radians, x: 0, y: 1, z: 0)
        default: .rotation(radians: radians, x: 0, y: 0, z: 1)
        }
        return Step(css: ["rotate\(axis)", degrees], strata: t)
    }

    nonisolated(unsafe) static let cases: [(box: Rect, css: [Step])] = [
        (Rect(x: 75, y: 50, width: 150, height: 100), [Step(css: ["perspective", 400], strata: .perspective(distance: 400)), rotate("Y", 40)]),
        (Rect(x: 20, y: 30, width: 200, height: 80), [Step(css: ["perspective", 300], strata: .perspective(distance: 300)), rotate("X", -35)]),
        (Rect(x: 0, y: 0, width: 120, height: 90),
         [Step(css: ["perspective", 600], strata: .perspective(distance: 600)),
          Step(css: ["translate3d", 10, -20, 50], strata: .translation(x: 10, y: -20, z: 50)),
          Step(css: ["rotate3d", 1, 2, 0.5, 33], strata: .rotation(radians: 33 * .pi / 180, x: 1, y: 2, z: 0.5)),
          Step(css: ["scale3d", 1.2, 0.8, 2], strata: .scale(x: 1.2, y: 0.8, z: 2))]),
        (Rect(x: 40, y: 40, width: 100, height: 100), [rotate("Z", 30), rotate("Y", 60), rotate("X", 20)]),
        (Rect(x: 10, y: 10, width: 300, height: 60),
         [Step(css: ["perspective", 250], strata: .perspective(distance: 250)), rotate("Y", -70),
          Step(css: ["translate3d", 0, 0, -40], strata: .translation(x: 0, y: 0, z: -40))]),
    ]

    @Test(.tags(.numpyOpenCV), Oracle.numpyOpenCV.trait)
    func projectedCornersMatchCSSTransformsComputedInNumpy() throws {
        let folder = PackagePaths.temporaryDirectory()
        let input = folder.appendingPathComponent("cases.json")
        let json = Self.cases.map { ["css": $0.css.map(\.css), "box": [$0.box.minX, $0.box.minY, $0.box.width, $0.box.height]] as [String: Any] }
        try JSONSerialization.data(withJSONObject: json).write(to: input)
        let output = try TestProcess.checkedOutput(["python3", Self.script, "corners", input.path])
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]])
        for (index, testCase) in Self.cases.enumerated() {
            var layer = Layer(frame: testCase.box)
            // CSS's list F1 F2 … Fn applies Fn first; CATransform3DConcat applies its first operand first.
            layer.transform = testCase.css.reversed().reduce(Transform3D.identity) { $0.concatenating($1.strata) }
            let map = layer.transformToSuperlayer.flattened
            for (corner, expected) in zip(layer.bounds.corners, reference[index]) {
                let point = try #require(map.project(corner))
                let values = try #require(expected as? [Double])
                #expect(abs(point.x - values[0]) < 1e-6 && abs(point.y - values[1]) < 1e-6,
                        "case \(index) corner \(corner): \(point) vs CSS \(values)")
            }
        }
    }

    /// A flat card with detail everywhere (a diagonal gradient and stripes), as a layer.
    static func card(frame: Rect) throws -> Layer {
        var layer = Layer(name: "card", frame: frame)
        layer.gradient = Gradient(colors: [Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9)],
                                  startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
        for i in 0..<4 {
            var stripe = Layer(frame: Rect(x: 10 + Double(i) * 36, y: 10, width: 14, height: frame.height - 20))
            stripe.backgroundColor = Color(red: 1, green: 1, blue: 0.6)
            layer.addSublayer(stripe)
        }
        return layer
    }

    @Test(.tags(.numpyOpenCV), Oracle.numpyOpenCV.trait)
    func warpedPixelsMatchOpenCVsWarpPerspective() throws {
        let folder = PackagePaths.temporaryDirectory()
        let frame = Rect(x: 75, y: 50, width: 150, height: 100)
        // The layer drawn flat (its own 150 × 100 pixels), and drawn in perspective at scale 1.
        var flatLayer = try Self.card(frame: Rect(origin: .zero, size: frame.size))
        flatLayer.name = "flat"
        let flat = try Renderer.render([flatLayer], size: frame.size, scale: 1, background: nil)
        try Data(PNGCodec.encode(flat)).write(to: folder.appendingPathComponent("flat.png"))
        var stage = Layer(name: "stage", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        stage.sublayerTransform = .perspective(distance: 400)
        var card = try Self.card(frame: frame)
        card.transform = .rotation(radians: 35 * .pi / 180, x: 0, y: 1, z: 0)
        stage.addSublayer(card)
        let strata = try Renderer.render([stage], size: Size(width: 300, height: 200), scale: 1, background: nil)
        // The same map for OpenCV: layer pixel → canvas pixel, OpenCV's pixel centres at whole numbers.
        let map = card.transformToSuperlayer.concatenating(stage.sublayerTransformAboutAnchor!).flattened
        let toCV = Homography(.translation(x: 0.5, y: 0.5)).concatenating(map).concatenating(Homography(.translation(x: -0.5, y: -0.5)))
        // OpenCV takes column vectors: the transpose.
        let columns = [toCV.m11, toCV.m21, toCV.m31, toCV.m12, toCV.m22, toCV.m32, toCV.m13, toCV.m23, toCV.m33]
        try JSONSerialization.data(withJSONObject: columns).write(to: folder.appendingPathComponent("h.json"))
        let warped = folder.appendingPathComponent("opencv.png")
        _ = try TestProcess.checkedOutput(["python3", Self.script, "warp", folder.appendingPathComponent("flat.png").path,
                          folder.appendingPathComponent("h.json").path, warped.path, "300", "200"])
        let reference = try PNGCodec.decode(contentsOf: warped)
        // Inside the card (both opaque, away from its outline) and away from the stripes' edges
        // (where OpenCV's reference changes by more than 16/255 within 2 px), colours agree within
        // 2/255 (measured: 1), on average within 1/255: the same geometry and the same bilinear sampling. On the
        // stripes' edges they differ by up to 40/255 (measured: 30), because Strata draws the card
        // flat at the projection's own resolution (up to 1.3 × the flat image's where the card
        // comes toward the eye), so its edges are sharper than OpenCV's upsampled ones.
        var worst = 0, worstEdge = 0, total = 0, count = 0
        func channels(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [Int] { [Int(p.r), Int(p.g), Int(p.b)] }
        for y in 2..<198 {
            for x in 2..<298 {
                let a = strata[x, y], b = reference[x, y]
                let around = [(x - 2, y), (x + 2, y), (x, y - 2), (x, y + 2)]
                guard a.a == 255, b.a == 255, around.allSatisfy({ strata[$0.0, $0.1].a == 255 && reference[$0.0, $0.1].a == 255 }) else { continue }
                let edge = around.contains { n in zip(channels(reference[n.0, n.1]), channels(b)).contains { abs($0 - $1) > 16 } }
                for (p, q) in zip(channels(a), channels(b)) {
                    let d = abs(p - q)
                    if edge { worstEdge = max(worstEdge, d) } else { worst = max(worst, d); total += d; count += 1 }
                }
            }
        }
        #expect(count > 3 * 8_000, "most of the card is compared: \(count / 3) px")
        #expect(worst <= 2 && Double(total) / Double(count) < 1.0 && worstEdge <= 40,
                "worst \(worst), mean \(Double(total) / Double(count)), worst on edges \(worstEdge)")
        print("warp vs OpenCV: worst \(worst), mean \(Double(total) / Double(count)) over \(count / 3) px; on edges \(worstEdge)")
        // Coverage: the opaque areas agree within 1 % of the card.
        let opaque = (0..<200).flatMap { y in (0..<300).map { x in (strata[x, y].a > 127, reference[x, y].a > 127) } }
        let disagree = opaque.filter { $0.0 != $0.1 }.count, covered = opaque.filter(\.1).count
        #expect(Double(disagree) < 0.01 * Double(covered), "\(disagree) of \(covered) px differ in coverage")
    }

    /// Headless Chromium's picture of `page` at `width × height` CSS pixels (device scale 1).
    static func chromiumScreenshot(of page: URL, width: Int, height: Int) throws -> PixelBuffer {
        let folder = PackagePaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("chromium.png")
        var chromium = ""
        for name in ["chromium", "chromium-browser", "google-chrome"] where chromium.isEmpty {
            for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                chromium = "\(directory)/\(name)"
                break
            }
        }
        try #require(!chromium.isEmpty, "chromium (scripts/test installs Debian's chromium)")
        _ = try TestProcess.checkedOutput(["timeout", "-k", "5", "90", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                          "--screenshot=\(shot.path)", page.absoluteString])
        return try PNGCodec.decode(contentsOf: shot)
    }

    @Test(.tags(.chromium), Oracle.chromium.trait)
    func edgesMatchChromiumsRenderingOfTheSameCSS() throws {
        let folder = PackagePaths.temporaryDirectory()
        // The layer as CSS: a 150 × 100 blue box at (75, 50), perspective(400px) rotateY(40deg).
        let page = folder.appendingPathComponent("card.html")
        try """
            <!doctype html><html><body style="margin:0;background:#fff">
            <div style="position:absolute;left:75px;top:50px;width:150px;height:100px;background:#0000ff;
            transform:perspective(400px) rotateY(40deg)"></div></body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        let browser = try Self.chromiumScreenshot(of: page, width: 300, height: 200)
        // The same layer in Strata: the perspective in the canvas-sized parent's sublayer transform,
        // about the box's centre as CSS's perspective() in the element's own transform is.
        var card = Layer(name: "card", frame: Rect(x: 75, y: 50, width: 150, height: 100))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        card.transform = Transform3D.rotation(radians: 40 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 400))
        let strata = try Renderer.render([card], size: Size(width: 300, height: 200), scale: 1, background: Color(red: 1, green: 1, blue: 1))
        // Where one says blue (coverage over half) and the other does not, the other's edge is
        // within a pixel: its 3 × 3 neighbourhood holds both blue and not blue.
        func blue(_ image: PixelBuffer, _ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.b > 200 && p.r < 128 }
        #expect(browser.width >= 300 && browser.height >= 200)
        var disagreements = 0, far: [String] = [], blueInBoth = 0
        for y in 1..<199 {
            for x in 1..<299 {
                let mine = blue(strata, x, y), theirs = blue(browser, x, y)
                if mine && theirs { blueInBoth += 1 }
                guard mine != theirs else { continue }
                disagreements += 1
                let other = theirs ? strata : browser
                let around = (-1...1).flatMap { dy in (-1...1).map { dx in blue(other, x + dx, y + dy) } }
                if !(around.contains(true) && around.contains(false)) { far.append("(\(x), \(y))") }
            }
        }
        #expect(blueInBoth > 10_000, "the card covers \(blueInBoth) px in both")
        #expect(far.isEmpty, "\(far.count) of \(disagreements) differing pixels are more than a pixel from the other's edge: \(far.prefix(10))")
        print("edges vs Chromium: \(disagreements) pixels differ, all within a pixel of the other's edge: \(far.isEmpty)")
    }
}
