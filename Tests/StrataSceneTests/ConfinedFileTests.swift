import Foundation
import StrataScene
import StrataTestSupport
import Testing

/// Every file Strata opens on a file's behalf lies, after its links are followed, inside the
/// folder it was allowed to read (docs/robustness.md): each route out is refused, with one
/// answer whether or not the outside path exists.
@Suite("Files opened on a file's behalf stay in their folder") struct ConfinedFileTests {
    /// A folder `anim` holding `inside.png`, beside a folder `outside` holding `secret.png`.
    func layout() throws -> (anim: URL, outside: URL) {
        let root = TestPaths.temporaryDirectory(prefix: "strata-confined")
        let anim = root.appendingPathComponent("anim"), outside = root.appendingPathComponent("outside")
        for folder in [anim, outside, anim.appendingPathComponent("images")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.png"))
        try Data("inside".utf8).write(to: anim.appendingPathComponent("images/inside.png"))
        return (anim, outside)
    }

    func link(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    func read(_ name: String, in folder: URL) -> Result<[UInt8], ConfinedFile.Failure> {
        ConfinedFile.read(name, in: folder.path, maximumBytes: 1 << 20).map(\.bytes)
    }

    @Test func filesAndLinksInsideAreRead() throws {
        let (anim, _) = try layout()
        #expect(try read("images/inside.png", in: anim).get() == Array("inside".utf8))
        #expect(try read("./images//inside.png", in: anim).get() == Array("inside".utf8))
        #expect(try read("images/../images/inside.png", in: anim).get() == Array("inside".utf8))
        try link("near.png", to: "images/inside.png", in: anim)
        try link("chain.png", to: "near.png", in: anim)
        try link("pictures", to: "images", in: anim)
        #expect(try read("chain.png", in: anim).get() == Array("inside".utf8))
        #expect(try read("pictures/inside.png", in: anim).get() == Array("inside".utf8))
        let realPath = try ConfinedFile.read("chain.png", in: anim.path, maximumBytes: 100).get().realPath
        #expect(realPath.hasSuffix("/anim/images/inside.png"))
    }

    @Test func everyRouteOutIsRefusedBeforeAnythingOutsideIsLookedAt() throws {
        let (anim, outside) = try layout()
        try link("file.png", to: "../outside/secret.png", in: anim)             // a file link
        try link("chained.png", to: "file.png", in: anim)                       // a chain of links
        try link("absolute.png", to: outside.appendingPathComponent("secret.png").path, in: anim)  // an absolute target
        try link("sub", to: "../outside", in: anim)                             // a folder link
        try link("passwd.png", to: "/etc/passwd", in: anim)
        try link("cmdline.png", to: "/proc/self/cmdline", in: anim)
        try link("gone.png", to: "../outside/not-there.png", in: anim)          // an outside path that does not exist
        try link("loop.png", to: "loop.png", in: anim)
        for name in ["file.png", "chained.png", "absolute.png", "sub/secret.png", "passwd.png", "cmdline.png", "gone.png",
                     "../outside/secret.png", "images/../../outside/secret.png", "/etc/passwd", "loop.png"] {
            #expect(read(name, in: anim) == .failure(.outside), "\(name)")
        }
        // One message, whether the outside path exists or not.
        #expect(ConfinedFile.Failure.outside.found("file.png") == ConfinedFile.Failure.outside.found("file.png"))
        #expect(!ConfinedFile.Failure.outside.found("gone.png").contains("no file"))
    }

    @Test func whatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        let (anim, _) = try layout()
        #expect(mkfifo(anim.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(read("pipe.png", in: anim) == .failure(.notRegular))   // opened non-blocking, then refused
        #expect(read("images", in: anim) == .failure(.notRegular))
        #expect(read("nothing.png", in: anim) == .failure(.missing))
        #expect(read("images/inside.png/x", in: anim) == .failure(.missing))
        #expect(ConfinedFile.read("images/inside.png", in: anim.path, maximumBytes: 3).map(\.bytes) == .failure(.tooLarge(6)))
    }

    @Test func aSceneImageThatLinksOutIsRefused() throws {
        let (anim, _) = try layout()
        try link("img.png", to: "../outside/secret.png", in: anim)
        try link("sub", to: "../outside", in: anim)
        for name in ["img.png", "sub/secret.png"] {
            let scene = anim.appendingPathComponent("scene.yaml")
            try Data("version: 1\ndescription: a linked image\nsize: [20, 20]\nlayers:\n  - {frame: [0, 0, 10, 10], contents: \(name)}\n".utf8).write(to: scene)
            do {
                _ = try SceneLoader.load(contentsOf: scene)
                Issue.record("\(name) was read")
            } catch {
                #expect(error.keyPath == "layers[0].contents")
                #expect(error.expected.contains("no link leading out"), "\(error)")
            }
        }
    }
}
