import StrataScene

/// A layer transform as lottie-ios's Core Animation engine plays it when it combines the parts.
///
/// A transform with a negative x scale is one `transform` animation in lottie-ios
/// (`TransformAnimations.swift`, `addCombinedTransformAnimation`: Core Animation misapplies a
/// negative `transform.scale.x` animated apart, FB9862872). When the animated parts share their
/// keyframes' timing, the combined keyframes take that timing, holds included
/// (`Keyframes.combined`; otherwise it samples every tenth of a frame, all held, and nothing
/// below applies). Split into runs of held and of interpolated keyframes, a run of one held
/// keyframe becomes a discrete animation left with one value, which Core Animation does not apply
/// (as an opacity's, `LottieProperty.coreAnimationHolds`): over that run the layer's transform is
/// its un-animated one, the identity — anchor, position, scale and rotation all off, the layer's
/// content drawn in its parent's space as it is. issue_2066's "Face Control" null (scale −27 %,
/// its position held from frame 10 to 110) draws the face 3.7 times larger there in Core
/// Animation's pictures at 25 and 50 %.
struct LottieTransformGaps {
    var anchor: LottieProperty<[Double]>
    var position: LottieProperty<[Double]>
    var scale: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>

    /// The parts of the transform at `node` with the identity over the runs Core Animation drops;
    /// nil when it drops none, or lottie-ios would not combine them so (no negative x scale; a
    /// skew, turns about x or y, a position split in x and y or turned along its path, which
    /// Strata keeps as it draws them; parts with other timings; a remapped time).
    /// `scale` is the transform's scale as read (`s`), which the caller reads once for both.
    static func parts(of node: LottieNode, scale: LottieProperty<[Double]>, time: LottieTime, context: LottieContext,
                      autoOrient: Bool) throws(SceneError) -> LottieTransformGaps? {
        guard !time.isRemapped, !autoOrient, node.value.member("s") != nil else { return nil }
        guard scale.keyframes.contains(where: { $0.value[0] < 0 }) else { return nil }
        for key in ["sk", "rx", "ry"] {
            if let other = node[key], try other.vectorProperty(count: 1).keyframes.contains(where: { $0.value[0] != 0 }) { return nil }
        }
        if let split = node["p"], split["s"].map({ (try? $0.number(in: 0...1)) == 1 }) == true { return nil }
        let anchor = try node.vectorProperty("a", default: [0, 0])
        let position = try node.vectorProperty("p", default: [0, 0])
        let rotation = try (node["r"] ?? node["rz"]).map { n throws(SceneError) in try n.vectorProperty(count: 1) } ?? LottieProperty(constant: [0])
        let parts = [anchor, position, scale, rotation]
        guard let base = parts.first(where: \.isAnimated) else { return nil }
        for part in parts where part.isAnimated && !part.sharesTiming(with: base) { return nil }
        // Does Core Animation drop a run? The same test as an opacity's.
        guard base.coreAnimationHolds(showing: base.first, time: time, context: context).keyframes.count > base.keyframes.count else { return nil }
        func gapped(_ part: LottieProperty<[Double]>, identity: Double) -> LottieProperty<[Double]> {
            // A part that does not move takes the others' timing, so that it too is off in the runs.
            let timed = part.isAnimated ? part : LottieProperty(keyframes: base.keyframes.map { keyframe in
                LottieKeyframe(frame: keyframe.frame, value: part.first, hold: keyframe.hold, ease: keyframe.ease)
            })
            return timed.coreAnimationHolds(showing: Array(repeating: identity, count: part.first.count), time: time, context: context)
        }
        return LottieTransformGaps(anchor: gapped(anchor, identity: 0), position: gapped(position, identity: 0),
                                   scale: gapped(scale, identity: 100), rotation: gapped(rotation, identity: 0))
    }

    /// `gapped` when there is one, else what `read` reads.
    static func part(_ gapped: LottieProperty<[Double]>?, _ read: () throws(SceneError) -> LottieProperty<[Double]>) throws(SceneError) -> LottieProperty<[Double]> {
        if let gapped { return gapped }
        return try read()
    }
}
