// Rewrites one file of the Core Animation corpus (Tests/Fixtures/quartzcore) for Linux: only its
// `import` lines of Apple's frameworks and its `#if canImport(UIKit)` guards change, as the
// corpus allows (docs/core-animation.md, "Compiling an app's layer code"); every other line is
// kept byte for byte, and `#sourceLocation` points diagnostics at the vendored file.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: QuartzCoreCorpusRewriter INPUT OUTPUT\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[1]), output = URL(fileURLWithPath: arguments[2])
guard let text = try? String(contentsOf: input, encoding: .utf8) else {
    FileHandle.standardError.write(Data("\(input.path): error: expected a UTF-8 Swift file, found none\n".utf8))
    exit(66)
}

/// The replacement of one line, or nil to keep it.
func rewritten(_ line: Substring) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    switch trimmed {
    case "#if canImport(UIKit)": return "#if canImport(StrataUIKitShims)"
    case "import UIKit": return "import StrataQuartzCore; import StrataUIKitShims"
    case "import QuartzCore", "import CoreGraphics": return "import StrataQuartzCore"
    default: return nil
    }
}

var lines = ["#sourceLocation(file: \"\(input.path)\", line: 1)"]
for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    lines.append(rewritten(line) ?? String(line))
}
do {
    try lines.joined(separator: "\n").write(to: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("\(output.path): error: \(error)\n".utf8))
    exit(73)
}
