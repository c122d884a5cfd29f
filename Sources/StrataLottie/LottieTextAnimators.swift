import Foundation
import StrataModel
import StrataScene

/// A text layer's animators (`t.a`), as After Effects applies them to text whose glyphs the file
/// carries: each animator's range selector gives every character a weight from 0 to 1 (its share
/// of the selected range, shaped), and the animator's properties move, turn, scale, fade and
/// colour each character by that weight. lottie-ios's Core Animation engine applies none of them
/// (it logs that it cannot), and its pictures have no text animator Core Animation drew: After
/// Effects' semantics, as the Lottie documentation (text animators and range selectors) and
/// lottie-web state them, are the reference.
///
/// Read: start `s`, end `e`, offset `o` (percent, or characters with `r` 2), amount `a` (percent),
/// based on `b` (1 characters, 2 characters excluding spaces, 3 words, 4 lines), shape `sh` (1 square,
/// 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth), ease high `xe` and low `ne`; properties
/// position `p`, anchor `a`, scale `s`, rotation `r`, opacity `o`, fill `fc` and stroke colour `sc`,
/// stroke width `sw` and tracking `t`. Warned and left out: randomised order (`rn`), modes other
/// than add, skew, 3-D rotation and hue, saturation and brightness.
struct LottieTextAnimators {
    struct Selector {
        var start: LottieProperty<[Double]>
        var end: LottieProperty<[Double]>
        var offset: LottieProperty<[Double]>
        var amount: LottieProperty<[Double]>
        /// Start, end and offset in percent of the units (else in units).
        var percent: Bool
        /// 1 characters, 2 characters excluding spaces, 3 words, 4 lines.
        var basedOn: Int
        /// 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
        var shape: Int
        /// Ease high (`xe`) and ease low (`ne`), percent −100…100.
        var easeHigh: LottieProperty<[Double]> = LottieProperty(constant: [0])
        var easeLow: LottieProperty<[Double]> = LottieProperty(constant: [0])
    }

    struct Animator {
        var selector: Selector
        var position: LottieProperty<[Double]>?
        var anchor: LottieProperty<[Double]>?
        var scale: LottieProperty<[Double]>?
        var rotation: LottieProperty<[Double]>?
        var opacity: LottieProperty<[Double]>?
        var fill: LottieProperty<[Double]>?
        var stroke: LottieProperty<[Double]>?
        var strokeWidth: LottieProperty<[Double]>?
        var tracking: LottieProperty<[Double]>?

        var properties: [LottieProperty<[Double]>] {
            [selector.start, selector.end, selector.offset, selector.amount, selector.easeHigh, selector.easeLow]
                + [position, anchor, scale, rotation, opacity, fill, stroke, strokeWidth, tracking].compactMap { $0 }
        }
    }

    /// How one character is drawn at one frame: moved by `offset` (points), turned by `rotation`
    /// (degrees) and scaled by `scale` about its pivot (its advance's middle on the baseline) moved
    /// by `anchor`, its opacity multiplied by `opacity`, its colours and stroke width replaced, the
    /// characters after it on its line moved by `tracking` (points).
    struct Glyph: Equatable {
        var offset = Point.zero
        var anchor = Point.zero
        var scaleX = 1.0, scaleY = 1.0
        var rotation = 0.0
        var opacity = 1.0
        var fill: Color?
        var stroke: Color?
        var strokeWidth = 0.0
        var tracking = 0.0
    }

    let animators: [Animator]

    var isEmpty: Bool { animators.isEmpty }
    /// Whether anything changes from frame to frame.
    var isAnimated: Bool { animators.contains { $0.properties.contains { $0.isAnimated } } }
    /// Every frame a value changes direction at (all keyframes).
    var frames: [Double] { animators.flatMap { $0.properties.flatMap(\.frames) } }

    /// Reads `t.a` (nil or empty: no animators), warning what is not applied.
    init(_ node: LottieNode?, context: LottieContext) throws(SceneError) {
        var animators: [Animator] = []
        for item in try node?.array(max: 1_000) ?? [] {
            let selectorNode = try item.required("s", "the animator's range selector")
            func warnIfUsed(_ key: String, _ what: String) throws(SceneError) {
                guard let property = selectorNode[key] else { return }
                let values = try property.vectorProperty().keyframes.map { $0.value.first ?? 0 }
                if values.contains(where: { $0 != 0 }) { context.warn(property.path, "\(what) is not applied") }
            }
            if try selectorNode.number("rn", default: 0, in: 0...1) == 1 { context.warn(selectorNode.path + ".rn", "a randomised order is not applied: characters are selected in order") }
            if try selectorNode.number("m", default: 1, in: 1...6) != 1 { context.warn(selectorNode.path + ".m", "range selector modes other than add are drawn as add") }
            let selector = Selector(start: try selectorNode.vectorProperty("s", default: [0]), end: try selectorNode.vectorProperty("e", default: [100]),
                                    offset: try selectorNode.vectorProperty("o", default: [0]), amount: try selectorNode.vectorProperty("a", default: [100]),
                                    percent: try selectorNode.integer("r", default: 1, in: 1...2) == 1,
                                    basedOn: try selectorNode.integer("b", default: 1, in: 1...4), shape: try selectorNode.integer("sh", default: 1, in: 1...6),
                                    easeHigh: try selectorNode.vectorProperty("xe", default: [0]), easeLow: try selectorNode.vectorProperty("ne", default: [0]))
            let properties = try item.required("a", "the animator's properties")
            for (key, what) in [("sk", "skew"), ("sa", "skew axis"), ("rx", "rotation about x"), ("ry", "rotation about y"),
                                ("fh", "fill hue"), ("fs", "fill saturation"), ("fb", "fill brightness")] where properties[key] != nil {
                context.warn(properties.path + "." + key, "a text animator's \(what) is not applied")
            }
            func read(_ key: String, _ count: Int) throws(SceneError) -> LottieProperty<[Double]>? {
                try properties[key].map { n throws(SceneError) in try n.vectorProperty(count: count, fill: count == 3 ? 100 : 0) }
            }
            animators.append(Animator(selector: selector, position: try read("p", 2), anchor: try read("a", 2), scale: try read("s", 2),
                                      rotation: try read("r", 1), opacity: try read("o", 1), fill: try read("fc", 3), stroke: try read("sc", 3),
                                      strokeWidth: try read("sw", 1), tracking: try read("t", 1)))
        }
        self.animators = animators
    }

    /// The unit (character, non-space character, word or line) each character belongs to, in
    /// reading order over `lines`, nil for a space where spaces are not counted, and how many.
    static func units(of lines: [[Character]], basedOn: Int) -> (index: [Int?], count: Int) {
        var index: [Int?] = []
        var count = 0
        for (number, line) in lines.enumerated() {
            var inWord = false
            for character in line {
                let space = character.isWhitespace
                switch basedOn {
                case 2:
                    index.append(space ? nil : count)
                    if !space { count += 1 }
                case 3:
                    if space {
                        index.append(nil)
                        if inWord { count += 1 }
                        inWord = false
                    } else {
                        index.append(count)
                        inWord = true
                    }
                case 4:
                    index.append(number)
                default:
                    index.append(count)
                    count += 1
                }
            }
            if basedOn == 3, inWord { count += 1 }
            if basedOn == 4 { count = number + 1 }
        }
        return (index, count)
    }

    /// The selected range at `frame`, in units (start and end in either order, the offset added),
    /// the amount (1 = 100 %) and the ease the shaped weight passes through: a cubic Bézier from
    /// (0, 0) to (1, 1) whose first handle ease low moves along x (positive) or y (negative) and
    /// whose second ease high moves back from x 1 or down from y 1, as lottie-web eases a range
    /// selector; nil with neither.
    static func range(_ selector: Selector, count: Int, frame: Double) -> Range {
        let scale = selector.percent ? Double(count) / 100 : 1
        let start = (selector.start.value(atFrame: frame).first ?? 0) * scale
        let end = (selector.end.value(atFrame: frame).first ?? 0) * scale
        let offset = (selector.offset.value(atFrame: frame).first ?? 0) * scale
        let high = min(100, max(-100, selector.easeHigh.value(atFrame: frame).first ?? 0)) / 100
        let low = min(100, max(-100, selector.easeLow.value(atFrame: frame).first ?? 0)) / 100
        let ease: TimingFunction? = high == 0 && low == 0 ? nil
            : .cubicBezier(x1: max(0, low), y1: max(0, -low), x2: 1 - max(0, high), y2: 1 + min(0, high))
        return Range(low: min(start, end) + offset, high: max(start, end) + offset, amount: (selector.amount.value(atFrame: frame).first ?? 100) / 100,
                     ease: ease)
    }

    /// A selector's range at one frame (`range(_:count:frame:)`).
    struct Range {
        var low: Double
        var high: Double
        var amount: Double
        var ease: TimingFunction?
    }

    /// The weight of unit `unit` under `selector` at `frame`: the square shape's share of the
    /// unit inside the range, the other shapes' value at the unit's middle, times the amount.
    static func weight(of unit: Int, count: Int, selector: Selector, frame: Double) -> Double {
        weight(of: unit, shape: selector.shape, range: range(selector, count: count, frame: frame))
    }

    static func weight(of unit: Int, shape: Int, range: Range) -> Double {
        let (low, high) = (range.low, range.high)
        let u = Double(unit)
        let shaped: Double
        if shape == 1 {
            shaped = min(1, max(0, min(high, u + 1) - max(low, u)))
        } else {
            let span = high - low
            let t = span > 0 ? (u + 0.5 - low) / span : (u + 0.5 >= low ? 1 : 0)
            let inside = t >= 0 && t <= 1
            switch shape {
            case 2: shaped = min(1, max(0, t))
            case 3: shaped = 1 - min(1, max(0, t))
            case 4: shaped = inside ? 1 - abs(2 * t - 1) : 0
            case 5: shaped = inside ? (1 - (2 * t - 1) * (2 * t - 1)).squareRoot() : 0
            default: shaped = inside ? (1 - cos(2 * .pi * t)) / 2 : 0
            }
        }
        let weight = (range.ease.map { $0.value(at: shaped) } ?? shaped) * range.amount
        return weight.isFinite ? weight : 0
    }

    /// Every character's state at `frame` (the layer's own frames), in reading order over `lines`,
    /// from the document's fill, stroke and stroke width and its size (points, for tracking).
    /// `units`, when given, is `units(of: lines, basedOn:)` for each animator's selector (worked out
    /// once for a text rather than at every frame).
    func glyphs(_ lines: [[Character]], frame: Double, size: Double, fill: Color?, stroke: Color?, strokeWidth: Double,
                units given: [(index: [Int?], count: Int)]? = nil) -> [Glyph] {
        let total = lines.reduce(0) { $0 + $1.count }
        var glyphs = Array(repeating: Glyph(fill: fill, stroke: stroke, strokeWidth: strokeWidth), count: total)
        for (number, animator) in animators.enumerated() {
            let (units, count): ([Int?], Int) = given?[number] ?? Self.units(of: lines, basedOn: animator.selector.basedOn)
            func value(_ property: LottieProperty<[Double]>?) -> [Double]? { property?.value(atFrame: frame) }
            let position = value(animator.position), anchor = value(animator.anchor), scale = value(animator.scale)
            let rotation = value(animator.rotation), opacity = value(animator.opacity), fillColor = value(animator.fill)
            let strokeColor = value(animator.stroke), width = value(animator.strokeWidth), tracking = value(animator.tracking)
            let range = Self.range(animator.selector, count: count, frame: frame)
            for index in 0..<total {
                guard let unit = units[index] else { continue }
                let w = Self.weight(of: unit, shape: animator.selector.shape, range: range)
                guard w != 0 else { continue }
                var glyph = glyphs[index]
                if let p = position { glyph.offset = Point(x: glyph.offset.x + w * p[0], y: glyph.offset.y + w * p[1]) }
                if let a = anchor { glyph.anchor = Point(x: glyph.anchor.x + w * a[0], y: glyph.anchor.y + w * a[1]) }
                if let s = scale {
                    glyph.scaleX *= 1 + w * (s[0] / 100 - 1)
                    glyph.scaleY *= 1 + w * (s[1] / 100 - 1)
                }
                if let r = rotation { glyph.rotation += w * r[0] }
                if let o = opacity { glyph.opacity *= min(1, max(0, 1 + w * (o[0] / 100 - 1))) }
                if let c = fillColor { glyph.fill = Self.blend(glyph.fill ?? .black, c, w) }
                if let c = strokeColor { glyph.stroke = Self.blend(glyph.stroke ?? .clear, c, w) }
                if let sw = width { glyph.strokeWidth += w * (sw[0] - glyph.strokeWidth) }
                if let t = tracking { glyph.tracking += w * t[0] / 1000 * size }
                glyphs[index] = glyph
            }
        }
        return glyphs
    }

    /// `base` moved toward the animator's colour (`rgb` or `rgba`, 0…1) by `weight` (clamped to 0…1).
    static func blend(_ base: Color, _ rgb: [Double], _ weight: Double) -> Color {
        let target = LottieColor.color(rgb), w = min(1, max(0, weight))
        return Color(red: base.red + w * (target.red - base.red), green: base.green + w * (target.green - base.green),
                     blue: base.blue + w * (target.blue - base.blue), alpha: base.alpha + w * (target.alpha - base.alpha))
    }
}

extension LottieLayerBuilder {
    /// Most characters × sampled frames text animators are evaluated for in a file: past it a text
    /// is drawn without them, with a warning (a 100,000-character text animated over 10,000 frames
    /// would be a billion states). 250,000 is a 250-character title animated over 1,000 frames,
    /// about two seconds of importing.
    static let maximumAnimatedGlyphStates = 250_000

    /// Text drawn from the file's glyphs under `animators`: a layer per character, its pivot (the
    /// middle of its advance on the baseline) at its place in the line, moved, turned, scaled and
    /// faded as the animators give it at every frame (sampled, or set once when nothing moves),
    /// its fill and stroke as shape layers of the glyph's outline. Nil when the text and its frames
    /// are past `maximumAnimatedGlyphStates`.
    func animatedGlyphLayers(_ animators: LottieTextAnimators, lines: [[Character]], family: String, style: String,
                             layout: LottieTextLayout, tracking: Double, baselineShift: Double,
                             fill: Color?, stroke: Color?, strokeWidth: Double, strokeOverFill: Bool,
                             time: LottieTime, path: String) throws(SceneError) -> [Layer]? {
        let size = layout.size
        let frames = animators.isAnimated ? context.rootFrames : [context.firstFrame]
        let total = lines.reduce(0) { $0 + $1.count }
        let states = total.multipliedReportingOverflow(by: frames.count)
        guard !states.overflow, context.animatedGlyphStates + states.partialValue <= Self.maximumAnimatedGlyphStates else {
            context.warn(path, "text animators over \(total) characters and \(frames.count) frames are not applied (at most \(Self.maximumAnimatedGlyphStates) character states a file)")
            return nil
        }
        context.animatedGlyphStates += states.partialValue
        // Where each character's pen starts on its line (the document's tracking included), and
        // where its line starts.
        struct Placed { var glyph: LottieGlyph?; var x: Double; var line: Int }
        var placed: [Placed] = []
        var origins: [Point] = []
        for (index, line) in lines.enumerated() {
            var x = 0.0
            for character in line {
                let glyph = context.glyph(String(character), family: family, style: style)
                if glyph == nil { context.warn(path + ".t", "the character \"\(character)\" has no glyph in the file and is skipped") }
                placed.append(Placed(glyph: glyph, x: x, line: index))
                if let glyph { x += glyph.advance * size / 100 + tracking / 1000 * size }
            }
            var origin = layout.lineOrigin(index: index, width: max(0, x - tracking / 1000 * size))
            origin.y -= baselineShift
            origins.append(origin)
        }
        // Every character's position, transform, opacity and colours at every frame.
        var positions = Array(repeating: [AnimationValue](), count: total), transforms = positions, opacities = positions
        var fills = positions, strokes = positions, widths = positions
        let units = animators.animators.map { LottieTextAnimators.units(of: lines, basedOn: $0.selector.basedOn) }
        for frame in frames {
            let states = animators.glyphs(lines, frame: time.local(frame), size: size, fill: fill, stroke: stroke, strokeWidth: strokeWidth,
                                          units: units)
            var shift = 0.0, line = -1
            for (index, state) in states.enumerated() {
                if placed[index].line != line { (shift, line) = (0, placed[index].line) }
                let advance = (placed[index].glyph?.advance ?? 0) * size / 100
                let origin = origins[line]
                positions[index].append(.point(Point(x: origin.x + placed[index].x + shift + advance / 2 + state.offset.x, y: origin.y + state.offset.y)))
                shift += state.tracking
                let turn = Transform3D.translation(x: -state.anchor.x, y: -state.anchor.y)
                    .concatenating(.scale(x: state.scaleX, y: state.scaleY))
                    .concatenating(.rotation(radians: state.rotation * .pi / 180))
                transforms[index].append(.transform(turn))
                opacities[index].append(.number(state.opacity))
                fills[index].append(.color(state.fill ?? .clear))
                strokes[index].append(.color(state.stroke ?? .clear))
                widths[index].append(.number(max(0, min(Limits.maximumLineWidth, state.strokeWidth))))
            }
        }
        var layers: [Layer] = []
        for (index, character) in placed.enumerated() {
            guard let glyph = character.glyph else { continue }
            let outline = glyph.path.applying(Transform2D.scale(x: size / 100, y: size / 100)
                .concatenating(.translation(x: -glyph.advance * size / 200, y: 0)))
            func apply(_ values: [AnimationValue], _ keyPath: AnimationKeyPath, to layer: inout Layer, set: (inout Layer, AnimationValue) -> Void) throws(SceneError) {
                set(&layer, values[0])
                guard values.contains(where: { $0 != values[0] }) else { return }
                try context.add(context.clock.sampled(keyPath, values, fromRootFrame: frames[0]), forKey: keyPath.description, to: &layer, at: path)
            }
            var layer = Layer(name: "character \(index + 1)")
            layer.anchorPoint = .zero
            try apply(positions[index], .position, to: &layer) { if case .point(let p) = $1 { $0.position = p } }
            try apply(transforms[index], .transform, to: &layer) { if case .transform(let t) = $1 { $0.transform = t } }
            try apply(opacities[index], .opacity, to: &layer) { if case .number(let o) = $1 { $0.opacity = o } }
            var fillLayer = Layer(name: "fill")
            fillLayer.anchorPoint = .zero
            fillLayer.shape = ShapeContent(path: outline, fillColor: fill)
            try apply(fills[index], .fillColor, to: &fillLayer) { if case .color(let c) = $1 { $0.shape?.fillColor = c } }
            layer.sublayers = [fillLayer]
            let stroked = zip(strokes[index], widths[index]).contains { color, width in
                if case .color(let c) = color, case .number(let w) = width { return c.alpha > 0 && w > 0 }
                return false
            }
            if stroked {
                var strokeLayer = Layer(name: "stroke")
                strokeLayer.anchorPoint = .zero
                strokeLayer.shape = ShapeContent(path: outline, fillColor: nil, strokeColor: stroke, lineWidth: strokeWidth, lineJoin: .miter)
                try apply(strokes[index], .strokeColor, to: &strokeLayer) { if case .color(let c) = $1 { $0.shape?.strokeColor = c } }
                try apply(widths[index], .lineWidth, to: &strokeLayer) { if case .number(let w) = $1 { $0.shape?.lineWidth = w } }
                layer.sublayers = strokeOverFill ? [fillLayer, strokeLayer] : [strokeLayer, fillLayer]
            }
            layers.append(layer)
        }
        try context.count(layers.reduce(0) { $0 + 1 + $1.sublayers.count }, at: path)
        return layers
    }
}
