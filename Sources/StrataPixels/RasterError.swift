/// An error of the pixel stages: a size or argument that cannot be used, or PNG data.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A size or argument that cannot be used.
    case invalidArgument(String)
    /// A size over `Limits`.
    case tooLarge(String)
    /// Data that is not a readable PNG.
    case invalidPNG(String)
    /// The PNG encoder failed.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message), .tooLarge(let message), .invalidPNG(let message),
             .encodingFailed(let message):
            return message
        }
    }
}
