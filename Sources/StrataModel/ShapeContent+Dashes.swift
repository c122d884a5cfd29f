import StrataPixels

extension ShapeContent {
    /// The dash pattern a stroke draws with: `lineDashPattern` when it has a positive entry and no
    /// negative or non-finite one (at most `Limits.maximumDashCount` entries), else nil — a solid
    /// stroke, as Cairo and Core Animation draw such a pattern.
    public var effectiveDashPattern: [Double]? {
        let pattern = lineDashPattern.prefix(Limits.maximumDashCount)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), pattern.contains(where: { $0 > 0 }) else { return nil }
        return Array(pattern)
    }

    /// How many dashes and gaps the stroke would be cut into: the stroked length (between
    /// `strokeStart` and `strokeEnd`) over the pattern's period, times the pattern's entries;
    /// 0 for a solid or absent stroke. Each one is a piece Cairo strokes on its own, so this —
    /// not the path's size — is what a dashed stroke costs (`Limits.maximumDashes`). The count does
    /// not change with the layer's transform: dashes are laid out in the layer's own points.
    public var dashCount: Double {
        guard strokes, let pattern = effectiveDashPattern else { return 0 }
        let period = pattern.reduce(0, +)
        let from = strokeStart.isNaN ? 0 : min(1, max(0, strokeStart)), to = strokeEnd.isNaN ? 1 : min(1, max(0, strokeEnd))
        let stroked = path.length * max(0, to - from)
        return stroked / period * Double(pattern.count)
    }
}
