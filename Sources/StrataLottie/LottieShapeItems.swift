import Foundation
import StrataModel

/// The items of a shape group that are not paths: modifiers, styles and trims, as
/// `LottieShapeBuilder` reads them.
extension LottieShapeBuilder {
    /// A shape modifier: it changes the paths above it in its group and in the groups it holds.
    enum Modifier {
        /// Round corners (`rd`, radius in points).
        case rounding(LottieProperty<[Double]>)
        /// Pucker & Bloat (`pb`, amount in percent).
        case puckerBloat(LottieProperty<[Double]>)
        /// Zig Zag (`zz`: size in points, ridges per segment, smooth points).
        case zigZag(size: LottieProperty<[Double]>, ridges: LottieProperty<[Double]>, points: LottieProperty<[Double]>)
        /// Offset Path (`op`: amount in points, line join 1 miter, 2 round, 3 bevel, miter limit).
        case offset(amount: LottieProperty<[Double]>, join: Int, miterLimit: Double)
    }

    /// A fill or stroke item with where it is.
    struct Style {
        var node: LottieNode
        var isStroke: Bool
        /// A gradient fill or stroke (`gf`, `gs`).
        var gradient = false
        /// The scales (`tr.s`, percent) of the groups this style was handed down into from the
        /// group it is in. As lottie-ios does, a stroke's width is divided by each one's x, so
        /// that a group's scale does not widen the stroke it inherits.
        var inheritedScales: [LottieProperty<[Double]>] = []

        /// The stroke width at `frame` (the layer's own frames), points.
        func width(_ width: LottieProperty<[Double]>, atFrame frame: Double) -> Double {
            var value = width.value(atFrame: frame)[0]
            for scale in inheritedScales {
                let x = scale.value(atFrame: frame)[0]
                value = abs(x) < 1e-9 ? 0 : value * 100 / abs(x)
            }
            return max(0, min(Limits.maximumLineWidth, value.isFinite ? value : 0))
        }
    }

    /// A trim-paths item.
    struct Trim {
        var start: LottieProperty<[Double]>
        var end: LottieProperty<[Double]>
        var node: LottieNode
        /// `m` 2: the paths trimmed as one, in their order (one path of all of them, whose
        /// `strokeStart` and `strokeEnd` run over its whole length, as Core Animation measures a
        /// path of several subpaths); else each path trimmed on its own.
        var individual = false
    }
}
