// strata-bench: the benchmarks behind scripts/bench. Medians of repeated runs, single thread.
// Not a test: figures depend on the machine; compare ratios measured in one run.
import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataRender
import StrataAnimation
import StrataScene

let arguments = CommandLine.arguments.dropFirst()
runCorpusCommand(Array(arguments))
let quick = arguments.contains("--quick")
let runs = quick ? 3 : 11
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// The fastest run of the last `medianMilliseconds` call, in milliseconds (less disturbed by
/// other work on a shared machine than the median).
nonisolated(unsafe) var lastMinimum = 0.0

/// Median wall time of `body` over `count` runs (default `runs`) after one warm-up, in milliseconds.
func medianMilliseconds(runs count: Int = runs, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<count {
        let duration = try clock.measure(body)
        samples.append(Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
    samples.sort()
    lastMinimum = samples[0]
    return samples[samples.count / 2]
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double, _ decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

// MARK: - The 50-layer UI scene

/// A 1920×1080 UI of 50 layers: sidebar with text rows, cards with gradients, images and rounded
/// clips, translucent nested groups, a toolbar and shadows.
func uiScene(photo: PixelBuffer) -> [Layer] {
    var layers: [Layer] = []
    var wallpaper = Layer(name: "wallpaper", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
    wallpaper.gradient = Gradient(colors: [Color(hex: "#283593")!, Color(hex: "#8e24aa")!], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
    layers.append(wallpaper)
    var sidebar = Layer(name: "sidebar", frame: Rect(x: 0, y: 0, width: 320, height: 1080))
    sidebar.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
    sidebar.opacity = 0.92
    for row in 0..<12 {
        var item = Layer(name: "item\(row)", frame: Rect(x: 24, y: 40 + Double(row) * 80, width: 272, height: 56))
        item.text = TextContent(string: "Navigation item \(row + 1)", fontSize: 22, color: Color(hex: "#222233")!)
        sidebar.sublayers.append(item)
    }
    layers.append(sidebar)  // 14 layers so far
    for index in 0..<12 {
        let column = Double(index % 4), row = Double(index / 4)
        var card = Layer(name: "card\(index)", frame: Rect(x: 360 + column * 385, y: 120 + row * 310, width: 360, height: 280))
        card.backgroundColor = .white
        card.cornerRadius = 18
        card.masksToBounds = true
        var image = Layer(name: "image\(index)", frame: Rect(x: 0, y: 0, width: 360, height: 170))
        image.contents = photo
        image.contentsGravity = .resizeAspectFill
        image.masksToBounds = true
        card.sublayers.append(image)
        if index % 3 == 0 {
            var badge = Layer(name: "badge\(index)", frame: Rect(x: 290, y: 190, width: 50, height: 50))
            badge.gradient = Gradient(kind: .radial, colors: [Color(hex: "#ffeb3b")!, Color(hex: "#ff5722")!], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1))
            badge.cornerRadius = 25
            badge.opacity = 0.8
            card.sublayers.append(badge)
        } else {
            var title = Layer(name: "title\(index)", frame: Rect(x: 20, y: 190, width: 320, height: 60))
            title.text = TextContent(string: "Card title \(index)\nA caption line", fontSize: 20, color: Color(hex: "#333344")!)
            card.sublayers.append(title)
        }
        layers.append(card)
    }  // 14 + 36 = 50
    return layers
}

/// The peers' shared 1920×1080 UI frame (`../shared/bench/peers/input-1080p.png`), or nil.
func peersUIFrame() throws -> PixelBuffer? {
    let peers = URL(fileURLWithPath: "../shared/bench/peers/input-1080p.png")
    guard FileManager.default.fileExists(atPath: peers.path) else { return nil }
    return try PNGCodec.decode(contentsOf: peers)
}

/// `image` blurred with σ 10 (a box-blur approximation on premultiplied channels): photo-like.
func blurred(_ image: PixelBuffer) -> PixelBuffer {
    var base = image
    let count = base.width * base.height
    for channel in 0..<4 {
        var plane = [Float](repeating: 0, count: count)
        for i in 0..<count { plane[i] = Float(base.pixels[i * 4 + channel]) }
        BoxBlurPlane.blur(&plane, width: base.width, height: base.height, sigma: 10)
        for i in 0..<count { base.pixels[i * 4 + channel] = UInt8(saturating: min(255, max(0, plane[i])), .toNearestOrAwayFromZero) }
    }
    return base
}

// MARK: - Run

print("strata-bench (medians of \(runs) runs, single thread)\n")

// MARK: - Filters on the peers' 1080p input

/// The Core Image motion blur done the straightforward way: per output pixel, 2n+1 bilinear samples.
func straightforwardMotionBlur(_ image: PixelBuffer, radius: Double, angle: Double, samples: Double) throws -> PixelBuffer {
    let n = Int(samples)
    let (vx, vy) = MotionBlur.velocity(radius: radius, angle: angle)
    let (ox, oy) = MotionBlur.outset(radius: radius, angle: angle)
    var out = try PixelBuffer(width: image.width + 2 * ox, height: image.height + 2 * oy)
    image.pixels.withUnsafeBufferPointer { src in
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<out.height {
                for x in 0..<out.width {
                    var sum = SIMD4<Float>.zero
                    for i in 0...(2 * n) {
                        let px = Double(x - ox) - vx + Double(i) * vx / Double(n), py = Double(y - oy) - vy + Double(i) * vy / Double(n)
                        let x0 = Int(saturating: px, .down), y0 = Int(saturating: py, .down)
                        let fx = Float(px - Double(x0)), fy = Float(py - Double(y0))
                        for (cx, cy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
                            let sx = x0 + cx, sy = y0 + cy
                            guard sx >= 0, sy >= 0, sx < image.width, sy < image.height else { continue }
                            let j = (sy * image.width + sx) * 4
                            sum += SIMD4(Float(src[j]), Float(src[j + 1]), Float(src[j + 2]), Float(src[j + 3])) * w
                        }
                    }
                    sum /= Float(2 * n + 1)
                    let k = (y * out.width + x) * 4
                    for c in 0..<4 { dst[k + c] = UInt8(saturating: min(255, max(0, sum[c])), .toNearestOrAwayFromZero) }
                }
            }
        }
    }
    return out
}

/// The peers' compositing scene as a Strata scene (scripts/benchmarks/scenes/composite_scene.py writes it).
func compositeBench() throws {
    guard FileManager.default.fileExists(atPath: "out/bench-composite.json") else { return }
    let scene = try Pipeline.loadScene(at: "out/bench-composite.json")
    let renderer = try FrameRenderer(scene: scene, scale: 1)
    var image = try Pipeline.renderFrame(scene)
    // One thread's surfaces kept between frames, as `strata render` does per worker; but every
    // frame drawn in full, as the peers draw theirs: the same frame again would otherwise start
    // from the kept base, the whole picture (see the end-to-end rows for animated scenes).
    let resources = RenderResources()
    resources.keepsBase = false
    // 30 runs, as the peers' composite benchmark does.
    let renderMs = try medianMilliseconds(runs: quick ? 5 : 30) { image = try renderer.render(displayedIndex: 0, resources: resources).image }
    let renderMin = lastMinimum
    let withPNG = try medianMilliseconds(runs: quick ? 5 : 30) {
        let frame = try renderer.render(displayedIndex: 0, resources: resources).image
        // Encoded in memory, as the peers measure it (no file write: this machine's disk is noisy).
        _ = try PNGCodec.encode(frame)
    }
    try Data(PNGCodec.encode(image)).write(to: URL(fileURLWithPath: "out/bench-composite.png"))
    print("The peers' compositing scene (40 translucent rounded layers + a σ 20 backdrop blur, 1080p), single thread, median of \(quick ? 5 : 30):")
    print("  render, no PNG      \(format(renderMs)) ms/frame (fastest \(format(renderMin)))")
    print("  render + PNG        \(format(withPNG)) ms/frame, \(format(1000 / withPNG)) frames/s  (frame in out/bench-composite.png)\n")
}

if arguments.contains("--composite-only") { try compositeBench(); exit(0) }
if arguments.contains("--shapes-text-only") {
    try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
    try shapeTextBench()
    exit(0)
}

if !arguments.contains("--skip-filters"), let input = try peersUIFrame() {
    print("Filters on the peers' 1920×1080 input (single thread, median of \(runs)):")
    var gaussian: [Double: Double] = [:]
    for sigma in [4.0, 5, 10, 40, 100] {
        let ms = try medianMilliseconds { _ = try GaussianBlur.apply(input, sigma: sigma) }
        gaussian[sigma] = ms
        print("  Gaussian blur σ \(Int(sigma))" + String(repeating: " ", count: 4 - String(Int(sigma)).count) + "  \(format(ms)) ms  (fastest \(format(lastMinimum)))")
    }
    // For scripts/benchmarks/peers/blur_peers.py, which times OpenCV's GaussianBlur on the same input in the same run.
    let blurReport = gaussian.keys.sorted().map { ["sigma": $0, "median_ms": gaussian[$0]!] }
    try JSONSerialization.data(withJSONObject: blurReport, options: [.sortedKeys]).write(to: URL(fileURLWithPath: "out/bench-blur.json"))
    print("  cost σ 100 / σ 5: \(format(gaussian[100]! / gaussian[5]!, 2))× (output \(1920 + 600)×\(1080 + 600) vs \(1920 + 30)×\(1080 + 30) px: \(format(gaussian[100]! / gaussian[5]! / (2520.0 * 1680 / (1950.0 * 1110)), 2))× per output pixel)")
    for (label, angle) in [("π/2", Double.pi / 2), ("π/6", Double.pi / 6)] {
        let ms = try medianMilliseconds { _ = try MotionBlur.apply(input, radius: 40, angle: angle, samples: 5) }
        print("  motion blur r 40, \(label), 11 samples  \(format(ms)) ms  (fastest \(format(lastMinimum)))")
    }
    if !quick {
        let clock = ContinuousClock()
        let reference = try clock.measure { _ = try straightforwardMotionBlur(input, radius: 40, angle: .pi / 6, samples: 5) }
        let ms = Double(reference.components.seconds) * 1000 + Double(reference.components.attoseconds) / 1e15
        print("  straightforward per-pixel motion blur, π/6 (one run)  \(format(ms)) ms")
    }
    print("")
    if arguments.contains("--filters-only") { exit(0) }
}
let photo = try Pipeline.loadScene(at: "Scenes/showcase.yaml").layers.first { $0.name == "card" }!.sublayers[0].contents!
let layers = uiScene(photo: photo)
let layerCount = layers.reduce(0) { $0 + $1.subtreeCount }
let size = Size(width: 1920, height: 1080)
var frame = try Renderer.render(layers, size: size, scale: 1, background: .black)
let buildMs = medianMilliseconds { _ = RenderTreeBuilder(size: size, scale: 1, background: .black).build(layers) }
let renderMs = try medianMilliseconds { frame = try Renderer.render(layers, size: size, scale: 1, background: .black) }
print("UI scene: 1920×1080, \(layerCount) layers")
print("  render tree build      \(format(buildMs, 2)) ms")
print("  render (tree + Cairo)  \(format(renderMs)) ms\n")
try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
try Data(PNGCodec.encode(frame)).write(to: URL(fileURLWithPath: "out/bench-ui-1080p.png"))
print("  (the frame is in out/bench-ui-1080p.png)\n")

// Issue 24's cost row: a full-screen layer (the UI frame as its contents) turned in 2-D through
// Cairo vs the same layer in perspective (drawn flat offscreen, then warped), same run.
func projectionBench(contents: PixelBuffer) throws {
    func stage(_ transform: Transform3D, perspective: Bool) -> [Layer] {
        var root = Layer(name: "stage", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        if perspective { root.sublayerTransform = .perspective(distance: 1600) }
        var card = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        card.contents = contents
        card.transform = transform
        root.addSublayer(card)
        return [root]
    }
    let flat = stage(.rotation(radians: 3 * .pi / 180), perspective: false)
    let tilted = stage(.rotation(radians: 20 * .pi / 180, x: 0, y: 1, z: 0), perspective: true)
    let affineMs = try medianMilliseconds { _ = try Renderer.render(flat, size: size, scale: 1, background: .black) }
    let affineMin = lastMinimum
    let projectiveMs = try medianMilliseconds { _ = try Renderer.render(tilted, size: size, scale: 1, background: .black) }
    let projectiveMin = lastMinimum
    print("A full-screen 1920×1080 image layer, single thread, median of \(runs) (fastest in brackets):")
    print("  rotated 3° in 2-D (Cairo)            \(format(affineMs)) ms  (\(format(affineMin)))")
    print("  rotateY 20° in perspective (warp)    \(format(projectiveMs)) ms  (\(format(projectiveMin)))")
    print("  projective / affine: \(format(projectiveMs / affineMs, 2))× (fastest \(format(projectiveMin / affineMin, 2))×; target ≤ 2×)\n")
}
try projectionBench(contents: frame)
if arguments.contains("--projection-only") { exit(0) }
try shapeTextBench()

// Strata's rows use one PNGEncoder each, kept from run to run, as a frame sequence keeps one per
// thread; the "new encoder" row allocates its memory afresh each time, as a single
// PNGCodec.encode call does.
let candidates: [(String, PNGCodec.EncodingOptions)] = [
    ("strata fast (default)", .fast),
    ("strata fast, new encoder each time", .fast),
    ("strata compact (default: libdeflate 6)", .compact),
    ("strata compact, libdeflate 7", .compact(level: 7)),
    ("strata compact, libdeflate 9", .compact(level: 9)),
    ("strata zlib writer: z1 rle paeth", .zlibRLE),
    ("z1 default-strategy paeth", .init(compressionLevel: 1, strategy: .default, filter: .paeth)),
    ("z6 default paeth", .init(compressionLevel: 6, strategy: .default, filter: .paeth)),
    ("z0 store (no compression)", .init(compressionLevel: 0, strategy: .default, filter: .none)),
]

var frames: [(String, PixelBuffer)] = []
if let ui = try peersUIFrame() {
    frames.append(("peers' flat UI frame (input-1080p.png)", ui))
    frames.append(("the same frame blurred, photo-like (σ 10)", blurred(ui)))
} else {
    print("(../shared/bench/peers/input-1080p.png not found: using Strata's UI frame only)\n")
}
frames.append(("Strata's 50-layer UI frame", frame))
frames.append(("Strata's UI frame blurred (σ 10)", blurred(frame)))
// MARK: - The peers' compositing scene

try compositeBench()

// MARK: - End to end: 120 animated 1080p frames with PNG output

/// 20 layers: a gradient wallpaper, 18 translucent rounded cards sliding and fading on different
/// curves, and a title.
func animatedScene(photo: PixelBuffer) throws -> Scene {
    var layers: [Layer] = []
    var wallpaper = Layer(name: "wallpaper", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
    wallpaper.gradient = Gradient(colors: [Color(hex: "#0d47a1")!, Color(hex: "#4a148c")!], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
    layers.append(wallpaper)
    let curves: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
    for index in 0..<18 {
        let column = Double(index % 6), row = Double(index / 6)
        var card = Layer(name: "card\(index)", frame: Rect(x: 60 + column * 300, y: 120 + row * 300, width: 260, height: 240))
        card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.85)
        card.cornerRadius = 20
        if index % 3 == 0 {
            card.contents = photo
            card.contentsGravity = .resizeAspectFill
            card.masksToBounds = true
        }
        var slide = Animation.basic(.positionX, by: .number(index % 2 == 0 ? 200 : -200), duration: 2,
                                    timingFunction: curves[index % curves.count])
        slide.timing.autoreverses = true
        let fade = Animation.basic(.opacity, from: .number(1), to: .number(0.4), duration: 2)
        try card.add(slide, forKey: "slide")
        try card.add(fade, forKey: "fade")
        layers.append(card)
    }
    var title = Layer(name: "title", frame: Rect(x: 60, y: 30, width: 1200, height: 60))
    title.text = TextContent(string: "Strata end-to-end benchmark", fontSize: 44, isBold: true, color: .white)
    layers.append(title)
    return Scene(name: "bench-animated", description: "benchmark", size: Size(width: 1920, height: 1080), layers: layers,
                 clock: FrameClock(framesPerSecond: 60, tickCount: 120))
}

if !arguments.contains("--skip-e2e") {
    let scene = try animatedScene(photo: photo)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("End to end: 120 frames of a 1920×1080 animated scene of \(scene.layers.count) layers, PNG output (strata default)")
    var results: [(Int, Double)] = []
    for jobs in Array(Set([1, cores])).sorted() {
        let directory = scratch.appendingPathComponent("e2e-\(jobs)")
        let sequence = FrameSequence(scene: scene, options: .init(directory: directory, overwrite: true, jobs: jobs))
        _ = try sequence.run()  // warm-up (and the files exist: later runs overwrite)
        var best: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            let time = try ContinuousClock().measure { _ = try sequence.run() }
            best.append(Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18)
        }
        let seconds = best.sorted()[best.count / 2]
        results.append((jobs, seconds))
        print("  --jobs \(jobs): \(format(seconds, 2)) s, \(format(120 / seconds)) frames/s")
    }
    if results.count == 2 {
        print("  scaling 1 → \(results[1].0) cores: \(format(results[0].1 / results[1].1, 2))×")
    }
    print("")
}

// Candidates are timed round-robin (one run of each in turn), so that the machine's slow
// phases hit every candidate alike; the figures are medians per candidate. Before each timed run
// the caches are filled with other data (64 MB written), so that every candidate starts from
// memory as a frame encoder in a pipeline does, and none profits from the one before it. The frames and the
// figures go to out/bench-png-K.png and out/bench-png.json, where scripts/benchmarks/peers/png_peers.py times
// OpenCV's imencode on the same frames in the same run.
var pngReport: [[String: Any]] = []
for (frameIndex, (label, image)) in frames.enumerated() {
    let cairo = try CairoPNGWriter(image: image)
    let cairoPath = scratch.appendingPathComponent("cairo.png").path
    // Each candidate writes its own file: replacing another candidate's (8 MB for the store row)
    // would charge the file system's work of freeing it to the next one.
    let strataURLs = candidates.indices.map { scratch.appendingPathComponent("strata-\($0).png") }
    var samples = [[Double]](repeating: [], count: candidates.count + 1)
    var sizes = [Int](repeating: 0, count: candidates.count + 1)
    let clock = ContinuousClock()
    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    let encoders = candidates.map { _ in PNGEncoder() }  // one per candidate, as a sequence keeps one per mode
    var evictor = [UInt8](repeating: 0, count: 64 << 20)
    func evictCaches(_ run: Int) {
        _ = evictor.withUnsafeMutableBytes { $0.baseAddress!.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: run), count: $0.count) }
    }
    for run in 0...runs {
        evictCaches(run)
        let cairoTime = try clock.measure { try cairo.write(toPath: cairoPath) }
        if run > 0 { samples[0].append(milliseconds(cairoTime)) }
        for (index, (_, options)) in candidates.enumerated() {
            var bytes = 0
            evictCaches(run)
            let time = try clock.measure {
                let png = index == 1 ? try PNGCodec.encode(image, options: options) : try encoders[index].encode(image, options: options)
                bytes = png.count
                try Data(png).write(to: strataURLs[index])
            }
            if run > 0 { samples[index + 1].append(milliseconds(time)) }
            sizes[index + 1] = bytes
        }
    }
    sizes[0] = (try FileManager.default.attributesOfItem(atPath: cairoPath)[.size] as? Int) ?? 0
    let medians = samples.map { $0.sorted()[$0.count / 2] }
    print("PNG encode + write, \(label), \(image.width)×\(image.height):")
    print("  " + pad("encoder", 36) + pad("ms", 10) + pad("KB", 10) + pad("speed vs cairo", 16) + "size vs cairo")
    let names = ["cairo_surface_write_to_png"] + candidates.map(\.0)
    let file = "out/bench-png-\(frameIndex).png"
    try Data(PNGCodec.encode(image, options: .compact)).write(to: URL(fileURLWithPath: file))
    var entry: [String: Any] = ["label": label, "file": file]
    for (index, name) in names.enumerated() { entry[name] = ["ms": medians[index], "fastest_ms": samples[index].min()!, "bytes": sizes[index]] }
    pngReport.append(entry)
    for index in names.indices {
        print("  " + pad(names[index], 36) + pad(format(medians[index]), 10) + pad("\(sizes[index] / 1000)", 10)
              + pad(format(medians[0] / medians[index], 2) + "× faster", 16) + format(Double(sizes[index]) / Double(sizes[0]), 2) + "×")
    }
    print("")
}
if let json = try? JSONSerialization.data(withJSONObject: pngReport, options: [.prettyPrinted, .sortedKeys]) {
    try json.write(to: URL(fileURLWithPath: "out/bench-png.json"))
}
