/// How different two images may be and still match, compared on decoded, un-premultiplied
/// 8-bit pixels (two fully transparent pixels are equal whatever their colour bytes).
public struct SnapshotTolerance: Hashable, Sendable, CustomStringConvertible {
    /// Largest allowed difference of any channel (R, G, B or A) of a pixel, 0…255.
    public var maxChannelDifference: Int
    /// Fraction of pixels (0…1) allowed to exceed `maxChannelDifference`.
    public var maxDifferentPixelFraction: Double

    /// Creates a tolerance.
    public init(maxChannelDifference: Int, maxDifferentPixelFraction: Double = 0) {
        self.maxChannelDifference = maxChannelDifference
        self.maxDifferentPixelFraction = maxDifferentPixelFraction
    }

    /// Every byte equal.
    public static let exact = SnapshotTolerance(maxChannelDifference: 0)
    /// Each channel within ±1 (rounding differences), every pixel.
    public static let offByOne = SnapshotTolerance(maxChannelDifference: 1)
    /// Each channel within ±3, and up to 0.1 % of pixels beyond that (blurred edges).
    public static let blur = SnapshotTolerance(maxChannelDifference: 3, maxDifferentPixelFraction: 0.001)

    /// The preset called `name` (`exact`, `offByOne`/`off-by-one`, `blur`), if any.
    public static func named(_ name: String) -> SnapshotTolerance? {
        switch name {
        case "exact": .exact
        case "offByOne", "off-by-one": .offByOne
        case "blur": .blur
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .exact: ".exact"
        case .offByOne: ".offByOne"
        case .blur: ".blur"
        default: "±\(maxChannelDifference) on ≤ \(maxDifferentPixelFraction * 100)% of pixels"
        }
    }
}
