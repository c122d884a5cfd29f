import Foundation

/// Receives progress of a frame sequence (from any thread, one call at a time).
public protocol ProgressReporter: AnyObject, Sendable {
    /// `done` of `total` frames are written; `elapsedSeconds` since the start.
    func update(done: Int, total: Int, elapsedSeconds: Double)
    /// The sequence ended (all done, failed or interrupted).
    func finish(done: Int, total: Int, elapsedSeconds: Double)
}

/// Progress on stderr: a bar with frames per second and time left on a terminal, a plain line
/// every 10 % otherwise. (Wall-clock time is used for this display only, never for output.)
public final class TerminalProgress: ProgressReporter, @unchecked Sendable {
    private let isTerminal: Bool
    private var lastPercent = -1
    private let label: String

    /// Creates a reporter; `label` names the sequence (e.g. the scene).
    public init(label: String, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.isTerminal = isTerminal
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func update(done: Int, total: Int, elapsedSeconds: Double) {
        let rate = elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        if isTerminal {
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            write("\r\(label) [\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", rate)) fps  \(Self.duration(left)) left ")
        } else {
            let percent = total > 0 ? done * 100 / total : 100
            if percent / 10 != lastPercent / 10 || done == total {
                lastPercent = percent
                write("\(label): \(done)/\(total) frames (\(percent)%), \(String(format: "%.1f", rate)) fps\n")
            }
        }
    }

    public func finish(done: Int, total: Int, elapsedSeconds: Double) {
        if isTerminal { write("\n") }
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(saturating: seconds, .toNearestOrAwayFromZero)
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }
}
