import Foundation

/// The corpus and speed commands (LottieCorpusBench.swift, AfterEffectsCorpusBench.swift), run
/// when the first argument names one; returns otherwise.
func runCorpusCommand(_ arguments: [String]) {
    let commands: [String: ([String]) throws -> Void] = [
        "lottie-speed": runLottieSpeed, "lottie": runLottieCorpus, "lottie-ae": runAfterEffectsCorpus, "lottie-ae-speed": runAfterEffectsSpeed,
    ]
    guard let first = arguments.first, let command = commands[first] else { return }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") || rest.first.map({ $0.hasPrefix("-") }) == true {
        print("usage: strata-bench \(first) CORPUS-FOLDER … (docs/lottie.md, docs/performance.md)")
        exit(rest.contains("--help") || rest.contains("-h") ? 0 : 64)
    }
    // A missing or unreadable corpus is an error message and a non-zero exit, not a trap.
    do {
        try command(rest)
    } catch {
        FileHandle.standardError.write(Data("strata-bench \(first): error: \(rest.first ?? ""): \(error.localizedDescription)\n".utf8))
        exit(66)
    }
    exit(0)
}
