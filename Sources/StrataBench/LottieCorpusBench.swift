import Foundation
import StrataKit
import StrataRaster
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
        // Each picture as Strata draws it, beside Core Animation's: DIR/NAME-PPP.png.
        let dump = URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        for picture in pictures {
            let expected = try PNGCodec.decode(contentsOf: picture.snapshot)
            guard let actual = try? corpus.render(picture, width: expected.width, height: expected.height) else { continue }
            let name = picture.sample.replacingOccurrences(of: "/", with: "_") + "-\(Int(saturating: picture.progress * 100, .toNearestOrAwayFromZero))"
            try Data(try Pipeline.encode(try sideBySide(expected, actual))).write(to: dump.appendingPathComponent(name + ".png"))
        }
    }
    var outcomes: [LottieCorpus.Outcome] = []
    for picture in pictures {
        let outcome = corpus.measure(picture)
        outcomes.append(outcome)
        if list {
            let figure = outcome.matching.map { String(format: "%.4f", $0) } ?? "—"
            print("\(outcome.matches ? "match" : "MISS ") \(picture.sample) \(Int(saturating: picture.progress * 100, .toNearestOrAwayFromZero))% \(figure) of \(outcome.required)\(outcome.failure.map { " (\($0))" } ?? "")")
        }
    }
    for rate in LottieCorpus.rates(outcomes) {
        print("\(rate.group): \(rate.matched) of \(rate.total) (\(String(format: "%.1f", 100 * Double(rate.matched) / Double(max(1, rate.total)))) %)")
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
