import Foundation
import StrataModel
import StrataScene

/// After Effects' drop shadows — the layer style (`sy`, type 1) and the effect (`ef`, type 25) — as
/// the layer's Core Animation shadow, mapped as lottie-ios's Core Animation engine maps them:
/// opacity in percent (the effect's 0…255 scaled to it), the style's size / 2 or the effect's
/// softness / 5 as the radius, and the offset `distance` along `angle` degrees, 90 straight down
/// (the effect's direction is that angle + 90). A changing shadow animates `shadowOpacity`,
/// `shadowRadius`, `shadowColor` and `shadowOffset` (sampled at every frame). Other styles and
/// effects are warned.
struct LottieStyles {
    let context: LottieContext

    /// A drop shadow's properties as read from a style or an effect, with their units.
    private struct ShadowProperties {
        var color: LottieProperty<[Double]>
        var opacity: LottieProperty<[Double]>, opacityScale: Double
        var angle: LottieProperty<[Double]>, angleShift: Double
        var distance: LottieProperty<[Double]>
        var size: LottieProperty<[Double]>, sizeDivisor: Double
        var path: String
    }

    /// The shadow the layer at `node` casts with the animations that change it (to add to the
    /// layer carrying it), nil when it has none; warns about what is skipped.
    func shadow(_ node: LottieNode, time: LottieTime) throws(SceneError) -> (shadow: Shadow, animations: [(key: String, animation: Animation)])? {
        var found: ShadowProperties?
        if let styles = node["sy"] {
            for style in try styles.array() {
                guard try style.integer("ty", default: -1, in: -1...100) == 1, found == nil else {
                    context.warn(style.path, "layer styles other than one drop shadow (stroke, glow, bevel…) are not applied")
                    continue
                }
                found = ShadowProperties(color: try style.vectorProperty("c", default: [0, 0, 0, 1]),
                                         opacity: try style.vectorProperty("o", default: [100]), opacityScale: 100,
                                         angle: try style.vectorProperty("a", default: [90]), angleShift: 0,
                                         distance: try style.vectorProperty("d", default: [0]),
                                         size: try style.vectorProperty("s", default: [0]), sizeDivisor: 2, path: style.path)
            }
        }
        if let effects = node["ef"] {
            for effect in try effects.array() {
                let type = try Self.effectType(effect)
                if type == 29 || type == 21 || type == 20 { continue }  // a Gaussian blur, a fill, a tint: `addFilters`
                if try Self.isExpressionControl(effect) { continue }  // draws nothing, in After Effects either
                guard type == 25, found == nil else {
                    let name = try effect.string("nm").map { "\"\($0)\" " } ?? ""
                    context.warn(effect.path, type == 25 ? "a second drop shadow is not applied"
                                 : "the effect \(name)(type \(type)) is not applied: drop shadows, fills, tints and Gaussian blurs are")
                    continue
                }
                let values = try Self.namedValues(effect)
                func property(_ name: String, _ fallback: [Double]) throws(SceneError) -> LottieProperty<[Double]> {
                    try values[name].map { n throws(SceneError) in try n.effectValue(count: fallback.count, fill: fallback.last ?? 0) }
                        ?? LottieProperty(constant: fallback)
                }
                found = ShadowProperties(color: try property("Shadow Color", [0, 0, 0, 1]),
                                         opacity: try property("Opacity", [255]), opacityScale: 255,
                                         angle: try property("Direction", [180]), angleShift: -90,
                                         distance: try property("Distance", [0]),
                                         size: try property("Softness", [0]), sizeDivisor: 5, path: effect.path)
            }
        }
        guard let p = found else { return nil }
        let clock = context.clock
        func opacity(_ v: [Double]) -> Double { min(1, max(0, v[0] / p.opacityScale)) }
        func radius(_ v: [Double]) -> Double { min(Limits.maximumBlurRadius, max(0, v[0] / p.sizeDivisor)) }
        func offset(atFrame frame: Double) -> Size { self.offset(angle: p.angle.value(atFrame: frame)[0] + p.angleShift, distance: p.distance.value(atFrame: frame)[0]) }
        let first = time.local(context.firstFrame)
        let shadow = Shadow(color: LottieColor.color(p.color.first), opacity: opacity(p.opacity.first), offset: offset(atFrame: first), radius: radius(p.size.first))
        var animations: [(key: String, animation: Animation)] = []
        if let a = p.opacity.animation(.shadowOpacity, time: time, clock: clock, make: { .number(opacity($0)) }) { animations.append(("shadowOpacity", a)) }
        if let a = p.size.animation(.shadowRadius, time: time, clock: clock, make: { .number(radius($0)) }) { animations.append(("shadowRadius", a)) }
        if let a = LottieColor.unitKeyframes(p.color).animation(.shadowColor, time: time, clock: clock, make: { .color(LottieColor.clamped($0)) }) {
            animations.append(("shadowColor", a))
        }
        if p.angle.isAnimated || p.distance.isAnimated {
            let frames = context.rootFrames
            if let a = clock.sampled(.shadowOffset, frames.map { .size(offset(atFrame: time.local($0))) }, fromRootFrame: frames[0]) {
                animations.append(("shadowOffset", a))
            }
        }
        return (shadow, animations)
    }

    /// An effect's type (`ty`), or, for Bodymovin's type 5 (an effect it exported as a group of
    /// its values, as it does for effects it does not know, and for some it does in older
    /// versions), the type its After Effects match name (`mn`) stands for: "ADBE Gaussian Blur 2"
    /// 29, "ADBE Fill" 21, "ADBE Drop Shadow" 25. lottie-android's corpus holds three Gaussian
    /// blurs written so (payme).
    static func effectType(_ effect: LottieNode) throws(SceneError) -> Int {
        let type = try effect.integer("ty", default: -1, in: -1...1000)
        guard type == 5, let name = try effect.string("mn") else { return type }
        return ["ADBE Gaussian Blur 2": 29, "ADBE Fill": 21, "ADBE Tint": 20, "ADBE Drop Shadow": 25][name] ?? type
    }

    /// Whether an effect only holds values for expressions to read and draws nothing: After
    /// Effects' expression controls (slider, angle, colour, point, checkbox, layer, dropdown) and
    /// pseudo effects (a preset's panel of controls, match names "Pseudo/…"), which Bodymovin
    /// writes as type 5. rlottie's examples hold 83 of them in 8 files (worm, mnemonics, joypixels…).
    static func isExpressionControl(_ effect: LottieNode) throws(SceneError) -> Bool {
        guard try effect.integer("ty", default: -1, in: -1...1000) == 5, let name = try effect.string("mn") else { return false }
        return expressionControls.contains(name) || name.hasPrefix("Pseudo/")
    }

    private static let expressionControls: Set<String> = [
        "ADBE Slider Control", "ADBE Angle Control", "ADBE Color Control", "ADBE Point Control",
        "ADBE Point3D Control", "ADBE Checkbox Control", "ADBE Layer Control", "ADBE Dropdown Control",
    ]

    /// The first enabled effect of `type` (`effectType`) of the layer at `node`; the later ones
    /// are warned as not applied.
    func firstEnabledEffect(_ node: LottieNode, type: Int, name: String) throws(SceneError) -> LottieNode? {
        var found: LottieNode?
        for effect in try node["ef"]?.array() ?? [] where try Self.effectType(effect) == type {
            guard try effect.number("en", default: 1, in: 0...1) != 0 else { continue }
            if found == nil { found = effect } else { context.warn(effect.path, "only the first \(name) effect is applied") }
        }
        return found
    }

    /// The layer's Fill, Tint and Gaussian blur effects as filters on `content`, with their
    /// animations: the colours first, then the blur (what they keep, the alpha, is what the blur
    /// spreads).
    func addFilters(_ node: LottieNode, time: LottieTime, to content: inout Layer) throws(SceneError) {
        if let fill = try fill(node, time: time) {
            content.filters.append(fill.filter)
            try context.add(fill.animation, forKey: "fill", to: &content, at: node.path + ".ef")
        }
        if let tint = try tint(node) { content.filters.append(tint) }
        if let blur = try blur(node, time: time) {
            content.filters.append(blur.filter)
            try context.add(blur.animation, forKey: "blurriness", to: &content, at: node.path + ".ef")
        }
    }

    /// The name of the filter a Gaussian blur effect becomes (its radius animates as
    /// `filters.lottie-blur.radius`).
    static let blurName = "lottie-blur"

    /// The first Gaussian blur effect (`ef` type 29) of the layer at `node` as one of Strata's
    /// filters, with the animation of its radius when its blurriness changes: σ = 0.3 ×
    /// blurriness (points), as lottie-web and Skia's Skottie match After Effects; "horizontal"
    /// or "vertical" only (dimensions 2, 3) as a motion blur along that axis with the same
    /// variance. The values are read by position (blurriness, dimensions, repeat edge pixels),
    /// as the players read them. A second blur is warned.
    func blur(_ node: LottieNode, time: LottieTime) throws(SceneError) -> (filter: NamedFilter, animation: Animation?)? {
        guard let effects = node["ef"] else { return nil }
        var result: (filter: NamedFilter, animation: Animation?)?
        for effect in try effects.array() where try Self.effectType(effect) == 29 {
            guard result == nil else {
                context.warn(effect.path, "only the first Gaussian blur effect is applied")
                continue
            }
            if try effect.number("en", default: 1, in: 0...1) == 0 { continue }
            let values = try effect["ef"]?.array() ?? []
            guard let blurriness = try values.first?.required("v", "the blurriness").effectValue(count: 1) else {
                context.warn(effect.path, "a Gaussian blur without its values (blurriness first) is not applied")
                continue
            }
            var dimensions = 1
            if values.count > 1 {
                let property = try values[1].required("v", "the blur dimensions").effectValue(count: 1)
                guard let first = Int(exactly: property.first[0].rounded()), (1...3).contains(first) else {
                    throw values[1].error(at: "v", "blur dimensions 1 (both), 2 (horizontal) or 3 (vertical)")
                }
                dimensions = first
                if property.isAnimated { context.warn(values[1].path, "changing blur dimensions are drawn as at the first keyframe") }
            }
            // A box of 2n + 1 samples over ±r has variance r²(n + 1)/(3n): r for the same σ.
            let samples = 32.0
            let toRadius: (Double) -> Double = dimensions == 1
                ? { max(0, min(Limits.maximumBlurRadius, 0.3 * $0)) }
                : { max(0, min(Limits.maximumBlurLength, 0.3 * $0 * (3 * samples / (samples + 1)).squareRoot())) }
            let radius = toRadius(blurriness.first[0])
            let filter: Filter = dimensions == 1 ? .gaussianBlur(radius: radius) : .motionBlur(radius: radius, angle: dimensions == 2 ? 0 : .pi / 2, samples: samples)
            let animation = blurriness.animation(.filter(background: false, name: Self.blurName, parameter: "radius"), time: time, clock: context.clock,
                                                 make: { .number(toRadius($0[0])) })
            result = (NamedFilter(name: Self.blurName, filter: filter), animation)
        }
        return result
    }

    /// The name of the filter a Fill effect becomes (its opacity animates as
    /// `filters.lottie-fill.amount`).
    static let fillName = "lottie-fill"

    /// The first Fill effect (`ef` type 21) of the layer at `node` as a tint: every colour of the
    /// layer's content mixed towards the effect's colour by its opacity (0…1), its alpha kept —
    /// After Effects' Fill with no mask chosen, which lottie-web draws as a colour matrix that
    /// sets the colour and keeps the alpha. Values by name, as Bodymovin writes them ("Color",
    /// "Opacity"); a changing colour is drawn as its first (warned), a fill limited to a mask or
    /// inverted is drawn over the whole layer (warned). lottie-ios's Core Animation engine draws
    /// no effect but drop shadows, so After Effects' meaning is the reference.
    func fill(_ node: LottieNode, time: LottieTime) throws(SceneError) -> (filter: NamedFilter, animation: Animation?)? {
        guard let effect = try firstEnabledEffect(node, type: 21, name: "Fill") else { return nil }
        let values = try Self.namedValues(effect)
        let color = try values["Color"].map { n throws(SceneError) in try n.effectValue(count: 3) } ?? LottieProperty(constant: [1, 0, 0, 1])
        let opacity = try values["Opacity"].map { n throws(SceneError) in try n.effectValue(count: 1) } ?? LottieProperty(constant: [1])
        if color.isAnimated { context.warn(effect.path, "a Fill effect's changing colour is drawn as its first") }
        let masked = try values["Fill Mask"].map { n throws(SceneError) in try n.effectValue(count: 1).first[0] } ?? 0
        let inverted = try values["Invert"].map { n throws(SceneError) in try n.effectValue(count: 1).first[0] } ?? 0
        if masked != 0 || inverted != 0 { context.warn(effect.path, "a Fill effect limited to a mask, or inverted, is drawn over the whole layer") }
        func amount(_ v: [Double]) -> Double { min(1, max(0, v[0])) }
        let first = LottieColor.color(color.first)
        let filter = Filter.tint(Color(red: first.red, green: first.green, blue: first.blue, alpha: 1), amount: amount(opacity.first))
        let animation = opacity.animation(.filter(background: false, name: Self.fillName, parameter: "amount"), time: time, clock: context.clock,
                                          make: { .number(amount($0)) })
        return (NamedFilter(name: Self.fillName, filter: filter), animation)
    }

    /// An effect's values (`ef`) by their names (`nm`), as Bodymovin writes them.
    static func namedValues(_ effect: LottieNode) throws(SceneError) -> [String: LottieNode] {
        var values: [String: LottieNode] = [:]
        for value in try effect["ef"]?.array() ?? [] {
            if let name = try value.string("nm"), let property = value["v"] { values[name] = property }
        }
        return values
    }

    /// The compositing filter of the layer at `node`'s blend mode (`bm`), nil for normal: as
    /// lottie-ios sets them. Luminosity (15) is drawn normal, as Core Animation on iOS draws
    /// lottie-ios's `luminosityBlendMode` (its picture of blend_mode_test: blue text stays blue
    /// over red); others are warned.
    func blendMode(_ node: LottieNode) throws(SceneError) -> BlendMode? {
        guard let mode = try node["bm"].map({ n throws(SceneError) in try n.integer(in: 0...20) }), mode != 0 else { return nil }
        let modes: [Int: BlendMode] = [1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn,
                                       8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation,
                                       14: .color, 16: .plusLighter]
        if let blend = modes[mode] { return blend }
        context.warn(node.path + ".bm", mode == 15 ? "the luminosity blend mode is drawn normal, as Core Animation draws it" : "blend mode \(mode) is not applied")
        return nil
    }

    private func offset(angle degrees: Double, distance: Double) -> Size {
        let radians = degrees * .pi / 180
        return Size(width: distance * cos(radians), height: distance * sin(radians))
    }

    /// Dashes as lottie-ios sets them (`StrokeAnimation.swift`): the lengths' first keyframes (Core
    /// Animation animates no dash pattern; a changing length is warned), the offset animated as
    /// `lineDashPhase`.
    func dashes(_ node: LottieNode, time: LottieTime, to shape: inout ShapeContent, layer: inout Layer) throws(SceneError) {
        var pattern: [Double] = []
        for dash in try node.array(max: Limits.maximumDashCount) {
            let kind = try dash.string("n") ?? "d"
            let value = try dash.required("v", "the dash length").effectValue(count: 1)
            guard kind == "o" else {
                if value.isAnimated {
                    context.warn(dash.path + ".v", "a changing dash length is drawn at its first keyframe, as Core Animation draws it")
                }
                pattern.append(max(0, value.first[0]))
                continue
            }
            shape.lineDashPhase = value.first[0]
            try context.add(value.animation(.lineDashPhase, time: time, clock: context.clock) { .number($0[0]) },
                            forKey: "lineDashPhase", to: &layer, at: dash.path + ".v")
        }
        if pattern.contains(where: { $0 > 0 }) { shape.lineDashPattern = pattern.count % 2 == 1 ? pattern + pattern : pattern }
    }
}
