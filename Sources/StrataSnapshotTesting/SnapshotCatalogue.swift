import Foundation
import StrataKit

/// The scene catalogue (`Scenes/`) and its references (`Snapshots/<scene>/frame-NNNNN.png`).
public struct SnapshotCatalogue: Sendable {
    /// The folder of scene files.
    public var scenesDirectory: URL
    /// The folder of reference PNGs, one subfolder per scene.
    public var snapshotsDirectory: URL

    /// Creates a catalogue over two folders.
    public init(scenesDirectory: URL, snapshotsDirectory: URL) {
        self.scenesDirectory = scenesDirectory
        self.snapshotsDirectory = snapshotsDirectory
    }

    /// Scene names (file names without extension) of the `.yaml`, `.yml` and `.json` files
    /// directly in the scenes folder, sorted.
    public func sceneNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? []
        return files.filter { ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            .sorted()
    }

    /// The scene file of `name`.
    public func sceneURL(_ name: String) -> URL? {
        for ext in ["yaml", "yml", "json"] {
            let url = scenesDirectory.appendingPathComponent("\(name).\(ext)")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// The reference of frame `index` of scene `name`.
    public func referenceURL(scene name: String, frame index: Int) -> URL {
        snapshotsDirectory.appendingPathComponent(name).appendingPathComponent(Pipeline.frameFileName(index))
    }

    /// The displayed frames of scene `name` that have references (its `snapshots:` list, default
    /// frame 0); nil when the scene cannot be read.
    public func snapshotFrames(scene name: String) -> [Int]? {
        guard let url = sceneURL(name), let scene = try? Pipeline.loadScene(at: url.path) else { return nil }
        return scene.snapshotFrames
    }

    /// Reference files that belong to no scene: files in a folder without a scene of that name,
    /// files directly under the snapshots folder, files not named `frame-NNNNN.png`, and frames
    /// the scene does not list in `snapshots:`. Paths are relative to the snapshots folder.
    public func orphanedReferences() -> [String] {
        let scenes = Set(sceneNames())
        var orphans: [String] = []
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: snapshotsDirectory.path)) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let url = snapshotsDirectory.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: url.path, isDirectory: &isDirectory)
            guard isDirectory.boolValue else {
                orphans.append(entry)
                continue
            }
            let files = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
            let listed = scenes.contains(entry) ? snapshotFrames(scene: entry).map { Set($0.map { Pipeline.frameFileName($0) }) } : []
            for file in files.sorted() where !file.hasPrefix(".") {
                let isFrame = file.range(of: #"^frame-\d{5}\.png$"#, options: .regularExpression) != nil
                // A scene that cannot be read fails its own test; its files are not called orphans.
                let belongs = listed.map { $0.contains(file) } ?? true
                if !scenes.contains(entry) || !isFrame || !belongs { orphans.append("\(entry)/\(file)") }
            }
        }
        return orphans
    }
}
