import Foundation
import StrataModel

enum PathTarget {
    /// SVG path data → `Path` → its length, a trimmed part and its flattening.
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let start = Double(bytes[0]) / 255, end = Double(bytes[1]) / 255
        guard let path = try? Path(svgData: String(decoding: bytes.dropFirst(2), as: UTF8.self)) else { return }
        _ = path.length
        _ = path.trimmed(start: start, end: end)
        _ = path.controlBounds
    }
}
