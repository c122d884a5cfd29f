#if canImport(Glibc)
import Glibc
#endif

/// The one way Strata opens a file on a file's behalf — a scene's image or font, a Lottie
/// animation's image, anything under `--assets`: the name is resolved one component at a time
/// under an open descriptor of the allowed folder, every component opened with `O_NOFOLLOW`, and
/// a symbolic link followed by reading it and resolving its target the same way, never by the
/// kernel. A name or a link that would leave the folder (absolute, `..` past its top, a target
/// outside it) is refused before anything outside is looked at, so the answer is the same whether
/// or not the outside path exists. What is opened is checked, on the open descriptor, to be a
/// regular file of at most `maximumBytes` (a FIFO or a device is refused without blocking: the
/// final open is non-blocking), and read from that descriptor: no check-then-open race.
package enum ConfinedFile {
    /// Why a file could not be read.
    package enum Failure: Error, Equatable {
        /// The name, or a link on its way, leads out of the folder (or is not a relative name).
        case outside
        /// Nothing by that name inside the folder (or a folder on its way is missing).
        case missing
        /// It is there but is not a regular file (a folder, a FIFO, a device, a socket).
        case notRegular
        /// It is larger than the limit: its size in bytes.
        case tooLarge(Int)
        /// Reading failed: the system's message.
        case unreadable(String)
    }

    /// Most symbolic links followed for one name (Linux's own limit is 40).
    package static let maximumLinks = 40

    /// A file read: its bytes and the real path of what was read (inside the folder), for a
    /// library that must be handed a path (fonts).
    package struct Contents {
        package let bytes: [UInt8]
        package let realPath: String
    }

    /// The bytes of the regular file `name` inside `folder`.
    /// - Parameters:
    ///   - name: a relative path written in the file (`images/a.png`), `/`-separated.
    ///   - folder: the allowed folder; it may itself be reached through a link.
    ///   - maximumBytes: the largest file read, checked on the opened file before reading.
    package static func read(_ name: String, in folder: String, maximumBytes: Int) -> Result<Contents, Failure> {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0"), !folder.contains("\0") else { return .failure(.outside) }
        let root = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return .failure(.missing) }
        // The open folders from the root down: `..` within the folder pops one.
        var folders: [Int32] = [root]
        defer { for descriptor in folders { close(descriptor) } }
        var pending = components(name)
        var links = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == ".." {
                guard folders.count > 1 else { return .failure(.outside) }
                close(folders.removeLast())
                continue
            }
            let isLast = pending.isEmpty
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (isLast ? O_NONBLOCK : O_DIRECTORY)
            let descriptor = openat(folders[folders.count - 1], component, flags)
            if descriptor >= 0 {
                if isLast { return readRegular(descriptor, maximumBytes: maximumBytes) }
                folders.append(descriptor)
                continue
            }
            let failure = errno
            // O_NOFOLLOW on a link: ELOOP (or ENOTDIR with O_DIRECTORY on some systems).
            if let target = linkTarget(folders[folders.count - 1], component) {
                links += 1
                guard links <= maximumLinks, !target.isEmpty, !target.hasPrefix("/") else { return .failure(.outside) }
                pending = components(target) + pending
                continue
            }
            switch failure {
            case ENOENT: return .failure(.missing)
            case ENOTDIR: return .failure(isLast ? .notRegular : .missing)
            case ENXIO, ENODEV: return .failure(.notRegular)
            default: return .failure(.unreadable(String(cString: strerror(failure))))
            }
        }
        return .failure(.notRegular)  // the name was only "." components: the folder itself
    }

    /// A name's components, without empty ones and ".".
    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    /// The target of the symbolic link `name` in the folder `descriptor`, nil when it is none.
    private static func linkTarget(_ descriptor: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(descriptor, name, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of the open file `descriptor` (closed here), which must be a regular file.
    private static func readRegular(_ descriptor: Int32, maximumBytes: Int) -> Result<Contents, Failure> {
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let size = Int(status.st_size)
        guard size <= maximumBytes else { return .failure(.tooLarge(size)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }  // the file shrank while read: what is there
            done += count
        }
        if done < size { bytes.removeLast(size - done) }
        return .success(Contents(bytes: bytes, realPath: linkTarget(AT_FDCWD, "/proc/self/fd/\(descriptor)") ?? ""))
    }
}

extension ConfinedFile.Failure {
    /// "found …" for an error message. `.outside` says only what was written, never whether
    /// anything exists where it leads.
    package func found(_ name: String) -> String {
        let shown = "\"\(name.count > 80 ? name.prefix(80) + "…" : name)\""
        switch self {
        case .outside: return "\(shown), which leads out of the folder"
        case .missing: return "no file at \(shown)"
        case .notRegular: return "\(shown), which is not a regular file"
        case .tooLarge(let size): return "\(shown), a file of \(size) bytes"
        case .unreadable(let message): return "\(shown), which cannot be read (\(message))"
        }
    }
}
