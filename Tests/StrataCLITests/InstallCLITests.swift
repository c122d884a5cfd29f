import Foundation
import StrataRaster
import StrataTestSupport
import Testing

/// `scripts/install`: the installed programs run from any folder, with no build folder and no
/// source tree, and a missing resource is an error (exit 70), never a trap.
@Suite("installing strata")
struct InstallCLITests {
    /// Installs the test build's programs (`--from`: the release build is `scripts/run`'s job) into
    /// a fresh prefix, as a user's `scripts/install PREFIX` lays them out.
    static func install() async throws -> URL {
        let prefix = TestPaths.temporaryDirectory(prefix: "strata-install").appendingPathComponent("prefix")
        let bin = try CLITests.binary().deletingLastPathComponent().path
        let output = try await TestProcess.shell("scripts/install --from '\(bin)' '\(prefix.path)'")
        try #require(output.status == 0, "\(output.text)")
        #expect(output.text.contains("installed strata "))
        return prefix
    }

    @Test func theInstalledToolDrawsTextFromAnyFolderWithItsOwnFonts() async throws {
        let prefix = try await Self.install()
        for part in ["bin/strata", "bin/strata-studio", "share/strata/Fonts/fonts.conf", "share/strata/Fonts/DejaVuSans.ttf", "share/strata/Web/index.html"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(part).path), "\(part) installed")
        }
        // A scene with text, copied out of the repository, rendered from an unrelated folder.
        let work = prefix.deletingLastPathComponent().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.scenes.appendingPathComponent("text-card.yaml"), to: work.appendingPathComponent("card.yaml"))
        let strata = prefix.appendingPathComponent("bin/strata").path
        let run = try await TestProcess.run(strata, ["frame", "card.yaml", "--out", "card.png"], directory: work)
        #expect(run.status == 0, "\(run.stderr)")
        let installed = try PNGCodec.decode(contentsOf: work.appendingPathComponent("card.png"))
        // The same picture as the build's own binary draws: the installed fonts are the same files.
        let reference = work.appendingPathComponent("reference.png")
        let built = try await TestProcess.run(try CLITests.binary().path, ["frame", "card.yaml", "--out", reference.path], directory: work)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(installed.pixels == (try PNGCodec.decode(contentsOf: reference)).pixels)
    }

    @Test func missingFontsAreExit70WithWhereTheyWereLookedFor() async throws {
        let prefix = try await Self.install()
        let empty = prefix.deletingLastPathComponent().appendingPathComponent("no-resources")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let strata = prefix.appendingPathComponent("bin/strata").path
        let out = empty.appendingPathComponent("text.png")
        let run = try await TestProcess.run(strata, ["frame", TestPaths.scenes.appendingPathComponent("text-card.yaml").path, "--out", out.path],
                                            environment: ["STRATA_RESOURCES": empty.path])
        #expect(run.status == 70, "\(run.stderr)")
        #expect(run.stderr.contains("fonts") && run.stderr.contains(empty.path + "/Fonts") && run.stderr.contains("scripts/install"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "no picture is written")
        // A scene without text needs no fonts.
        let plain = try await TestProcess.run(strata, ["frame", TestPaths.scenes.appendingPathComponent("nested-opacity.yaml").path, "--out", out.path],
                                              environment: ["STRATA_RESOURCES": empty.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        // Pointed at the installed folder, the same command draws.
        let pointed = try await TestProcess.run(strata, ["frame", TestPaths.scenes.appendingPathComponent("text-card.yaml").path, "--out", out.path, "--overwrite"],
                                                environment: ["STRATA_RESOURCES": prefix.appendingPathComponent("share/strata").path])
        #expect(pointed.status == 0, "\(pointed.stderr)")
        // The studio without its page says so and stops (exit 70), before it listens.
        let studio = try await TestProcess.run(strata, ["studio", TestPaths.scenes.appendingPathComponent("nested-opacity.yaml").path, "--port", "0"],
                                               environment: ["STRATA_RESOURCES": empty.path])
        #expect(studio.status == 70, "\(studio.stderr)")
        #expect(studio.stderr.contains(empty.path + "/Web"), "\(studio.stderr)")
    }
}
