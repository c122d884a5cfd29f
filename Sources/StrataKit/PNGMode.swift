import StrataRaster

/// The two PNG modes of the command line and the manifest.
public enum PNGMode: String, CaseIterable, Sendable {
    /// Strata's own encoder, the default for frames: several times faster than libpng's defaults
    /// at up to ~1.4× their size.
    case fast
    /// libdeflate over the same row filters: about libpng's size, a few times faster than it; for
    /// archives and reference images.
    case compact

    /// The encoder settings of this mode.
    public var options: PNGCodec.EncodingOptions {
        switch self {
        case .fast: .fast
        case .compact: .compact
        }
    }
}

extension PNGCodec.EncodingOptions {
    /// The name the manifest records: `fast`, `compact` or `zlib`.
    public var modeName: String { mode.rawValue }
}
