import Foundation
import StrataModel

/// Where Strata's resource folders (`Fonts`, the studio's `Web`) are found, without SwiftPM's
/// `Bundle.module`, which stops the process (a trap, exit 132) when its bundle is not where the
/// build left it — as for a binary copied out of `.build`.
///
/// Looked for in this order; the first folder that exists wins:
/// 1. `$STRATA_RESOURCES/NAME` when that variable is set (a folder holding `Fonts/` and `Web/`),
///    and then nowhere else;
/// 2. `PREFIX/share/strata/NAME` beside an installed binary `PREFIX/bin/strata`
///    (`scripts/install`, the container image);
/// 3. SwiftPM's resource bundle beside the running executable (`…_TARGET.resources/NAME`, as in
///    `.build/debug/` for the tests of a package that depends on Strata);
/// 4. the target's source folder, for a build run from its checkout.
package enum ResourceFolder {
    /// The folder `name` of `target`'s resources (for example `Fonts` of `StrataRender`), or nil
    /// when none of the places above holds it. `sourceFolder` is the target's source folder.
    package static func find(_ name: String, target: String, sourceFolder: String) -> String? {
        candidates(name, target: target, sourceFolder: sourceFolder).first { isFolder($0) }
    }

    /// Every place `find` looks, in order (for messages).
    package static func candidates(_ name: String, target: String, sourceFolder: String) -> [String] {
        // Set, it is the only place: the user said where the resources are.
        if let root = ProcessInfo.processInfo.environment["STRATA_RESOURCES"], !root.isEmpty {
            return [((root + "/" + name) as NSString).standardizingPath]
        }
        var places: [String] = []
        if let folder = executableFolder {
            places.append(folder + "/../share/strata/" + name)
            let suffix = "_\(target).resources"
            let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
            places += bundles.map { folder + "/" + $0 + "/" + name }
        }
        places.append(sourceFolder + "/" + name)
        return places.map { ($0 as NSString).standardizingPath }
    }

    /// The folder of the running executable (symbolic links resolved).
    static let executableFolder: String? = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
        guard let path, !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
    }()

    private static func isFolder(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

/// Checks of what the renderer needs from outside the scene, made before the first frame.
package enum InstalledResources {
    /// Nil when `layers` can be drawn; otherwise why not: a text layer anywhere in the tree (masks
    /// included) and Strata's fonts missing. A renderer without its resources is an internal
    /// fault of the installation (exit 70), reported once with where they were looked for.
    package static func problem(drawing layers: [Layer]) -> String? {
        guard let missing = TextEngine.missingFontsProblem, layers.contains(where: drawsText) else { return nil }
        return missing
    }

    private static func drawsText(_ layer: Layer) -> Bool {
        layer.text != nil || layer.sublayers.contains(where: drawsText) || (layer.mask.map(drawsText) ?? false)
    }
}
