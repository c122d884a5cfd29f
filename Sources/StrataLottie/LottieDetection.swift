import Foundation

// Telling a Lottie document from a scene file by its top-level keys.
extension LottieImporter {
    /// True when `data` is a Lottie document: a JSON object whose top-level keys include the
    /// composition's (`fr`, `ip`, `op`, `w`, `h`, `layers`). One pass over the bytes where they lie
    /// (not through `Data`'s iterator, a call a byte), nothing built, up to the last of those keys:
    /// the rest (most often the layers themselves) is the Lottie parser's to read, and to report
    /// where it is not JSON.
    public static func isLottie(_ data: Data) -> Bool {
        data.withUnsafeBytes { isLottie($0) }
    }

    /// True when `data` may be a Lottie document: its first byte other than a byte order mark and
    /// white space opens a JSON object (whether it is one, `parseIfLottie` tells).
    static func mayBeLottie(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue
                default: return byte == UInt8(ascii: "{")
                }
            }
            return false
        }
    }

    private static func isLottie(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let wanted: Set<String> = ["fr", "ip", "op", "w", "h", "layers"]
        var found: Set<String> = []
        var depth = 0
        var inString = false, escaped = false
        var key: [UInt8] = []
        var lastString: [UInt8]? = nil
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { lastString = key }
                } else if depth == 1 && key.count < 16 { key.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; key = []
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 && byte != UInt8(ascii: "{") { return false }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; if depth <= 0 { return found.isSuperset(of: wanted) }
            case UInt8(ascii: ":"):
                if depth == 1, let name = lastString {
                    let key = String(decoding: name, as: UTF8.self)
                    if wanted.contains(key) {
                        found.insert(key)
                        if found.count == wanted.count { return true }
                    }
                }
                lastString = nil
            case 0x20, 0x09, 0x0A, 0x0D: break
            default:
                if depth == 0 && byte != 0xEF && byte != 0xBB && byte != 0xBF { return false }
                lastString = nil
            }
        }
        return false
    }
}
