import Foundation
import StrataModel
import StrataScene

/// After Effects' drop shadows — the layer style (`sy`, type 1) and the effect (`ef`, type 25) — as
/// the layer's Core Animation shadow, mapped as lottie-ios's Core Animation engine maps them:
/// opacity in percent (the effect's 0…255 scaled to it), the style's size / 2 or the effect's
/// softness / 5 as the radius, and the offset `distance` along `angle` degrees, 90 straight down
/// (the effect's direction is that angle + 90). Values are the first keyframe's; other styles and
/// effects are warned.
struct LottieStyles {
    let context: LottieContext

    /// The shadow the layer at `node` casts, nil when it has none; warns about what is skipped.
    func shadow(_ node: LottieNode) throws(SceneError) -> Shadow? {
        var shadow: Shadow?
        if let styles = node["sy"] {
            for style in try styles.array() {
                guard try style.integer("ty", default: -1, in: -1...100) == 1, shadow == nil else {
                    context.warn(style.path, "layer styles other than one drop shadow (stroke, glow, bevel…) are not applied")
                    continue
                }
                let opacity = try first(style, "o", 100), size = try first(style, "s", 0)
                let angle = try first(style, "a", 90), distance = try first(style, "d", 0)
                shadow = Shadow(color: try color(style, "c"), opacity: min(1, max(0, opacity / 100)),
                                offset: offset(angle: angle, distance: distance), radius: max(0, size / 2))
                if try animated(style, ["o", "s", "a", "d", "c"]) { context.warn(style.path, "an animated drop shadow is drawn as at its first keyframe") }
            }
        }
        if let effects = node["ef"] {
            for effect in try effects.array() {
                let type = try effect.integer("ty", default: -1, in: -1...1000)
                if type == 29 { continue }  // a Gaussian blur: `blur(_:)`
                guard type == 25, shadow == nil else {
                    let name = try effect.string("nm").map { "\"\($0)\" " } ?? ""
                    context.warn(effect.path, type == 25 ? "a second drop shadow is not applied"
                                 : "the effect \(name)(type \(type)) is not applied: drop shadows and Gaussian blurs are")
                    continue
                }
                var values: [String: LottieNode] = [:]
                for value in try effect["ef"]?.array() ?? [] {
                    if let name = try value.string("nm"), let property = value["v"] { values[name] = property }
                }
                func number(_ name: String, _ fallback: Double) throws(SceneError) -> Double {
                    try values[name].map { n throws(SceneError) in try n.vectorProperty(count: 1).first[0] } ?? fallback
                }
                let rgba = try values["Shadow Color"].map { n throws(SceneError) in try n.vectorProperty(count: 4, fill: 1).first } ?? [0, 0, 0, 1]
                shadow = Shadow(color: LottieColor.color(rgba), opacity: min(1, max(0, try number("Opacity", 255) / 255)),
                                offset: offset(angle: try number("Direction", 180) - 90, distance: try number("Distance", 0)),
                                radius: max(0, try number("Softness", 0) / 5))
            }
        }
        return shadow
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
        for effect in try effects.array() where try effect.integer("ty", default: -1, in: -1...1000) == 29 {
            guard result == nil else {
                context.warn(effect.path, "only the first Gaussian blur effect is applied")
                continue
            }
            if try effect.number("en", default: 1, in: 0...1) == 0 { continue }
            let values = try effect["ef"]?.array() ?? []
            guard let blurriness = try values.first?.required("v", "the blurriness").vectorProperty(count: 1) else {
                context.warn(effect.path, "a Gaussian blur without its values (blurriness first) is not applied")
                continue
            }
            var dimensions = 1
            if values.count > 1 {
                let property = try values[1].required("v", "the blur dimensions").vectorProperty(count: 1)
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

    private func first(_ node: LottieNode, _ key: String, _ fallback: Double) throws(SceneError) -> Double {
        try node.vectorProperty(key, default: [fallback]).first[0]
    }

    private func color(_ node: LottieNode, _ key: String) throws(SceneError) -> Color {
        LottieColor.color(try node.vectorProperty(key, default: [0, 0, 0, 1]).first)
    }

    private func animated(_ node: LottieNode, _ keys: [String]) throws(SceneError) -> Bool {
        for key in keys where try node.vectorProperty(key, default: [0]).isAnimated { return true }
        return false
    }
}
