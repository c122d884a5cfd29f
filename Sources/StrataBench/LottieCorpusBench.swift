import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataRender
import StrataSnapshotTesting

/// `strata-bench lottie CORPUS [--list] [--only NAME]`: renders every picture of lottie-ios's
/// corpus and applies its pass rule; prints each picture's match and the rate per group.
func runLottieCorpus(_ arguments: [String]) throws {
    guard let path = arguments.first else {
        print("usage: strata-bench lottie CORPUS-FOLDER [--list] [--only SUBSTRING]")
        exit(64)
    }
    let corpus = try LottieCorpus(folder: URL(fileURLWithPath: path, isDirectory: true))
    var pictures = try corpus.pictures()
    if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
        pictures = pictures.filter { $0.sample.contains(arguments[index + 1]) }
    }
    let list = arguments.contains("--list")
    if let index = arguments.firstIndex(of: "--dump"), index + 1 < arguments.count {
        // Each picture as Strata draws it, beside Core Animation's (DIR/NAME-PPP.png, halved), and
        // alone at the picture's size (DIR/NAME-PPP-strata.png), to compare pixel for pixel.
        let dump = URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        for picture in pictures {
            let expected = try PNGCodec.decode(contentsOf: picture.snapshot)
            guard let actual = try? corpus.render(picture, width: expected.width, height: expected.height) else { continue }
            let name = picture.sample.replacingOccurrences(of: "/", with: "_") + "-\(Int(saturating: picture.progress * 100, .toNearestOrAwayFromZero))"
            try Data(try Pipeline.encode(try sideBySide(expected, actual))).write(to: dump.appendingPathComponent(name + ".png"))
            try Data(try Pipeline.encode(actual)).write(to: dump.appendingPathComponent(name + "-strata.png"))
        }
    }
    var outcomes: [LottieCorpus.Outcome] = []
    for outcome in corpus.measure(pictures) {
        let picture = outcome.picture
        outcomes.append(outcome)
        if list {
            let figure = outcome.matching.map { String(format: "%.4f", $0) } ?? "—"
            print("\(outcome.matches ? "match" : "MISS ") \(picture.sample) \(Int(saturating: picture.progress * 100, .toNearestOrAwayFromZero))% \(figure) of \(outcome.required)\(outcome.failure.map { " (\($0))" } ?? "")")
        }
    }
    // Peers: NAME=DIR holding NAME-PPP.rgba (premultiplied RGBA at the picture's size), judged
    // by the same rule (scripts/benchmarks/peers/lottie_peers.py renders them).
    var columns: [(String, [LottieCorpus.Outcome])] = [("strata", outcomes)]
    for (index, argument) in arguments.enumerated() where argument == "--peer" && index + 1 < arguments.count {
        let parts = arguments[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        var peerOutcomes: [LottieCorpus.Outcome] = []
        for picture in pictures {
            let required = corpus.precision[picture.sample] ?? corpus.defaultPrecision
            let name = picture.sample.replacingOccurrences(of: "/", with: "_") + "-\(Int(saturating: picture.progress * 100, .toNearestOrAwayFromZero))"
            let expected = try PNGCodec.decode(contentsOf: picture.snapshot)
            guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: parts[1]).appendingPathComponent(name + ".rgba")),
                  bytes.count == expected.width * expected.height * 4,
                  let actual = try? PixelBuffer(width: expected.width, height: expected.height, premultipliedRGBA: [UInt8](bytes)) else {
                peerOutcomes.append(LottieCorpus.Outcome(picture: picture, matching: nil, required: required, failure: "not drawn"))
                continue
            }
            let matching = PerceptualDifference.matchingFraction(expected, actual, maximumDeltaE: (1 - corpus.perceptualPrecision) * 100)
            peerOutcomes.append(LottieCorpus.Outcome(picture: picture, matching: matching, required: required))
        }
        columns.append((parts[0], peerOutcomes))
    }
    printRates(heading: "group", width: 14, columns.map { ($0.0, LottieCorpus.rates($0.1)) })
}

/// Rates side by side, a column per renderer and a row per group: `N of M (P %)`.
func printRates(heading: String, width: Int, _ columns: [(name: String, rates: [(group: String, matched: Int, total: Int)])]) {
    print(pad(heading, width) + columns.map { pad($0.name, 22) }.joined())
    for (row, rate) in columns[0].rates.enumerated() {
        let cells = columns.map { column in
            let r = column.rates[row]
            return pad("\(r.matched) of \(r.total) (\(String(format: "%.1f", 100 * Double(r.matched) / Double(max(1, r.total)))) %)", 22)
        }
        print(pad(rate.group, width) + cells.joined())
    }
}

/// Core Animation's picture (left) and Strata's (right) over white, half size.
func sideBySide(_ a: PixelBuffer, _ b: PixelBuffer) throws -> PixelBuffer {
    let w = a.width / 2, h = a.height / 2
    var out = [UInt8](repeating: 255, count: (2 * w + 4) * h * 4)
    for (index, image) in [a, b].enumerated() {
        for y in 0..<h {
            for x in 0..<w {
                let s = ((2 * y) * image.width + 2 * x) * 4, d = (y * (2 * w + 4) + x + index * (w + 4)) * 4
                let alpha = Int(image.pixels[s + 3])
                for c in 0..<3 { out[d + c] = UInt8(min(255, Int(image.pixels[s + c]) + 255 - alpha)) }
            }
        }
    }
    return try PixelBuffer(width: 2 * w + 4, height: h, premultipliedRGBA: out)
}

/// `strata-bench lottie-speed CORPUS OUT [--only SUBSTRING] [--no-png] [--per-sample] [--no-damage]`: every frame of every sample (ip …
/// op − 1) at its snapshot's pixel size, each encoded as PNG (Strata's default encoder) and written
/// to OUT, on one thread: what the peers do in scripts/benchmarks/peers/lottie_speed.py. Prints the
/// frames, the seconds and frames per second.
func runLottieSpeed(_ arguments: [String]) throws {
    guard arguments.count >= 2 else {
        print("usage: strata-bench lottie-speed CORPUS-FOLDER OUT-FOLDER [--only SUBSTRING] [--no-png] [--per-sample] [--no-damage]")
        exit(64)
    }
    let corpus = try LottieCorpus(folder: URL(fileURLWithPath: arguments[0], isDirectory: true))
    let out = URL(fileURLWithPath: arguments[1], isDirectory: true)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    let write = !arguments.contains("--no-png")  // --no-png: render only, where the time goes
    let perSample = arguments.contains("--per-sample")  // each sample's frames and seconds
    var sizes: [(String, URL)] = []
    for picture in try corpus.pictures() where !sizes.contains(where: { $0.0 == picture.sample }) {
        if let only, !picture.sample.contains(only) { continue }
        sizes.append((picture.sample, picture.snapshot))
    }
    let start = ContinuousClock.now
    var frames = 0
    // OUT/plan.tsv: sample, frames, width, height — what the peers render after this run, the
    // same frames (a sample Strata refuses is left out of every tool's count).
    var plan = ""
    let encoder = PNGEncoder(), resources = RenderResources()
    // As `strata render` draws a sequence: each frame over the one before, only where they can
    // differ (the same bytes as a frame drawn in full); --no-damage draws every frame in full.
    resources.keepsDamage = !arguments.contains("--no-damage")
    for (sample, snapshot) in sizes {
        let size = try PNGCodec.headerSize(of: [UInt8](try Data(contentsOf: snapshot)))  // the picture's size: its header alone
        // Reading the file is timed, as the peers' (lottie_speed.py times their loading of it) and
        // as lottie-ae-speed's: a user's frames start from the file.
        let sampleStart = ContinuousClock.now
        guard let scene = try? corpus.load(sample) else { continue }
        let fitted = scene.fitted(into: Size(width: Double(size.width), height: Double(size.height)))
        let renderer = try FrameRenderer(scene: fitted, scale: 1)
        let name = sample.replacingOccurrences(of: "/", with: "_")
        plan += "\(sample)\t\(renderer.frames.count)\t\(size.width)\t\(size.height)\n"
        for index in 0..<renderer.frames.count {
            // As `strata render` draws and writes a frame: the encoder reads Cairo's surface in
            // place; render only, the frame is drawn and nothing more.
            let frame = try renderer.render(.displayed(index), resources: resources)
            if write {
                try Data(try encoder.encode(frame, options: .fast, resources: resources)).write(to: out.appendingPathComponent("\(name)-\(index).png"))
            }
            frames += 1
        }
        if perSample { print("\(sample)\t\(renderer.frames.count)\t\(String(format: "%.4f", (ContinuousClock.now - sampleStart) / .seconds(1)))") }
    }
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    try Data(plan.utf8).write(to: out.appendingPathComponent("plan.tsv"))
    print("strata: \(sizes.count) samples, \(frames) frames in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(frames) / seconds)) frames per second, \(write ? "PNG written" : "no PNG"))")
}
