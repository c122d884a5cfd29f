import Foundation

/// Writes files so that a final name only ever holds a complete file: the bytes go to a
/// temporary name in the same folder, then are renamed into place (DESIGN §7).
public enum AtomicFile {
    /// Prefix of temporary files; a leftover one is never mistaken for output.
    public static let temporaryPrefix = ".strata-tmp-"

    /// Writes `bytes` to `url` atomically. Without `overwrite`, an existing file is an error.
    public static func write(_ bytes: [UInt8], to url: URL, overwrite: Bool) throws(StrataError) {
        try write(Data(bytes), to: url, overwrite: overwrite)
    }

    /// Writes `data` to `url` atomically (no copy of it is made). Without `overwrite`, an existing
    /// file is an error.
    public static func write(_ data: Data, to url: URL, overwrite: Bool) throws(StrataError) {
        let manager = FileManager.default
        if !overwrite && manager.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let temporary = temporaryURL(for: url)
        try writeFile(data, at: temporary.path)
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw StrataError(.ioError, "cannot move \(temporary.lastPathComponent) to \(url.path): \(reason)")
        }
    }

    /// The temporary name beside `url` that this process writes before renaming: the prefix, the
    /// process ID and the final name, cut (at a character boundary, keeping the extension ffmpeg
    /// reads the format from) so that the whole stays within 255 bytes — a valid final name of
    /// 239–255 bytes failed with "File name too long" when the prefix was added.
    public static func temporaryURL(for url: URL, tag: String = "") -> URL {
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        creation.withLock { _ = temporaryFolders.insert(folder) }
        let head = "\(temporaryPrefix)\(ProcessInfo.processInfo.processIdentifier)\(tag)-"
        var name = url.lastPathComponent
        let limit = 255 - head.utf8.count
        if name.utf8.count > limit {
            let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
            var stem = String(name.dropLast(suffix.count))
            while stem.utf8.count + suffix.utf8.count > limit, !stem.isEmpty { stem.removeLast() }
            name = stem + suffix
        }
        return url.deletingLastPathComponent().appendingPathComponent(head + name)
    }

    /// The bytes of the regular file at `url` (following symbolic links), at most `limit` of them;
    /// nil when nothing is there. Anything else — a FIFO, a directory, a device such as
    /// /dev/zero — is a data error naming it, checked before it is opened, so that reading never
    /// blocks or runs without end.
    public static func readRegularFile(_ url: URL, limit: Int = 1 << 30) throws(StrataError) -> [UInt8]? {
        guard let info = try checkRegularFile(url, missingIsError: false) else { return nil }
        guard Int(info.st_size) <= limit else {
            throw StrataError(.dataError, "\(url.path) is \(info.st_size) bytes, over the limit of \(limit)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return [UInt8](data)
    }

    /// The `stat` of `url` (following symbolic links) when it is a regular file; a data error
    /// naming it when it is a FIFO, a directory or a device; when nothing is there, nil, or with
    /// `missingIsError` a no-input error.
    @discardableResult
    public static func checkRegularFile(_ url: URL, missingIsError: Bool = true) throws(StrataError) -> stat? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if missingIsError { throw StrataError(.noInput, "\(url.path) is missing") }
            return nil
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let what = kind == S_IFIFO ? "a FIFO" : kind == S_IFDIR ? "a directory" : kind == S_IFCHR || kind == S_IFBLK ? "a device" : "not a file"
            throw StrataError(.dataError, "\(url.path) is \(what), expected a regular file")
        }
        return info
    }

    /// Writes `data` to a new file at `path` (replacing one there) with one `write(2)` loop:
    /// Foundation's `createFile` writes to a temporary of its own and renames it, twice the work
    /// for a file that is already a temporary.
    private static func writeFile(_ data: Data, at path: String) throws(StrataError) {
        // Made under the lock that an immediate stop takes for good before it sweeps.
        let descriptor = creation.withLock { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
        guard descriptor >= 0 else {
            throw StrataError(.cannotCreate, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(path)
            throw StrataError(.ioError, "cannot write \(path): \(failure)")
        }
    }

    /// Held while a temporary file is made and while its folder is noted.
    private static let creation = NSLock()
    /// The folders this process has made temporary names in.
    nonisolated(unsafe) private static var temporaryFolders = Set<String>()

    /// For an immediate stop: takes the creation lock and never gives it back (no thread makes a
    /// temporary file after this), then removes every temporary file of this process in the
    /// folders it wrote to. ffmpeg must be stopped first (its output is such a file too).
    static func sealAndRemoveTemporaries() {
        creation.lock()
        let head = "\(temporaryPrefix)\(ProcessInfo.processInfo.processIdentifier)"
        for folder in temporaryFolders.sorted() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(head) {
                // Only this process's names: the PID is followed by a tag or the dash.
                let rest = name.dropFirst(head.count)
                guard rest.first == "-" else { continue }
                unlink(folder + "/" + name)
            }
        }
    }

    /// Creates `url` as a folder (and its parents) if needed.
    public static func createDirectory(_ url: URL) throws(StrataError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StrataError(.cannotCreate, "\(url.path) exists and is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw StrataError(.cannotCreate, "cannot create the folder \(url.path): \(error.localizedDescription)")
        }
    }
}
