import Foundation
import StrataTestSupport
import Testing
import StrataRaster

/// A real single-node Slurm cluster on this machine (scripts/farm/slurm-cluster: munged,
/// slurmctld and slurmd with a generated slurm.conf, state in a temporary folder, stopped by their
/// PIDs), running the project's array script (scripts/farm/slurm-array.sh). scripts/test installs
/// slurm-wlm and munge when they are missing; the cluster needs root. Each test starts a cluster of
/// its own (its own folder, ports and munge socket), so the two run side by side: their time is
/// mostly Slurm's scheduling and polling, which overlap, not drawing.
@Suite("Render farm on a real Slurm cluster", .tags(.slurm), Oracle.slurm.trait)
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

    /// `shell` from a task: the wait holds none of Swift concurrency's threads (the cluster's
    /// start and a job's queue take seconds of waiting, and the other tests run meanwhile).
    @discardableResult
    static func shell(_ command: String, environment: [String: String] = [:]) async throws -> Shell {
        let output = try await TestProcess.shell(command, environment: environment.mapValues { Optional($0) })
        return Shell(status: output.status, output: output.text)
    }

    /// A started cluster; `stop()` ends its daemons by their PIDs.
    struct Cluster {
        let folder: URL
        var environment: [String: String]

        static func start() async throws -> Cluster {
            let missing = ["munged", "slurmctld", "slurmd", "sbatch", "scancel", "squeue"].filter {
                (try? SlurmFarmTests.shell("command -v \($0)").status) != 0
            }
            guard missing.isEmpty else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey:
                    "missing \(missing.joined(separator: ", ")): scripts/test installs slurm-wlm and munge"])
            }
            let folder = URL(fileURLWithPath: "/tmp/strata-slurm-\(UUID().uuidString.prefix(8))")
            let started = try await SlurmFarmTests.shell("scripts/farm/slurm-cluster start \(folder.path)")
            guard started.status == 0 else {
                _ = try? await SlurmFarmTests.shell("scripts/farm/slurm-cluster stop \(folder.path)")
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the cluster did not start: \(started.output)"])
            }
            return Cluster(folder: folder, environment: ["SLURM_CONF": folder.appendingPathComponent("slurm.conf").path,
                                                        "STRATA": try SlurmFarmTests.strata()])
        }

        func run(_ command: String) async throws -> Shell { try await SlurmFarmTests.shell(command, environment: environment) }

        /// Submits an array job (`sbatch --parsable ARGUMENTS`); its id.
        func submit(_ arguments: String) async throws -> String {
            let submitted = try await run("sbatch --parsable \(arguments)")
            #expect(submitted.status == 0, "\(submitted.output)")
            return submitted.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Waits until no task of `job` is queued or running (squeue polled every 0.1 s, for at
        /// most two minutes), then returns each task's `JobState=… ExitCode=…`, sorted.
        func finish(_ job: String) async throws -> [String] {
            let waited = try await run("for i in $(seq 1200); do squeue -h -j \(job) | grep -q . || exit 0; sleep 0.1; done; exit 1")
            #expect(waited.status == 0, "job \(job) ended within two minutes")
            let shown = try await run("scontrol -o show job \(job)")
            return shown.output.split(separator: "\n").map { line in
                line.split(separator: " ").filter { $0.hasPrefix("JobState=") || $0.hasPrefix("ExitCode=") }.joined(separator: " ")
            }.sorted()
        }

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
    static func expectCompleteAndSameAsOneProcess(_ farm: URL, reference: URL, frames: Int, settings: String, cluster: Cluster) async throws {
        let check = try await cluster.run("$STRATA check \(farm.path)")
        #expect(check.status == 0 && check.output.contains("complete — all \(frames) frames"), "\(check.output)")
        let single = try await cluster.run("$STRATA render Scenes/side-menu.yaml --out \(reference.path) --quiet \(settings)")
        #expect(single.status == 0, "\(single.output)")
        let farmed = try Self.frames(farm), whole = try Self.frames(reference)
        #expect(farmed.count == frames + 1 && farmed == whole, "\(frames) frames and the manifest, byte for byte")
    }

    /// The process of array task `task` of `job` that runs `strata render` into `out` (found by
    /// its environment and command line under /proc), or nil.
    static func taskProcess(job: String, task: Int, out: String) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = Int32(entry),
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let variables = Set(environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
            let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if variables.contains("SLURM_ARRAY_JOB_ID=\(job)"), variables.contains("SLURM_ARRAY_TASK_ID=\(task)"),
               arguments.contains("render"), arguments.contains("--shard"), arguments.contains(out) {
                return pid
            }
        }
        return nil
    }

    /// Waits (at most 30 s) until stopped process `pid` has exited, was resumed, or has SIGTERM
    /// pending (/proc/PID/status), and then sends it SIGCONT.
    static func resumeOnceTerminated(_ pid: Int32) {
        for _ in 0..<6000 {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return }
            let fields = Dictionary(status.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }, uniquingKeysWith: { a, _ in a })
            let pending = [fields["SigPnd"], fields["ShdPnd"]].compactMap { $0.flatMap { UInt64($0, radix: 16) } }.reduce(0, |)
            if !(fields["State"] ?? "").hasPrefix("T") || pending & (1 << (UInt64(SIGTERM) - 1)) != 0 { break }
            usleep(5_000)
        }
        kill(pid, SIGCONT)
    }

    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-farm-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 4-task array over the 61-frame side menu: `strata check` passes and every frame equals
    /// a one-process render byte for byte.
    @Test func arrayOfFourTasksRendersTheBytesOfOneProcess() async throws {
        let cluster = try await Cluster.start()
        defer { cluster.stop() }
        let work = Self.scratch()
        let farm = work.appendingPathComponent("farm"), single = work.appendingPathComponent("single")
        // The side menu at 20 fps: 21 frames, enough for four uneven chunks (the array's point),
        // a third of the drawing of its 61 at 60 fps.
        let settings = "--fps 20"
        let job = try await cluster.submit("--array=0-3 --output=\(work.path)/task-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4 \(settings)")
        #expect(try await cluster.finish(job) == Array(repeating: "JobState=COMPLETED ExitCode=0:0", count: 4))
        try await Self.expectCompleteAndSameAsOneProcess(farm, reference: single, frames: 21, settings: settings, cluster: cluster)
        #expect(try FileManager.default.contentsOfDirectory(atPath: farm.appendingPathComponent("records").path).sorted()
                == ["frames-00000-00004.sha256", "frames-00005-00009.sha256", "frames-00010-00014.sha256", "frames-00015-00020.sha256"])
    }

    /// One task cancelled mid-run (scancel: SIGTERM, on which strata stops at once, dropping the
    /// frames in flight) exits 143 and says how to resume; check names its missing frames; the index
    /// resubmitted alone completes the folder, with no truncated or temporary file, and every
    /// frame equals a one-process render.
    @Test func cancelledTaskResubmittedCompletesTheFolder() async throws {
        let cluster = try await Cluster.start()
        defer { cluster.stop() }
        let work = Self.scratch()
        let farm = work.appendingPathComponent("farm"), single = work.appendingPathComponent("single")
        // The side menu at 20 fps — 21 frames of true motion blur (16 renders each): few frames.
        let settings = "--fps 20 --shutter 180 --subframes 16"
        // Held until the watcher below looks: on an idle machine task 1 could otherwise finish all
        // its frames before the test started watching it.
        let job = try await cluster.submit("--hold --array=0-3 --output=\(work.path)/task-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4 \(settings)")
        // Task 1 renders frames 5..9 on one thread: cancel it once its first frame is recorded.
        // A frame takes tens of milliseconds, less than scancel takes to reach the task on a busy
        // machine, so the race is taken out of it: a thread of the test's own finds the task's
        // strata (its environment names the array job and task 1), reads the record every 5 ms and
        // stops the process (SIGSTOP) the moment a frame is recorded; scancel then sends it SIGCONT
        // and SIGTERM, as Slurm cancels a job (the test resumes it only once SIGTERM is pending).
        let record = farm.appendingPathComponent("records/frames-00005-00009.sha256")
        let environment = cluster.environment
        let (recorded, cancelled, stopped) = try await onThreadOfItsOwn { () throws -> (Int, Shell, Bool) in
            var recorded = 0, looks = 0
            var pid: Int32?
            _ = try Self.shell("scontrol release \(job)", environment: environment)
            while true {
                if pid == nil { pid = Self.taskProcess(job: job, task: 1, out: farm.path) }
                recorded = ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasSuffix(".png") }.count
                if recorded >= 1 { break }
                looks += 1
                if looks % 100 == 0, try Self.shell("squeue -h -j \(job)_1 | grep -q .", environment: environment).status != 0 { break }
                usleep(5_000)
            }
            if let pid { kill(pid, SIGSTOP) }
            // What was recorded before the stop took hold.
            recorded = ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasSuffix(".png") }.count
            let cancelled = try Self.shell("scancel \(job)_1", environment: environment)
            // Slurm resumes the process itself; else it goes on once SIGTERM is pending, never before.
            if let pid { Self.resumeOnceTerminated(pid) }
            return (recorded, cancelled, pid != nil)
        }
        #expect(stopped, "task 1's strata was found by its environment")
        #expect(recorded >= 1 && recorded < 5, "task 1 was cancelled in flight, after \(recorded) of its 5 frames")
        #expect(cancelled.status == 0, "\(cancelled.output)")
        _ = try await cluster.finish(job)
        let state = try await cluster.run("scontrol show job \(job)_1")
        #expect(state.output.contains("JobState=CANCELLED") && state.output.contains("ExitCode=143:0"), "\(state.output)")
        let log = (try? String(contentsOf: work.appendingPathComponent("task-1.out"), encoding: .utf8)) ?? ""
        #expect(log.contains("terminated (SIGTERM): stopped at once") && log.contains("--skip-existing"), "\(log)")

        let incomplete = try await cluster.run("$STRATA check \(farm.path)")
        #expect(incomplete.status == 1, "\(incomplete.output)")
        #expect(incomplete.output.contains("missing: "), "\(incomplete.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: farm.path)
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file: \(names.filter { $0.hasPrefix(".") })")
        for name in names where name.hasSuffix(".png") {
            _ = try PNGCodec.decode(contentsOf: farm.appendingPathComponent(name))   // no truncated frame
        }

        let again = try await cluster.submit("--array=1 --output=\(work.path)/again-%a.out scripts/farm/slurm-array.sh Scenes/side-menu.yaml \(farm.path) 4 \(settings)")
        #expect(try await cluster.finish(again) == ["JobState=COMPLETED ExitCode=0:0"])
        try await Self.expectCompleteAndSameAsOneProcess(farm, reference: single, frames: 21, settings: settings, cluster: cluster)
        #expect(try FileManager.default.contentsOfDirectory(atPath: farm.path).allSatisfy { !$0.hasPrefix(".") })
    }
}
