import Foundation
import StrataModel
import StrataScene

/// Repeaters (`rp`) as `CAReplicatorLayer`s: the items above a repeater in its group (with the
/// styles below it, which paint them) are drawn `c` times, each copy moved from the previous by
/// the repeater's transform — −anchor, scale, rotation, +anchor, then position — and faded
/// linearly from its start opacity to its end opacity; the first copy stands `o` steps along.
/// A moving transform, fade or offset is sampled at every frame.
extension LottieShapeBuilder {
    /// The index of the last repeater in `items`, if any: it copies everything above it, earlier
    /// repeaters' copies included (After Effects' and lottie-web's order).
    static func repeaterIndex(_ items: [LottieNode]) -> Int? {
        items.lastIndex { item in
            (try? item.string("ty")) == "rp" && (try? item.number("hd", default: 0, in: 0...1)) != 1
        }
    }

    /// The largest value the first component of `property` takes between its keyframes: an
    /// eased segment stays within its Bézier's control values (the curve lies in their hull), so
    /// an overshooting ease counts. Nil when not finite.
    static func largestValue(_ property: LottieProperty<[Double]>) -> Double? {
        var largest = -Double.infinity
        for (index, keyframe) in property.keyframes.enumerated() {
            let a = keyframe.value.first ?? 0
            largest = max(largest, a)
            guard !keyframe.hold, index + 1 < property.keyframes.count else { continue }
            let b = property.keyframes[index + 1].value.first ?? 0
            let ease = keyframe.ease(dimension: 0)
            for y in [ease.outY, ease.inY] { largest = max(largest, a + (b - a) * y) }
        }
        return largest.isFinite ? largest : nil
    }

    /// `items` with a repeater at `index`: the replicated copies of what is above it, over the
    /// layers of what is below it.
    func repeated(_ items: [LottieNode], at index: Int, inherited: [Style], trims: [Trim], depth: Int) throws(SceneError) -> [Layer] {
        let repeater = items[index]
        // Each repeater of a group nests the ones before it a level deeper: named here, where a
        // file stacks too many, rather than at the group's first item.
        guard depth < Lottie.maximumNesting else {
            throw SceneError(file: context.file, keyPath: repeater.path, expected: "repeaters and shape groups nested at most \(Lottie.maximumNesting) deep",
                             found: "a repeater \(depth + 1) deep")
        }
        let above = Array(items[..<index]), below = Array(items[(index + 1)...])
        // The styles below the repeater paint the paths above it: they go into the copies.
        var stylesBelow: [Style] = []
        for item in below {
            switch try item.string("ty") {
            case "fl": stylesBelow.append(Style(node: item, isStroke: false))
            case "st": stylesBelow.append(Style(node: item, isStroke: true))
            case "gf": stylesBelow.append(Style(node: item, isStroke: false, gradient: true))
            case "gs": stylesBelow.append(Style(node: item, isStroke: true, gradient: true))
            default: break
            }
        }
        func count(_ value: Double) -> Int { max(0, min(Limits.maximumReplicatorInstances, Int(saturating: value, .up))) }
        let copies = try repeater.vectorProperty("c", default: [1])
        // Every layer made above the repeater is drawn as many times as it has copies at most,
        // times the copies of the repeaters around it: counted before anything is built.
        let most = Self.largestValue(copies).map(count) ?? Limits.maximumReplicatorInstances
        let copied = try context.repeating(max(1, most), at: repeater.path + ".c") { () throws(SceneError) in
            try layers(above, inherited: stylesBelow + inherited, trims: trims, depth: depth + 1)
        }
        let rest = try layers(below, inherited: inherited, trims: trims, depth: depth + 1)
        guard !copied.isEmpty else { return rest }
        try context.count(1, at: repeater.path)

        let offset = try repeater.vectorProperty("o", default: [0])
        if try repeater.number("m", default: 1, in: 1...2) == 2 { context.warn(repeater.path + ".m", "copies composited below are drawn above") }
        let transform = try repeater.required("tr", "the repeater's transform")
        let anchor = try transform.vectorProperty("a", default: [0, 0]), position = try transform.vectorProperty("p", default: [0, 0])
        let scale = try transform.vectorProperty("s", default: [100, 100]), rotation = try transform.vectorProperty("r", default: [0])
        let startOpacity = try transform.vectorProperty("so", default: [100]), endOpacity = try transform.vectorProperty("eo", default: [100])
        /// The step from one copy to the next at `frame`, `amount` of it (1: a whole step; a
        /// part for a fractional offset: the scale's power, the rotation's and position's share).
        func step(atFrame frame: Double, amount: Double = 1) -> Transform3D {
            let a = anchor.value(atFrame: frame), p = position.value(atFrame: frame)
            let s = scale.value(atFrame: frame), r = rotation.value(atFrame: frame)[0]
            func power(_ percent: Double) -> Double {
                amount == 1 ? percent / 100 : (percent < 0 ? -1 : 1) * Foundation.pow(abs(percent) / 100, amount)
            }
            return Transform3D(Transform2D.translation(x: -a[0], y: -a[1])
                .concatenating(.scale(x: power(s[0]), y: power(s[1])))
                .concatenating(.rotation(radians: r * amount * .pi / 180))
                .concatenating(.translation(x: a[0], y: a[1]))
                .concatenating(.translation(x: p[0] * amount, y: p[1] * amount)))
        }
        /// Where the first copy stands: `offset` steps along (a fractional part as a part of a
        /// step, negative offsets by the inverse step), at most 100 whole steps.
        func start(atFrame frame: Double) -> Transform3D {
            let o = offset.value(atFrame: frame)[0]
            let whole = max(-100, min(100, o.rounded(.down))), part = o - whole
            var result = part == 0 ? Transform3D.identity : step(atFrame: frame, amount: part)
            let one = whole >= 0 ? step(atFrame: frame) : (step(atFrame: frame).inverted() ?? .identity)
            for _ in 0..<Int(abs(whole)) { result = result.concatenating(one) }
            return result
        }
        func alphaOffset(_ n: Int, atFrame frame: Double) -> Double {
            n > 1 ? (endOpacity.value(atFrame: frame)[0] - startOpacity.value(atFrame: frame)[0]) / 100 / Double(n - 1) : 0
        }
        let first = time.local(context.firstFrame)
        let n = count(copies.first[0])
        var replicator = ReplicatorContent(instanceCount: n, instanceTransform: step(atFrame: first))
        replicator.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: min(1, max(0, startOpacity.first[0] / 100)))
        replicator.instanceAlphaOffset = alphaOffset(n, atFrame: first)
        var layer = Layer(name: try repeater.string("nm"))
        layer.anchorPoint = .zero
        layer.replicator = replicator
        try context.add(copies.animation(.instanceCount, time: time, clock: context.clock) { .number(Double(count($0[0]))) },
                        forKey: "instanceCount", to: &layer, at: repeater.path + ".c")
        // A moving transform or fade: sampled at every frame of the composition.
        let frames = context.rootFrames
        if [anchor, position, scale, rotation].contains(where: \.isAnimated) {
            try context.add(context.clock.sampled(.instanceTransform, frames.map { .transform(step(atFrame: time.local($0))) }, fromRootFrame: frames[0]),
                            forKey: "instanceTransform", to: &layer, at: transform.path)
        }
        if startOpacity.isAnimated || endOpacity.isAnimated || copies.isAnimated {
            let colors = frames.map { AnimationValue.color(Color(red: 1, green: 1, blue: 1, alpha: min(1, max(0, startOpacity.value(atFrame: time.local($0))[0] / 100)))) }
            let offsets = frames.map { AnimationValue.number(alphaOffset(count(copies.value(atFrame: time.local($0))[0]), atFrame: time.local($0))) }
            try context.add(context.clock.sampled(.instanceColor, colors, fromRootFrame: frames[0]), forKey: "instanceColor", to: &layer, at: transform.path + ".so")
            try context.add(context.clock.sampled(.instanceAlphaOffset, offsets, fromRootFrame: frames[0]), forKey: "instanceAlphaOffset",
                            to: &layer, at: transform.path + ".eo")
        }
        var shifted = Layer(name: "copies")
        shifted.anchorPoint = .zero
        shifted.transform = start(atFrame: first)
        if offset.isAnimated || (offset.first[0] != 0 && [anchor, position, scale, rotation].contains(where: \.isAnimated)) {
            try context.add(context.clock.sampled(.transform, frames.map { .transform(start(atFrame: time.local($0))) }, fromRootFrame: frames[0]),
                            forKey: "offset", to: &shifted, at: repeater.path + ".o")
        }
        shifted.sublayers = copied
        layer.sublayers = [shifted]
        return rest + [layer]
    }
}
