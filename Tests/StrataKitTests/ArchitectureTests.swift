import StrataTestSupport
import Foundation
import Testing

/// The package as docs/architecture.md draws it: every module a target imports is declared in
/// Package.swift and every declared module is used, the arrows point one way, and files stay small.
@Suite("Architecture")
struct ArchitectureTests {
    /// A target of Package.swift: its name, folder and declared dependencies (module names).
    struct Target {
        var name: String
        var kind: String
        var folder: URL
        var dependencies: Set<String>
        /// True when a build plugin generates some of its sources.
        var usesPlugins = false
    }

    /// Modules every target may import without declaring them.
    static let toolchain: Set<String> = ["Foundation", "FoundationNetworking", "Dispatch", "Glibc", "Synchronization", "Testing", "XCTest"]

    /// The targets of Package.swift, read from its text (one `.target(`, `.executableTarget(` or
    /// `.testTarget(` call each; products name their module).
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let body = String(text[try #require(text.range(of: "targets: [")).upperBound...])
        let call = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary|plugin)\("#)
        let starts = body.matches(of: call)
        var result: [Target] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : body.endIndex
            let source = String(body[start.range.lowerBound..<end])
            let kind = String(source.dropFirst().prefix { $0 != "(" })
            guard kind != "systemLibrary" && kind != "plugin" else { continue }
            let name = try #require(source.firstMatch(of: try Regex(#"name: "([^"]+)""#))?.output[1].substring).description
            var dependencies: Set<String> = []
            if let list = source.range(of: "dependencies: [") {
                let inside = source[list.upperBound...].prefix { $0 != "]" }
                let products = try Regex(#"\.product\(name: "([^"]+)", package: "[^"]+"\)"#)
                for match in inside.matches(of: products) { dependencies.insert(String(match.output[1].substring!)) }
                for match in inside.replacing(products, with: "").matches(of: try Regex(#""([^"]+)""#)) {
                    dependencies.insert(String(match.output[1].substring!))
                }
            }
            let path = source.firstMatch(of: try Regex(#"path: "([^"]+)""#)).map { String($0.output[1].substring!) }
            let folder = PackagePaths.root.appendingPathComponent(path ?? "\(kind == "testTarget" ? "Tests" : "Sources")/\(name)")
            result.append(Target(name: name, kind: kind, folder: folder, dependencies: dependencies, usesPlugins: source.contains("plugins: [")))
        }
        return result
    }

    /// The source files of a folder (recursively) with the given extensions.
    static func files(in folder: URL, extensions: Set<String>) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    /// The modules a target's Swift files import.
    static func imports(of target: Target) throws -> Set<String> {
        var modules: Set<String> = []
        let pattern = try Regex(#"^(?:@testable |@_exported )?import (?:struct |enum |class |func )?([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files(in: target.folder, extensions: ["swift"]) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: pattern) { modules.insert(String(match.output[1].substring!)) }
            }
        }
        return modules.subtracting(toolchain)
    }

    @Test("Package.swift is read: every stage has a target")
    func packageIsRead() throws {
        let names = Set(try Self.targets().map(\.name))
        for stage in ["StrataPixels", "StrataModel", "StrataAnimation", "StrataRaster", "StrataFilters", "StrataRender",
                      "StrataEffects", "StrataScene", "StrataKit", "StrataCLI", "Strata",
                      "StrataModelTests", "StrataRasterTests", "StrataRenderTests", "StrataSceneTests", "StrataEffectsTests", "StrataKitTests"] {
            #expect(names.contains(stage), "no target \(stage) found in Package.swift")
        }
        let byName = Dictionary(uniqueKeysWithValues: try Self.targets().map { ($0.name, $0) })
        #expect(byName["StrataCLI"]?.dependencies.isSuperset(of: ["ArgumentParser", "StrataKit"]) == true, "products and targets are both read")
        #expect(byName["StrataScene"]?.dependencies.contains("Yams") == true)
        #expect(byName["strata-bench"]?.folder.lastPathComponent == "StrataBench", "a path: is followed")
    }

    @Test("every imported module is declared, every declared one is imported")
    func importsMatchDeclarations() throws {
        let targets = try Self.targets()
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        for target in targets {
            let imported = try Self.imports(of: target)
            var undeclared = imported.subtracting(target.dependencies)
            // Yams' own libyaml, whose events StrataScene reads before Yams composes (YAMLEvents):
            // reachable through the Yams product, and the one module imported that way.
            if target.dependencies.contains("Yams") { undeclared.remove("CYaml") }
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them")
            // C targets are used through #include from C files; an executable is a dependency so
            // that it is built (the CLI tests run it).
            // A target whose sources a build plugin generates (ReadmeTests) imports in those.
            if target.usesPlugins { continue }
            var unused = target.dependencies.subtracting(imported).subtracting(executables)
            let cFiles = Self.files(in: target.folder, extensions: ["c", "h"])
            if !cFiles.isEmpty { unused = unused.filter { !$0.hasPrefix("C") } }
            #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) but no file imports them")
        }
    }

    /// The stages' graph as docs/architecture.md draws it: each target and every arrow out of it.
    static let documentedGraph: [String: Set<String>] = [
        "StrataPixels": [],
        "StrataModel": ["StrataPixels"],
        "StrataAnimation": ["StrataModel"],
        "StrataRaster": ["StrataPixels", "CPNG", "CWebP", "CStrataJPEG", "CStrataPNG", "CStrataKernels", "CStrataHash"],
        "StrataFilters": ["StrataModel", "StrataRaster"],
        "StrataRender": ["CCairo", "CPango", "CStrataKernels", "StrataModel", "StrataRaster", "StrataFilters"],
        "StrataEffects": ["StrataModel", "StrataAnimation", "StrataFilters"],
        "StrataScene": ["StrataModel", "StrataRaster", "StrataAnimation", "StrataEffects", "Yams"],
        "StrataLottie": ["StrataModel", "StrataAnimation", "StrataRaster", "StrataScene", "StrataEffects", "CDeflate"],
        "StrataKit": ["StrataModel", "StrataRaster", "StrataAnimation", "StrataFilters", "StrataRender", "StrataEffects", "StrataScene",
                      "StrataLottie", "CStrataProcess"],
        // Core Animation's names in front of the model, drawn through Kit's FrameRenderer.
        "StrataQuartzCore": ["StrataModel", "StrataAnimation", "StrataRaster", "StrataScene", "StrataKit"],
        "StrataUIKitShims": ["StrataQuartzCore", "StrataModel"],
    ]

    @Test("every arrow of the documented graph, and no other; nothing the scene format or the effects use reaches Render, Cairo or Pango")
    func dependenciesFollowTheData() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.targets().map { ($0.name, $0) })
        for (name, arrows) in Self.documentedGraph {
            #expect(targets[name]?.dependencies == arrows, "\(name) depends on \(targets[name]?.dependencies.sorted() ?? []), the graph says \(arrows.sorted())")
        }
        func reach(_ name: String) -> Set<String> {
            var seen: Set<String> = [], queue = [name]
            while let next = queue.popLast() {
                for dependency in targets[next]?.dependencies ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
            }
            return seen
        }
        for name in ["StrataPixels", "StrataModel", "StrataAnimation", "StrataRaster", "StrataFilters", "StrataEffects", "StrataScene", "StrataLottie"] {
            let reached = reach(name).intersection(["StrataRender", "CCairo", "CPango"])
            #expect(reached.isEmpty, "\(name) reaches \(reached.sorted()): parsing a scene or describing an effect must not link the renderer")
        }
        // And in the sources: no file of those targets imports the renderer or its C libraries.
        for name in ["StrataPixels", "StrataModel", "StrataAnimation", "StrataRaster", "StrataFilters", "StrataEffects", "StrataScene", "StrataLottie"] {
            guard let folder = targets[name]?.folder else { continue }
            for file in Self.files(in: folder, extensions: ["swift"]) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for module in ["StrataRender", "CCairo", "CPango"] {
                    #expect(!text.contains("import \(module)\n"), "\(file.lastPathComponent) (\(name)) imports \(module)")
                }
            }
        }
    }

    @Test("the arrows point one way: Model has no kernels, Filters no Cairo, only Render touches Cairo")
    func dependenciesPointOneWay() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.targets().map { ($0.name, $0) })
        #expect(targets["StrataModel"]?.dependencies == ["StrataPixels"])
        #expect(targets["StrataPixels"]?.dependencies == [])
        #expect(targets["StrataFilters"]?.dependencies == ["StrataModel", "StrataRaster"])
        let cairoUsers = targets.values.filter { $0.dependencies.contains("CCairo") }.map(\.name).sorted()
        #expect(cairoUsers == ["StrataRender", "strata-bench"], "Cairo is Render's (and the bench measures Cairo's PNG writer)")
    }

    @Test("no source file is over 400 lines")
    func filesStaySmall() throws {
        for folder in ["Sources", "Tests"] {
            // Code by others kept verbatim as test data (Tests/Fixtures) is not ours to split.
            for file in Self.files(in: PackagePaths.root.appendingPathComponent(folder), extensions: ["swift", "c", "h"])
            where !file.path.contains("/Tests/Fixtures/") {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(lines <= 400, "\(file.path) has \(lines) lines; split it by concern")
            }
        }
    }

    /// Swift's `Int(_: Double)` traps on NaN, ±∞ and out-of-range values. A conversion of a
    /// rounded or scaled floating value goes through `Int(saturating:)` (StrataPixels), whose
    /// behaviour at those values is tested in HostileNumberTests.
    @Test("no float → integer conversion in Sources can trap: rounded values convert with saturating:")
    func floatToIntegerConversionsSaturate() throws {
        let conversion = try Regex(#"\b(?:U?Int(?:8|16|32|64)?)\((?!saturating:|exactly:|clamping:|truncatingIfNeeded:|bitPattern:)[^\n]*?\.rounded\("#)
        for file in Self.files(in: PackagePaths.root.appendingPathComponent("Sources"), extensions: ["swift"]) {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let traps = line.firstMatch(of: conversion) != nil
                #expect(!traps, "\(file.path):\(number + 1) converts a rounded float with a trapping initialiser: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
