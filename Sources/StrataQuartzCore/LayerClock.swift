import Foundation
import StrataModel

/// A layer's own time as a function of scene time: `local = rate · t + offset`, from its and its
/// superlayers' `beginTime`, `speed` and `timeOffset` (`CAMediaTiming` on layers), in media-time
/// units less the scene's origin. The identity for layers with Core Animation's defaults.
struct LayerClock: Equatable {
    var rate = 1.0
    var offset = 0.0

    /// The clock of `layer` inside this one: local = (parent + origin − beginTime) · speed + timeOffset − origin.
    func child(_ layer: CALayer, origin: Double) -> LayerClock {
        let speed = Double(layer.speed)
        guard speed != 1 || layer.beginTime != 0 || layer.timeOffset != 0 else { return self }
        return LayerClock(rate: speed * rate, offset: speed * (offset + origin - layer.beginTime) + layer.timeOffset - origin)
    }

    /// `timing` (begin time in this layer's time) in scene time: the same animation seen through
    /// the clock; a paused clock (rate 0) holds it at the state it has at the paused time; nil
    /// when it then shows nothing.
    func sceneTiming(_ timing: MediaTiming) -> MediaTiming? {
        guard self != LayerClock() else { return timing }
        var scene = timing
        if rate > 0 {
            scene.beginTime = (timing.beginTime - offset) / rate
            scene.speed = timing.speed * rate
            return scene
        }
        // Paused: local time stands at `offset`, the animation at its state then.
        guard let state = timing.state(atParentTime: offset) else { return nil }
        scene = MediaTiming(beginTime: -1e300, duration: timing.duration, speed: 0,
                            timeOffset: min(state.simpleTime, timing.duration * (1 - 1e-12)))
        return scene
    }
}

extension CALayer {
    /// The superlayers (or the layer a mask masks), nearest first.
    var ancestors: [CALayer] {
        var chain: [CALayer] = []
        var next = superlayer ?? superlayerOfMask
        while let layer = next {
            chain.append(layer)
            next = layer.superlayer ?? layer.superlayerOfMask
        }
        return chain
    }

    /// `t` in this layer's time from `layer`'s (nil: media time), through every layer's
    /// `beginTime`, `speed` and `timeOffset` on the way (`convertTime(_:from:)`).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        fromMediaTime(layer.map { $0.toMediaTime(t) } ?? t)
    }

    /// `t` in this layer's time to `layer`'s (nil: media time) (`convertTime(_:to:)`).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = toMediaTime(t)
        return layer.map { $0.fromMediaTime(media) } ?? media
    }

    func fromMediaTime(_ t: Double) -> Double {
        ([self] + ancestors).reversed().reduce(t) { ($0 - $1.beginTime) * Double($1.speed) + $1.timeOffset }
    }

    /// Media time from this layer's; a paused layer (speed 0) gives its beginTime.
    func toMediaTime(_ t: Double) -> Double {
        ([self] + ancestors).reduce(t) { local, layer in
            layer.speed == 0 ? layer.beginTime : (local - layer.timeOffset) / Double(layer.speed) + layer.beginTime
        }
    }
}
