import StrataTestSupport
import Foundation
import Testing
import StrataModel
import StrataRender
import StrataAnimation
import StrataScene

/// Shape layers: SVG path data to the grammar's corners, trimming by arc length, drawing, scene
/// keys and path animations.
@Suite("Shape layers")
struct ShapeTests {
    func path(_ data: String) throws -> Path { try Path(svgData: data) }

    static func decode(_ text: String) throws(SceneError) -> Scene {
        try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "test.yaml", baseURL: PackagePaths.scenes, defaultName: "test")
    }

    @Test func svgGrammarCorners() throws {
        // Numbers that run together: 1.5.5 is 1.5 then .5; a sign starts a new number.
        #expect(try path("M1.5.5L2-3").elements == [.move(Point(x: 1.5, y: 0.5)), .line(Point(x: 2, y: -3))])
        // Exponents, either case, signed.
        #expect(try path("M1e2 -2E-1").elements == [.move(Point(x: 100, y: -0.2))])
        // Pairs after a move are lines; relative ones relative to the point before; z returns.
        #expect(try path("m10 10 20 0 0 20z").elements == [
            .move(Point(x: 10, y: 10)), .line(Point(x: 30, y: 10)), .line(Point(x: 30, y: 30)), .close])
        #expect(try path("M0,0 10,10,20,0").elements == [.move(.zero), .line(Point(x: 10, y: 10)), .line(Point(x: 20, y: 0))])
        // H and V, absolute and relative; after z a relative command starts at the subpath's start.
        #expect(try path("M 5 5 H 10 V 10 h -5 v -5 z l 1 1").elements == [
            .move(Point(x: 5, y: 5)), .line(Point(x: 10, y: 5)), .line(Point(x: 10, y: 10)), .line(Point(x: 5, y: 10)),
            .line(Point(x: 5, y: 5)), .close, .move(Point(x: 5, y: 5)), .line(Point(x: 6, y: 6))])
        // S and T reflect the previous control point (or use the current point after another command).
        #expect(try path("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0").elements.last == .cubic(Point(x: 10, y: -10), Point(x: 20, y: -10), Point(x: 20, y: 0)))
        #expect(try path("M0 0 L 5 5 S 20 -10 20 0").elements.last == .cubic(Point(x: 5, y: 5), Point(x: 20, y: -10), Point(x: 20, y: 0)))
        #expect(try path("M0 0 Q 5 10 10 0 T 20 0").elements.last == .quad(Point(x: 15, y: -10), Point(x: 20, y: 0)))
        // Arc flags written together with the next number: large 1, sweep 0, then (50, 50).
        let arc = try path("M0 0a25 25 0 1050 50")
        #expect(arc.structure == ["move", "cubic", "cubic", "cubic", "cubic"])
        #expect(arc.currentPoint == Point(x: 50, y: 50))
        // Zero radii make a line; an arc to its own start is nothing.
        #expect(try path("M0 0 A 0 5 0 0 1 10 0").elements.last == .line(Point(x: 10, y: 0)))
        #expect(try path("M3 3 A 5 5 0 0 1 3 3").elements == [.move(Point(x: 3, y: 3))])
        // Radii too small to reach are scaled up: a half circle through (0,0) and (10,0).
        let half = try path("M0 0 A 1 1 0 0 1 10 0")
        #expect(abs(half.length - 5 * .pi) < 1e-3)
        #expect(try path("").isEmpty && path("   ").isEmpty)
    }

    @Test(arguments: [
        ("L 1 1", 0, "a move (M or m) first"),
        ("M 1", 3, "a y coordinate"),
        ("M 1 2 Z 3", 8, "a path command or a number"),
        ("M nan 1", 2, "an x coordinate"),
        ("M 1e400 0", 2, "a finite number"),
        ("M 1e8 0", 2, "a number within ±10000000"),
        ("M 0 0 A 1 1 0 2 0 5 5", 14, "an arc flag (0 or 1)"),
        ("M 0 0 L 1 1e", 12, "digits after the exponent's e"),
        ("M 0 0 X 1 1", 6, "a path command or a number"),
        ("M 9e6 0 l 9e6 0", 10, "a point within ±10000000 after adding the relative offset"),
    ] as [(String, Int, String)])
    func svgErrorsSayWhereAndWhat(data: String, offset: Int, expected: String) {
        #expect(throws: PathDataError.self) { try Path(svgData: data) }
        do {
            _ = try Path(svgData: data)
        } catch {
            #expect(error.offset == offset, "\(data): \(error)")
            #expect(error.expected == expected, "\(data): \(error)")
        }
    }

    @Test func hostilePathDataIsRefusedCleanly() throws {
        // Over the size limit: refused before reading (10 MB).
        let huge = "M 0 0" + String(repeating: " L 1 1", count: 1_700_000)
        #expect(throws: PathDataError.self) { try Path(svgData: huge) }
        // Over the element limit.
        let many = "M 0 0" + String(repeating: "L1 1", count: Limits.maximumPathElements)
        #expect(throws: PathDataError.self) { try Path(svgData: many) }
        // Random bytes from the grammar's alphabet: a path or an error, never a trap (seeded).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE ,\u{0}\u{7f}é".unicodeScalars)
        var parsed = 0
        for _ in 0..<3000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 58) + 1
            var text = "M0 0"
            for _ in 0..<count {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.unicodeScalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            if let p = try? Path(svgData: text) {
                #expect(p.isFinite)
                _ = p.trimmed(start: 0.2, end: 0.7)
                parsed += 1
            }
        }
        #expect(parsed > 10)
    }

    @Test func trimmingCutsByArcLength() throws {
        let line = try path("M 0 0 L 100 0")
        let (part, offset) = line.trimmed(start: 0.25, end: 0.5)
        #expect(part.elements == [.move(Point(x: 25, y: 0)), .line(Point(x: 50, y: 0))] && offset == 25)
        #expect(line.trimmed(start: 0.6, end: 0.6).path.isEmpty && line.trimmed(start: 0.8, end: 0.2).path.isEmpty)
        // A closed square kept whole stays closed; cut, it loses its close and starts mid-side.
        let square = try path("M 0 0 H 10 V 10 H 0 Z")
        #expect(square.length == 40)
        #expect(square.trimmed(start: 0, end: 1).path.elements.last == .close)
        let cut = square.trimmed(start: 0.125, end: 0.875).path
        #expect(cut.elements.first == .move(Point(x: 5, y: 0)) && cut.elements.last == .line(Point(x: 0, y: 5)))
        #expect(!cut.elements.contains(.close))
        // Curves are split, not flattened: a trimmed cubic is one cubic whose ends lie on the curve
        // at the lengths asked for.
        let curve = try path("M 10 10 C 20 80 80 80 90 10")
        let total = curve.length
        let middle = curve.trimmed(start: 0.3, end: 0.8).path
        #expect(middle.structure == ["move", "cubic"])
        let start = try #require(curve.point(atLength: 0.3 * total)), end = try #require(curve.point(atLength: 0.8 * total))
        #expect(abs(middle.elements[0].points[0].x - start.x) < 1e-9 && abs(middle.elements[1].points[2].y - end.y) < 1e-9)
        #expect(abs(middle.length - 0.5 * total) < 0.005)
        // Two subpaths: the range crosses from one to the other.
        let two = try path("M 0 0 H 10 M 0 5 H 10")
        #expect(two.trimmed(start: 0.25, end: 0.75).path.elements == [
            .move(Point(x: 5, y: 0)), .line(Point(x: 10, y: 0)), .move(Point(x: 0, y: 5)), .line(Point(x: 5, y: 5))])
    }

    /// A 100×40 canvas with one shape layer.
    func render(_ shape: String, extra: String = "") throws -> PixelBuffer {
        let scene = try Self.decode("""
            version: 1
            description: a shape
            size: [100, 40]
            background: black
            layers:
              - {name: s, frame: [0, 0, 100, 40], shape: \(shape)\(extra)}
            """)
        return try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers))
    }

    @Test func strokesFillsAndDashes() throws {
        // strokeEnd 0.5 of a line from x = 10 to 90: lit up to x = 50, dark after.
        let half = try render(#"{path: "M 10 20 L 90 20", strokeColor: white, lineWidth: 4, strokeEnd: 0.5}"#)
        #expect(half[30, 20].r == 255 && half[49, 20].r == 255 && half[52, 20].r == 0 && half[70, 20].r == 0)
        // Round caps reach past the end by half the width; butt caps do not.
        let round = try render(#"{path: "M 10 20 L 50 20", strokeColor: white, lineWidth: 8, lineCap: round}"#)
        let butt = try render(#"{path: "M 10 20 L 50 20", strokeColor: white, lineWidth: 8}"#)
        #expect(round[52, 20].r > 200 && butt[52, 20].r == 0)
        // Even-odd leaves the inner square of two nested ones empty; non-zero fills it.
        let squares = "M 10 5 H 60 V 35 H 10 Z M 25 12 H 45 V 28 H 25 Z"
        let evenOdd = try render(#"{path: "\#(squares)", fillColor: red, fillRule: evenOdd}"#)
        let nonZero = try render(#"{path: "\#(squares)", fillColor: red}"#)
        #expect(evenOdd[35, 20].r == 0 && evenOdd[15, 20].r == 255 && nonZero[35, 20].r == 255)
        // Dashes keep their place on the path when the start is cut: past the cut, the same pixels.
        let dashed = #"{path: "M 0 20 L 100 20", strokeColor: white, lineWidth: 4, lineDashPattern: [7, 5], lineDashPhase: 2"#
        let whole = try render(dashed + "}"), trimmed = try render(dashed + ", strokeStart: 0.33}")
        for x in 34..<100 { #expect(whole[x, 20] == trimmed[x, 20], "x = \(x)") }
        #expect(trimmed[10, 20].r == 0 && (0..<30).contains { whole[$0, 20].r == 255 })
        // No fill colour, no stroke colour: nothing drawn.
        let none = try render(#"{path: "M 10 5 H 60 V 35 Z", fillColor: none}"#)
        #expect(none[30, 20].r == 0)
    }

    @Test func sceneErrorsNameTheKeyPath() throws {
        func decode(_ layer: String) throws(SceneError) -> Scene {
            try Self.decode("""
                version: 1
                description: a shape
                size: [100, 40]
                layers:
                  - \(layer)
                """)
        }
        func message(_ layer: String) -> String {
            do { _ = try decode(layer); return "" } catch { return "\(error)" }
        }
        let bad = message(#"{name: s, frame: [0, 0, 10, 10], shape: {path: "M 0 0 L 5", strokeColor: red}}"#)
        #expect(bad.contains("layers[0].shape.path") && bad.contains("at character 9") && bad.contains("a y coordinate"), "\(bad)")
        let missing = message(#"{name: s, frame: [0, 0, 10, 10], shape: {strokeColor: red}}"#)
        #expect(missing.contains("layers[0].shape.path"), "\(missing)")
        let dash = message(#"{name: s, frame: [0, 0, 10, 10], shape: {path: "M 0 0 H 5", lineDashPattern: [0, 0]}}"#)
        #expect(dash.contains("lineDashPattern"), "\(dash)")
        // A path animation must keep the layer's path's structure.
        let morph = message(#"{name: s, frame: [0, 0, 10, 10], shape: {path: "M 0 0 L 5 5 L 9 0"}, animations: [{keyPath: path, to: "M 0 0 C 1 1 2 2 3 3", duration: 1}]}"#)
        #expect(morph.contains("layers[0].animations[0]") && morph.contains("structure"), "\(morph)")
        let noShape = message(#"{name: s, frame: [0, 0, 10, 10], animations: [{keyPath: path, to: "M 0 0 L 1 1", duration: 1}]}"#)
        #expect(noShape.contains("a layer without a shape"), "\(noShape)")
    }

    @Test func pathsAndStrokesAnimate() throws {
        let scene = try Self.decode("""
            version: 1
            description: a morph
            size: [100, 100]
            clock: {fps: 10, duration: 1}
            layers:
              - name: s
                frame: [0, 0, 100, 100]
                shape: {path: "M 10 10 L 90 10 L 50 90 Z", fillColor: red, strokeColor: white, lineWidth: 2}
                animations:
                  - {keyPath: path, to: "M 10 90 L 90 90 L 50 10 Z", duration: 1}
                  - {keyPath: lineWidth, from: 2, to: 12, duration: 1}
                  - {keyPath: strokeColor, from: white, to: blue, duration: 1}
                  - {keyPath: strokeEnd, from: 0, to: 1, duration: 1}
            """)
        let tree = PresentationTree(evaluating: scene.layers, atSeconds: 0.5)
        let shape = try #require(tree.layers[0].shape)
        #expect(shape.path.elements == [.move(Point(x: 10, y: 50)), .line(Point(x: 90, y: 50)), .line(Point(x: 50, y: 50)), .close])
        #expect(shape.lineWidth == 7 && shape.strokeEnd == 0.5)
        #expect(abs(shape.strokeColor!.red - 0.5) < 1e-12 && abs(shape.strokeColor!.blue - 1) < 1e-12)
    }
}

extension ShapeTests {
    /// A filled circle path of radius 20 px (four cubics): Cairo's chords fill it small; finer than
    /// the default tolerance its curves are flattened to their own area (`AreaFlattening`).
    @Test func filledCurvesCarryTheirTrueAreaFinerThanTheDefault() throws {
        var circle = Path()
        circle.addEllipse(in: Rect(x: 10.25, y: 10.5, width: 40, height: 40))
        var layer = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        layer.shape = ShapeContent(path: circle)
        func area(_ tolerance: Double) throws -> Double {
            var builder = RenderTreeBuilder(size: Size(width: 60, height: 60), scale: 1)
            builder.curveTolerance = tolerance
            let image = try Renderer.render(builder.build([layer]))
            return stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) } / 255
        }
        // The four cubics' own area (0.027 % over the circle's 400π px²).
        let exact = 400 * Double.pi * 1.000272
        let standard = try area(CurveTolerance.standard), imported = try area(CurveTolerance.imported)
        #expect(standard < exact - 1, "Cairo's chords within 0.1 px: \(standard) px² of \(exact)")
        // What is left is the lines beside the four cubics' ends, which stay on the curve (0.3 px²
        // at this size), and 8-bit coverage; Cairo's chords within 0.01 px lose about as much.
        #expect(abs(imported - exact) < 0.5, "the true area within 0.03 px: \(imported) px² of \(exact)")
        #expect(abs(try area(CurveTolerance.exact) - exact) < 0.5)
        #expect(exact - standard > 5 * abs(imported - exact), "\(standard), \(imported)")
    }
}
