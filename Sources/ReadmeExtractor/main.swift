import Foundation

// ReadmeExtractor README.md ANCHOR OUTPUT.swift
//
// Writes every ```swift block of README.md into one Swift file of tests, as printed: `import`
// lines go to the top; a block that declares its own `@Test` functions is copied as it is; any
// other block becomes the body of a test `readmeExampleN`. `#sourceLocation` maps every line back
// to the README (through ANCHOR, a link to it), so errors point at the README's own lines.

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: ReadmeExtractor README.md ANCHOR OUTPUT.swift\n".utf8))
    exit(64)
}
let text: String
do {
    text = try String(contentsOfFile: arguments[1], encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("ReadmeExtractor: cannot read \(arguments[1]): \(error)\n".utf8))
    exit(66)
}
let anchor = arguments[2]

struct Block {
    var firstLine: Int  // 1-based line of the block's first code line
    var lines: [String]
}

var blocks: [Block] = []
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
        current = Block(firstLine: offset + 2, lines: [])
    }
}

var imports: [String] = ["import Foundation", "import Testing"]
var body = ""
for (number, block) in blocks.enumerated() {
    var code: [(line: Int, text: String)] = []
    for (index, line) in block.lines.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("import ") {
            let statement = String(trimmed.prefix { $0 != "/" }).trimmingCharacters(in: .whitespaces)
            if !imports.contains(statement) { imports.append(statement) }
            code.append((block.firstLine + index, ""))
        } else {
            code.append((block.firstLine + index, line))
        }
    }
    let declaresTests = code.contains { $0.text.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
    let source = "#sourceLocation(file: \"\(anchor)\", line: \(block.firstLine))\n" + code.map(\.text).joined(separator: "\n") + "\n#sourceLocation()\n"
    if declaresTests {
        body += "// README block \(number + 1), line \(block.firstLine)\n" + source + "\n"
    } else {
        body += "@Test(\"README example \(number + 1), line \(block.firstLine)\")\nfunc readmeExample\(number + 1)() async throws {\n" + source + "}\n\n"
    }
}
let output = "// Generated from README.md by ReadmeExtractor at build time; do not edit.\n\n"
    + imports.joined(separator: "\n") + "\n\n" + body
do {
    try output.write(toFile: arguments[3], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("ReadmeExtractor: cannot write \(arguments[3]): \(error)\n".utf8))
    exit(73)
}
