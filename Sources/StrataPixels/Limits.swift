/// Every limit of DESIGN §8 under one name, checked before anything is allocated. Each stage
/// checks the ones it meets: the scene decoder the tree, frame and radius limits, the raster
/// stage the surface limits.
public enum Limits {
    /// Longest side of a surface, in pixels.
    public static let maximumSide = 16_384
    /// Largest area of a surface, in pixels (64 Mpx).
    public static let maximumPixels = 64 * 1024 * 1024
    /// Deepest layer tree (the top-level layers are at depth 1).
    public static let maximumDepth = 256
    /// Most layers in one scene, masks included.
    public static let maximumLayers = 100_000
    /// Most ticks of a frame clock (and so most frames of a sequence).
    public static let maximumFrames = 100_000
    /// Largest blur radius (σ, or a blur overlay's or shadow's radius): a radius from a scene
    /// file or the command line is refused above it; one that animation or scaling takes past
    /// it is clamped to it when the filter runs.
    public static let maximumBlurRadius = 532.0
    /// Largest motion-blur length (a filter's or an overlay's radius), and largest box-blur radius
    /// on the command line: these kernels' cost does not grow with it, only the output's growth.
    public static let maximumBlurLength = 2000.0
    /// Longest SVG path data a scene may hold, in characters (1 MB).
    public static let maximumPathData = 1_000_000
    /// Most elements (moves, lines, curves, closes) in one path.
    public static let maximumPathElements = 100_000
    /// Largest coordinate of a path point, in points (either sign).
    public static let maximumPathCoordinate = 10_000_000.0
    /// Most entries in a line dash pattern.
    public static let maximumDashCount = 64
    /// Most dashes and gaps one dashed stroke may be cut into (its stroked length over the
    /// pattern's period, times the pattern's entries): Cairo strokes each on its own, ~20 ns
    /// apiece, so a pattern of 0.02 pt along 1e7 pt segments took hours a frame.
    public static let maximumDashes = 1_000_000.0
    /// Most instances of one replicator; a scene's layers counted with every instance drawn must
    /// stay within `maximumLayers`.
    public static let maximumReplicatorInstances = 10_000
    /// Longest text of one text layer, in UTF-8 bytes.
    public static let maximumTextLength = 100_000
    /// Most tab characters in one text layer: Pango's tab layout grows about 7× per doubling
    /// (2,000 tabs lay out in ~15 ms, 50,000 in 20 s).
    public static let maximumTabs = 2_000
    /// Longest run of characters without a line-break opportunity (a space, an ideograph) in
    /// wrapped text: breaking inside one word is quadratic in its length in Pango (2,000 letters
    /// ~60 ms, 20,000 ~8 s).
    public static let maximumUnbrokenRun = 2_000
    /// Largest font file a scene may add.
    public static let maximumFontFileBytes = 50_000_000
    /// Widest stroke, in points.
    public static let maximumLineWidth = 10_000.0

    /// Throws `RasterError.tooLarge` when a `width × height` surface breaks a limit, and
    /// `invalidArgument` for a non-positive side.
    public static func checkSurface(width: Int, height: Int) throws(RasterError) {
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
