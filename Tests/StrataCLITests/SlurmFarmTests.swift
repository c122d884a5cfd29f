import Foundation
import StrataTestSupport
import Testing
import StrataRaster

/// A real single-node Slurm cluster on this machine (scripts/farm/slurm-cluster: munged,
/// slurmctld and slurmd with a generated slurm.conf, state in a temporary folder, stopped by their
/// PIDs), running the project's array script (scripts/farm/slurm-array.sh). scripts/test installs
/// slurm-wlm and munge when they are missing; the cluster needs root.
@Suite("Render farm on a real Slurm cluster", .serialized, .tags(.slurm), Oracle.slurm.trait)
struct SlurmFarmTests {
    static let root = CLITests.root
    /// The binary the tasks run: the test's own strata, or the one STRATA_FUZZ_STRATA names.
    static func strata() throws -> String {
        try ProcessInfo.processInfo.environment["STRATA_FUZZ_STRATA"] ?? CLITests.binary().path
    }

    struct Shell {
        let status: Int32
        let output: String
    }

    /// Runs a bash command line in the package folder with `environment` added; stdout and
    /// stderr together (TestProcess: spawned and reaped directly).
    @discardableResult
    static func shell(_ command: String, environment: [String: String] = [:]) throws -> Shell {
        let output = try TestProcess.shell(command, environment: environment.mapValues { Optional($0) })
        return Shell(status: output.status, output: output.text)
    }

    /// A started cluster; `stop()` ends its daemons by their PIDs.
    struct Cluster {
        let folder: URL
        var environment: [String: String]

        static func start() throws -> Cluster {
            let missing = ["munged", "slurmctld", "slurmd", "sbatch", "scancel", "squeue"].filter {
                (try? SlurmFarmTests.shell("command -v \($0)").status) != 0
            }
            guard missing.isEmpty else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey:
                    "missing \(missing.joined(separator: ", ")): scripts/test installs slurm-wlm and munge"])
            }
            let folder = URL(fileURLWithPath: "/tmp/strata-slurm-\(UUID().uuidString.prefix(8))")
            let started = try SlurmFarmTests.shell("scripts/farm/slurm-cluster start \(folder.path)")
            guard started.status == 0 else {
                _ = try? SlurmFarmTests.shell("scripts/farm/slurm-cluster stop \(folder.path)")
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the cluster did not start: \(started.output)"])
            }
            return Cluster(folder: folder, environment: ["SLURM_CONF": folder.appendingPathComponent("slurm.conf").path,
                                                        "STRATA": try SlurmFarmTests.strata()])
        }

        func run(_ command: String) throws -> Shell { try SlurmFarmTests.shell(command, environment: environment) }

        /// Stops the daemons by the PIDs the start script recorded and checks none is left.
        func stop() {
            _ = try? SlurmFarmTests.shell("scripts/farm/slurm-cluster stop \(folder.path)")
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Every PNG and the manifest of a folder, by name (the records differ with the split).
    static func frames(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".png") || name == "manifest.json" {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    /// `strata check` passes on `farm`, and its frames and manifest equal, byte for byte, those of
    /// one process rendering the side menu with `settings` into `reference`.
    static func expectCompleteAndSameAsOneProcess(_ farm: URL, reference: URL, frames: Int, settings: String, cluster: Cluster) throws {
        let check = try cluster.run("$STRATA check \(farm.path)")
        #expect(check.status == 0 && check.output.contains("complete — all \(frames) frames"), "\(check.output)")
        let single = try cluster.run("$STRATA render Scenes/side-menu.yaml --out \(reference.path) --quiet \(settings)")
        #expect(single.status == 0, "\(single.output)")
        let farmed = try Self.frames(farm), whole = try Self.frames(reference)
        #expect(farmed.count == frames + 1 && farmed == whole, "\(frames) frames and the manifest, byte for byte")
    }

    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-farm-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 4-task array over the 61-frame side menu: `strata check` passes and every frame equals
    /// a one-process render byte for byte.
    @Test func arrayOfFourTasksRendersTheBytesOfOneProcess() throws {
        let cluster = try Cluster.start()
        defer { cluster.stop() }
        let work = Self.scratch()
        let farm = work.appendingPathComponent("farm"), single = work.appendingPathComponent("single")
        let submitted = try cluster.run("sbatch --wait --array=0-3 --output=\(work.path)/task-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4")
        #expect(submitted.status == 0, "\(submitted.output)")
        try Self.expectCompleteAndSameAsOneProcess(farm, reference: single, frames: 61, settings: "", cluster: cluster)
        #expect(try FileManager.default.contentsOfDirectory(atPath: farm.appendingPathComponent("records").path).sorted()
                == ["frames-00000-00014.sha256", "frames-00015-00029.sha256", "frames-00030-00044.sha256", "frames-00045-00060.sha256"])
    }

    /// One task cancelled mid-run (scancel: SIGTERM, on which strata stops at once, dropping the
    /// frames in flight) exits 143 and says how to resume; check names its missing frames; the index
    /// resubmitted alone completes the folder, with no truncated or temporary file, and every
    /// frame equals a one-process render.
    @Test func cancelledTaskResubmittedCompletesTheFolder() throws {
        let cluster = try Cluster.start()
        defer { cluster.stop() }
        let work = Self.scratch()
        let farm = work.appendingPathComponent("farm"), single = work.appendingPathComponent("single")
        let settings = "--fps 240 --scale 3"   // 241 frames of 960×1440 pixels: long enough to cancel in flight
        let submitted = try cluster.run("sbatch --parsable --array=0-3 --output=\(work.path)/task-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4 \(settings)")
        #expect(submitted.status == 0, "\(submitted.output)")
        let job = submitted.output.trimmingCharacters(in: .whitespacesAndNewlines)
        // Task 1 renders frames 60..119: cancel it once three of them are recorded.
        let record = farm.appendingPathComponent("records/frames-00060-00119.sha256")
        var recorded = 0
        for _ in 0..<1200 where recorded < 3 {
            recorded = ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasSuffix(".png") }.count
            if recorded < 3 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(recorded >= 3, "task 1 recorded frames within a minute")
        let cancelled = try cluster.run("scancel \(job)_1")
        #expect(cancelled.status == 0, "\(cancelled.output)")
        let waited = try cluster.run("for i in $(seq 1200); do squeue -h -j \(job) | grep -q . || exit 0; sleep 0.1; done; exit 1")
        #expect(waited.status == 0, "the array ended")
        let state = try cluster.run("scontrol show job \(job)_1")
        #expect(state.output.contains("JobState=CANCELLED") && state.output.contains("ExitCode=143:0"), "\(state.output)")
        let log = (try? String(contentsOf: work.appendingPathComponent("task-1.out"), encoding: .utf8)) ?? ""
        #expect(log.contains("terminated (SIGTERM): stopped at once") && log.contains("--skip-existing"), "\(log)")

        let incomplete = try cluster.run("$STRATA check \(farm.path)")
        #expect(incomplete.status == 1, "\(incomplete.output)")
        #expect(incomplete.output.contains("missing: ") && incomplete.output.contains("..119"), "\(incomplete.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: farm.path)
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file: \(names.filter { $0.hasPrefix(".") })")
        for name in names where name.hasSuffix(".png") {
            _ = try PNGCodec.decode(contentsOf: farm.appendingPathComponent(name))   // no truncated frame
        }

        let resubmitted = try cluster.run("sbatch --wait --array=1 --output=\(work.path)/again-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4 \(settings)")
        #expect(resubmitted.status == 0, "\(resubmitted.output)")
        try Self.expectCompleteAndSameAsOneProcess(farm, reference: single, frames: 241, settings: settings, cluster: cluster)
        #expect(try FileManager.default.contentsOfDirectory(atPath: farm.path).allSatisfy { !$0.hasPrefix(".") })
    }
}
