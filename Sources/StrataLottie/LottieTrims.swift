import StrataModel
import StrataScene

// Trims stacked on the same paths (issue 54).
extension LottieShapeBuilder {
    /// Several trims of the same paths, none with an offset: each keeps its part (from the lesser
    /// of start and end to the greater) of what the trims before it left, in their order, as After
    /// Effects applies path modifiers one after another. Sampled at every frame when one moves.
    /// False (nothing done) for one trim, or when a trim has an offset.
    func stackTrims(_ trims: [Trim], on shape: inout ShapeContent, layer: inout Layer) throws(SceneError) -> Bool {
        guard trims.count > 1 else { return false }
        for trim in trims {
            let offset = try trim.node.vectorProperty("o", default: [0])
            if offset.keyframes.contains(where: { $0.value[0] != 0 }) { return false }
        }
        func unit(_ percent: Double) -> Double { Swift.min(1, Swift.max(0, percent.isFinite ? percent / 100 : 0)) }
        func kept(atFrame frame: Double) -> (Double, Double) {
            var low = 0.0, high = 1.0
            for trim in trims {
                let s = unit(trim.start.value(atFrame: time.local(frame))[0]), e = unit(trim.end.value(atFrame: time.local(frame))[0])
                let span = high - low
                (low, high) = (low + span * Swift.min(s, e), low + span * Swift.max(s, e))
            }
            return (low, high)
        }
        let frames = context.rootFrames
        let moving = trims.contains { $0.start.isAnimated || $0.end.isAnimated }
        let pairs = moving ? frames.map(kept(atFrame:)) : [kept(atFrame: context.firstFrame)]
        shape.strokeStart = pairs[0].0
        shape.strokeEnd = pairs[0].1
        if pairs.count > 1 {
            try context.add(context.clock.sampled(.strokeStart, pairs.map { .number($0.0) }, fromRootFrame: frames[0]), forKey: "strokeStart", to: &layer, at: trims[0].node.path + ".s")
            try context.add(context.clock.sampled(.strokeEnd, pairs.map { .number($0.1) }, fromRootFrame: frames[0]), forKey: "strokeEnd", to: &layer, at: trims[0].node.path + ".e")
        }
        return true
    }
}
