import CStrataProcess
import Dispatch
import Foundation

/// An `ffmpeg` process Strata writes raw frames to: started with an argument array (never a
/// shell), its standard input a pipe, the last lines of its standard error kept for messages.
final class FFmpegProcess: @unchecked Sendable {
    /// The install line a missing ffmpeg's message gives.
    static let installHint = "install it with `sudo apt-get install ffmpeg` (Debian, Ubuntu) or set STRATA_FFMPEG to its path"

    /// The ffmpeg to run: `$STRATA_FFMPEG` when set, else the first `ffmpeg` on `$PATH`.
    static func locate(_ tool: String = "ffmpeg") throws(StrataError) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if tool == "ffmpeg", let given = environment["STRATA_FFMPEG"], !given.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw StrataError(.noInput, "STRATA_FFMPEG is \(given), which is not an executable file")
            }
            return URL(fileURLWithPath: given)
        }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw StrataError(.unavailable, "\(tool) is not installed (it makes the video); \(installHint)")
    }

    private let pid: pid_t
    private let input: Int32
    private let reader = DispatchGroup()
    private let lock = NSLock()
    private var tail: [UInt8] = []
    private var closed = false
    /// The wait status once the process was collected.
    private var exitStatus: Int32?
    private let cancellation: CancellationFlag?
    private var interruptToken: Int?
    /// What the process is called in messages.
    let name: String

    /// Starts `executable` with `arguments`, its standard input a pipe Strata writes to (first
    /// `preamble`, when given: a concat list). The process dies with Strata, even when Strata is
    /// killed (CStrataProcess). When `cancellation` is interrupted, a file it was finishing is not
    /// published, and — unless `killsOnInterrupt` is false (the caller kills it, in its own order) —
    /// it is killed at once. Throws when it cannot be started.
    init(executable: URL, arguments: [String], name: String = "ffmpeg", preamble: [UInt8] = [],
         cancellation: CancellationFlag? = nil, killsOnInterrupt: Bool = true) throws(StrataError) {
        self.name = name
        self.cancellation = cancellation
        // A write after ffmpeg exits must fail with EPIPE, not kill Strata.
        Foundation.signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard strata_pipe_cloexec(&stdinPipe) == 0, strata_pipe_cloexec(&errorPipe) == 0 else {
            throw StrataError(.ioError, "cannot make a pipe for \(name): \(String(cString: strerror(errno)))")
        }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        var failure: Int32 = 0
        let argv = [executable.path] + arguments
        let started = Self.spawnLock.withLock { () -> pid_t in
            let pid = Self.withCStrings(argv) { pointers in
                strata_spawn(executable.path, pointers, stdinPipe[0], null, errorPipe[1], &failure)
            }
            if pid > 0 { Self.running.insert(pid) }
            return pid
        }
        close(stdinPipe[0]); close(errorPipe[1]); close(null)
        guard started > 0 else {
            close(stdinPipe[1]); close(errorPipe[0])
            throw StrataError(.unavailable, "cannot start \(executable.path): \(String(cString: strerror(failure))); \(Self.installHint)")
        }
        pid = started
        input = stdinPipe[1]
        #if os(Linux)
        // A 1 MB pipe (Linux's default limit for a user) rather than 64 KB: a 1080p frame is 8 MB,
        // 8 writes and wake-ups instead of 127. F_SETPIPE_SZ is 1031; failing to grow it is harmless.
        _ = fcntl(input, 1031, Int32(1 << 20))
        #endif
        let errors = errorPipe[0]
        reader.enter()
        DispatchQueue.global().async { [self] in
            // The last 8 KB of what ffmpeg says; reading it all keeps ffmpeg from blocking on it.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(errors, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock {
                    tail.append(contentsOf: buffer[0..<count])
                    if tail.count > 8192 { tail.removeFirst(tail.count - 8192) }
                }
            }
            close(errors)
            reader.leave()
        }
        if killsOnInterrupt { interruptToken = cancellation?.whenInterrupted { [weak self] in self?.send(SIGKILL) } }
        if !preamble.isEmpty {
            let problem = preamble.withUnsafeBytes { bytes -> StrataError? in
                do throws(StrataError) { try write(bytes) } catch { return error }
                return nil
            }
            closeInput()
            if let problem {
                kill()
                throw problem
            }
        }
    }

    /// Children started and not yet collected, for `killAll`.
    nonisolated(unsafe) private static var running = Set<pid_t>()
    private static let spawnLock = NSLock()

    /// Kills every ffmpeg this process started and has not collected, and waits for them (an
    /// immediate stop: nothing may run on or write after Strata).
    static func killAll() {
        let pids = spawnLock.withLock { running }
        for pid in pids { Foundation.kill(pid, SIGKILL) }
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The process's id (for tests and messages).
    var processIdentifier: Int32 { pid }

    /// Writes `bytes` to ffmpeg's standard input, all of them. Throws when ffmpeg has gone.
    func write(_ bytes: UnsafeRawBufferPointer) throws(StrataError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(input, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw StrataError(.ioError, "\(name) stopped taking frames (\(reason))")
            }
            offset += written
        }
    }

    /// Closes ffmpeg's input, waits for it to exit and returns its status (with `killed`, the
    /// signal that killed it) with the last lines it wrote.
    func finish() -> (status: Int32, killed: Bool, lastLines: String) {
        closeInput()
        let status = waitForExit()
        reader.wait()
        cancellation?.remove(lock.withLock { interruptToken })
        let text = lock.withLock { String(decoding: tail, as: UTF8.self) }
        let lines = text.split(separator: "\n").suffix(6).map { "  \($0)" }.joined(separator: "\n")
        let killed = (status & 0x7f) != 0
        return (killed ? status & 0x7f : (status >> 8) & 0xff, killed, lines)
    }

    /// Collects the process once; later calls return the same status.
    private func waitForExit() -> Int32 {
        // One thread at a time: the first collects, the others read what it found.
        waitLock.lock()
        defer { waitLock.unlock() }
        if let exitStatus = lock.withLock({ exitStatus }) { return exitStatus }
        // Waited for without collecting it, then collected under spawnLock: until then its pid
        // cannot be reused, so `signal` never reaches another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        var status: Int32 = 0x7f00  // not ours to collect (should not happen): reported as exit 127
        Self.spawnLock.withLock {
            while waitpid(pid, &status, 0) < 0 {
                if errno == EINTR { continue }
                status = 0x7f00
                break
            }
            Self.running.remove(pid)
        }
        lock.withLock { exitStatus = status }
        return status
    }
    private let waitLock = NSLock()

    /// Sends `number` to the process while it has not been collected.
    private func send(_ number: Int32) {
        // Under spawnLock, so that a collected pid (which the system may reuse) is never signalled.
        Self.spawnLock.withLock {
            if Self.running.contains(pid) { _ = Foundation.kill(pid, number) }
        }
    }

    /// Sends SIGKILL without waiting for the process to end.
    func signalKill() {
        send(SIGKILL)
    }

    /// Stops ffmpeg without letting it finish the file.
    func kill() {
        send(SIGKILL)
        _ = finish()
    }

    private func closeInput() {
        lock.withLock {
            if !closed { close(input); closed = true }
        }
    }

    deinit {
        closeInput()
    }
}

extension FFmpegProcess {
    /// A description of how ffmpeg ended, for messages: "exit status 1", "killed by SIGXFSZ (file
    /// size limit: a full disk or a quota)".
    static func ending(status: Int32, killed: Bool) -> String {
        guard killed else { return status == 0 ? "it reported a failed write, though its exit status was 0" : "exit status \(status)" }
        let names: [Int32: String] = [SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGSEGV: "SIGSEGV",
                                      SIGXFSZ: "SIGXFSZ (file size limit: a full disk or a quota)"]
        return "killed by \(names[status] ?? "signal \(status)")"
    }

    /// Whether ffmpeg's last lines report a failed write: ffmpeg 5 exits 0 when only the file's
    /// trailer could not be written (a full disk at the end), so its words are checked too.
    static func reportsWriteFailure(_ lines: String) -> Bool {
        lines.contains("Error writing trailer") || lines.contains("Error closing file") || lines.contains("No space left")
    }

    /// Checks that `url` holds a video of `frames` frames, by ffprobe's count of its packets (the
    /// container as written, read back). Nothing is checked when ffprobe is missing.
    static func verify(_ url: URL, frames: Int) throws(StrataError) {
        guard let probe = try? locate("ffprobe") else { return }
        let process = Process()
        let output = Pipe()
        process.executableURL = probe
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets",
                             "-of", "csv=p=0", url.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let count = Int(text.split(separator: ",").first ?? ""), count == frames else {
            throw StrataError(.ioError, "ffmpeg said it wrote \(url.lastPathComponent), but ffprobe reads \(text.isEmpty ? "no video" : "\(text.prefix(40)) frames") in it, not \(frames): the file is incomplete (a full disk?); nothing was written at the final name")
        }
    }
}

extension FFmpegProcess {
    /// Lets ffmpeg finish `temporary`, then checks it — ffmpeg's status and words, ffprobe's count of
    /// `frames` — and moves it to `final`. Any failure removes the temporary file and throws a
    /// message saying what ffmpeg was `doing`.
    func publish(_ temporary: URL, as final: URL, frames: Int, doing: String) throws(StrataError) {
        let (status, killed, lines) = finish()
        // Ctrl-C while ffmpeg finished (a GIF's palette pass, a join) stops the video: it is not
        // moved into place even when ffmpeg was quicker than the kill.
        func stopIfInterrupted() throws(StrataError) {
            guard cancellation?.isInterrupted == true else { return }
            try? FileManager.default.removeItem(at: temporary)
            throw StrataError(.interrupted, "interrupted while ffmpeg was \(doing); nothing was written there")
        }
        try stopIfInterrupted()
        guard status == 0, !killed, !Self.reportsWriteFailure(lines) else {
            try? FileManager.default.removeItem(at: temporary)
            throw StrataError(.ioError, "ffmpeg failed (\(Self.ending(status: status, killed: killed))) \(doing); nothing was written there. ffmpeg's last lines:\n\(lines.isEmpty ? "  (none)" : lines)")
        }
        do throws(StrataError) {
            try Self.verify(temporary, frames: frames)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        try stopIfInterrupted()
        if rename(temporary.path, final.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw StrataError(.ioError, "cannot move \(temporary.lastPathComponent) to \(final.path): \(reason)")
        }
    }
}
