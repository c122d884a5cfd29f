import Foundation
import StrataModel

/// Told when an animation starts and stops (`CAAnimationDelegate`). Strata calls these as a
/// display link's clock passes the animation's start and end (`CADisplayLink`, `CAMediaClock.advance(to:)`).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}

    /// Both methods are optional requirements in Objective-C, which code calls as
    /// `delegate?.animationDidStart?(anim)`; Swift on Linux has no optional requirements, so
    /// these make that call compile. The value is never nil: an unimplemented method is the
    /// default, which does nothing, as the Objective-C call does nothing.
    public var animationDidStart: CAAnimationDidStartCall? {
        CAAnimationDidStartCall { [weak self] anim in self?.animationDidStart(anim) }
    }
    /// `delegate?.animationDidStop?(anim, finished: flag)`, as `animationDidStart` above.
    public var animationDidStop: CAAnimationDidStopCall? {
        CAAnimationDidStopCall { [weak self] anim, flag in self?.animationDidStop(anim, finished: flag) }
    }
}

/// `CAAnimationDelegate.animationDidStart(_:)` as a value, for Objective-C's optional-method call
/// `delegate?.animationDidStart?(anim)`.
public struct CAAnimationDidStartCall {
    let body: (CAAnimation) -> Void
    public func callAsFunction(_ anim: CAAnimation) { body(anim) }
}

/// `CAAnimationDelegate.animationDidStop(_:finished:)` as a value, so that the optional-method
/// call `delegate?.animationDidStop?(anim, finished: flag)` compiles with its argument label.
public struct CAAnimationDidStopCall {
    let body: (CAAnimation, Bool) -> Void
    public func callAsFunction(_ anim: CAAnimation, finished flag: Bool) { body(anim, flag) }
}

/// The base of every animation (`CAAnimation`): media timing in seconds. A `duration` of 0 is
/// Core Animation's default, 0.25 s. `beginTime` is in media time (`CACurrentMediaTime()`); 0
/// starts the animation when it is added. Added to a layer, the animation is copied, as in Core
/// Animation: changing it afterwards changes nothing already added.
open class CAAnimation: CAMediaTiming {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion = true
    /// Held strongly, as Core Animation holds it.
    open var delegate: CAAnimationDelegate?

    public required init() {}

    /// A new animation of the same kind with the same settings (`copy()` of NSCopying).
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.copySettings(from: self)
        return copy
    }
    public func copy(with zone: NSZone? = nil) -> Any { copy() }

    /// Copies every setting of `other` (overridden by each subclass for its own).
    open func copySettings(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
    }

    /// `CAAnimation.defaultValue(forKey:)`.
    open class func defaultValue(forKey key: String) -> Any? { nil }
    /// Whether the value of `key` is archived (always true here; nothing is archived).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
}

/// An animation of one key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    /// Accepted and reported when the animation is drawn: Strata does not accumulate repeats.
    open var isCumulative = false
    open var valueFunction: CAValueFunction?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }
}

/// A value function (`CAValueFunction`), reported when drawn: Strata's key paths name the
/// components instead (`transform.rotation.z`, `transform.scale`, …).
public final class CAValueFunction: @unchecked Sendable {
    public let name: CAValueFunctionName
    public init?(name: CAValueFunctionName) { self.name = name }
}

/// `CAValueFunctionName`.
public struct CAValueFunctionName: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = Self(rawValue: "rotateX"), rotateY = Self(rawValue: "rotateY"), rotateZ = Self(rawValue: "rotateZ")
    public static let scale = Self(rawValue: "scale"), scaleX = Self(rawValue: "scaleX"), scaleY = Self(rawValue: "scaleY")
    public static let scaleZ = Self(rawValue: "scaleZ"), translate = Self(rawValue: "translate")
    public static let translateX = Self(rawValue: "translateX"), translateY = Self(rawValue: "translateY")
    public static let translateZ = Self(rawValue: "translateZ")
}

/// From, to and by values (`CABasicAnimation`): numbers (`CGFloat`, `Double`, `Float`, `Int`,
/// `NSNumber`), `CGPoint`, `CGSize`, `CGColor`, `CATransform3D`, `CGPath` or an `NSValue` holding
/// one, as the key path takes. A value of another type is reported when the layer is drawn,
/// naming the layer and the key path.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }
}

/// Keyframes (`CAKeyframeAnimation`): `values` (as `CABasicAnimation`'s) or a `path` for points,
/// `keyTimes` (0…1), per-segment `timingFunctions`, `calculationMode` and `rotationMode`.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Accepted and reported when drawn: Strata's cubic mode is Catmull-Rom (tension, continuity
    /// and bias 0).
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }
}

/// A damped spring (`CASpringAnimation`), Strata's `Spring`: the closed-form oscillator with
/// Core Animation's defaults (mass 1, stiffness 100, damping 10, initial velocity 0).
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    /// Seconds until the remaining displacement stays below 1/1000 (Strata's rule, docs/core-animation.md).
    open var settlingDuration: CFTimeInterval {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity)).settlingDuration
    }

    /// A spring that settles in about `perceptualDuration` seconds with `bounce` (−1…1), as
    /// iOS 17's initialiser: stiffness (2π / duration)², damping from the bounce.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let duration = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 1
        stiffness = CGFloat(pow(2 * .pi / duration, 2))
        let ratio = bounce >= 0 ? 1 - Double(bounce) : 1 / (1 + Double(bounce))
        damping = CGFloat(4 * .pi * ratio / duration)
        self.duration = settlingDuration
    }

    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }
}

/// Animations run together in the group's time (`CAAnimationGroup`).
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }
}
