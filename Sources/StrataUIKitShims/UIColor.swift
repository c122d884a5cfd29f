import Foundation
import StrataModel
import StrataQuartzCore

/// A colour (`UIColor`) for layer code: sRGB components 0…1, `cgColor` for layers. The system
/// colours are iOS's light-mode values.
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let cgColor: CGColor
    let rgba: (CGFloat, CGFloat, CGFloat, CGFloat)

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        rgba = (red, green, blue, alpha)
    }
    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(gray: white, alpha: alpha)
        rgba = (white, white, white, alpha)
    }
    /// Hue, saturation and brightness 0…1 (HSB, as UIKit's initialiser).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue).truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let s = Double(saturation), v = Double(brightness)
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        self.init(red: CGFloat(r + m), green: CGFloat(g + m), blue: CGFloat(b + m), alpha: alpha)
    }
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init(cgColor: CGColor) {
        let c = cgColor.strataColor
        self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
    /// Asset-catalogue colours do not exist here.
    public convenience init?(named name: String) { return nil }

    public var ciColor: CGColor { cgColor }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: rgba.0, green: rgba.1, blue: rgba.2, alpha: alpha) }
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
                       alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = rgba.0
        green?.pointee = rgba.1
        blue?.pointee = rgba.2
        alpha?.pointee = rgba.3
        return true
    }
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = 0.299 * rgba.0 + 0.587 * rgba.1 + 0.114 * rgba.2
        alpha?.pointee = rgba.3
        return true
    }
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?, brightness: UnsafeMutablePointer<CGFloat>?,
                       alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b) = (rgba.0, rgba.1, rgba.2)
        let maximum = max(r, g, b), minimum = min(r, g, b), delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == r { h = ((g - b) / delta).truncatingRemainder(dividingBy: 6) } else if maximum == g { h = (b - r) / delta + 2 } else { h = (r - g) / delta + 4 }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = rgba.3
        return true
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.cgColor == rhs.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
    public var description: String { "UIColor(red: \(rgba.0), green: \(rgba.1), blue: \(rgba.2), alpha: \(rgba.3))" }

    private static func rgb(_ hex: UInt32) -> UIColor {
        UIColor(red: CGFloat(hex >> 16 & 0xff) / 255, green: CGFloat(hex >> 8 & 0xff) / 255, blue: CGFloat(hex & 0xff) / 255, alpha: 1)
    }
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
    // iOS's system colours (light appearance).
    public static var systemRed: UIColor { rgb(0xFF3B30) }
    public static var systemOrange: UIColor { rgb(0xFF9500) }
    public static var systemYellow: UIColor { rgb(0xFFCC00) }
    public static var systemGreen: UIColor { rgb(0x34C759) }
    public static var systemMint: UIColor { rgb(0x00C7BE) }
    public static var systemTeal: UIColor { rgb(0x30B0C7) }
    public static var systemCyan: UIColor { rgb(0x32ADE6) }
    public static var systemBlue: UIColor { rgb(0x007AFF) }
    public static var systemIndigo: UIColor { rgb(0x5856D6) }
    public static var systemPurple: UIColor { rgb(0xAF52DE) }
    public static var systemPink: UIColor { rgb(0xFF2D55) }
    public static var systemBrown: UIColor { rgb(0xA2845E) }
    public static var systemGray: UIColor { rgb(0x8E8E93) }
    public static var systemGray2: UIColor { rgb(0xAEAEB2) }
    public static var systemGray3: UIColor { rgb(0xC7C7CC) }
    public static var systemGray4: UIColor { rgb(0xD1D1D6) }
    public static var systemGray5: UIColor { rgb(0xE5E5EA) }
    public static var systemGray6: UIColor { rgb(0xF2F2F7) }
    public static var label: UIColor { black }
    public static var secondaryLabel: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6) }
    public static var systemBackground: UIColor { white }
    public static var secondarySystemBackground: UIColor { systemGray6 }
    public static var separator: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29) }
    public static var tintColor: UIColor { systemBlue }
}
