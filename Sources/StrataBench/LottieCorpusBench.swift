import Foundation
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
    var outcomes: [LottieCorpus.Outcome] = []
    for picture in pictures {
        let outcome = corpus.measure(picture)
        outcomes.append(outcome)
        if list {
            let figure = outcome.matching.map { String(format: "%.4f", $0) } ?? "—"
            print("\(outcome.matches ? "match" : "MISS ") \(picture.sample) \(Int((picture.progress * 100).rounded()))% \(figure) of \(outcome.required)\(outcome.failure.map { " (\($0))" } ?? "")")
        }
    }
    for rate in LottieCorpus.rates(outcomes) {
        print("\(rate.group): \(rate.matched) of \(rate.total) (\(String(format: "%.1f", 100 * Double(rate.matched) / Double(max(1, rate.total)))) %)")
    }
}
