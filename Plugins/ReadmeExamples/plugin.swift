import Foundation
import PackagePlugin

/// Turns the Swift examples of README.md, docs/swift.md and docs/snapshot-testing.md into tests at
/// build time (ReadmeExtractor): the files are read as they are, so an example that stops
/// compiling or working fails the build or the tests.
@main
struct ReadmeExamples: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // Each document, and the link to it in the test target through which diagnostics and
        // #filePath name it (so snapshot references land beside the tests: __Snapshots__/NAME/).
        let documents = [("README.md", "README.md"), ("docs/swift.md", "swift.md"), ("docs/snapshot-testing.md", "snapshot-testing.md")]
        var arguments: [String] = []
        var inputs: [URL] = []
        for (path, link) in documents {
            let file = context.package.directoryURL.appending(path: path)
            arguments += [file.path, context.package.directoryURL.appending(path: "Tests/\(target.name)/\(link)").path]
            inputs.append(file)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ReadmeExamples.swift")
        return [.buildCommand(displayName: "Extracting the Swift examples of README.md and docs/",
                              executable: try context.tool(named: "ReadmeExtractor").url,
                              arguments: [output.path] + arguments,
                              inputFiles: inputs, outputFiles: [output])]
    }
}
