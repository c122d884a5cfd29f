import Foundation
import StrataModel

/// `CATransitionType` and `CATransitionSubtype`.
public struct CATransitionType: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade"), moveIn = Self(rawValue: "moveIn"), push = Self(rawValue: "push"), reveal = Self(rawValue: "reveal")
}
public struct CATransitionSubtype: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight"), fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop"), fromBottom = Self(rawValue: "fromBottom")
}
public let kCATransition = "transition"

/// A transition between a layer's states (`CATransition`): the layer as last drawn (the state
/// before, with its sublayers) is laid over the new state and fades out (`fade`) or slides out
/// toward the side opposite `subtype` (`push`, `moveIn`, `reveal`; the new state does not move
/// in, an approximation listed in the warnings). A layer not drawn before shows its new state at once.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    /// The layer as last drawn when the transition was added.
    var before: Layer?

    open override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CATransition else { return }
        (type, subtype, startProgress, endProgress) = (other.type, other.subtype, other.startProgress, other.endProgress)
    }
}

/// `CAEmitterLayerEmitterShape`, `…Mode` and `…RenderMode`.
public struct CAEmitterLayerEmitterShape: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line"), rectangle = Self(rawValue: "rectangle")
    public static let cuboid = Self(rawValue: "cuboid"), circle = Self(rawValue: "circle"), sphere = Self(rawValue: "sphere")
}
public struct CAEmitterLayerEmitterMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points"), outline = Self(rawValue: "outline"), surface = Self(rawValue: "surface")
    public static let volume = Self(rawValue: "volume")
}
public struct CAEmitterLayerRenderMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast"), backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A particle emitter (`CAEmitterLayer`): accepted so that code using it compiles; its particles
/// are not drawn (Strata has no particle system), which the scene's warnings say.
open class CAEmitterLayer: CALayer {
    open var emitterCells: [CAEmitterCell]?
    open var birthRate: Float = 1
    open var lifetime: Float = 1
    open var emitterPosition: CGPoint = .zero
    open var emitterZPosition: CGFloat = 0
    open var emitterSize: CGSize = .zero
    open var emitterDepth: CGFloat = 0
    open var emitterShape: CAEmitterLayerEmitterShape = .point
    open var emitterMode: CAEmitterLayerEmitterMode = .volume
    open var renderMode: CAEmitterLayerRenderMode = .unordered
    open var preservesDepth = false
    open var velocity: Float = 1
    open var scale: Float = 1
    open var spin: Float = 1
    open var seed: UInt32 = 0
}

/// One kind of particle (`CAEmitterCell`), accepted and not drawn.
open class CAEmitterCell {
    public init() {}
    open var name: String?
    open var isEnabled = true
    open var birthRate: Float = 0
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor?
    open var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    open var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    open var emitterCells: [CAEmitterCell]?
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
}
