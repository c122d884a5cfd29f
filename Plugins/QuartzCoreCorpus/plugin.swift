import Foundation
import PackagePlugin

/// Compiles the Core Animation corpus (Tests/Fixtures/quartzcore: app code kept verbatim with its
/// licence) into the test target: each file that `corpus.json` lists as compiling is rewritten
/// (imports and `#if canImport(UIKit)` guards only, QuartzCoreCorpusRewriter) at build time, so a
/// file that stops compiling against StrataQuartzCore fails the build.
@main
struct QuartzCoreCorpus: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Tests/Fixtures/quartzcore")
        let manifest = root.appending(path: "corpus.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        let tool = try context.tool(named: "QuartzCoreCorpusRewriter").url
        return files.compactMap { file -> Command? in
            guard file["compiles"] as? Bool == true, let path = file["path"] as? String else { return nil }
            let input = root.appending(path: path)
            let output = context.pluginWorkDirectoryURL.appending(path: path.replacingOccurrences(of: "/", with: "__"))
            return .buildCommand(displayName: "Rewriting the imports of \(path)", executable: tool, arguments: [input.path, output.path],
                                 inputFiles: [input, manifest], outputFiles: [output])
        }
    }
}
