import Foundation
import StrataRaster
import StrataKit
import StrataModel
import StrataRender
import StrataSnapshotTesting

/// `strata-bench lottie-ae CORPUS [--list] [--peer NAME=DIR …]`: After Effects' renders of
/// LottieFiles' feature files (Tests/Fixtures/lottie-ae), drawn by Strata and judged by lottie-ios's
/// rule; with `--peer`, the peers' pictures (CATEGORY_NAME-FF.rgba, premultiplied, from
/// `scripts/benchmarks/peers/lottie_peers.py --ae`) judged the same way, side by side per category.
func runAfterEffectsCorpus(_ arguments: [String]) throws {
    guard let path = arguments.first else {
        print("usage: strata-bench lottie-ae CORPUS-FOLDER [--list] [--peer NAME=DIR …]")
        exit(64)
    }
    let corpus = AfterEffectsCorpus(folder: URL(fileURLWithPath: path, isDirectory: true))
    let pictures = try corpus.pictures()
    let outcomes = corpus.measure(pictures)
    if arguments.contains("--list") {
        for outcome in outcomes {
            print("\(outcome.matches ? "match" : "MISS ") \(outcome.picture.id) \(outcome.matching.map { String(format: "%.4f", $0) } ?? outcome.failure ?? "")")
        }
    }
    var columns: [(String, [AfterEffectsCorpus.Outcome])] = [("strata", outcomes)]
    for (index, argument) in arguments.enumerated() where argument == "--peer" && index + 1 < arguments.count {
        let parts = arguments[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        let peer = pictures.map { picture -> AfterEffectsCorpus.Outcome in
            let name = "\(picture.category)_\(picture.name)-\(String(format: "%02d", picture.frame))"
            guard let expected = try? PNGCodec.decode(contentsOf: picture.reference),
                  let bytes = try? Data(contentsOf: URL(fileURLWithPath: parts[1]).appendingPathComponent(name + ".rgba")),
                  bytes.count == expected.width * expected.height * 4,
                  let actual = try? PixelBuffer(width: expected.width, height: expected.height, premultipliedRGBA: [UInt8](bytes)) else {
                return AfterEffectsCorpus.Outcome(picture: picture, matching: nil, failure: "not drawn")
            }
            let matching = PerceptualDifference.matchingFraction(expected, actual, maximumDeltaE: AfterEffectsCorpus.maximumDeltaE)
            return AfterEffectsCorpus.Outcome(picture: picture, matching: matching, failure: nil)
        }
        columns.append((parts[0], peer))
    }
    printRates(heading: "category", width: 18, columns.map { column in
        (column.0, AfterEffectsCorpus.rates(column.1).map { (group: $0.category, matched: $0.matched, total: $0.total) })
    })
}

/// `strata-bench lottie-ae-speed CORPUS OUT [--no-png] [--per-sample] [--no-damage]`: every frame (ip … op − 1)
/// of every example of After Effects' corpus, at its render's pixel size, on one thread, as
/// `lottie-speed` draws lottie-ios's samples; OUT/plan.tsv names each example by its path under
/// CORPUS without `.json` (`data/shapes/ellipse`), which the peers' `lottie_speed.py` reads.
func runAfterEffectsSpeed(_ arguments: [String]) throws {
    guard arguments.count >= 2 else {
        print("usage: strata-bench lottie-ae-speed CORPUS-FOLDER OUT-FOLDER [--no-png] [--per-sample] [--no-damage]")
        exit(64)
    }
    let corpus = AfterEffectsCorpus(folder: URL(fileURLWithPath: arguments[0], isDirectory: true))
    let out = URL(fileURLWithPath: arguments[1], isDirectory: true)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let write = !arguments.contains("--no-png"), perSample = arguments.contains("--per-sample")
    var examples: [AfterEffectsCorpus.Picture] = []
    for picture in try corpus.pictures() where !examples.contains(where: { $0.file == picture.file }) { examples.append(picture) }
    let encoder = PNGEncoder(), resources = RenderResources()
    // As `strata render` draws a sequence: each frame over the one before, only where they can
    // differ (the same bytes as a frame drawn in full); --no-damage draws every frame in full.
    resources.keepsDamage = !arguments.contains("--no-damage")
    var plan = "", frames = 0
    let start = ContinuousClock.now
    for example in examples {
        let size = try PNGCodec.headerSize(of: [UInt8](try Data(contentsOf: example.reference)))  // the picture's size: its header alone
        let sampleStart = ContinuousClock.now
        let scene = try Pipeline.loadScene(at: example.file.path)
        let shaped = OutputShape(canvas: .size(Size(width: Double(size.width), height: Double(size.height)))).applied(to: scene)
        let renderer = try FrameRenderer(scene: shaped, scale: 1)
        let sample = "data/\(example.category)/\(example.name)"
        plan += "\(sample)\t\(renderer.frames.count)\t\(size.width)\t\(size.height)\n"
        for index in 0..<renderer.frames.count {
            let frame = try renderer.render(.displayed(index), resources: resources)
            if write {
                try Data(try encoder.encode(frame, options: .fast, resources: resources))
                    .write(to: out.appendingPathComponent("\(example.category)_\(example.name)-\(index).png"))
            }
            frames += 1
        }
        if perSample { print("\(sample)\t\(renderer.frames.count)\t\(String(format: "%.4f", (ContinuousClock.now - sampleStart) / .seconds(1)))") }
    }
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    try Data(plan.utf8).write(to: out.appendingPathComponent("plan.tsv"))
    print("strata: \(examples.count) samples, \(frames) frames in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(frames) / seconds)) frames per second, \(write ? "PNG written" : "no PNG"))")
}
