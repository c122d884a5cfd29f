import CStrataHash
import Foundation

/// SHA-256 digests, for frame records and run fingerprints (`strata render`'s records, `strata
/// check`). Written in the project's C target CStrataHash; checked against FIPS 180-4's examples and
/// `sha256sum`.
public enum SHA256 {
    /// The digest of `bytes` as 64 lower-case hexadecimal digits (as `sha256sum` prints it).
    public static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        hex(bytes, path: .auto)
    }

    /// A code path of the digest. Every path gives the same digest; `auto` takes the x86 SHA
    /// extensions when the processor has them (about five times faster), the others are for tests.
    public enum Path: Int32, CaseIterable, Sendable {
        case portable = 0, auto = 1

        /// Whether this machine runs this path as itself (`auto` falls back to portable code).
        public var usesProcessorExtensions: Bool { self == .auto && strata_sha256_path_available(1) != 0 }
    }

    /// The digest of `bytes` computed on `path`.
    public static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes, path: Path) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                strata_sha256_with_path(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, out.baseAddress, path.rawValue)
            }
        }
        return hexDigits(digest)
    }

    /// The digest of a string's UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        hex(Array(text.utf8))
    }

    private static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` looks like a digest: 64 lower-case hexadecimal digits.
    public static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
