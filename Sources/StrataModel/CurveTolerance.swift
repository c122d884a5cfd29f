/// How closely curves are drawn: the rasteriser replaces every curve (arcs, ellipses, Bézier
/// segments) by straight lines that lie at most this far from it, in canvas pixels.
///
/// A convex curve's lines lie inside it, so a coarse tolerance draws curved shapes slightly
/// small: at Cairo's default, 0.1 px, the edge pixels of a filled ellipse carry about 2 % less
/// coverage than its true area gives them (measured on After Effects' `lottie-ae` ellipse: 0.020
/// below the exact coverage on average; at 0.01 px, within 0.003 of it). Scene files keep the default, with which
/// their references were recorded, unless they ask for less (`curveTolerance:`); imported
/// animations are drawn at `exact`, as their players draw curves (Core Animation and After
/// Effects fill the true outline).
public enum CurveTolerance {
    /// Cairo's default, 0.1 px: what scene files are drawn with unless they say otherwise.
    public static let standard = 0.1
    /// 0.01 px: a curve's outline within a hundredth of a pixel, below what 8-bit coverage shows
    /// at an edge (imported animations).
    public static let exact = 0.01
    /// The range a scene may ask for, in canvas pixels: finer than 0.001 px only costs time, and
    /// coarser than 1 px shows corners.
    public static let range: ClosedRange<Double> = 0.001...1

    /// `value` within `range` (a non-finite value gives `standard`).
    public static func clamped(_ value: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : standard
    }
}
