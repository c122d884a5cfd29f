import Foundation

/// Why SVG path data could not be read: where (a character offset), what was expected and what
/// was found.
public struct PathDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Offset of the problem in the data, in characters (UTF-8 bytes; path data is ASCII).
    public var offset: Int
    public var expected: String
    public var found: String

    public var description: String { "at character \(offset): expected \(expected), found \(found)" }
}

extension Path {
    /// Reads SVG path data (SVG 2's grammar): M L H V C S Q T A Z, absolute (upper case) and
    /// relative (lower case), implicit repeated commands (pairs after M are lines), numbers as
    /// `-1.5e3`, `.5`, `1.5.5` (= 1.5 0.5), `1-2` (= 1 −2), commas or spaces between them, and arc
    /// flags written together (`a1 1 0 0150 50`). H and V become lines, S and T become cubics and
    /// quadratics with the reflected control, and every arc four cubics (zero radii: a line; an
    /// arc to its own start: nothing), so the structure of a path depends only on its commands.
    ///
    /// Bounded by `Limits`: at most `maximumPathData` characters, `maximumPathElements`
    /// elements, coordinates within ±`maximumPathCoordinate` points; non-finite numbers and
    /// anything outside the grammar are errors, never a partial path.
    public init(svgData data: String) throws(PathDataError) {
        var parser = SVGPathParser(Array(data.utf8))
        self = try parser.parse()
    }
}

struct SVGPathParser {
    let bytes: [UInt8]
    var index = 0
    var path = Path()
    var current = Point.zero
    var subpathStart = Point.zero
    /// The last control point of the previous cubic (for S) or quadratic (for T).
    var lastCubicControl: Point? = nil
    var lastQuadControl: Point? = nil

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func error(_ expected: String, at offset: Int? = nil) -> PathDataError {
        let at = offset ?? index
        let found: String
        if at >= bytes.count {
            found = "the end of the data"
        } else {
            let end = min(bytes.count, at + 12)
            let text = String(decoding: bytes[at..<end], as: UTF8.self)
            found = "\"\(text)\(end < bytes.count ? "…" : "")\""
        }
        return PathDataError(offset: at, expected: expected, found: found)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Spaces, then at most one comma and spaces.
    mutating func skipSeparator() {
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipSpaces()
        }
    }

    /// True when a number starts here.
    var atNumber: Bool {
        guard index < bytes.count else { return false }
        let b = bytes[index]
        return Self.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    mutating func number(_ what: String) throws(PathDataError) -> Double {
        let start = index
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var digits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { throw error(what, at: start) }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            var exponentDigits = 0
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { throw error("digits after the exponent's e", at: i + 1) }
            i = j
        }
        guard i - start <= 64, let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
            throw error("a finite number", at: start)
        }
        guard abs(value) <= Limits.maximumPathCoordinate else {
            throw error("a number within ±\(Int(Limits.maximumPathCoordinate))", at: start)
        }
        index = i
        skipSeparator()
        return value
    }

    /// An arc flag: a single 0 or 1 (it may touch the next number).
    mutating func flag() throws(PathDataError) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error("an arc flag (0 or 1)")
        }
        let value = bytes[index] == UInt8(ascii: "1")
        index += 1
        skipSeparator()
        return value
    }

    mutating func point(relative: Bool) throws(PathDataError) -> Point {
        let start = index
        let x = try number("an x coordinate"), y = try number("a y coordinate")
        let p = relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
        guard abs(p.x) <= Limits.maximumPathCoordinate, abs(p.y) <= Limits.maximumPathCoordinate else {
            throw error("a point within ±\(Int(Limits.maximumPathCoordinate)) after adding the relative offset", at: start)
        }
        return p
    }

    mutating func emit(_ element: Path.Element) throws(PathDataError) {
        guard path.elements.count < Limits.maximumPathElements else {
            throw error("at most \(Limits.maximumPathElements) path elements")
        }
        path.append(element)
    }

    mutating func parse() throws(PathDataError) -> Path {
        guard bytes.count <= Limits.maximumPathData else {
            throw PathDataError(offset: 0, expected: "path data of at most \(Limits.maximumPathData) characters",
                                found: "\(bytes.count) characters")
        }
        skipSpaces()
        guard index < bytes.count else { return path }
        var command: UInt8 = 0
        var first = true
        while true {
            skipSpaces()
            if index >= bytes.count { break }
            let b = bytes[index]
            let commandStart = index
            if let _ = "MmLlHhVvCcSsQqTtAaZz".utf8.firstIndex(of: b) {
                command = b
                index += 1
                skipSpaces()
            } else if atNumber, command != 0, command != UInt8(ascii: "Z"), command != UInt8(ascii: "z") {
                // An implicit repeat; after a move, the pairs are lines.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                throw error(command == 0 ? "a path command (M or m first)" : "a path command or a number")
            }
            if first, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
                throw error("a move (M or m) first", at: commandStart)
            }
            first = false
            try segment(command)
        }
        return path
    }

    mutating func segment(_ command: UInt8) throws(PathDataError) {
        let relative = command >= UInt8(ascii: "a")
        var cubicControl: Point? = nil, quadControl: Point? = nil
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"):
            let p = try point(relative: relative)
            try emit(.move(p))
            current = p
            subpathStart = p
        case UInt8(ascii: "l"):
            let p = try point(relative: relative)
            try emit(.line(p))
            current = p
        case UInt8(ascii: "h"):
            let start = index
            let x = try number("an x coordinate")
            let p = Point(x: relative ? current.x + x : x, y: current.y)
            guard abs(p.x) <= Limits.maximumPathCoordinate else {
                throw error("a point within ±\(Int(Limits.maximumPathCoordinate)) after adding the relative offset", at: start)
            }
            try emit(.line(p))
            current = p
        case UInt8(ascii: "v"):
            let start = index
            let y = try number("a y coordinate")
            let p = Point(x: current.x, y: relative ? current.y + y : y)
            guard abs(p.y) <= Limits.maximumPathCoordinate else {
                throw error("a point within ±\(Int(Limits.maximumPathCoordinate)) after adding the relative offset", at: start)
            }
            try emit(.line(p))
            current = p
        case UInt8(ascii: "c"):
            let c1 = try point(relative: relative), c2 = try point(relative: relative), p = try point(relative: relative)
            try emit(.cubic(c1, c2, p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let c2 = try point(relative: relative), p = try point(relative: relative)
            try emit(.cubic(c1, c2, p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "q"):
            let c = try point(relative: relative), p = try point(relative: relative)
            try emit(.quad(c, p))
            current = p
            quadControl = c
        case UInt8(ascii: "t"):
            let c = lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let p = try point(relative: relative)
            try emit(.quad(c, p))
            current = p
            quadControl = c
        case UInt8(ascii: "a"):
            let rx = try number("the arc's x radius"), ry = try number("the arc's y radius")
            let rotation = try number("the arc's x-axis rotation (degrees)")
            let large = try flag(), sweep = try flag()
            let p = try point(relative: relative)
            try arc(to: p, rx: abs(rx), ry: abs(ry), rotationDegrees: rotation, large: large, sweep: sweep)
            current = p
        default:  // z
            try emit(.close)
            current = subpathStart
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// SVG's endpoint arc, converted to its centre form (SVG 2, implementation notes B.2.4, with
    /// radii scaled up when too small to reach), then to four cubics.
    mutating func arc(to end: Point, rx: Double, ry: Double, rotationDegrees: Double, large: Bool, sweep: Bool) throws(PathDataError) {
        let start = current
        if start == end { return }
        if rx == 0 || ry == 0 {
            try emit(.line(end))
            return
        }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (cp, sp) = (cos(phi), sin(phi))
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        var rx = rx, ry = ry
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        let numerator = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = denominator > 0 ? (numerator / denominator).squareRoot() : 0
        if large == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1 / ry, cyp = -coefficient * ry * x1 / rx
        let center = Point(x: cp * cxp - sp * cyp + (start.x + end.x) / 2, y: sp * cxp + cp * cyp + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
        var delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        guard [center.x, center.y, rx, ry, theta1, delta].allSatisfy(\.isFinite) else {
            throw error("an arc whose centre can be computed")
        }
        guard path.elements.count + 4 <= Limits.maximumPathElements else {
            throw error("at most \(Limits.maximumPathElements) path elements")
        }
        path.appendArcCurves(center: center, radii: (rx, ry), rotation: phi, startAngle: theta1, sweep: delta)
        // The last cubic ends at the computed end: put it exactly on the written one.
        if case .cubic(let c1, let c2, _) = path.elements.last {
            path.replaceLast(with: .cubic(c1, c2, end))
        }
    }
}

extension Path {
    /// Replaces the last element (same kind) — used to land an arc exactly on its written end.
    mutating func replaceLast(with element: Element) {
        guard let last = elements.last, last.kind == element.kind, last != .close else { return }
        elements[elements.count - 1] = element
        currentPoint = element.points.last
    }
}
