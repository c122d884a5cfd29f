import CDeflate
import Foundation
import StrataScene

/// A dotLottie file: a zip holding `manifest.json`, the animations (`animations/ID.json`, or
/// `a/ID.json` in version 2) and their images (`images/…`, `i/…`). Read whole from memory, every
/// entry checked before it is inflated: at most `maximumEntries`, each at most `maximumEntryBytes`
/// inflated and at most `maximumRatio` times its compressed size, names without `..` or a leading
/// `/`, stored or deflated, CRC-32 checked.
struct LottieArchive {
    static let maximumEntries = 1000
    static let maximumEntryBytes = 64 << 20
    static let maximumTotalBytes = 256 << 20
    static let maximumRatio = 1000

    /// The entries by name.
    private(set) var entries: [String: [UInt8]] = [:]
    let file: String

    /// True when `data` starts as a zip does.
    static func isArchive(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    init(_ data: Data, file: String) throws(SceneError) {
        self.file = file
        let bytes = [UInt8](data)
        func fail(_ expected: String, _ found: String) -> SceneError {
            SceneError(file: file, keyPath: "", expected: "a dotLottie zip: \(expected)", found: found)
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end of the central directory: its signature within the last 64 KiB + 22 bytes.
        guard bytes.count >= 22 else { throw fail("an end-of-directory record", "\(bytes.count) bytes") }
        var end = -1
        var at = bytes.count - 22
        while at >= max(0, bytes.count - 22 - 65_535) {
            if bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 0x05 && bytes[at + 3] == 0x06 { end = at; break }
            at -= 1
        }
        guard end >= 0 else { throw fail("an end-of-directory record", "none") }
        let count = u16(end + 10), directorySize = u32(end + 12), directoryStart = u32(end + 16)
        guard count <= Self.maximumEntries else { throw fail("at most \(Self.maximumEntries) entries", "\(count)") }
        guard directoryStart + directorySize <= end else { throw fail("a central directory inside the file", "one past it") }
        var cursor = directoryStart
        var total = 0
        let decompressor = libdeflate_alloc_decompressor()
        defer { libdeflate_free_decompressor(decompressor) }
        for _ in 0..<count {
            guard cursor + 46 <= end, u32(cursor) == 0x0201_4B50 else { throw fail("a central directory entry", "other bytes at \(cursor)") }
            let flags = u16(cursor + 8), method = u16(cursor + 10), crc = UInt32(u32(cursor + 16))
            let packed = u32(cursor + 20), size = u32(cursor + 24)
            let nameLength = u16(cursor + 28), extraLength = u16(cursor + 30), commentLength = u16(cursor + 32)
            let local = u32(cursor + 42)
            guard cursor + 46 + nameLength <= end else { throw fail("an entry name inside the directory", "one past it") }
            let nameBytes = bytes[(cursor + 46)..<(cursor + 46 + nameLength)]
            let name = String(decoding: nameBytes, as: UTF8.self)
            cursor += 46 + nameLength + extraLength + commentLength
            if name.hasSuffix("/") { continue }
            // Bit 0 of the flags: encrypted (traditional PKWARE or strong encryption); never read.
            guard flags & 1 == 0 else { throw fail("entries that are not encrypted", "\(name), flagged encrypted") }
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), !name.contains("\\") else {
                throw fail("entry names inside the archive", "\"\(name)\"")
            }
            guard size <= Self.maximumEntryBytes, size <= max(1, packed) * Self.maximumRatio else {
                throw fail("entries of at most \(Self.maximumEntryBytes) bytes, \(Self.maximumRatio) times their compressed size", "\(name): \(size) bytes from \(packed)")
            }
            total += size
            guard total <= Self.maximumTotalBytes else { throw fail("at most \(Self.maximumTotalBytes) bytes in all", "more") }
            guard local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else { throw fail("a local header for \(name)", "other bytes") }
            // The local header names the same entry, unencrypted: a reader that walks local
            // headers must see what this one checked.
            let localNameLength = u16(local + 26)
            guard local + 30 + localNameLength <= bytes.count, bytes[(local + 30)..<(local + 30 + localNameLength)].elementsEqual(nameBytes) else {
                throw fail("a local header with the central directory's name \"\(name)\"", "another name")
            }
            guard u16(local + 6) & 1 == 0 else { throw fail("entries that are not encrypted", "\(name), flagged encrypted in its local header") }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            guard start + packed <= bytes.count else { throw fail("\(name)'s data inside the file", "it runs past the end") }
            var output = [UInt8](repeating: 0, count: size)
            switch method {
            case 0:
                guard packed == size else { throw fail("a stored entry of its size", "\(name): \(packed) of \(size) bytes") }
                output = Array(bytes[start..<(start + size)])
            case 8:
                var produced = 0
                let result = bytes.withUnsafeBufferPointer { input in
                    output.withUnsafeMutableBufferPointer { out in
                        libdeflate_deflate_decompress(decompressor, input.baseAddress! + start, packed, out.baseAddress, size, &produced)
                    }
                }
                guard result == LIBDEFLATE_SUCCESS, produced == size else { throw fail("\(name) deflated as its header says", "corrupt data") }
            default:
                throw fail("stored or deflated entries", "\(name) compressed with method \(method)")
            }
            let check = output.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            guard check == crc else { throw fail("\(name) with its CRC-32", "another checksum") }
            entries[name] = output
        }
    }

    /// The animation `id` names (the manifest's first when nil): the entry that holds its JSON,
    /// which errors name it by, and a warning when the manifest is missing or unreadable. Then, as players do,
    /// the animations the archive holds (`animations/*.json`, `a/*.json`, by name) stand for it.
    func animationEntry(_ id: String?) throws(SceneError) -> (name: String, warning: String?) {
        var ids: [String] = []
        var warning: String?
        if let manifest = entries["manifest.json"] {
            let root = (try? SceneValue.parseJSON(Data(manifest), file: "\(file)#manifest.json")).map { LottieNode(value: $0, file: file) }
            ids = ((try? root?["animations"]?.array()) ?? []).compactMap { try? $0.string("id") }
            if ids.isEmpty { warning = "\(file): manifest.json lists no animation (it is not a dotLottie manifest): the archive's animations are read instead" }
        } else {
            warning = "\(file): the archive has no manifest.json: its animations are read instead"
        }
        if ids.isEmpty {
            ids = entries.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted()
                .map { String($0.split(separator: "/").last!.dropLast(5)) }
        }
        guard let chosen = id ?? ids.first else {
            throw SceneError(file: file, keyPath: "manifest.json", expected: "an animation", found: "none")
        }
        guard ids.contains(chosen) else {
            throw SceneError(file: file, keyPath: "manifest.json.animations", expected: "an animation with the id \"\(chosen)\" (there are: \(ids.joined(separator: ", ")))", found: "none")
        }
        for name in ["animations/\(chosen).json", "a/\(chosen).json"] {
            if entries[name] != nil { return (name, warning) }
        }
        throw SceneError(file: file, keyPath: "animations/\(chosen).json", expected: "the animation's JSON", found: "no such entry")
    }

    /// The bytes of the entry `name`, taken out of the archive (an animation, once parsed, is
    /// not kept twice).
    mutating func take(_ name: String) -> [UInt8] {
        entries.removeValue(forKey: name) ?? []
    }

    /// An image entry by the asset's folder and name (`/images/` or `images/`, then `i/`).
    func image(folder: String, name: String) -> [UInt8]? {
        let trimmed = folder.hasPrefix("/") ? String(folder.dropFirst()) : folder
        return entries[trimmed + name] ?? entries["images/" + name] ?? entries["i/" + name]
    }
}
