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

    private let process = Process()
    private let input: Int32
    private let errors = Pipe()
    private let reader = DispatchGroup()
    private let lock = NSLock()
    private var tail: [UInt8] = []
    private var closed = false
    /// What the process is called in messages.
    let name: String

    /// Starts `executable` with `arguments`. Throws when it cannot be started.
    init(executable: URL, arguments: [String], name: String = "ffmpeg") throws(StrataError) {
        self.name = name
        // A write after ffmpeg exits must fail with EPIPE, not kill Strata.
        signal(SIGPIPE, SIG_IGN)
        let stdin = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw StrataError(.unavailable, "cannot start \(executable.path): \(error.localizedDescription); \(Self.installHint)")
        }
        // Only ffmpeg may hold the pipe's reading end, so that its exit makes writes fail.
        try? stdin.fileHandleForReading.close()
        try? errors.fileHandleForWriting.close()
        input = dup(stdin.fileHandleForWriting.fileDescriptor)
        try? stdin.fileHandleForWriting.close()
        #if os(Linux)
        // A 1 MB pipe (Linux's default limit for a user) rather than 64 KB: a 1080p frame is 8 MB,
        // 8 writes and wake-ups instead of 127. F_SETPIPE_SZ is 1031; failing to grow it is harmless.
        _ = fcntl(input, 1031, Int32(1 << 20))
        #endif
        let handle = errors.fileHandleForReading
        reader.enter()
        DispatchQueue.global().async { [self] in
            // The last 8 KB of what ffmpeg says; reading it all keeps ffmpeg from blocking on it.
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock {
                    tail.append(contentsOf: chunk)
                    if tail.count > 8192 { tail.removeFirst(tail.count - 8192) }
                }
            }
            reader.leave()
        }
    }

    /// The process's id (for tests and messages).
    var processIdentifier: Int32 { process.processIdentifier }

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

    /// Closes ffmpeg's input, waits for it to exit and returns its status (a negative number: the
    /// signal that killed it) with the last lines it wrote.
    func finish() -> (status: Int32, killed: Bool, lastLines: String) {
        closeInput()
        process.waitUntilExit()
        reader.wait()
        let text = lock.withLock { String(decoding: tail, as: UTF8.self) }
        let lines = text.split(separator: "\n").suffix(6).map { "  \($0)" }.joined(separator: "\n")
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, lines)
    }

    /// Stops ffmpeg without letting it finish the file.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        _ = finish()
    }

    private func closeInput() {
        lock.withLock {
            if !closed { close(input); closed = true }
        }
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
        if rename(temporary.path, final.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw StrataError(.ioError, "cannot move \(temporary.lastPathComponent) to \(final.path): \(reason)")
        }
    }
}
