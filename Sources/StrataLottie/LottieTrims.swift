import StrataModel
import StrataScene

// Trims stacked on the same paths (issue 54).
extension LottieShapeBuilder {
    /// One trim's values at a frame: start and end in percent, the offset in degrees.
    struct TrimValues {
        var start: Double, end: Double, offset: Double
    }

    /// What stacked trims leave of a path: pieces `(from, to)`, `from < to`, in lengths of the
    /// path (below 0 or above 1 where the first trim's offset carries an end past the path's end),
    /// in the order the last trim left them.
    ///
    /// The first trim keeps from the lesser of its start and end to the greater, both moved by its
    /// offset (360° a whole length) and not wrapped, as one trim's offset is drawn (lottie-ios).
    /// Each later trim cuts what the trims before it left, measured as one length in their order,
    /// as After Effects applies path modifiers one after another: its part, moved by its offset
    /// (360° that whole length), wraps past the end to the start, so it may leave two pieces where
    /// it took one — the segments lottie-web's `TrimModifier` cuts, `[s, 1]` and then `[0, e − 1]`.
    /// A trim whose start and end meet leaves nothing; a whole one (0–100 %) leaves all.
    static func stackedPieces(_ trims: [TrimValues]) -> [(Double, Double)] {
        func unit(_ percent: Double) -> Double { Swift.min(1, Swift.max(0, percent.isFinite ? percent / 100 : 0)) }
        func turns(_ degrees: Double) -> Double { degrees.isFinite ? degrees / 360 : 0 }
        guard let first = trims.first else { return [(0, 1)] }
        let (s, e) = (unit(first.start), unit(first.end))
        let shift = turns(first.offset)
        var pieces = [(Swift.min(s, e) + shift, Swift.max(s, e) + shift)]
        for trim in trims.dropFirst() {
            let (s, e) = (unit(trim.start), unit(trim.end))
            let (low, high) = (Swift.min(s, e), Swift.max(s, e))
            if low == 0 && high == 1 { continue }
            let total = pieces.reduce(0) { $0 + ($1.1 - $1.0) }
            guard high > low, total > 0 else { return [] }
            // The offset as a part of a turn, 0 ≤ o < 1.
            var o = turns(trim.offset).truncatingRemainder(dividingBy: 1)
            if o < 0 { o += 1 }
            if !(o < 1) { o = 0 }
            let windows: [(Double, Double)] = o == 0 || high + o <= 1 ? [(low + o, high + o)]
                : low + o >= 1 ? [(low + o - 1, high + o - 1)]
                : [(low + o, 1), (0, high + o - 1)]
            var kept: [(Double, Double)] = []
            for window in windows {
                let (from, to) = (window.0 * total, window.1 * total)
                var before = 0.0
                for piece in pieces {
                    let length = piece.1 - piece.0
                    let a = Swift.max(from, before), b = Swift.min(to, before + length)
                    if b > a { kept.append((piece.0 + (a - before), piece.0 + (b - before))) }
                    before += length
                }
            }
            pieces = kept
        }
        return pieces
    }

    /// The style's layers for several trims of the same paths (`stackedPieces`): one layer for
    /// each piece, sampled at every frame when a trim moves; a frame with fewer pieces draws
    /// nothing in the layers left over (`strokeStart` = `strokeEnd`). `layer` carries everything
    /// but the trim.
    func stackedTrimLayers(_ trims: [Trim], layer: Layer, shape: ShapeContent, sources: [Source],
                           style: Style) throws(SceneError) -> [Layer] {
        let offsets = try trims.map { trim throws(SceneError) in try trim.node.vectorProperty("o", default: [0]) }
        func values(atFrame frame: Double) -> [(Double, Double)] {
            let local = time.local(frame)
            return Self.stackedPieces(zip(trims, offsets).map { trim, offset in
                TrimValues(start: trim.start.value(atFrame: local)[0], end: trim.end.value(atFrame: local)[0],
                           offset: offset.value(atFrame: local)[0])
            })
        }
        let frames = context.rootFrames
        let moving = trims.contains { $0.start.isAnimated || $0.end.isAnimated } || offsets.contains(where: \.isAnimated)
        var perFrame = moving ? frames.map(values(atFrame:)) : [values(atFrame: context.firstFrame)]
        // The copies of the paths the pieces run over: whole turns beyond the copies allowed are
        // taken off each frame's pieces (the same ends, fewer turns).
        let limit = Double(Source.maximumCopies)
        func bounds() -> (Double, Double) {
            let all = perFrame.joined()
            return (all.map(\.0).min() ?? 0, all.map(\.1).max() ?? 1)
        }
        var (lowest, highest) = bounds()
        if !(lowest.rounded(.down) >= -limit && highest.rounded(.up) <= limit) {
            perFrame = perFrame.map { pieces in
                guard let turns = pieces.first.map({ $0.0.rounded(.down) }) else { return pieces }
                return pieces.map { ($0.0 - turns, Swift.min($0.1 - turns, 2)) }
            }
            (lowest, highest) = bounds()
            context.warn(trims[0].node.path + ".o", "a trim offset of more than \(Source.maximumCopies) turns is drawn as its part of a turn")
        }
        let below = Swift.min(0, lowest.rounded(.down))
        let copies = Swift.max(1, Int(saturating: Swift.max(1, highest.rounded(.up)) - below, .down))
        func share(_ value: Double) -> Double { Swift.min(1, Swift.max(0, (value - below) / Double(copies))) }
        let sources = copies > 1 ? sources.map { Source.repeated($0, times: copies) } : sources
        let count = Swift.max(1, perFrame.map(\.count).max() ?? 1)
        if count > 1 { try context.count(count - 1, at: style.node.path) }
        var layers: [Layer] = []
        for index in 0..<count {
            let ends = perFrame.map { index < $0.count ? (share($0[index].0), share($0[index].1)) : (0.0, 0.0) }
            var layer = layer, shape = shape
            (shape.strokeStart, shape.strokeEnd) = ends[0]
            if ends.count > 1 {
                try context.add(context.clock.sampled(.strokeStart, ends.map { .number($0.0) }, fromRootFrame: frames[0]), forKey: "strokeStart", to: &layer, at: trims[0].node.path + ".s")
                try context.add(context.clock.sampled(.strokeEnd, ends.map { .number($0.1) }, fromRootFrame: frames[0]), forKey: "strokeEnd", to: &layer, at: trims[0].node.path + ".e")
            }
            layers += try finish(layer, shape: shape, sources: sources, style: style)
        }
        return layers
    }
}
