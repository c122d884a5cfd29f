/// An sRGB colour with straight (not premultiplied) alpha; every component in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// Coverage, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0…1 (values outside are clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; nil when the text is not such a colour.
    public init?(hex text: String) {
        // Hex digits only, read as bytes (a scene of 100,000 layers has as many colours; and
        // `UInt8(_:radix:)` on pairs took "+f" and "-0" for numbers).
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        for (offset, byte) in text.utf8.enumerated() {
            if offset == 0 {
                guard byte == 0x23 else { return nil }
                continue
            }
            guard nibbles.count < 8 else { return nil }
            switch byte {
            case 0x30...0x39: nibbles.append(byte - 0x30)
            case 0x41...0x46: nibbles.append(byte - 0x41 + 10)
            case 0x61...0x66: nibbles.append(byte - 0x61 + 10)
            default: return nil
            }
        }
        if nibbles.count == 3 || nibbles.count == 4 { nibbles = nibbles.flatMap { [$0, $0] } }
        guard nibbles.count == 6 || nibbles.count == 8 else { return nil }
        func component(_ k: Int) -> Double { Double(nibbles[2 * k] << 4 | nibbles[2 * k + 1]) / 255 }
        self.init(red: component(0), green: component(1), blue: component(2), alpha: nibbles.count == 8 ? component(3) : 1)
    }

    /// Creates a colour from a 24-bit `0xRRGGBB` literal, as in CSS: `Color(rgb: 0x1e88e5)`. Bits
    /// above the low 24 are ignored; `alpha` is in 0…1.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
                  alpha: alpha)
    }

    /// Creates a colour from a 32-bit `0xRRGGBBAA` literal: `Color(rgba: 0x1e88e580)`.
    public init(rgba: UInt32) {
        self.init(rgb: rgba >> 8, alpha: Double(rgba & 0xFF) / 255)
    }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, throwing an error that shows the text
    /// (the failable `init?(hex:)` for code that has a fallback).
    public init(parsing text: String) throws(ColorError) {
        guard let color = Color(hex: text) else { throw ColorError(text: text) }
        self = color
    }

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    public var description: String {
        func hex(_ v: Double) -> String {
            let byte = Int(saturating: min(max(v, 0), 1) * 255, .toNearestOrAwayFromZero)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
}

/// A text that is not a colour.
public struct ColorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String

    public var description: String {
        "expected a colour (#rgb, #rgba, #rrggbb or #rrggbbaa with hexadecimal digits), found \"\(text.prefix(40))\""
    }
}
