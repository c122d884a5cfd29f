/// How a mask's distance ramp is eased (seed 003).
public enum MaskEasing: String, Hashable, Sendable, CaseIterable {
    /// Hermite smoothstep 3t² − 2t³.
    case smoothstep
    /// Quadratic ease-in t².
    case easeIn
    /// t.
    case linear

    /// The eased value of t in 0…1.
    public func apply(_ t: Double) -> Double {
        switch self {
        case .smoothstep: t * t * (3 - 2 * t)
        case .easeIn: t * t
        case .linear: t
        }
    }
}

/// A generated mask for a variable blur: the blur's σ at a pixel is maxRadius × mask (0…1).
public enum BlurMaskShape: Hashable, Sendable {
    /// A ramp from 0 at `start` to 1 at `end` (unit coordinates of the mask: (0, 0) top-left,
    /// (1, 1) bottom-right), eased.
    case linear(startX: Double, startY: Double, endX: Double, endY: Double, easing: MaskEasing)
    /// The seed's rounded-rectangle SDF over the whole mask, inset by `inset` pixels: 1 outside the
    /// rectangle and on its edge, falling to 0 at `fadeWidth` pixels inside (eased).
    case roundedRect(inset: Double, cornerRadius: Double, fadeWidth: Double, easing: MaskEasing)
    /// The same with a superellipse (|x/a|ⁿ + |y/b|ⁿ = 1, n = `exponent`, 4 by default): a squircle.
    case squircle(inset: Double, exponent: Double, fadeWidth: Double, easing: MaskEasing)
}
