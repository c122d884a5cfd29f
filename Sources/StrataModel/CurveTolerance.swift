/// How closely curves are drawn: the rasteriser replaces every curve (arcs, ellipses, Bézier
/// segments) by straight lines that lie at most this far from it, in canvas pixels.
///
/// A convex curve's lines lie inside it, so a coarse tolerance draws curved shapes slightly
/// small: at Cairo's default, 0.1 px, the edge pixels of a filled ellipse carry about 2 % less
/// coverage than its true area gives them (measured on After Effects' `lottie-ae` ellipse: 0.020
/// below the exact coverage on average; at 0.01 px, within 0.003 of it). Scene files keep the default, with which
/// their references were recorded, unless they ask for less (`curveTolerance:`); imported
/// animations are drawn at `imported`.
///
/// Finer than `standard`, a filled path's curves are flattened by Strata into lines of the curve's
/// own area, every point within the tolerance of the curve (`AreaFlattening`), as its players
/// fill the true outline (Core Animation, After Effects); strokes, rounded rectangles and glyphs
/// are flattened by Cairo within the tolerance (a stroke's chords move both its edges the same
/// way, so its area stays).
public enum CurveTolerance {
    /// Cairo's default, 0.1 px: what scene files are drawn with unless they say otherwise.
    public static let standard = 0.1
    /// 0.01 px: a curve's outline within a hundredth of a pixel, below what 8-bit coverage shows
    /// at an edge (imported animations).
    public static let exact = 0.01
    /// 0.03 px: imported animations. Fills enclose their true area (`fillsTrueArea`) and no
    /// drawn outline strays more than 0.03 px: After Effects' lottie-ae renders and lottie-ios's
    /// Core Animation pictures match as at `exact`, drawn with about a third of the lines.
    public static let imported = 0.03
    /// The range a scene may ask for, in canvas pixels: finer than 0.001 px only costs time, and
    /// coarser than 1 px shows corners.
    public static let range: ClosedRange<Double> = 0.001...1

    /// Whether filled paths are flattened by Strata to their true area at this tolerance: when it
    /// is finer than `standard` (scene files at the default keep Cairo's chords, with which their
    /// references were recorded).
    public static func fillsTrueArea(_ tolerance: Double) -> Bool {
        tolerance < standard
    }

    /// `value` within `range` (a non-finite value gives `standard`).
    public static func clamped(_ value: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : standard
    }
}
