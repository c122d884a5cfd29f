import Foundation
import StrataQuartzCore

/// An image (`UIImage`) for layer contents: `cgImage` goes into `CALayer.contents`. `size` is
/// in points (pixels ÷ `scale`).
open class UIImage {
    public let cgImage: CGImage?
    public let scale: CGFloat
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Int = 0) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }
    /// A PNG, JPEG or WebP file; nil when it is missing or not an image.
    public init?(contentsOfFile path: String) {
        guard let image = try? CGImage.load(contentsOfFile: path) else { return nil }
        cgImage = image
        let name = (path as NSString).deletingPathExtension
        scale = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    }
    /// An image found by name: `name` itself, or `name.png` / `name.jpg` / `@2x` and `@3x`
    /// variants, in the current directory or the main bundle's resources.
    public convenience init?(named name: String) {
        let folders = [FileManager.default.currentDirectoryPath, Bundle.main.resourcePath].compactMap { $0 }
        let names = [name] + ["@3x", "@2x", ""].flatMap { suffix in ["png", "jpg", "jpeg"].map { "\(name)\(suffix).\($0)" } }
        for folder in folders {
            for candidate in names {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }
}

/// Insets from a rectangle's edges (`UIEdgeInsets`), in points.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with `insets` taken from its edges (`inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}

public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

extension NSCoder {
    /// Parses "{x, y}" (`NSCoder.cgPoint(for:)`, UIKit's); zero for text of another shape.
    public static func cgPoint(for string: String) -> CGPoint {
        let v = numbers(in: string, count: 2)
        return CGPoint(x: v[0], y: v[1])
    }
    /// Parses "{w, h}".
    public static func cgSize(for string: String) -> CGSize {
        let v = numbers(in: string, count: 2)
        return CGSize(width: v[0], height: v[1])
    }
    /// Parses "{{x, y}, {w, h}}".
    public static func cgRect(for string: String) -> CGRect {
        let v = numbers(in: string, count: 4)
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
    public static func string(for point: CGPoint) -> String { "{\(point.x), \(point.y)}" }
    public static func string(for size: CGSize) -> String { "{\(size.width), \(size.height)}" }
    public static func string(for rect: CGRect) -> String { "{{\(rect.minX), \(rect.minY)}, {\(rect.width), \(rect.height)}}" }

    /// `count` numbers from text such as "{1.5, -2}", or zeros when it holds another count.
    static func numbers(in string: String, count: Int) -> [CGFloat] {
        let parts = string.split(whereSeparator: { "{}, \t".contains($0) }).map { Double(String($0)) }
        guard parts.count == count, parts.allSatisfy({ $0?.isFinite == true }) else { return Array(repeating: 0, count: count) }
        return parts.map { CGFloat($0!) }
    }
}
