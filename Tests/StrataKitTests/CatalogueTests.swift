import StrataTestSupport
import Foundation
import Testing
import StrataKit
import StrataRaster
import StrataRender
import StrataSnapshotTesting

/// Every scene of `Scenes/` renders and matches its reference in `Snapshots/`.
@Suite("Scene catalogue")
struct CatalogueTests {
    static let catalogue = SnapshotCatalogue(scenesDirectory: PackagePaths.scenes, snapshotsDirectory: PackagePaths.snapshots)

    @Test("renders and matches its reference", arguments: catalogue.sceneNames())
    func sceneMatchesReference(_ name: String) throws {
        let url = try #require(Self.catalogue.sceneURL(name))
        let scene = try Pipeline.loadScene(at: url.path)
        #expect(!scene.description.isEmpty, "every scene says what a person should see")
        let verifier = SnapshotVerifier(artifactsDirectory: PackagePaths.artifacts.appendingPathComponent("snapshots"))
        let renderer = try FrameRenderer(scene: scene)
        for index in scene.snapshotFrames {
            let frame = try renderer.render(displayedIndex: index).image
            let outcome = verifier.verify(frame, reference: Self.catalogue.referenceURL(scene: name, frame: index),
                                          name: "\(name)/\(Pipeline.frameFileName(index).replacingOccurrences(of: ".png", with: ""))",
                                          tolerance: .offByOne)
            #expect(outcome.passed, "\(outcome.message)")
        }
    }

    @Test("frames encoded from Cairo's surface in place are the bytes of the rendered images encoded", arguments: catalogue.sceneNames())
    func framesEncodedInPlace(_ name: String) throws {
        let url = try #require(Self.catalogue.sceneURL(name))
        let scene = try Pipeline.loadScene(at: url.path)
        let renderer = try FrameRenderer(scene: scene)
        let resources = RenderResources(), encoder = PNGEncoder()
        for index in scene.snapshotFrames.prefix(2) {
            for options in [PNGCodec.EncodingOptions.fast, .compact] {
                let image = try renderer.render(displayedIndex: index).image
                let direct = try encoder.encode(try renderer.render(.displayed(index), resources: resources), options: options, resources: resources)
                #expect(direct == (try PNGCodec.encode(image, options: options)), "\(name) frame \(index), \(options.mode)")
            }
        }
    }

    @Test("the catalogue is not empty")
    func catalogueIsNotEmpty() {
        #expect(Self.catalogue.sceneNames().count >= 8, "Scenes/ should hold at least eight scenes")
    }

    @Test("no reference without a scene")
    func noOrphanedReferences() {
        let orphans = Self.catalogue.orphanedReferences()
        #expect(orphans.isEmpty, "references without a scene: \(orphans)")
    }

    @Test("orphan detection finds a stray reference")
    func orphanDetectionWorks() throws {
        let root = PackagePaths.temporaryDirectory()
        let scenes = root.appendingPathComponent("Scenes"), snapshots = root.appendingPathComponent("Snapshots")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: snapshots.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: snapshots.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data("version: 1\ndescription: d\nsize: [4, 4]\nclock: {fps: 10, frames: 5}\nsnapshots: [0, 3]\nlayers: []\n".utf8)
            .write(to: scenes.appendingPathComponent("kept.yaml"))
        try Data([1]).write(to: snapshots.appendingPathComponent("kept/frame-00000.png"))
        try Data([1]).write(to: snapshots.appendingPathComponent("kept/frame-00003.png"))
        try Data([1]).write(to: snapshots.appendingPathComponent("kept/frame-00002.png"))
        try Data([1]).write(to: snapshots.appendingPathComponent("kept/notes.png"))
        try Data([1]).write(to: snapshots.appendingPathComponent("gone/frame-00000.png"))
        let catalogue = SnapshotCatalogue(scenesDirectory: scenes, snapshotsDirectory: snapshots)
        #expect(catalogue.sceneNames() == ["kept"])
        #expect(catalogue.orphanedReferences() == ["gone/frame-00000.png", "kept/frame-00002.png", "kept/notes.png"])
        let empty = SnapshotCatalogue(scenesDirectory: root.appendingPathComponent("none"), snapshotsDirectory: snapshots)
        #expect(empty.sceneNames().isEmpty)
    }
}
