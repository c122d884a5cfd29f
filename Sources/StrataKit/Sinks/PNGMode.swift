import StrataRaster

/// The two PNG modes of the command line and the manifest.
public enum PNGMode: String, CaseIterable, Sendable {
    /// Strata's own encoder, the default for frames: 6–8.6× faster than libpng's defaults at
    /// 1.10–1.37× their size on 1080p frames (docs/png.md).
    case fast
    /// libdeflate over the same row filters: within 1.11× of libpng's size, 2.4–3.5× faster than
    /// it; for archives and reference images.
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
