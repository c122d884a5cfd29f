import StrataAnimation
import StrataEffects
import StrataModel
import StrataScene

/// The seed effects from Swift, in the spirit of the articles' APIs.
extension Scene {
    /// The layers that move: those with animations and those with motion effects, in tree order
    /// (the manifest records these).
    public var movedLayerPaths: [LayerPath] {
        Set(timeline.animatedPaths + effects.motionEffects.map(\.layer)).sorted()
    }

    /// The path of the first layer called `name`.
    public func layerPath(named name: String) -> LayerPath? {
        func find(_ layers: [Layer], _ parent: LayerPath) -> LayerPath? {
            for (index, layer) in layers.enumerated() {
                let path = parent.appending(index)
                if layer.name == name { return path }
                if let found = find(layer.sublayers, path) { return found }
            }
            return nil
        }
        return find(layers, LayerPath([]))
    }

    /// Seed 000's `enableBlurWithAngle:`: adds a motion-blur overlay on the layer at `path` from
    /// `seconds` on (angle in radians, radius in points). Returns the overlay's id.
    @discardableResult
    public mutating func enableMotionBlur(on path: LayerPath, angle: Double = .pi / 2, radius: Double = 40, samples: Double = 5,
                                          curve: OpacityCurve = .seed, atSeconds seconds: Double = 0, id: String? = nil) -> String {
        let name = id ?? "overlay\(effects.motionBlurOverlays.count)"
        effects.motionBlurOverlays.append(MotionBlurOverlay(id: name, layer: path, angle: angle, radius: radius, samples: samples,
                                                            curve: curve, enabledAt: seconds))
        return name
    }

    /// Seed 000's `disableBlur`: removes the overlay `id` from `seconds` on (its link stops).
    public mutating func disableMotionBlur(_ id: String, atSeconds seconds: Double) {
        for index in effects.motionBlurOverlays.indices where effects.motionBlurOverlays[index].id == id {
            effects.motionBlurOverlays[index].disabledAt = seconds
        }
    }

    /// Seed 001's timed `blur(radius:)` / `unBlur()` on the layer at `path`.
    public mutating func blur(_ path: LayerPath, radius: Double, from: Double, until: Double? = nil) {
        effects.blurOverlays.append(BlurOverlay(id: "blur\(effects.blurOverlays.count)", layer: path, radius: radius,
                                                blurredAt: from, unblurredAt: until))
    }

    /// Seed 002: motion effects on the layer at `path`, following `viewer`.
    public mutating func addMotionEffects(_ motionEffects: [MotionEffect], to path: LayerPath, viewer: ViewerTrack? = nil) {
        effects.motionEffects.append(MotionEffectBinding(layer: path, effects: motionEffects))
        if let viewer { effects.viewer = viewer }
    }
}
