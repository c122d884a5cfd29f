import Testing

// The tests of this target are the Swift examples of README.md, extracted at build time by the
// ReadmeExamples plugin (Plugins/ReadmeExamples, Sources/ReadmeExtractor) and compiled as printed.
// They run from the package root (scripts/test and swift test start there): the examples use the
// README's relative paths (Scenes/…, out/…). Their snapshot references are in Snapshots/ and
// __Snapshots__/ here, recorded deliberately.

@Test("the README has Swift examples for the plugin to extract")
func readmeHasExamples() throws {
    let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
    #expect(readme.components(separatedBy: "```swift").count - 1 >= 3)
}
