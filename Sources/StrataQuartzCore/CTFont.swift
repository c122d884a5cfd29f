import Foundation

/// A font a `CATextLayer` can take in `font` besides a family name: a `CTFont` (`UIFont`) or a `CGFont`.
public protocol CATextLayerFont {
    var textLayerFamily: String { get }
    /// CSS weight, 100…900.
    var textLayerWeight: Double { get }
    var textLayerIsItalic: Bool { get }
}

/// Core Foundation's string (`CFString`): on Darwin toll-free bridged to `NSString`, here the same
/// type, so `name as CFString` and `cfName as String` compile as they do there.
public typealias CFString = NSString

/// A font (`CTFont`): a family, its PostScript name, a size in points, a weight and a slant. On
/// Darwin `UIFont` is toll-free bridged to it; StrataUIKitShims makes `UIFont` this very class, so
/// `ctFont as UIFont` holds. A `CATextLayer` draws its family and face with its own `fontSize`,
/// as Core Animation does.
open class CTFont: Hashable, CATextLayerFont, @unchecked Sendable {
    public let familyName: String
    /// The PostScript name (`CTFontCopyPostScriptName`), the name it was made with.
    public let fontName: String
    /// Size in points.
    public let pointSize: CGFloat
    /// Weight on Core Text's and UIKit's scale, −1 (ultra light) … 1 (black); regular is 0
    /// (`kCTFontWeightTrait`).
    public let weightTrait: CGFloat
    public let isItalic: Bool

    /// `CTFontCreateWithName`: the weight and slant read from the name's words, as a font
    /// provider matches a style name ("Helvetica-BoldOblique"). (UIKit's failable
    /// `UIFont(name:size:)` is StrataUIKitShims' and calls this.)
    public init(postScriptName name: String, size: CGFloat) {
        familyName = name
        fontName = name
        pointSize = size
        let lower = name.lowercased()
        weightTrait = lower.contains("bold") ? 0.4 : 0
        isItalic = lower.contains("italic") || lower.contains("oblique")
    }

    public init(family: String, size: CGFloat, weightTrait: CGFloat, italic: Bool = false) {
        familyName = family
        fontName = family
        pointSize = size
        self.weightTrait = weightTrait
        isItalic = italic
    }

    public static func == (lhs: CTFont, rhs: CTFont) -> Bool {
        lhs.familyName == rhs.familyName && lhs.pointSize == rhs.pointSize && lhs.weightTrait == rhs.weightTrait && lhs.isItalic == rhs.isItalic
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(familyName)
        hasher.combine(pointSize)
    }

    public var textLayerFamily: String { familyName }
    /// The CSS weight (100…900) nearest to the trait.
    public var textLayerWeight: Double {
        let table: [(CGFloat, Double)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900)]
        return table.min { abs($0.0 - weightTrait) < abs($1.0 - weightTrait) }!.1
    }
    public var textLayerIsItalic: Bool { isItalic }
}

/// `CTFontCreateWithName(name, size, matrix)`: a size of 0 is Core Text's default, 12 points; the
/// matrix is not applied.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(postScriptName: name as String, size: size == 0 ? 12 : size)
}

/// `CTFontCopyPostScriptName`.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.fontName as CFString }

/// `CTFontGetSize`, in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }

/// A font without a size (`CGFont`), made from its PostScript or family name. A `CATextLayer`
/// given one draws its family with its own `fontSize`, as Core Animation does.
public final class CGFont: CATextLayerFont, @unchecked Sendable {
    private let font: CTFont
    /// `CGFont(name)`; nil for an empty name, as no font has one.
    public init?(_ name: CFString) {
        guard name.length > 0 else { return nil }
        font = CTFont(postScriptName: name as String, size: 12)
    }
    public var postScriptName: CFString? { font.fontName as CFString }
    public var fullName: CFString? { font.familyName as CFString }
    public var textLayerFamily: String { font.textLayerFamily }
    public var textLayerWeight: Double { font.textLayerWeight }
    public var textLayerIsItalic: Bool { font.textLayerIsItalic }
}
