import Foundation
import PackagePlugin

/// Compiles the Core Animation corpus (Tests/Fixtures/quartzcore: app code kept verbatim with its
/// licence) into the test target: every Swift file there is rewritten at build time
/// (QuartzCoreCorpusRewriter: imports and `#if canImport(UIKit)` guards only), or left out when
/// `corpus.json` says it does not compile. The rewriter reads `corpus.json`, so a changed entry
/// takes effect at the next build; a file added to the folder needs SwiftPM to plan again (any
/// change to Package.swift), since plugins are asked for their commands only then. Each source
/// (a folder named by its key under "sources") names the test target it compiles into ("target"),
/// so code whose own names clash with Strata's gets a module of its own.
@main
struct QuartzCoreCorpus: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Tests/Fixtures/quartzcore")
        let manifest = root.appending(path: "corpus.json")
        let tool = try context.tool(named: "QuartzCoreCorpusRewriter").url
        let sources = (try? JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])?["sources"] as? [String: [String: Any]] ?? [:]
        let folders = sources.filter { $0.value["target"] as? String == target.name }.keys.sorted()
        let files = folders.flatMap { folder in
            FileManager.default.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        }
        return files.sorted { $0.path < $1.path }.map { input in
            let path = String(input.path.dropFirst(root.path.count + 1))
            let output = context.pluginWorkDirectoryURL.appending(path: path.replacingOccurrences(of: "/", with: "__"))
            return .buildCommand(displayName: "Rewriting the imports of \(path)", executable: tool,
                                 arguments: [input.path, output.path, manifest.path, path],
                                 inputFiles: [input, manifest], outputFiles: [output])
        }
    }
}
