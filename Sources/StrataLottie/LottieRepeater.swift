import Foundation
import StrataModel
import StrataScene

/// Repeaters (`rp`) as `CAReplicatorLayer`s: the items above a repeater in its group (with the
/// styles below it, which paint them) are drawn `c` times, each copy moved from the previous by
/// the repeater's transform — −anchor, scale, rotation, +anchor, then position — and faded
/// linearly from its start opacity to its end opacity.
extension LottieShapeBuilder {
    /// The index of the first repeater in `items`, if any.
    static func repeaterIndex(_ items: [LottieNode]) -> Int? {
        items.firstIndex { item in
            (try? item.string("ty")) == "rp" && (try? item.number("hd", default: 0, in: 0...1)) != 1
        }
    }

    /// `items` with a repeater at `index`: the replicated copies of what is above it, over the
    /// layers of what is below it.
    func repeated(_ items: [LottieNode], at index: Int, inherited: [Style], trims: [Trim], depth: Int) throws(SceneError) -> [Layer] {
        let repeater = items[index]
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
        let copied = try layers(above, inherited: stylesBelow + inherited, trims: trims, depth: depth + 1)
        let rest = try layers(below.filter { !["fl", "st", "gf", "gs"].contains((try? $0.string("ty")) ?? "") }, inherited: [], trims: trims, depth: depth + 1)
        guard !copied.isEmpty else { return rest }
        try context.count(1, at: repeater.path)

        let copies = try repeater.vectorProperty("c", default: [1])
        let offset = try repeater.vectorProperty("o", default: [0])
        if offset.isAnimated { context.warn(repeater.path + ".o", "a moving repeater offset is drawn where it begins") }
        if try repeater.number("m", default: 1, in: 1...2) == 2 { context.warn(repeater.path + ".m", "copies composited below are drawn above") }
        let transform = try repeater.required("tr", "the repeater's transform")
        let anchor = try transform.vectorProperty("a", default: [0, 0]).first
        let position = try transform.vectorProperty("p", default: [0, 0]).first
        let scale = try transform.vectorProperty("s", default: [100, 100]).first
        let rotation = try transform.vectorProperty("r", default: [0]).first[0]
        let startOpacity = try transform.vectorProperty("so", default: [100]).first[0] / 100
        let endOpacity = try transform.vectorProperty("eo", default: [100]).first[0] / 100
        for key in ["a", "p", "s", "r", "so", "eo"] where try transform[key]?.vectorProperty(count: 1).isAnimated == true {
            context.warn(transform.path + ".\(key)", "a repeater's moving transform is drawn as it begins")
        }
        let step = Transform2D.translation(x: -anchor[0], y: -anchor[1])
            .concatenating(.scale(x: scale[0] / 100, y: scale[1] / 100))
            .concatenating(.rotation(radians: rotation * .pi / 180))
            .concatenating(.translation(x: anchor[0], y: anchor[1]))
            .concatenating(.translation(x: position[0], y: position[1]))
        let count = max(0, min(Limits.maximumReplicatorInstances, Int(saturating: copies.first[0], .up)))
        var replicator = ReplicatorContent(instanceCount: count, instanceTransform: Transform3D(step))
        replicator.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: min(1, max(0, startOpacity)))
        replicator.instanceAlphaOffset = count > 1 ? (endOpacity - startOpacity) / Double(count - 1) : 0
        var layer = Layer(name: try repeater.string("nm"))
        layer.anchorPoint = .zero
        layer.replicator = replicator
        try context.add(copies.animation(.instanceCount, time: time, clock: context.clock) {
            .number(Double(max(0, min(Limits.maximumReplicatorInstances, Int(saturating: $0[0], .up)))))
        }, forKey: "instanceCount", to: &layer, at: repeater.path + ".c")
        // A whole-number offset starts the copies that many steps along.
        var start = Transform2D.identity
        let shift = Int(saturating: offset.first[0], .toNearestOrAwayFromZero)
        if shift > 0 { for _ in 0..<min(100, shift) { start = start.concatenating(step) } }
        if shift < 0 { context.warn(repeater.path + ".o", "a negative repeater offset is drawn as 0") }
        var shifted = Layer(name: "copies")
        shifted.anchorPoint = .zero
        shifted.transform = Transform3D(start)
        shifted.sublayers = copied
        layer.sublayers = [shifted]
        return rest + [layer]
    }
}
