import Foundation
import StrataRaster
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
