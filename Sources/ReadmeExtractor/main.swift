import Foundation

// ReadmeExtractor OUTPUT.swift FILE.md ANCHOR [FILE.md ANCHOR …]
//
// Writes every ```swift block of the Markdown files (README.md, docs/swift.md,
// docs/snapshot-testing.md) into one Swift file of tests, as printed: `import` lines go to the top;
// a block that declares its own `@Test` functions is copied as it is; any other block becomes the
// body of a test `docsExampleN`. `#sourceLocation` maps every line back to its file (through
// ANCHOR, a link to it in the test target), so errors point at the documents' own lines.

let arguments = CommandLine.arguments
guard arguments.count >= 4, arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: ReadmeExtractor OUTPUT.swift FILE.md ANCHOR [FILE.md ANCHOR …]\n".utf8))
    exit(64)
}

struct Block {
    var firstLine: Int  // 1-based line of the block's first code line
    var lines: [String]
    var anchor: String
    var file: String
}

var blocks: [Block] = []
for pair in stride(from: 2, to: arguments.count, by: 2) {
    let path = arguments[pair], anchor = arguments[pair + 1]
    let text: String
    do {
        text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("ReadmeExtractor: cannot read \(path): \(error)\n".utf8))
        exit(66)
    }
    let file = URL(fileURLWithPath: path).lastPathComponent
    var current: Block?
    for (offset, line) in text.components(separatedBy: "\n").enumerated() {
        let fence = line.trimmingCharacters(in: .whitespaces)
        if var block = current {
            if fence == "```" {
                blocks.append(block)
                current = nil
            } else {
                block.lines.append(line)
                current = block
            }
        } else if fence == "```swift" {
            current = Block(firstLine: offset + 2, lines: [], anchor: anchor, file: file)
        }
    }
}

var imports: [String] = ["import Foundation", "import Testing"]
var body = ""
for (number, block) in blocks.enumerated() {
    var code: [(line: Int, text: String)] = []
    // An `#if … #else … #endif` of imports only (iOS's frameworks or Strata's) goes to the top whole.
    var conditionalEnd = -1
    for (index, line) in block.lines.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if index <= conditionalEnd {
            code.append((block.firstLine + index, ""))
            continue
        }
        if trimmed.hasPrefix("#if "), let end = block.lines[index...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "#endif" }),
           block.lines[(index + 1)..<end].allSatisfy({ ["import ", "#else", "#elseif "].contains(where: $0.trimmingCharacters(in: .whitespaces).hasPrefix) }) {
            let group = block.lines[index...end].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            if !imports.contains(group) { imports.append(group) }
            conditionalEnd = end
            code.append((block.firstLine + index, ""))
        } else if trimmed.hasPrefix("import ") {
            let statement = String(trimmed.prefix { $0 != "/" }).trimmingCharacters(in: .whitespaces)
            if !imports.contains(statement) { imports.append(statement) }
            code.append((block.firstLine + index, ""))
        } else {
            code.append((block.firstLine + index, line))
        }
    }
    let declaresTests = code.contains { $0.text.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
    let source = "#sourceLocation(file: \"\(block.anchor)\", line: \(block.firstLine))\n" + code.map(\.text).joined(separator: "\n") + "\n#sourceLocation()\n"
    if declaresTests {
        body += "// \(block.file) block \(number + 1), line \(block.firstLine)\n" + source + "\n"
    } else {
        body += "@Test(\"\(block.file) example \(number + 1), line \(block.firstLine)\")\nfunc docsExample\(number + 1)() async throws {\n" + source + "}\n\n"
    }
}
let output = "// Generated from the Markdown files' Swift examples by ReadmeExtractor at build time; do not edit.\n\n"
    + imports.joined(separator: "\n") + "\n\n" + body
do {
    try output.write(toFile: arguments[1], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("ReadmeExtractor: cannot write \(arguments[1]): \(error)\n".utf8))
    exit(73)
}
