import StrataTestSupport
import Foundation
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataScene
import Testing

/// The order planes of a transform layer are drawn in (issue 37, item 12): a BSP tree of their
/// polygons (`PlaneSort`), checked on its own and against headless Chromium drawing the same
/// planes as CSS preserve-3d (scripts/test installs Chromium).
@Suite("Depth order of planes in transform layers: BSP, against Chromium", .serialized)
struct DepthSortTests {
    /// One plane: its frame, colour and transform as CSS writes it and as a scene does.
    struct Plane {
        var frame: [Double]
        var color: String
        var css: String
        var strata: String
    }

    static let palette: [(String, [UInt8])] = [("black", [0, 0, 0]), ("#ff0000", [255, 0, 0]), ("#00ff00", [0, 255, 0]),
                                                ("#0000ff", [0, 0, 255]), ("#ffff00", [255, 255, 0])]

    static func scene(_ planes: [Plane], perspective: Double) -> String {
        var text = """
            version: 1
            description: planes in one transform layer
            size: [400, 240]
            background: black
            layers:
              - name: stage
                frame: [0, 0, 400, 240]
                sublayerTransform: [{perspective: \(perspective)}]
                sublayers:
                  - name: world
                    transformLayer: true
                    frame: [0, 0, 400, 240]
                    sublayers:

            """
        for (index, plane) in planes.enumerated() {
            text += "          - {name: p\(index), frame: \(plane.frame), backgroundColor: \"\(plane.color)\", transform: [\(plane.strata)]}\n"
        }
        return text
    }

    static func page(_ planes: [Plane], perspective: Double) -> String {
        var html = """
            <!doctype html><html><head><style>html,body{margin:0;padding:0;background:#000;overflow:hidden}
            body{width:400px;height:240px;position:relative}div{position:absolute;box-sizing:border-box}</style></head><body>
            <div style="left:0;top:0;width:400px;height:240px;perspective:\(perspective)px">
            <div style="left:0;top:0;width:400px;height:240px;transform-style:preserve-3d">
            """
        for plane in planes {
            let f = plane.frame
            html += "<div style=\"left:\(f[0])px;top:\(f[1])px;width:\(f[2])px;height:\(f[3])px;background:\(plane.color);transform:\(plane.css)\"></div>\n"
        }
        return html + "</div></div></body></html>"
    }

    /// The palette colour nearest a pixel.
    static func colour(_ image: PixelBuffer, _ x: Int, _ y: Int) -> Int {
        let p = image[x, y]
        let rgb: [Int] = [Int(p.r), Int(p.g), Int(p.b)]
        func distance(_ index: Int) -> Int {
            var total = 0
            for channel in 0..<3 {
                let d = Int(palette[index].1[channel]) - rgb[channel]
                total += d * d
            }
            return total
        }
        return palette.indices.min { distance($0) < distance($1) }!
    }

    /// Renders `planes` in Strata and in Chromium; every pixel whose nearest colour differs must be
    /// within a pixel of that colour in the other picture. Returns Strata's and Chromium's pixel
    /// counts per colour.
    func compare(_ name: String, _ planes: [Plane], perspective: Double = 600) throws -> (strata: [Int], chromium: [Int]) {
        let folder = PackagePaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("\(name).html")
        try Self.page(planes, perspective: perspective).write(to: page, atomically: true, encoding: .utf8)
        let browser = try Transform3DReferenceTests.chromiumScreenshot(of: page, width: 400, height: 240)
        let scene = try SceneLoader.decode(Data(Self.scene(planes, perspective: perspective).utf8), format: .yaml, file: "\(name).yaml",
                                           baseURL: folder, defaultName: name)
        let strata = try Renderer.render(scene.layers, size: scene.size, scale: 1, background: scene.background)
        return try Self.agree(name, strata, browser)
    }

    static func agree(_ name: String, _ strata: PixelBuffer, _ browser: PixelBuffer) throws -> (strata: [Int], chromium: [Int]) {
        #expect(browser.width >= 400 && browser.height >= 240)
        var mine = [Int](repeating: 0, count: palette.count), theirs = mine
        var far: [String] = []
        for y in 0..<240 {
            for x in 0..<400 {
                let a = colour(strata, x, y), b = colour(browser, x, y)
                mine[a] += 1
                theirs[b] += 1
                guard a != b else { continue }
                // Within a pixel: Chromium shows Strata's colour next to it, or Strata Chromium's.
                let near = (-1...1).contains { dy in (-1...1).contains { dx in
                    let u = min(399, max(0, x + dx)), v = min(239, max(0, y + dy))
                    return colour(browser, u, v) == a || colour(strata, u, v) == b
                } }
                if !near { far.append("(\(x), \(y)) \(palette[a].0) vs \(palette[b].0)") }
            }
        }
        #expect(far.count <= 4, "\(name): \(far.count) pixels are more than a pixel from Chromium's picture: \(far.prefix(8))")
        print("\(name): Strata \(mine), Chromium \(theirs), \(far.count) pixels apart")
        return (mine, theirs)
    }

    @Test("the reproducer: a long tilted plane behind a small square does not cover it (2,916 red px in Chromium)",
          .tags(.chromium), Oracle.chromium.trait)
    func nonIntersectingPlanesInTheirOrder() throws {
        let url = PackagePaths.root.appendingPathComponent("Tests/Fixtures/hostile/depth_sort_nonintersecting.yaml")
        let scene = try SceneLoader.load(contentsOf: url)
        let strata = try Renderer.render(scene.layers, size: scene.size, scale: 1, background: scene.background)
        let page = PackagePaths.root.appendingPathComponent("Tests/Fixtures/chromium/depth_sort_nonintersecting.html")
        let browser = try Transform3DReferenceTests.chromiumScreenshot(of: page, width: 400, height: 240)
        let (mine, theirs) = try Self.agree("reproducer", strata, browser)
        // Red is palette entry 1; the centre-depth sort left 1,512 red pixels.
        #expect(abs(mine[1] - theirs[1]) <= 60 && mine[1] > 2_800, "red: Strata \(mine[1]), Chromium \(theirs[1])")
    }

    @Test("intersecting planes are split where they meet: an X, a plane through a square, three planes round one axis",
          .tags(.chromium), Oracle.chromium.trait)
    func intersectingPlanesAreSplit() throws {
        _ = try compare("x", [
            Plane(frame: [80, 40, 240, 160], color: "#ff0000", css: "rotateY(35deg)", strata: "{rotateY: {degrees: 35}}"),
            Plane(frame: [80, 40, 240, 160], color: "#00ff00", css: "rotateY(-35deg)", strata: "{rotateY: {degrees: -35}}"),
        ])
        _ = try compare("pierced", [
            Plane(frame: [120, 50, 160, 140], color: "#0000ff", css: "none", strata: ""),
            Plane(frame: [60, 90, 280, 60], color: "#ffff00", css: "rotateX(70deg)", strata: "{rotateX: {degrees: 70}}"),
        ])
        _ = try compare("star", [
            Plane(frame: [100, 40, 200, 160], color: "#ff0000", css: "rotateY(10deg)", strata: "{rotateY: {degrees: 10}}"),
            Plane(frame: [100, 40, 200, 160], color: "#00ff00", css: "rotateY(70deg)", strata: "{rotateY: {degrees: 70}}"),
            Plane(frame: [100, 40, 200, 160], color: "#0000ff", css: "rotateY(130deg)", strata: "{rotateY: {degrees: 130}}"),
        ])
    }

    @Test("twelve planes round one axis, each meeting every other, turned towards the eye", .tags(.chromium), Oracle.chromium.trait)
    func twelvePlanesRoundOneAxis() throws {
        let colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"]
        let planes = (0..<12).map { index -> Plane in
            let degrees = 15.0 * Double(index) + 7
            return Plane(frame: [120, 50, 160, 140], color: colours[index % 4], css: "rotateX(-20deg) rotateY(\(degrees)deg)",
                         strata: "{rotateY: {degrees: \(degrees)}}, {rotateX: {degrees: -20}}")
        }
        _ = try compare("twelve", planes)
    }

    @Test("PlaneSort: far before near whatever the input order; an X splits each plane in two; cuts are complementary")
    func bspOrdersAndSplits() {
        typealias P = PlaneSort.Point3
        func square(z: Double, x: Double = 0) -> [P] { [P(x: x, y: 0, z: z), P(x: x + 10, y: 0, z: z), P(x: x + 10, y: 10, z: z), P(x: x, y: 10, z: z)] }
        #expect(PlaneSort.order([square(z: 5), square(z: -5)]) == [.init(plane: 1, cuts: []), .init(plane: 0, cuts: [])])
        #expect(PlaneSort.order([square(z: -5), square(z: 5)]) == [.init(plane: 0, cuts: []), .init(plane: 1, cuts: [])])
        // Coplanar: tree order.
        #expect(PlaneSort.order([square(z: 0), square(z: 0, x: 5)]).map(\.plane) == [0, 1])
        // An X about the line x = 5 (in x–z): each plane in two parts, the cut on both sides of x = 5.
        let a: [P] = [P(x: 0, y: 0, z: -5), P(x: 10, y: 0, z: 5), P(x: 10, y: 10, z: 5), P(x: 0, y: 10, z: -5)]
        let b: [P] = [P(x: 0, y: 0, z: 5), P(x: 10, y: 0, z: -5), P(x: 10, y: 10, z: -5), P(x: 0, y: 10, z: 5)]
        let fragments = PlaneSort.order([a, b])
        #expect(fragments.count == 3, "b split in two by a, a whole: \(fragments)")
        let parts = fragments.filter { !$0.cuts.isEmpty }
        #expect(parts.count == 2 && parts.allSatisfy { $0.plane == 1 })
        if parts.count == 2 {
            let left = Point(x: 2, y: 5), right = Point(x: 8, y: 5)
            #expect(parts[0].cuts[0].value(left) * parts[1].cuts[0].value(left) < 0, "the cuts are opposite")
            // Back to front: on the left b is in front (z 5 > -5), so b's left part is drawn after a.
            let order = fragments.map { f in f.cuts.isEmpty ? "a" : (f.cuts[0].value(left) > 0 ? "b-left" : "b-right") }
            #expect(order == ["b-right", "a", "b-left"], "\(order)")
            #expect(parts.contains { $0.cuts[0].value(right) > 0 })
        }
    }

    @Test("PlaneSort: 2,000 planes that all intersect stay within the split budget and keep every plane")
    func manyIntersectingPlanesAreBounded() {
        var polygons: [[PlaneSort.Point3]?] = []
        for index in 0..<2_000 {
            let angle = Double(index) * 0.0031
            let (c, s) = (cos(angle), sin(angle))
            polygons.append([(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { PlaneSort.Point3(x: $0.0 * c, y: $0.1, z: $0.0 * s) })
        }
        let fragments = PlaneSort.order(polygons)
        #expect(fragments.count <= PlaneSort.maximumFragmentsPerPlane * 2_000)
        #expect(Set(fragments.map(\.plane)).count == 2_000)
    }
}
