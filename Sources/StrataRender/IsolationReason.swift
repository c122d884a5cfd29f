/// Why a render node is drawn into an offscreen group instead of straight onto its parent.
///
/// Isolation is one named decision (STYLE §2): a node is isolated exactly when this list is not
/// empty, and opacity 1 alone never allocates a surface.
public enum IsolationReason: String, Hashable, Sendable, CaseIterable {
    /// Opacity < 1 over more than one draw: the draws must blend with each other first, then fade
    /// together (no darker overlaps). With a single draw the opacity is folded into it instead.
    case opacity
    /// A mask layer multiplies the group's alpha.
    case mask
    /// A shadow is cast by the group's rendered alpha.
    case shadow
    /// Filters run on the layer and its sublayers drawn offscreen.
    case filter
    /// The group starts from the filtered backdrop (what was drawn behind the layer, inside its
    /// shape), so that the layer's opacity applies to the filtered backdrop too.
    case backdropFilter
    /// The group blends with what is behind it with a blend mode other than normal.
    case blendMode
    /// A 3-D transform that is not affine in the parent's plane: the layer is drawn flat to an
    /// offscreen surface (in its own coordinates) and mapped into its parent by its homography.
    case projection
}
