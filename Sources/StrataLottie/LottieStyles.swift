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
                guard try effect.integer("ty", default: -1, in: -1...1000) == 25, shadow == nil else {
                    context.warn(effect.path, "effects other than one drop shadow are not applied")
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
