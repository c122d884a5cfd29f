import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataRender

// Issue 25's cost rows: a 1080p frame of 200 stroked, dashed paths, and a 1080p frame of 2,000
// words of wrapped text, rendered by Strata; scripts/benchmarks/peers/shape_text_peers.py draws the same with
// pycairo (and PangoCairo through PyGObject) in the same run, from out/bench-shapes-text.json.

/// 2,000 words made of syllables, from a fixed seed.
func benchWords(_ count: Int, seed: UInt64) -> String {
    let syllables = ["ka", "lo", "mi", "ren", "sta", "ta", "vo", "qu", "el", "and", "ion", "pre", "de", "tra", "ly", "ing", "o", "u", "sp", "nt"]
    var state = seed
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(state >> 33)
    }
    var words: [String] = []
    for _ in 0..<count {
        let length = 1 + next() % 4
        words.append((0..<length).map { _ in syllables[next() % syllables.count] }.joined())
    }
    return words.joined(separator: " ")
}

func shapeTextBench() throws {
    let size = Size(width: 1920, height: 1080)
    // 200 wavy closed curves, eight cubics each, in a 20 × 10 grid.
    var layers: [Layer] = []
    var paths: [[String: Any]] = []
    for i in 0..<200 {
        let cx = 55 + Double(i % 20) * 95, cy = 55 + Double(i / 20) * 100
        var path = Path()
        var elements: [[Any]] = []
        func point(_ k: Int, _ r: Double) -> Point {
            let a = Double(k) * .pi / 8
            return Point(x: cx + r * cos(a), y: cy + r * sin(a))
        }
        let start = point(0, 42)
        path.move(to: start)
        elements.append(["M", start.x, start.y])
        for k in stride(from: 0, to: 16, by: 2) {
            let c1 = point(k, 42 + Double((i + k) % 5) * 3), c2 = point(k + 1, 30), end = point(k + 2, 42)
            path.addCurve(to: end, control1: c1, control2: c2)
            elements.append(["C", c1.x, c1.y, c2.x, c2.y, end.x, end.y])
        }
        path.closeSubpath()
        elements.append(["Z"])
        let hue = Double(i) / 200
        let color = Color(red: 0.2 + 0.6 * hue, green: 0.4, blue: 0.9 - 0.6 * hue)
        var layer = Layer(name: "path\(i)", frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        layer.shape = ShapeContent(path: path, fillColor: nil, strokeColor: color, lineWidth: 3, lineCap: .round, lineJoin: .round,
                                   lineDashPattern: [12, 6])
        layers.append(layer)
        paths.append(["elements": elements, "color": [color.red, color.green, color.blue], "width": 3, "dash": [12, 6]])
    }
    // Built and painted onto a Cairo surface, as the peer paints (no conversion to a PixelBuffer).
    func draw(_ layers: [Layer]) throws {
        let tree = RenderTreeBuilder(size: size, scale: 1, background: .white).build(layers)
        let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight)
        RenderTreePainter.paint(tree, on: canvas)
    }
    let shapesMs = try medianMilliseconds { try draw(layers) }
    let shapesMin = lastMinimum
    try Data(PNGCodec.encode(try Renderer.render(layers, size: size, scale: 1, background: .white))).write(to: URL(fileURLWithPath: "out/bench-shapes.png"))

    // 2,000 words wrapped in one text layer. Each run's string differs by its last word, so every
    // run lays out afresh (as the peer does); the cached row draws one string again.
    let words = benchWords(2000, seed: 25)
    let textFrame = Rect(x: 40, y: 40, width: 1840, height: 1000)
    func textLayer(_ string: String) -> Layer {
        var layer = Layer(name: "text", frame: textFrame)
        layer.text = TextContent(string: string, fontFamily: "DejaVu Sans", fontSize: 14, color: Color(red: 0.15, green: 0.2, blue: 0.25),
                                 isWrapped: true)
        return layer
    }
    var run = 0
    let textMs = try medianMilliseconds {
        run += 1
        try draw([textLayer(words + " w\(run)")])
    }
    let textMin = lastMinimum
    let cachedMs = try medianMilliseconds { try draw([textLayer(words)]) }
    try Data(PNGCodec.encode(try Renderer.render([textLayer(words)], size: size, scale: 1, background: .white))).write(to: URL(fileURLWithPath: "out/bench-text.png"))

    print("Shapes and text at 1920×1080 (render tree built and painted on a Cairo surface), single thread, median of \(runs) (fastest in brackets):")
    print("  200 stroked, dashed paths (8 cubics each)   \(format(shapesMs)) ms  (\(format(shapesMin)))")
    print("  2,000 words wrapped, laid out and drawn    \(format(textMs)) ms  (\(format(textMin)))")
    print("  the same text again (layout kept)           \(format(cachedMs)) ms")
    print("  (frames in out/bench-shapes.png and out/bench-text.png; scripts/benchmarks/peers/shape_text_peers.py draws the same)\n")
    let report: [String: Any] = [
        "paths": paths, "shapes_ms": shapesMs, "text_ms": textMs, "text_cached_ms": cachedMs, "words": words,
        "text_frame": [textFrame.minX, textFrame.minY, textFrame.width, textFrame.height], "font": "DejaVu Sans", "size": 14,
        "fonts": PackagePaths.fonts,
    ]
    try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: "out/bench-shapes-text.json"))
}

enum PackagePaths {
    /// Strata's font folder, for the peer to lay out with the same files.
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StrataRender/Fonts").path
}
