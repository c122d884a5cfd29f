import Foundation
import StrataModel

/// Core Animation's string-valued option types: each a `rawValue` string with Core Animation's
/// constants (`CAMediaTimingFillMode.forwards`, …) and the old `kCA…` names.
public protocol QuartzStringOption: RawRepresentable, Hashable, Sendable where RawValue == String {
    init(rawValue: String)
}

/// What an animation shows outside its active time (`CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let removed = Self(rawValue: "removed")
    public static let forwards = Self(rawValue: "forwards")
    public static let backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both")
}

/// How keyframe values are interpolated (`CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced")
    public static let cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether a layer moving along a keyframe path turns with it (`CAAnimationRotationMode`).
public struct CAAnimationRotationMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self(rawValue: "auto")
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// The named timing curves (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let easeIn = Self(rawValue: "easeIn")
    public static let easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    public static let `default` = Self(rawValue: "default")
}

public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
public let kCAFillModeBoth = CAMediaTimingFillMode.both
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// A timing curve (`CAMediaTimingFunction`): a cubic Bézier from (0, 0) to (1, 1), as Strata's
/// `TimingFunction.cubicBezier`.
public final class CAMediaTimingFunction: Hashable, @unchecked Sendable {
    /// The two control points, x and y each.
    public let controlPoints: (Float, Float, Float, Float)

    /// One of the named curves; an unknown name is the default curve (Core Animation returns nil
    /// for it; here `CAMediaTimingFunctionName`'s constants are the only names code can spell).
    public init(name: CAMediaTimingFunctionName) {
        let curve = TimingFunction.named[name.rawValue] ?? .default
        if case .cubicBezier(let x1, let y1, let x2, let y2) = curve {
            controlPoints = (Float(x1), Float(y1), Float(x2), Float(y2))
        } else {
            controlPoints = (0.25, 0.1, 0.25, 1)
        }
    }
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        controlPoints = (c1x, c1y, c2x, c2y)
    }

    /// Control point `index` (0: (0, 0), 1 and 2: the curve's, 3: (1, 1)) into `values` (x, y).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), (controlPoints.0, controlPoints.1), (controlPoints.2, controlPoints.3), (1, 1)]
        let point = points[max(0, min(3, index))]
        values[0] = point.0
        values[1] = point.1
    }

    /// Strata's timing function.
    public var strataTimingFunction: TimingFunction {
        .cubicBezier(x1: Double(controlPoints.0), y1: Double(controlPoints.1), x2: Double(controlPoints.2), y2: Double(controlPoints.3))
    }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.controlPoints == rhs.controlPoints
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlPoints.0)
        hasher.combine(controlPoints.1)
        hasher.combine(controlPoints.2)
        hasher.combine(controlPoints.3)
    }
}

/// The timing properties animations (and layers) share (`CAMediaTiming`). Seconds.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}
