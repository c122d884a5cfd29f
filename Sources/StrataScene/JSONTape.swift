/// A parsed JSON document in compact storage: one byte array (the tape) with every value in
/// document order, and the lines values start on. A `SceneValue` read from JSON is this tape and
/// an offset into it; lists and mappings are made only when asked for. The tape is never longer
/// than the JSON text plus a few bytes per exotic number, so a document costs about its own size
/// (docs/robustness.md, "Memory in proportion to the file"), not an object per value.
///
/// Encoding, one value at an offset:
/// - `0x80 | n`: the whole number n (0…127);
/// - `null`, `false`, `true`: one byte each;
/// - a whole number: its sign's kind, then its magnitude as a varint (LEB128);
/// - a decimal `m × 10^e` that converts exactly (|m| < 2^53, |e| ≤ 22: Clinger's fast path, one
///   correctly rounded operation, as `Double(text)` rounds): the kind, m as a signed varint
///   (zig-zag), e as one signed byte;
/// - any other number: the kind, its text's length as a varint, the text (read with `Double`);
/// - a string: the kind, its UTF-8 length as a varint, the bytes;
/// - a list: the kind, the byte length of its elements as a varint, the elements;
/// - a mapping: the kind, the byte length of its members as a varint, then for each member its
///   key (varint length, bytes) and its value.
package final class JSONTape: Sendable {
    enum Kind {
        static let null: UInt8 = 0x01
        static let `false`: UInt8 = 0x02
        static let `true`: UInt8 = 0x03
        static let positive: UInt8 = 0x04
        static let negative: UInt8 = 0x05
        static let decimal: UInt8 = 0x06
        static let text: UInt8 = 0x07
        static let string: UInt8 = 0x08
        static let array: UInt8 = 0x09
        static let object: UInt8 = 0x0A
        static let smallInteger: UInt8 = 0x80
    }

    let bytes: [UInt8]
    /// Lines: `markOffsets[i]` is the first value's offset on line `markLines[i]` (ascending).
    let markOffsets: [UInt32]
    let markLines: [UInt32]

    init(bytes: [UInt8], markOffsets: [UInt32], markLines: [UInt32]) {
        self.bytes = bytes
        self.markOffsets = markOffsets
        self.markLines = markLines
    }

    /// Powers of ten that a `Double` holds exactly (10⁰ … 10²²).
    static let exactPowers: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// The value `m × 10^e`, correctly rounded, when the fast path applies.
    static func exactDecimal(_ mantissa: Int64, _ exponent: Int) -> Double? {
        guard mantissa.magnitude < (1 << 53), abs(exponent) <= 22 else { return nil }
        return exponent >= 0 ? Double(mantissa) * exactPowers[exponent] : Double(mantissa) / exactPowers[-exponent]
    }

    /// The bytes of the tape `value` is read from (nil for a made value), for tests and
    /// measurements.
    package static func size(of value: SceneValue) -> Int? { value.tape?.bytes.count }

    // MARK: - Reading

    /// A varint at `offset`: its value and the offset after it.
    @inline(__always)
    func varint(at offset: Int) -> (value: UInt64, next: Int) {
        var value: UInt64 = 0, shift: UInt64 = 0, at = offset
        while true {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 || shift >= 63 { return (value, at) }
            shift += 7
        }
    }

    /// The offset just past the value at `offset`.
    func end(of offset: Int) -> Int {
        let kind = bytes[offset]
        if kind >= Kind.smallInteger { return offset + 1 }
        switch kind {
        case Kind.null, Kind.false, Kind.true: return offset + 1
        case Kind.positive, Kind.negative: return varint(at: offset + 1).next
        case Kind.decimal: return varint(at: offset + 1).next + 1
        default:
            let (length, next) = varint(at: offset + 1)
            return next + Int(length)
        }
    }

    /// The number at `offset`, nil when the value there is not a number.
    func number(at offset: Int) -> Double? {
        let kind = bytes[offset]
        if kind >= Kind.smallInteger { return Double(kind & 0x7F) }
        switch kind {
        case Kind.positive: return Double(varint(at: offset + 1).value)
        case Kind.negative: return -Double(varint(at: offset + 1).value)
        case Kind.decimal:
            let (zigzag, next) = varint(at: offset + 1)
            let mantissa = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            return Self.exactDecimal(mantissa, Int(Int8(bitPattern: bytes[next]))) ?? .nan
        case Kind.text:
            let (length, next) = varint(at: offset + 1)
            return Double(String(decoding: bytes[next..<(next + Int(length))], as: UTF8.self)) ?? .nan
        default: return nil
        }
    }

    /// The bytes of the string (or key) whose varint length is at `offset`.
    @inline(__always)
    func stringBytes(at offset: Int) -> (range: Range<Int>, next: Int) {
        let (length, next) = varint(at: offset)
        return (next..<(next + Int(length)), next + Int(length))
    }

    /// The value at `offset`, as a `SceneValue.Content` (lists and mappings hold handles).
    func content(at offset: Int) -> SceneValue.Content {
        let kind = bytes[offset]
        switch kind {
        case Kind.null: return .null
        case Kind.false: return .bool(false)
        case Kind.true: return .bool(true)
        case Kind.string: return .string(String(decoding: bytes[stringBytes(at: offset + 1).range], as: UTF8.self))
        case Kind.array:
            var values: [SceneValue] = []
            var (at, end) = children(of: offset)
            while at < end {
                values.append(SceneValue(tape: self, offset: at))
                at = self.end(of: at)
            }
            return .array(values)
        case Kind.object:
            var entries: [(key: String, value: SceneValue)] = []
            var (at, end) = children(of: offset)
            while at < end {
                let (key, next) = stringBytes(at: at)
                entries.append((String(decoding: bytes[key], as: UTF8.self), SceneValue(tape: self, offset: next)))
                at = self.end(of: next)
            }
            return .object(entries)
        default: return .number(number(at: offset) ?? .nan)
        }
    }

    /// Where a list's or mapping's members start and end.
    @inline(__always)
    func children(of offset: Int) -> (start: Int, end: Int) {
        let (length, next) = varint(at: offset + 1)
        return (next, next + Int(length))
    }

    /// The value of the member `key` of the mapping at `offset` (nil when it is not a mapping,
    /// has no such member, or holds null there), found without making the mapping.
    func member(_ key: String, of offset: Int) -> Int? {
        guard bytes[offset] == Kind.object else { return nil }
        var key = key
        return key.withUTF8 { wanted -> Int? in
            guard let first = wanted.first else { return memberNamedEmpty(of: offset) }
            var (at, end) = children(of: offset)
            return bytes.withUnsafeBufferPointer { tape -> Int? in
                while at < end {
                    let (range, next) = stringBytes(at: at)
                    // The length and the first byte rule out most keys without a call.
                    if range.count == wanted.count && tape[range.lowerBound] == first
                        && (wanted.count == 1 || memcmp(tape.baseAddress! + range.lowerBound, wanted.baseAddress!, wanted.count) == 0) {
                        return tape[next] == Kind.null ? nil : next
                    }
                    at = self.end(of: next)
                }
                return nil
            }
        }
    }

    /// The member of the mapping at `offset` whose key is empty, as `member` finds one.
    private func memberNamedEmpty(of offset: Int) -> Int? {
        var (at, end) = children(of: offset)
        while at < end {
            let (range, next) = stringBytes(at: at)
            if range.isEmpty { return bytes[next] == Kind.null ? nil : next }
            at = self.end(of: next)
        }
        return nil
    }

    /// How many elements the list at `offset` has (nil when it is not a list).
    func count(of offset: Int) -> Int? {
        guard bytes[offset] == Kind.array else { return nil }
        var (at, end) = children(of: offset)
        var count = 0
        while at < end { count += 1; at = self.end(of: at) }
        return count
    }

    /// The numbers of the list at `offset` when it holds only numbers, at most `maximumCount` of
    /// them, each within ±`magnitude` (nil otherwise: the caller's checks then say what is wrong).
    func numbers(of offset: Int, maximumCount: Int, magnitude: Double, into result: inout [Double]) -> Bool {
        guard bytes[offset] == Kind.array else { return false }
        var (at, end) = children(of: offset)
        var count = 0
        while at < end {
            guard count < maximumCount, let value = number(at: at), abs(value) <= magnitude else { return false }
            result.append(value)
            count += 1
            at = self.end(of: at)
        }
        return true
    }

    /// The first two numbers of each list in the list at `offset` (points `[x, y, …]`), when every
    /// element is a list of 2…64 numbers within ±`magnitude` and there are at most `maximumCount`.
    func pairs(of offset: Int, maximumCount: Int, magnitude: Double) -> [(x: Double, y: Double)]? {
        guard bytes[offset] == Kind.array else { return nil }
        var (at, end) = children(of: offset)
        var result: [(x: Double, y: Double)] = []
        // A point takes at least four bytes of the tape (its kind, its length and two numbers).
        result.reserveCapacity(Swift.min(maximumCount, (end - at) / 4 + 1))
        while at < end {
            guard result.count < maximumCount, bytes[at] == Kind.array else { return nil }
            var (element, elementEnd) = children(of: at)
            var count = 0, x = 0.0, y = 0.0
            while element < elementEnd {
                guard count < 64, let value = number(at: element), abs(value) <= magnitude else { return nil }
                if count == 0 { x = value } else if count == 1 { y = value }
                count += 1
                element = self.end(of: element)
            }
            guard count >= 2 else { return nil }
            result.append((x, y))
            at = elementEnd
        }
        return result
    }

    /// The 1-based line the value at `offset` starts on.
    func line(at offset: Int) -> Int {
        // The last mark at or before the offset.
        var low = 0, high = markOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if Int(markOffsets[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 1 : Int(markLines[low - 1])
    }
}

#if canImport(Glibc)
import Glibc
#endif
