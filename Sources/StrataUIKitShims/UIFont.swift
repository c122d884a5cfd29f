import Foundation
import StrataQuartzCore

/// A font (`UIFont`) for `CATextLayer.font`: a family name, a point size and a weight. As on
/// Darwin, where the two are toll-free bridged, a `UIFont` is a `CTFont` (StrataQuartzCore), so
/// `ctFont as UIFont` and `[font] as? [CTFont]` hold. Strata lays text out with Pango on its own
/// fonts (docs/core-animation.md); the system font is drawn in DejaVu Sans, Helvetica and Arial in
/// TeX Gyre Heros.
public typealias UIFont = CTFont

extension CTFont {
    /// Weights as UIKit names them, −1 (ultra light) … 1 (black); regular is 0.
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)
    }

    /// `UIFont(name:size:)`: nil for an empty name or a size that is not finite and positive (UIKit
    /// returns nil for a font it does not have; Strata draws any family Pango can match).
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size.isFinite, size > 0 else { return nil }
        self.init(postScriptName: name, size: size)
    }

    public var weight: Weight { Weight(weightTrait) }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weightTrait: 0) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weightTrait: weight.rawValue) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weightTrait: Weight.bold.rawValue) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(family: "DejaVu Sans", size: size, weightTrait: 0, italic: true) }
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(family: familyName, size: size, weightTrait: weightTrait, italic: isItalic) }
}

/// The screen (`UIScreen.main`) layer code reads its scale from (`contentsScale = UIScreen.main.scale`):
/// 2 pixels per point and a 390 × 844-point iPhone's bounds. Renders take their own `scale:`.
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()
    public let scale: CGFloat = 2
    public let nativeScale: CGFloat = 2
    public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
}
