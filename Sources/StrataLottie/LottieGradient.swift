import Foundation
import StrataModel
import StrataScene

/// Gradient fills and strokes (`gf`, `gs`) as lottie-ios's Core Animation engine draws them: a
/// `CAGradientLayer` over the paths' box, masked by a shape layer of the paths (filled, or stroked
/// with the item's stroke).
extension LottieShapeBuilder {
    func gradientLayer(_ sources: [Source], style: Style, trims: [Trim]) throws(SceneError) -> Layer? {
        let node = style.node
        let firstFrame = time.local(context.firstFrame)
        // The box every frame of the paths lies in.
        var box = combined(sources, atFrame: firstFrame).controlBounds
        if sources.contains(where: \.isAnimated) {
            for frame in context.rootFrames { box = box.union(combined(sources, atFrame: time.local(frame)).controlBounds) }
        }
        let start = try node.vectorProperty("s", default: [0, 0]), end = try node.vectorProperty("e", default: [0, 0])
        let s = Point(x: start.first[0], y: start.first[1]), e = Point(x: end.first[0], y: end.first[1])
        let reach = style.isStroke ? max(1, try node.vectorProperty("w", default: [1]).first[0]) : 1
        box = box.union(Rect(origin: s, size: .zero)).outsetBy(dx: reach, dy: reach)
        guard box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return nil }

        let colors = try node.required("g", "the gradient's colours")
        let count = try colors.integer("p", default: 2, in: 1...256)
        let stops = try colors.required("k", "the colour stops").vectorPropertyLong()
        // Stops that change: sampled at every frame below, one animation per stop, so every frame
        // must have as many; when midpoints would make their number change, they are left out.
        let frames = context.rootFrames
        var midpoints = true
        // Each frame's stops, computed once: with midpoints unless that changes their number.
        var sampledStops: [[(Double, Color)]?] = []
        if stops.isAnimated && frames.count > 1 {
            let values = frames.map { stops.value(atFrame: time.local($0)) }
            sampledStops = values.map { Self.stops($0, count: count) }
            if Set(sampledStops.map { $0?.count ?? -1 }).count != 1 {
                midpoints = false
                sampledStops = values.map { Self.stops($0, count: count, midpoints: false) }
            }
        }
        guard let gradientStops = Self.stops(stops.first, count: count, midpoints: midpoints) else {
            throw colors.error(at: "k", "\(count) colour stops (4 numbers each), then optional opacity stops (2 each)")
        }
        let radial = try node.integer("t", default: 1, in: 1...2) == 2
        func unit(_ p: Point) -> Point { Point(x: (p.x - box.minX) / box.width, y: (p.y - box.minY) / box.height) }
        /// Start and end in unit coordinates; a radial gradient's end gives its radius per axis.
        func points(_ s: Point, _ e: Point) -> (Point, Point) {
            guard radial else { return (unit(s), unit(e)) }
            let radius = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
            let start = unit(s)
            return (start, Point(x: start.x + radius / box.width, y: start.y + radius / box.height))
        }
        let (unitStart, unitEnd) = points(s, e)
        var gradient = Gradient(kind: radial ? .radial : .linear, colors: gradientStops.map(\.1), locations: gradientStops.map(\.0),
                                startPoint: unitStart, endPoint: unitEnd)
        // The highlight (`h`, percent of the radius, and `a`, degrees from the start–end
        // direction) moves the radial gradient's focal point off the centre: the Lottie
        // documentation's rendering of a radial gradient, lottie-web's and After Effects' (lottie-ae
        // gradient-radial-highlight). Kept where it is at the first frame.
        if radial {
            let highlight = try node.vectorProperty("h", default: [0]), angle = try node.vectorProperty("a", default: [0])
            let length = Swift.max(-99, Swift.min(99, highlight.first[0])) / 100
            if length != 0, length.isFinite, angle.first[0].isFinite {
                let radius = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
                let direction = atan2(e.y - s.y, e.x - s.x) + angle.first[0] * .pi / 180
                gradient.focalPoint = unit(Point(x: s.x + cos(direction) * radius * length, y: s.y + sin(direction) * radius * length))
            }
            if highlight.isAnimated || angle.isAnimated || (length != 0 && (start.isAnimated || end.isAnimated)) {
                context.warn(node.path + ".h", "an animated highlight is drawn where it is at the first frame")
            }
        }
        try context.count(2, at: node.path)
        var layer = Layer(name: try node.string("nm"), frame: box)
        layer.gradient = gradient
        let opacity = try node.vectorProperty("o", default: [100])
        layer.opacity = min(1, max(0, opacity.first[0] / 100))
        try context.add(opacity.animation(.opacity, time: time, clock: context.clock) { .number(min(1, max(0, $0[0] / 100))) },
                        forKey: "opacity", to: &layer, at: node.path + ".o")
        // Moving points and changing stops: sampled at every frame of the composition, as
        // startPoint, endPoint, colors[N] and locations[N] animations.
        if (start.isAnimated || end.isAnimated) && frames.count > 1 {
            let sampled = frames.map { frame -> (Point, Point) in
                let local = time.local(frame)
                let a = start.value(atFrame: local), b = end.value(atFrame: local)
                return points(Point(x: a[0], y: a[1]), Point(x: b[0], y: b[1]))
            }
            try context.add(context.clock.sampled(.startPoint, sampled.map { .point($0.0) }, fromRootFrame: frames[0]), forKey: "startPoint", to: &layer, at: node.path + ".s")
            try context.add(context.clock.sampled(.endPoint, sampled.map { .point($0.1) }, fromRootFrame: frames[0]), forKey: "endPoint", to: &layer, at: node.path + ".e")
        }
        if stops.isAnimated && frames.count > 1 {
            let sampled = sampledStops.map { $0 ?? gradientStops }
            // A stop's colour or location that is the same at every frame as in the model gets no
            // animation: it would write the value the layer has (a midpoint's curve adds 23 stops
            // whose locations never move).
            for index in gradientStops.indices {
                let colors = sampled.map { index < $0.count ? $0[index].1 : gradientStops[index].1 }
                let locations = sampled.map { index < $0.count ? $0[index].0 : gradientStops[index].0 }
                if colors.contains(where: { $0 != gradientStops[index].1 }) {
                    try context.add(context.clock.sampled(.gradientColor(index), colors.map(AnimationValue.color), fromRootFrame: frames[0]),
                                    forKey: "colors[\(index)]", to: &layer, at: node.path + ".g")
                }
                if locations.contains(where: { $0 != gradientStops[index].0 }) {
                    try context.add(context.clock.sampled(.gradientLocation(index), locations.map(AnimationValue.number), fromRootFrame: frames[0]),
                                    forKey: "locations[\(index)]", to: &layer, at: node.path + ".g")
                }
            }
        }
        // The mask: the paths, in the gradient layer's coordinates.
        var maskStyle = style
        maskStyle.gradient = false
        var masks = try shapeLayers(sources, style: maskStyle, trims: trims, solid: true)
        for index in masks.indices {
            masks[index].position = Point(x: -box.minX, y: -box.minY)
            // The mask's shape layers took the style's own blend mode (`finish`). A mask gives only
            // its coverage, which those blend modes do not change, so they draw plainly, and a mask
            // of one opaque path folds into the gradient (RenderTreeBuilder.gradientInMask) instead
            // of two offscreen surfaces. (The gradient layer itself takes no `bm`: issue_1732's
            // multiplied gradient fills match Core Animation's pictures drawn normal.)
            Self.drawPlainly(&masks[index])
        }
        var mask = Layer(name: "gradient mask", bounds: Rect(origin: .zero, size: box.size))
        mask.anchorPoint = .zero
        mask.sublayers = masks
        layer.mask = mask
        return layer
    }

    /// `layer` and its sublayers without the separable and non-separable blend modes (multiply …
    /// luminosity), whose alpha is over's (αs + αd − αs·αd, the PDF blend modes' rule): a mask so
    /// drawn covers what it covered. Adding (plusLighter), saturate and xor change alpha and stay.
    static func drawPlainly(_ layer: inout Layer) {
        if let blend = layer.compositingFilter, ![.plusLighter, .saturate, .xor].contains(blend) { layer.compositingFilter = nil }
        for index in layer.sublayers.indices { drawPlainly(&layer.sublayers[index]) }
    }

    /// Samples a midpoint's curve takes between its two stops.
    static let midpointSamples = 24

    /// After Effects' stop midpoints. Bodymovin writes a midpoint as a stop between two stops whose
    /// value is exactly their mean, at the midpoint's position; After Effects does not blend linearly
    /// through it but along a curve that reaches the mean there: the blend at a fraction f of the
    /// way is f^(ln ½ / ln m), m the midpoint's fraction of the way. A midpoint off the centre is
    /// replaced by that curve, sampled; one at the centre is the straight blend already. Source:
    /// After Effects' renders (lottie-ae gradient-linear, gradient-ease: a red–blue gradient with its
    /// purple mean at 0.601 matches f^1.36 to 1/255; gradient-linear-midpoint).
    static func withMidpoints(_ stops: [(Double, [Double])]) -> [(Double, [Double])] {
        guard stops.count >= 3 else { return stops }
        var result: [(Double, [Double])] = [stops[0]]
        var index = 1
        while index < stops.count {
            let previous = stops[index - 1], stop = stops[index]
            if index + 1 < stops.count {
                let next = stops[index + 1]
                let span = next.0 - previous.0
                let isMean = zip(stop.1, zip(previous.1, next.1)).allSatisfy { abs($0 - ($1.0 + $1.1) / 2) <= 0.003 }
                let m = span > 0 ? (stop.0 - previous.0) / span : 0.5
                if isMean, span > 0, stop.0 > previous.0, stop.0 < next.0, abs(m - 0.5) > 0.01 {
                    let exponent = log(0.5) / log(Swift.max(0.01, Swift.min(0.99, m)))
                    for k in 1..<midpointSamples {
                        let f = Double(k) / Double(midpointSamples)
                        let g = pow(f, exponent)
                        result.append((previous.0 + span * f, zip(previous.1, next.1).map { $0 + ($1 - $0) * g }))
                    }
                    result.append(next)
                    index += 2
                    continue
                }
            }
            result.append(stop)
            index += 1
        }
        return result
    }

    /// Colour stops (position, colour) from Lottie's flat list: `count` × (position, r, g, b),
    /// then opacity stops (position, alpha) merged at the union of positions.
    static func stops(_ values: [Double], count: Int, midpoints: Bool = true) -> [(Double, Color)]? {
        guard values.count >= count * 4 else { return nil }
        var colors: [(Double, [Double])] = []
        for i in 0..<count {
            let base = i * 4
            let rgb: [Double] = [values[base + 1], values[base + 2], values[base + 3]]
            colors.append((values[base], rgb))
        }
        let rest = Array(values[(count * 4)...])
        var alphas: [(Double, Double)] = []
        for i in stride(from: 0, to: rest.count - 1, by: 2) { alphas.append((rest[i], rest[i + 1])) }
        if midpoints {
            colors = withMidpoints(colors)
            alphas = withMidpoints(alphas.map { ($0.0, [$0.1]) }).map { ($0.0, $0.1[0]) }
        }
        func sample<T>(_ stops: [(Double, T)], at position: Double, mix: (T, T, Double) -> T) -> T {
            if position <= stops[0].0 { return stops[0].1 }
            for i in 1..<stops.count where position <= stops[i].0 {
                let span = stops[i].0 - stops[i - 1].0
                return mix(stops[i - 1].1, stops[i].1, span > 0 ? (position - stops[i - 1].0) / span : 1)
            }
            return stops[stops.count - 1].1
        }
        // Every position of either list, as many times as the list that holds it most often has
        // it: two stops at one position are a hard stop (the colour changes there), as
        // CAGradientLayer and Cairo draw equal locations; a Telegram sticker's bands are written
        // so (lottie-android's TgsWithoutOpacity).
        var colorsAt: [Double: [[Double]]] = [:], alphasAt: [Double: [Double]] = [:]
        for (position, rgb) in colors { colorsAt[position, default: []].append(rgb) }
        for (position, alpha) in alphas { alphasAt[position, default: []].append(alpha) }
        let positions = Set(colors.map { $0.0 } + alphas.map { $0.0 }).sorted()
        var result: [(Double, Color)] = []
        result.reserveCapacity(positions.count)
        for position in positions {
            let rgbs = colorsAt[position] ?? [], ownAlphas = alphasAt[position] ?? []
            for k in 0..<Swift.max(1, rgbs.count, ownAlphas.count) {
                let rgb: [Double] = rgbs.isEmpty
                    ? sample(colors, at: position) { (a: [Double], b: [Double], f: Double) -> [Double] in
                        zip(a, b).map { (x: Double, y: Double) -> Double in x + (y - x) * f }
                    }
                    : rgbs[Swift.min(k, rgbs.count - 1)]
                let alpha: Double = alphas.isEmpty ? 1
                    : ownAlphas.isEmpty ? sample(alphas, at: position) { (a: Double, b: Double, f: Double) -> Double in a + (b - a) * f }
                    : ownAlphas[Swift.min(k, ownAlphas.count - 1)]
                result.append((min(1, max(0, position)), LottieColor.color(rgb, alpha: alpha)))
            }
        }
        return result
    }
}

extension LottieNode {
    /// A vector property of any length (gradient stops: up to 1,024 numbers).
    func vectorPropertyLong() throws(SceneError) -> LottieProperty<[Double]> {
        try property { (node: LottieNode) throws(SceneError) -> [Double] in
            if node.isNumber { return [try node.number()] }
            var result: [Double] = []
            for element in try node.array(max: 1024) { result.append(try element.number()) }
            return result
        }
    }
}
