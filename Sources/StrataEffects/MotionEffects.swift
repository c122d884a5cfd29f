import Foundation
import StrataAnimation
import StrataModel

/// Seed 002: motion effects map the viewer's offset (each axis in −1…1, like a device tilt) onto
/// relative changes of a layer's properties.
public indirect enum MotionEffect: Hashable, Sendable {
    /// `UIInterpolatingMotionEffect`: the offset on `axis` from −1 to 1 maps linearly onto a change
    /// of `keyPath` from `minimumRelativeValue` to `maximumRelativeValue`, added to its value.
    case interpolating(keyPath: AnimationKeyPath, axis: Axis, minimumRelativeValue: Double, maximumRelativeValue: Double)
    /// `UIMotionEffectGroup`: every effect of the group, their changes added.
    case group([MotionEffect])
    /// A custom effect: a named function from the offset to changes (`MotionEffectFunctions`).
    case custom(name: String)

    /// The axis an interpolating effect follows.
    public enum Axis: String, Hashable, Sendable, CaseIterable { case horizontal, vertical }

    /// The changes for the viewer offset (x, y): key path → amount to add.
    public func changes(forOffsetX x: Double, y: Double) -> [(AnimationKeyPath, Double)] {
        switch self {
        case .interpolating(let keyPath, let axis, let minimum, let maximum):
            let value = min(max(axis == .horizontal ? x : y, -1), 1)
            return [(keyPath, minimum + (maximum - minimum) * (value + 1) / 2)]
        case .group(let effects):
            return effects.flatMap { $0.changes(forOffsetX: x, y: y) }
        case .custom(let name):
            return MotionEffectFunctions.shared.function(named: name)?(x, y) ?? []
        }
    }
}

/// Custom motion effects by name: a function from the viewer offset to key path changes.
public final class MotionEffectFunctions: @unchecked Sendable {
    /// The registry the renderer reads.
    public static let shared = MotionEffectFunctions()
    public typealias Function = @Sendable (Double, Double) -> [(AnimationKeyPath, Double)]
    private let lock = NSLock()
    private var functions: [String: Function] = [:]

    /// Registers `function` under `name`, replacing an earlier one.
    public func register(_ name: String, _ function: @escaping Function) {
        lock.lock()
        functions[name] = function
        lock.unlock()
    }

    /// The function called `name`.
    public func function(named name: String) -> Function? {
        lock.lock()
        defer { lock.unlock() }
        return functions[name]
    }
}

/// Motion effects attached to a layer.
public struct MotionEffectBinding: Hashable, Sendable {
    public var layer: LayerPath
    public var effects: [MotionEffect]

    public init(layer: LayerPath, effects: [MotionEffect]) {
        self.layer = layer
        self.effects = effects
    }
}

/// The viewer's offset over time (x, y in −1…1), so that a parallax tilt renders as a sequence.
public enum ViewerTrack: Hashable, Sendable {
    /// Keyframed offsets ([x, y] values, even or given key times) over `duration` seconds, repeating.
    case keyframes(Keyframes, duration: Double)
    /// A circle: (cos, sin) of 2π·t/period, times `amplitude`.
    case circle(period: Double, amplitude: Double)
    /// A figure eight: (sin, sin·cos) of 2π·t/period, times `amplitude`.
    case figureEight(period: Double, amplitude: Double)

    /// The offset at `seconds`.
    public func offset(atSeconds seconds: Double) -> (x: Double, y: Double) {
        switch self {
        case .keyframes(let keyframes, let duration):
            guard duration > 0 else { return (0, 0) }
            let local = seconds.truncatingRemainder(dividingBy: duration) / duration
            guard case .point(let p)? = keyframes.value(atProgress: local < 0 ? local + 1 : local) else { return (0, 0) }
            return (p.x, p.y)
        case .circle(let period, let amplitude):
            let phase = 2 * Double.pi * seconds / period
            return (amplitude * cos(phase), amplitude * sin(phase))
        case .figureEight(let period, let amplitude):
            let phase = 2 * Double.pi * seconds / period
            return (amplitude * sin(phase), amplitude * sin(phase) * cos(phase))
        }
    }
}
