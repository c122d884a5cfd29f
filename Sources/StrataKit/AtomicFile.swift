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
        let folder = url.deletingLastPathComponent()
        if !overwrite && manager.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let temporary = folder.appendingPathComponent(
            "\(temporaryPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(url.lastPathComponent)")
        try writeFile(data, at: temporary.path)
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw StrataError(.ioError, "cannot move \(temporary.lastPathComponent) to \(url.path): \(reason)")
        }
    }

    /// Writes `data` to a new file at `path` (replacing one there) with one `write(2)` loop:
    /// Foundation's `createFile` writes to a temporary of its own and renames it, twice the work
    /// for a file that is already a temporary.
    private static func writeFile(_ data: Data, at path: String) throws(StrataError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
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
