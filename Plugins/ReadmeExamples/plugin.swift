import Foundation
import PackagePlugin

/// Turns the Swift examples of README.md into tests at build time (ReadmeExtractor): the file is
/// read as it is, so an example that stops compiling or working fails the build or the tests.
@main
struct ReadmeExamples: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let readme = context.package.directoryURL.appending(path: "README.md")
        // Diagnostics and #filePath name the README through the test target's link to it, so
        // pointfree's __Snapshots__ land beside the README tests.
        let anchor = context.package.directoryURL.appending(path: "Tests/\(target.name)/README.md")
        let output = context.pluginWorkDirectoryURL.appending(path: "ReadmeExamples.swift")
        return [.buildCommand(displayName: "Extracting the Swift examples of README.md",
                              executable: try context.tool(named: "ReadmeExtractor").url,
                              arguments: [readme.path, anchor.path, output.path],
                              inputFiles: [readme], outputFiles: [output])]
    }
}
