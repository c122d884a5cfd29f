import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What every test target shares: where the package is, temporary folders, and one way to run a
/// program (Strata's binaries, ffmpeg, Chromium, Python oracles, Slurm's commands).
public enum TestPaths {
    /// The package's root folder, found from this file's place in it.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The scene catalogue.
    public static let scenes = root.appendingPathComponent("Scenes")
    /// Reference images.
    public static let snapshots = root.appendingPathComponent("Snapshots")
    /// Test artefacts (actual images and diffs of failures); ignored by git.
    public static let artifacts = root.appendingPathComponent(".artifacts")

    /// A new empty temporary folder whose name starts with `prefix`.
    public static func temporaryDirectory(prefix: String = "strata-tests") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Runs `body` on a thread of its own and returns what it returns, from a task. A loop that
/// watches a child and must act at once (cancel a job as its first frame lands) cannot run as a
/// task: between two looks the task may wait seconds for one of Swift concurrency's threads,
/// which the other tests keep busy.
public func onThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// A program run by a test: started with posix_spawn (a shell only changes folder and becomes it), its output
/// collected in files (no pipe to fill up), reaped with waitpid — Foundation's Process once missed
/// the exit of a shell that started daemons and waited forever.
public final class TestProcess: @unchecked Sendable {
    /// How a program ended, and what it wrote.
    public struct Output: Sendable {
        /// The exit status, or 128 + the signal that killed it.
        public let status: Int32
        /// Standard output.
        public let stdout: Data
        /// Standard error, as text.
        public let stderr: String
        /// Standard output, as text.
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The running program's process ID.
    public let pid: pid_t
    private let folder: URL
    private var output: Output?

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments` in `directory`
    /// (the package's root by default), standard input empty; `environment` entries are added to
    /// this process's (a nil value removes one).
    public init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                directory: URL = TestPaths.root) throws {
        folder = TestPaths.temporaryDirectory(prefix: "strata-process")
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder.appendingPathComponent("stdout").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, folder.appendingPathComponent("stderr").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Into `directory` by a shell that then becomes the program, its arguments passed as they
        // are (positional parameters, never parsed): posix_spawn_file_actions_addchdir_np is not
        // visible from Swift here.
        let launcher = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path, executable] + arguments
        var cArguments = launcher.map { strdup($0) } + [nil]
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var started: pid_t = 0
        let status = posix_spawn(&started, "/bin/sh", &actions, nil, &cArguments, &cEnvironment)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable)"])
        }
        pid = started
    }

    /// Sends `signal` to the program.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the program to end; its status and output (once; later calls return the same).
    @discardableResult
    public func finish() -> Output {
        if let output { return output }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stdout = (try? Data(contentsOf: folder.appendingPathComponent("stdout"))) ?? Data()
        let stderr = (try? Data(contentsOf: folder.appendingPathComponent("stderr"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try? FileManager.default.removeItem(at: folder)
        let result = Output(status: exit, stdout: stdout, stderr: stderr)
        output = result
        return result
    }

    /// Waits for the program to end, from a task: the wait happens on a thread of its own, so
    /// the task's thread is free meanwhile. Swift concurrency has as many threads as cores, and a
    /// synchronous test that waits a minute for a child (the fuzz slice, Slurm's queue) holds one
    /// of them: on two cores the other tests ran one at a time behind it.
    public func finished() async -> Output {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.finish()) }
        }
    }

    /// What the program has written to its standard output so far (it may still be writing).
    public var stdoutSoFar: Data {
        output?.stdout ?? (try? Data(contentsOf: folder.appendingPathComponent("stdout"))) ?? Data()
    }

    /// True while the program has not ended (it is not collected).
    public var isRunning: Bool {
        guard output == nil else { return false }
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == 0
    }

    /// Runs the program to its end: `TestProcess(…).finish()`.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           directory: URL = TestPaths.root) throws -> Output {
        try TestProcess(executable, arguments, environment: environment, directory: directory).finish()
    }

    /// Runs the program to its end from a task (`finished()`: no thread of the task's held).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           directory: URL = TestPaths.root) async throws -> Output {
        try await TestProcess(executable, arguments, environment: environment, directory: directory).finished()
    }

    /// Runs a bash command line from a task, as `shell` does (`finished()`).
    public static func shell(_ command: String, environment: [String: String?] = [:], directory: URL = TestPaths.root) async throws -> Output {
        try await run("/bin/bash", ["-c", "{ \(command)\n} 2>&1"], environment: environment, directory: directory)
    }

    /// Runs a program (`arguments[0]`, a path or a name on PATH) to its end: its standard output,
    /// or a thrown error with the command and what it wrote to standard error.
    public static func checkedOutput(_ arguments: [String]) throws -> String {
        let output = try run(arguments[0], Array(arguments.dropFirst()))
        guard output.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")): \(output.stderr)"])
        }
        return output.text
    }

    /// Runs a bash command line in `directory`: standard output and error together in `stdout`.
    public static func shell(_ command: String, environment: [String: String?] = [:], directory: URL = TestPaths.root) throws -> Output {
        try run("/bin/bash", ["-c", "{ \(command)\n} 2>&1"], environment: environment, directory: directory)
    }

    /// Writes an executable shell script (`#!/bin/sh`, then `body`) at `url`.
    ///
    /// Written by a shell of its own, not by this process: a file this process held open for
    /// writing could be inherited by a child another test forks at that moment, and executing it
    /// would then fail with ETXTBSY ("text file busy") — under load, now and then.
    public static func writeScript(_ body: String, to url: URL) throws {
        let made = try run("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", "#!/bin/sh\n\(body)\n", url.path])
        guard made.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(url.path): \(made.stderr)"])
        }
    }
}

/// The CPU time the calling thread spends in `body`: unlike the wall clock, it does not grow with
/// the machine's load (other processes' and threads' time is not counted), so a bound on it fails
/// only when the work itself grows.
public func threadCPUTime(_ body: () throws -> Void) rethrows -> Duration {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    try body()
    return now() - start
}

/// Runs `body` on a thread of its own: transactions and the media clock are per thread, so a
/// test that moves them does not meet another's.
public func onThreadOfItsOwnSync(_ body: @escaping () throws -> Void) throws {
    // The caller waits for the thread, so nothing here is used from two threads at once.
    final class Outcome: @unchecked Sendable {
        let body: () throws -> Void
        var error: Error?
        init(_ body: @escaping () throws -> Void) { self.body = body }
    }
    let outcome = Outcome(body), done = DispatchSemaphore(value: 0)
    let thread = Thread {
        do { try outcome.body() } catch { outcome.error = error }
        done.signal()
    }
    thread.start()
    done.wait()
    if let error = outcome.error { throw error }
}

/// The Core Animation corpus's manifest (Tests/Fixtures/quartzcore/corpus.json): every file of
/// code by others, whether it compiles with only its imports rewritten, and what it needed.
public enum QuartzCoreCorpusManifest {
    public struct File: Decodable, Sendable {
        public let path: String
        public let compiles: Bool
        public let needed: [String]
    }
    struct Manifest: Decodable { let files: [File] }

    public static let files: [File] = {
        let url = TestPaths.root.appendingPathComponent("Tests/Fixtures/quartzcore/corpus.json")
        return try! JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)).files
    }()
}
