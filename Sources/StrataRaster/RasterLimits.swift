/// Size limits checked before any pixel memory is allocated (DESIGN §8).
public enum RasterLimits {
    /// Longest side of a surface, in pixels.
    public static let maximumSide = 16_384
    /// Largest area of a surface, in pixels (64 Mpx).
    public static let maximumPixels = 64 * 1024 * 1024

    /// Throws `RasterError.tooLarge` when a `width × height` surface breaks a limit, and
    /// `invalidArgument` for a non-positive side.
    public static func check(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else {
            throw .invalidArgument("an image needs a positive width and height, found \(width)×\(height)")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw .tooLarge("\(width)×\(height) pixels has a side over the limit of \(maximumSide) px")
        }
        guard width * height <= maximumPixels else {
            throw .tooLarge("\(width)×\(height) pixels is over the limit of \(maximumPixels / (1024 * 1024)) Mpx")
        }
    }
}

/// An error of the raster stage.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A size or argument that cannot be used.
    case invalidArgument(String)
    /// A size over `RasterLimits`.
    case tooLarge(String)
    /// Data that is not a readable PNG.
    case invalidPNG(String)
    /// libpng failed to encode.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message), .tooLarge(let message), .invalidPNG(let message),
             .encodingFailed(let message):
            return message
        }
    }
}
