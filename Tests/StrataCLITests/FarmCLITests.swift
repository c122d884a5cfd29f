import Foundation
import Testing

/// `strata render --shard` and `strata check` as a user meets them (FarmTests covers the library,
/// SlurmFarmTests a real cluster).
@Suite("strata render --shard and strata check")
struct FarmCLITests {
    let cli = CLITests()

    @Test func shardsThenCheckThenRepair() throws {
        let out = cli.temporaryDirectory().appendingPathComponent("farm")
        for shard in ["1/3", "0/3", "2/3"] {
            let run = try cli.strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--shard", shard)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("(shard \(shard): frames "), "\(run.stdout)")
        }
        let complete = try cli.strata("check", out.path)
        #expect(complete.status == 0 && complete.stdout.contains("complete — all 31 frames"), "\(complete.stdout)\(complete.stderr)")

        try FileManager.default.removeItem(at: out.appendingPathComponent("frame-00012.png"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("frame-00013.png"))
        let broken = try cli.strata("check", out.path)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("missing: 12..13"), "\(broken.stdout)")
        #expect(broken.stdout.contains("--fps 30 --scale 1 --skip-existing --frames 12..13"), "\(broken.stdout)")
        let repaired = try cli.strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--skip-existing", "--frames", "12..13")
        #expect(repaired.status == 0 && repaired.stdout.contains("rendered 2 frames"), "\(repaired.stdout)")
        #expect(try cli.strata("check", out.path).status == 0)

        // Another fps into the same folder: refused, both settings named.
        let mixed = try cli.strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--skip-existing", "--fps", "60")
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("fps 30 there, 60 here") && mixed.stderr.contains("--overwrite"), "\(mixed.stderr)")
    }

    @Test func shardMistakesNameTheFix() throws {
        let cases: [([String], Int32, String)] = [
            (["--shard", "3/3"], 64, "write K/N with 0 ≤ K < N"),
            (["--shard", "2-4"], 64, "is not a shard"),
            (["--shard", "-1/4"], 64, "write K/N with 0 ≤ K < N"),
            (["--shard", "0/9999999"], 64, "more than the 1000000"),
            (["--shard", "slurm"], 64, "SLURM_ARRAY_TASK_ID"),
            (["--shard", "k8s"], 64, "JOB_COMPLETION_INDEX"),
            (["--shards", "4"], 64, "--shards needs --shard"),
        ]
        for (arguments, status, message) in cases {
            let run = try cli.run(["render", "Scenes/slide-linear.yaml", "--out", cli.temporaryDirectory().path] + arguments)
            #expect(run.status == status && run.stderr.contains(message), "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("strata: error: "), "\(run.stderr)")
        }
    }

    @Test func checkWithoutARenderedFolderExitsOne() throws {
        let empty = cli.temporaryDirectory()
        for folder in [empty.path, empty.appendingPathComponent("absent").path] {
            let run = try cli.strata("check", folder)
            #expect(run.status == 1 && run.stderr.hasPrefix("strata: error: ") && run.stderr.contains(folder), "\(run.stderr)")
        }
    }
}
