import Foundation
import StrataModel

/// A colour (`CGColor`): sRGB components 0…1 and alpha 0…1, immutable as Core Graphics' colours
/// are. Grey colours are sRGB greys. Components are kept as given; Strata clamps them when it
/// draws (a wide-gamut component above 1 draws as 1).
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha (0…1); a grey colour's red, green and blue are equal.
    public let components: [CGFloat]?
    let rgba: (red: Double, green: Double, blue: Double, alpha: Double)
    /// The number of components: 2 for a grey, 4 for sRGB.
    public let numberOfComponents: Int

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        numberOfComponents = 4
        rgba = (Double(red), Double(green), Double(blue), Double(alpha))
    }
    /// A grey: `gray` is the sRGB level of all three channels.
    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
        numberOfComponents = 2
        rgba = (Double(gray), Double(gray), Double(gray), Double(alpha))
    }
    /// `CGColor(srgbRed:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Strata's colour.
    public convenience init(_ color: Color) {
        self.init(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
    }

    public var alpha: CGFloat { CGFloat(rgba.alpha) }
    /// The same colour with `alpha` (0…1) in place of its own.
    public func copy(alpha: CGFloat) -> CGColor? {
        numberOfComponents == 2 ? CGColor(gray: CGFloat(rgba.red), alpha: alpha)
            : CGColor(red: CGFloat(rgba.red), green: CGFloat(rgba.green), blue: CGFloat(rgba.blue), alpha: alpha)
    }
    public func copy() -> CGColor? { self }

    /// Strata's colour, each component clamped to 0…1 (a non-finite one is 0).
    public var strataColor: Color {
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        return Color(red: unit(rgba.red), green: unit(rgba.green), blue: unit(rgba.blue), alpha: unit(rgba.alpha))
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.rgba == rhs.rgba && lhs.numberOfComponents == rhs.numberOfComponents
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rgba.red)
        hasher.combine(rgba.green)
        hasher.combine(rgba.blue)
        hasher.combine(rgba.alpha)
    }
    public var description: String { "CGColor(\(strataColor))" }
}
