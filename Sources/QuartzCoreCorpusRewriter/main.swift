// Rewrites one file of the Core Animation corpus (Tests/Fixtures/quartzcore) for Linux: only its
// `import` lines of Apple's frameworks and its `#if canImport(UIKit)` guards change, as the
// corpus allows (docs/core-animation.md, "Compiling an app's layer code"); every other line is
// kept byte for byte, and `#sourceLocation` points diagnostics at the vendored file.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: QuartzCoreCorpusRewriter INPUT OUTPUT CORPUS.JSON PATH-IN-CORPUS\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[1]), output = URL(fileURLWithPath: arguments[2])

// The file's entry in corpus.json: one that does not compile is written as a comment only.
let manifest = (try? Data(contentsOf: URL(fileURLWithPath: arguments[3]))).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
let entry = (manifest?["files"] as? [[String: Any]])?.first { $0["path"] as? String == arguments[4] }
guard let entry else {
    FileHandle.standardError.write(Data("\(arguments[3]): error: expected an entry for \(arguments[4]) under \"files\", found none\n".utf8))
    exit(65)
}
if entry["compiles"] as? Bool != true {
    let reason = (entry["needed"] as? [String] ?? []).joined(separator: "; ")
    do {
        try "// \(arguments[4]) is left out of the build (corpus.json): \(reason)\n".write(to: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("\(output.path): error: \(error)\n".utf8))
        exit(73)
    }
    exit(0)
}
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
