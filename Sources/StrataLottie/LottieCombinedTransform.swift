import Foundation
import StrataModel
import StrataScene

/// Transforms lottie-ios plays as one matrix animation (`addCombinedTransformAnimation`): a skewed
/// one, or one with a negative x scale. When the skew and its axis hold still and every moving part
/// (scale, rotation, position, anchor) shares its keyframes' timing, Core Animation interpolates
/// the matrices at the keyframes taken apart; otherwise lottie-ios interpolates the parts at every
/// tenth of a frame, which the parts' own animations are.
extension LottieTransformBuilder {
    /// A skewed transform whose animated parts share their keyframes' timing, played as lottie-ios
    /// plays it: one `transform` animation through the matrices at the keyframes, which Core
    /// Animation interpolates taken apart (transposed: an angle, a shear and two scales) — not the parts'
    /// own values in between. A skewed ring turning 0 → 60° is 26 px narrower half way in its
    /// picture of zen_lottiev2 than the parts would draw it; this path gives 803 px for its 802.
    /// The skew layer holds the whole linear part, sampled at every frame of the composition.
    /// The outer layer keeps the position; where the anchor holds still, the position moves as
    /// Core Animation moves the matrices' translation, in a straight line between the keyframes
    /// (the translation is position − linear part × anchor: a layer turning about an anchor off
    /// its origin leaves the arc for the chord — issue_2094's inner ring).
    /// `moving`: the position (one part, or x and y) and the anchor.
    func playCombined(_ combined: LottieProperty<[Double]>, on layer: inout Layer, at path: String,
                      moving: (position: [LottieProperty<[Double]>], anchor: LottieProperty<[Double]>)) throws(SceneError) {
        guard combined.isAnimated, var inner = layer.sublayers.first else { return }
        // Index k + eased fraction of the segment from keyframe k at each local frame.
        let progress = LottieProperty(keyframes: combined.keyframes.enumerated().map { index, keyframe in
            var keyframe = keyframe
            keyframe.value = [Double(index)]
            return keyframe
        })
        let matrices = combined.keyframes.map { Self.linearPart($0.value) }
        // Core Animation interpolates between the keyframes' matrices at any time; sampled a
        // quarter of a frame apart (while that stays within `maximumSamples`), the linear steps
        // between samples stay within a sixteenth of a frame's error, where whole frames put a
        // turning ring's edge a pixel off between them (issue_2270's bow at 50 %, a frame and a half).
        let whole = context.rootFrames
        let steps = whole.count * Self.samplesPerFrame <= Self.maximumSamples ? Self.samplesPerFrame : 1
        let frames = (0..<((whole.count - 1) * steps + 1)).map { whole[0] + Double($0) / Double(steps) }
        // Each sample's segment (keyframe index) and eased fraction through it.
        let segments = frames.map { frame -> (index: Int, fraction: Double) in
            let position = progress.value(atFrame: time.local(frame))[0]
            let index = min(matrices.count - 2, max(0, Int(saturating: position, .down)))
            return (index, position - Double(index))
        }
        let linear = segments.map { Self.coreAnimationInterpolation(matrices[$0.index], matrices[$0.index + 1], fraction: $0.fraction) }
        let values = linear.map { AnimationValue.transform(Transform3D($0)) }
        for key in ["transform.scale.x", "transform.scale.y", "transform.rotation.z", "skew"] {
            layer.removeAnimation(forKey: key)
            inner.removeAnimation(forKey: key)
        }
        layer.transform = .identity
        inner.transform = linear.first.map { Transform3D($0) } ?? .identity
        try context.add(context.clock.sampled(.transform, values, fromRootFrame: frames[0], perFrame: steps), forKey: "transform", to: &inner, at: path)
        if !moving.anchor.isAnimated {
            let anchor = Point(x: moving.anchor.first[0], y: moving.anchor.first.count > 1 ? moving.anchor.first[1] : 0)
            func at(_ property: LottieProperty<[Double]>, _ index: Int) -> [Double] {
                (property.isAnimated ? property.keyframes[index] : property.keyframes[0]).value
            }
            // The translation at each keyframe: position − linear part × anchor.
            let ends = combined.keyframes.indices.map { index -> Point in
                let p = moving.position.count == 2 ? Point(x: at(moving.position[0], index)[0], y: at(moving.position[1], index)[0])
                    : Point(x: at(moving.position[0], index)[0], y: at(moving.position[0], index).count > 1 ? at(moving.position[0], index)[1] : 0)
                let turned = matrices[index].apply(to: anchor)
                return Point(x: p.x - turned.x, y: p.y - turned.y)
            }
            let positions = zip(segments, linear).map { segment, matrix -> AnimationValue in
                let (index, f) = segment, turned = matrix.apply(to: anchor)
                return .point(Point(x: ends[index].x + (ends[index + 1].x - ends[index].x) * f + turned.x,
                                    y: ends[index].y + (ends[index + 1].y - ends[index].y) * f + turned.y))
            }
            for key in ["position", "position.x", "position.y"] { layer.removeAnimation(forKey: key) }
            if case .point(let first)? = positions.first { layer.position = first }
            try context.add(context.clock.sampled(.position, positions, fromRootFrame: frames[0], perFrame: steps), forKey: "position", to: &layer, at: path)
        }
        layer.sublayers = [inner]
    }

    /// Samples a frame of a combined transform, and the most a layer takes (past them, one a frame).
    static let samplesPerFrame = 4
    static let maximumSamples = 40_000

    /// Scale, then skew, then rotation, from [scale x %, scale y %, skew°, axis°, rotation°].
    static func linearPart(_ parts: [Double]) -> Transform2D {
        let angle = parts[3] * .pi / 180, c = cos(angle), s = sin(angle)
        let shear = tan(min(85, max(-85, -parts[2])) * .pi / 180)
        return Transform2D.scale(x: parts[0] / 100, y: parts[1] / 100)
            .concatenating(Transform2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0))
            .concatenating(Transform2D(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
            .concatenating(Transform2D(a: c, b: -s, c: s, d: c, tx: 0, ty: 0))
            .concatenating(.rotation(radians: parts[4] * .pi / 180))
    }

    /// The linear part at `fraction` between `a` and `b` as Core Animation interpolates it (fitted
    /// to its pictures): each matrix's transpose taken apart into scale x, shear, scale y and an
    /// angle, those mixed linearly (the angle the short way round), and put back together.
    static func coreAnimationInterpolation(_ a: Transform2D, _ b: Transform2D, fraction f: Double) -> Transform2D {
        func parts(_ m: Transform2D) -> [Double]? {
            // Rows of the transpose: (a, c) and (b, d).
            var r0 = (m.a, m.c), r1 = (m.b, m.d)
            var sx = (r0.0 * r0.0 + r0.1 * r0.1).squareRoot()
            guard sx > 1e-12 else { return nil }
            r0 = (r0.0 / sx, r0.1 / sx)
            var shear = r0.0 * r1.0 + r0.1 * r1.1
            r1 = (r1.0 - shear * r0.0, r1.1 - shear * r0.1)
            let sy = (r1.0 * r1.0 + r1.1 * r1.1).squareRoot()
            guard sy > 1e-12 else { return nil }
            shear /= sy
            if m.a * m.d - m.b * m.c < 0 { sx = -sx; r0 = (-r0.0, -r0.1) }
            return [sx, sy, shear, atan2(r0.1, r0.0)]
        }
        guard let p = parts(a), var q = parts(b) else { return f < 0.5 ? a : b }
        if q[3] - p[3] > .pi { q[3] -= 2 * .pi } else if p[3] - q[3] > .pi { q[3] += 2 * .pi }
        let m = zip(p, q).map { $0 + ($1 - $0) * f }
        // Scale, then shear, then the angle (the inverse of taking apart): the transpose; its
        // transpose is the matrix.
        let t = Transform2D.scale(x: m[0], y: m[1])
            .concatenating(Transform2D(a: 1, b: 0, c: m[2], d: 1, tx: 0, ty: 0))
            .concatenating(.rotation(radians: m[3]))
        let result = Transform2D(a: t.a, b: t.c, c: t.b, d: t.d, tx: 0, ty: 0)
        return [result.a, result.b, result.c, result.d].allSatisfy(\.isFinite) ? result : (f < 0.5 ? a : b)
    }

    /// The scale, skew and rotation as one property of [scale x, scale y, skew, axis, rotation]
    /// when every animated one, and every animated one of `alsoTimed` (the position and anchor,
    /// which lottie-ios combines with them), has the same keyframe frames, holds and easing (as
    /// lottie-ios's `Keyframes.combined` requires); nil otherwise (lottie-ios then samples every
    /// frame, which the parts' own animations are).
    static func combined(scale: LottieProperty<[Double]>, rotation: LottieProperty<[Double]>, skew: LottieProperty<[Double]>,
                         axis: LottieProperty<[Double]>, alsoTimed: [LottieProperty<[Double]>] = []) -> LottieProperty<[Double]>? {
        let parts = [scale, skew, axis, rotation]
        let animated = parts.filter(\.isAnimated)
        guard let base = animated.first else { return nil }
        for other in animated.dropFirst() + alsoTimed.filter(\.isAnimated) where !other.sharesTiming(with: base) { return nil }
        func value(_ property: LottieProperty<[Double]>, _ index: Int, _ component: Int) -> Double {
            let keyframe = property.isAnimated ? property.keyframes[index] : property.keyframes[0]
            return component < keyframe.value.count ? keyframe.value[component] : (keyframe.value.last ?? 0)
        }
        return LottieProperty(keyframes: base.keyframes.indices.map { index in
            var keyframe = base.keyframes[index]
            keyframe.value = [value(scale, index, 0), value(scale, index, 1), value(skew, index, 0), value(axis, index, 0), value(rotation, index, 0)]
            keyframe.ease = [keyframe.ease(dimension: 0)]
            keyframe.spatialIn = nil
            keyframe.spatialOut = nil
            return keyframe
        })
    }
}
