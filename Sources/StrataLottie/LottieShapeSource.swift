import Foundation
import StrataModel
import StrataScene

extension LottieShapeBuilder {
    /// A path item: a Bézier path or a parametric shape, with its properties.
    indirect enum Source {
        case bezier(LottieProperty<LottieBezier>, reversed: Bool)
        case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, radius: LottieProperty<[Double]>, reversed: Bool)
        case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, reversed: Bool)
        case star(polygon: Bool, properties: [LottieProperty<[Double]>], reversed: Bool)
        /// A path with its sharp corners rounded (`rd`, radius in points).
        case rounded(Source, radius: LottieProperty<[Double]>)
        /// A path puckered or bloated (`pb`, amount in percent).
        case puckered(Source, amount: LottieProperty<[Double]>)
        /// A path offset by `amount` points (`op`): a fill of one whose amount keeps its sign is
        /// drawn by `offsetLayers` as the path's fill and a band of twice the amount around it (or
        /// inside it); as a path — stroked, filled with a gradient, or with an amount that changes
        /// sign — the offset path (`LottieShapes.offset`).
        case offsetPath(Source, amount: LottieProperty<[Double]>, join: Int, miterLimit: Double)
        /// Only the closed contours of a path (what an offset path's fill covers inside the band).
        case closedOnly(Source)
        /// A path zig-zagged (`zz`).
        case zigZagged(Source, size: LottieProperty<[Double]>, ridges: LottieProperty<[Double]>, points: LottieProperty<[Double]>)
        /// A path drawn `times` times over, one copy after the other: what lottie-ios strokes
        /// when a trim's offset carries its start or end past the path's end (1…`maximumCopies`).
        case repeated(Source, times: Int)

        /// Paths merged by a merge-paths item (`mm`): 2 add, 3 subtract (the others less the
        /// last), 4 intersect (the others where the last is), 5 exclude intersections (even-odd).
        /// As one path (what a stroke follows) the parts one after the other — for add, each
        /// contour turned clockwise, so that the non-zero rule fills their union; a fill of a
        /// subtraction or an intersection is drawn with a mask (`LottieShapeBuilder.mergedFill`).
        case merged(mode: Int, parts: [Source])
        /// The outline of merged paths (`LottiePathBoolean`): what a stroke, or a modifier after the
        /// merge, follows. Over `LottiePathBoolean.maximumEdges` lines, the parts one after the
        /// other (the caller warns when it imports).
        case outline(mode: Int, parts: [Source])

        /// The most copies a trim's offset may ask for.
        static let maximumCopies = 8

        var isAnimated: Bool {
            switch self {
            case .bezier(let p, _): p.isAnimated
            case .rectangle(let a, let b, let c, _): a.isAnimated || b.isAnimated || c.isAnimated
            case .ellipse(let a, let b, _): a.isAnimated || b.isAnimated
            case .star(_, let properties, _): properties.contains { $0.isAnimated }
            case .rounded(let source, let radius): source.isAnimated || radius.isAnimated
            case .puckered(let source, let amount): source.isAnimated || amount.isAnimated
            case .zigZagged(let source, let size, let ridges, let points): source.isAnimated || size.isAnimated || ridges.isAnimated || points.isAnimated
            case .offsetPath(let source, let amount, _, _): source.isAnimated || amount.isAnimated
            case .closedOnly(let source): source.isAnimated
            case .repeated(let source, _): source.isAnimated
            case .merged(_, let parts), .outline(_, let parts): parts.contains { $0.isAnimated }
            }
        }

        /// The path at `frame` (the layer's own frames).
        func path(atFrame frame: Double) -> Path {
            switch self {
            case .bezier(let property, let reversed):
                var path = Path()
                property.value(atFrame: frame).append(to: &path, reversed: reversed)
                return path
            case .rectangle(let position, let size, let radius, let reversed):
                let p = position.value(atFrame: frame), s = size.value(atFrame: frame)
                return LottieShapes.rectangle(center: Point(x: p[0], y: p[1]), size: Size(width: s[0], height: s[1]),
                                              radius: radius.value(atFrame: frame)[0], reversed: reversed)
            case .ellipse(let position, let size, let reversed):
                let p = position.value(atFrame: frame), s = size.value(atFrame: frame)
                return LottieShapes.ellipse(center: Point(x: p[0], y: p[1]), size: Size(width: s[0], height: s[1]), reversed: reversed)
            case .star(let polygon, let v, let reversed):
                let values = v.map { $0.value(atFrame: frame) }
                return LottieShapes.star(center: Point(x: values[0][0], y: values[0][1]), points: values[1][0], rotation: values[2][0],
                                         outerRadius: values[3][0], innerRadius: polygon ? nil : values[4][0],
                                         outerRoundness: values[5][0], innerRoundness: values[6][0], reversed: reversed)
            case .rounded(let source, let radius):
                return LottieShapes.roundingCorners(of: source.path(atFrame: frame), radius: radius.value(atFrame: frame)[0])
            case .puckered(let source, let amount):
                return LottieShapes.puckeredAndBloated(source.path(atFrame: frame), amount: amount.value(atFrame: frame)[0])
            case .offsetPath(let source, let amount, let join, let miterLimit):
                return LottieShapes.offset(source.path(atFrame: frame), amount: amount.value(atFrame: frame)[0], join: join, miterLimit: miterLimit)
            case .closedOnly(let source):
                var path = Path()
                for contour in LottieContour.contours(of: source.path(atFrame: frame)) where contour.closed { contour.append(to: &path) }
                return path
            case .zigZagged(let source, let size, let ridges, let points):
                return LottieShapes.zigZagged(source.path(atFrame: frame), size: size.value(atFrame: frame)[0], ridges: ridges.value(atFrame: frame)[0],
                                              smooth: points.value(atFrame: frame)[0] >= 1.5)
            case .repeated(let source, let times):
                let once = source.path(atFrame: frame)
                var path = Path()
                for _ in 0..<max(1, times) { for element in once.elements { path.append(element) } }
                return path
            case .outline(let mode, let parts):
                let paths = parts.map { $0.path(atFrame: frame) }
                return LottiePathBoolean.combine(paths, mode: mode) ?? LottieShapeBuilder.joined(paths)
            case .merged(let mode, let parts):
                var path = Path()
                for part in parts {
                    let drawn = part.path(atFrame: frame)
                    for element in (mode == 2 ? LottieShapes.clockwise(drawn) : drawn).elements { path.append(element) }
                }
                return path
            }
        }
    }
}

extension LottieShapeBuilder {
    /// The paths of `sources` one after the other, at `frame` (the layer's own frames).
    func combined(_ sources: [Source], atFrame frame: Double) -> Path {
        Self.joined(sources.map { $0.path(atFrame: frame) })
    }

    /// `paths` one after the other, as one path.
    static func joined(_ paths: [Path]) -> Path {
        var path = Path()
        for part in paths { for element in part.elements { path.append(element) } }
        return path
    }

    /// A path that changes: one Bézier path's own keyframes, else the paths sampled at every
    /// frame of the composition.
    func addPathAnimation(_ sources: [Source], to layer: inout Layer, at path: String) throws(SceneError) {
        guard sources.contains(where: \.isAnimated) else { return }
        if sources.count == 1, case .bezier(let property, let reversed) = sources[0] {
            try context.add(property.animation(.path, time: time, clock: context.clock) { bezier in
                var path = Path()
                bezier.append(to: &path, reversed: reversed)
                return .path(path)
            }, forKey: "path", to: &layer, at: path)
            return
        }
        let frames = context.rootFrames
        var values: [AnimationValue] = []
        // The first frame's size times the frames, before they are sampled; then each as it is.
        let first = combined(sources, atFrame: time.local(frames[0]))
        try context.checkSampledPath(first.elements.count, frames: frames.count, at: path)
        for (index, frame) in frames.enumerated() {
            let sampled = index == 0 ? first : combined(sources, atFrame: time.local(frame))
            try context.countSampledPath(sampled.elements.count, frames: frames.count, at: path)
            values.append(.path(sampled))
        }
        try context.add(context.clock.sampled(.path, values, fromRootFrame: frames[0]), forKey: "path", to: &layer, at: path)
    }
}
