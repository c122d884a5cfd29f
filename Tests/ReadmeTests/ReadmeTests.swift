import Foundation
import Testing

// The tests of this target are the Swift examples of README.md, docs/swift.md and
// docs/snapshot-testing.md (linked here), extracted at build time by the ReadmeExamples plugin
// (Plugins/ReadmeExamples, Sources/ReadmeExtractor) and compiled as printed. They run from the
// package root (scripts/test and swift test start there): the examples use relative paths
// (Scenes/…, out/…). Their snapshot references are in __Snapshots__/<document>/ here, recorded
// deliberately.

@Test("the documents have Swift examples for the plugin to extract")
func documentsHaveExamples() throws {
    for (document, least) in [("README.md", 1), ("docs/swift.md", 1), ("docs/snapshot-testing.md", 2)] {
        let text = try String(contentsOfFile: document, encoding: .utf8)
        #expect(text.components(separatedBy: "```swift").count - 1 >= least, "\(document)")
    }
}
