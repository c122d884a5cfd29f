import Foundation
import StrataQuartzCore

/// A font (`UIFont`) for `CATextLayer.font`: a family name, a point size and a weight. Strata
/// lays text out with Pango on its own fonts (docs/core-animation.md); the system font is drawn in
/// DejaVu Sans, Helvetica and Arial in TeX Gyre Heros.
open class UIFont: Hashable, @unchecked Sendable {
    /// Weights as UIKit names them, −1 (ultra light) … 1 (black); regular is 0.
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)

        /// The CSS weight (100…900) nearest to UIKit's.
        public var cssWeight: Double {
            let table: [(CGFloat, Double)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900)]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    public let familyName: String
    public let fontName: String
    public let pointSize: CGFloat
    public let weight: Weight
    public let isItalic: Bool

    public init?(name: String, size: CGFloat) {
        familyName = name
        fontName = name
        pointSize = size
        weight = name.lowercased().contains("bold") ? .bold : .regular
        isItalic = name.lowercased().contains("italic") || name.lowercased().contains("oblique")
    }
    init(family: String, size: CGFloat, weight: Weight, italic: Bool = false) {
        familyName = family
        fontName = family
        pointSize = size
        self.weight = weight
        isItalic = italic
    }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weight: .regular) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weight: weight) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weight: .bold) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weight: .regular, italic: true) }
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(family: familyName, size: size, weight: weight, italic: isItalic) }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.familyName == rhs.familyName && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight && lhs.isItalic == rhs.isItalic
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(familyName)
        hasher.combine(pointSize)
    }
}

extension UIFont: CATextLayerFont {
    public var textLayerFamily: String { familyName }
    public var textLayerWeight: Double { weight.cssWeight }
    public var textLayerIsItalic: Bool { isItalic }
}

/// The screen (`UIScreen.main`) layer code reads its scale from (`contentsScale = UIScreen.main.scale`):
/// 2 pixels per point and a 390 × 844-point iPhone's bounds. Renders take their own `scale:`.
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()
    public let scale: CGFloat = 2
    public let nativeScale: CGFloat = 2
    public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
}
