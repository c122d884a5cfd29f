import Foundation

/// A colour space (`CGColorSpace`): Strata draws in sRGB; the device and generic RGB and grey
/// spaces are sRGB's, Display P3's components are taken as sRGB ones.
public final class CGColorSpace: Hashable, @unchecked Sendable {
    public let name: String?
    /// Components a colour in this space has, without alpha.
    public let numberOfComponents: Int

    public init?(name: String) {
        let grey = name.lowercased().contains("gray") || name.lowercased().contains("grey")
        self.name = name
        numberOfComponents = grey ? 1 : 3
    }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }

extension CGColor {
    /// A colour from its components in `space` (alpha last); nil when the count does not fit it.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = space.numberOfComponents
        if n == 1 {
            self.init(gray: components[0], alpha: components[1])
        } else {
            self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        }
    }
    public var colorSpace: CGColorSpace? { CGColorSpace(name: numberOfComponents == 2 ? CGColorSpace.genericGrayGamma2_2 : CGColorSpace.sRGB) }
}
