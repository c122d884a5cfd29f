import Foundation
import StrataAnimation
import StrataModel

/// Seed 000: a motion-blurred snapshot of a layer, added as its top sublayer, whose opacity follows
/// the layer's displacement per frame.
///
/// On enable, the layer's subtree is snapshotted (as presented at `enabledAt`), motion-blurred
/// with `angle`, `radius` and `samples`, and added with opacity 0 and the frame of the layer's
/// bounds outset by the blur's reach (so the image is centred). On every display-link tick,
/// delta = distance between the layer's presentation positions at this tick and the previous
/// displayed one (points) and opacity = `curve`(delta); nothing changes on the first tick. Under a
/// 3-D superlayer (a `sublayerTransform`, or transform layers) the position is the projected one,
/// as seen in the plane the layer is drawn into (`EffectsEngine.projectedPosition(in:at:)`).
public struct MotionBlurOverlay: Hashable, Sendable {
    /// Names the overlay in the manifest and curve.csv.
    public var id: String
    /// The layer it is enabled on.
    public var layer: LayerPath
    /// Blur direction, radians (π/2: vertical, the Core Image filter's default).
    public var angle: Double
    /// Blur length, points (converted to pixels with the scene's scale).
    public var radius: Double
    /// Samples each side (2n+1 in all).
    public var samples: Double
    /// Displacement → opacity.
    public var curve: OpacityCurve
    /// When set, delta is normalised to this rate (the seed's repository: delta × (1/60) / interval,
    /// interval = targetTimestamp − timestamp). Off by default.
    public var referenceRate: Double?
    /// Blur along the direction of motion on each tick instead of `angle` (beyond the seed).
    public var angleFromMotion: Bool
    /// Only while a position animation of the layer is in its active period (beyond the seed).
    public var followsPositionAnimation: Bool
    /// When the overlay is enabled, seconds.
    public var enabledAt: Double
    /// When it is disabled (removed, link stopped), seconds; nil: never.
    public var disabledAt: Double?

    /// Creates an overlay with the seed's defaults (radius 40, angle π/2, 5 samples, log2/5).
    public init(id: String, layer: LayerPath, angle: Double = .pi / 2, radius: Double = 40, samples: Double = 5,
                curve: OpacityCurve = .seed, referenceRate: Double? = nil, angleFromMotion: Bool = false,
                followsPositionAnimation: Bool = false, enabledAt: Double = 0, disabledAt: Double? = nil) {
        self.id = id
        self.layer = layer
        self.angle = angle
        self.radius = radius
        self.samples = samples
        self.curve = curve
        self.referenceRate = referenceRate
        self.angleFromMotion = angleFromMotion
        self.followsPositionAnimation = followsPositionAnimation
        self.enabledAt = enabledAt
        self.disabledAt = disabledAt
    }

    /// True at `seconds` when enabled and not yet disabled.
    public func isEnabled(atSeconds seconds: Double) -> Bool {
        seconds >= enabledAt && (disabledAt.map { seconds < $0 } ?? true)
    }

    /// The motion blur this overlay applies along `angle` (radians), in pixels at `scale`.
    public func filter(angle: Double, scale: Double) -> Filter {
        .motionBlur(radius: radius * scale, angle: angle, samples: samples)
    }
}

/// Seed 001 ("Blurable"): a Gaussian-blurred snapshot over a layer, its other sublayers hidden,
/// between `blurredAt` and `unblurredAt`.
public struct BlurOverlay: Hashable, Sendable {
    /// Names the overlay.
    public var id: String
    /// The layer it blurs.
    public var layer: LayerPath
    /// Gaussian radius, points (σ = radius).
    public var radius: Double
    /// When `blur(radius:)` is called, seconds.
    public var blurredAt: Double
    /// When `unblur()` is called, seconds; nil: never.
    public var unblurredAt: Double?

    /// Creates a blur overlay.
    public init(id: String, layer: LayerPath, radius: Double, blurredAt: Double = 0, unblurredAt: Double? = nil) {
        self.id = id
        self.layer = layer
        self.radius = radius
        self.blurredAt = blurredAt
        self.unblurredAt = unblurredAt
    }

    /// True while blurred at `seconds`.
    public func isBlurred(atSeconds seconds: Double) -> Bool {
        seconds >= blurredAt && (unblurredAt.map { seconds < $0 } ?? true)
    }
}

/// After Effects' per-layer motion blur: true temporal supersampling of one layer. On each
/// displayed frame at time t, the layer's subtree is drawn as presented at `samples` instants
/// spread evenly (at the centres of equal slices) over the shutter, which opens `shutterPhase`
/// degrees of a frame interval after t and stays open `shutterAngle` degrees (360 = one frame
/// interval); the drawings, in the superlayer's bounds, are averaged (premultiplied, rounded
/// once) and shown in place of the layer. A layer's motion relative to its superlayer is what
/// blurs; the superlayer must have bounds.
public struct LayerMotionBlur: Hashable, Sendable {
    /// Names the effect.
    public var id: String
    /// The layer whose subtree is supersampled (it must have a superlayer).
    public var layer: LayerPath
    /// How long the shutter is open, degrees of a frame interval (After Effects' default 180).
    public var shutterAngle: Double
    /// When it opens after the frame's time, degrees of a frame interval (default −90: centred on it for 180).
    public var shutterPhase: Double
    /// Instants drawn per frame (After Effects' samples per frame, default 16).
    public var samples: Int

    /// Creates a per-layer motion blur.
    public init(id: String, layer: LayerPath, shutterAngle: Double = 180, shutterPhase: Double = -90, samples: Int = 16) {
        self.id = id
        self.layer = layer
        self.shutterAngle = shutterAngle
        self.shutterPhase = shutterPhase
        self.samples = samples
    }

    /// The instants drawn for a frame at `seconds` on a clock of `fps`.
    public func instants(atSeconds seconds: Double, fps: Double) -> [Double] {
        let count = max(1, samples)
        let frameSeconds: Double = 1 / fps
        return (0..<count).map { (slice: Int) -> Double in
            let degrees: Double = shutterPhase + shutterAngle * (Double(slice) + 0.5) / Double(count)
            return seconds + degrees / 360 * frameSeconds
        }
    }
}

/// The effects of a scene.
public struct Effects: Hashable, Sendable {
    public var motionBlurOverlays: [MotionBlurOverlay]
    public var blurOverlays: [BlurOverlay]
    public var motionEffects: [MotionEffectBinding]
    /// Per-layer motion blur (drawn by the kit's frame renderer, after the overlays).
    public var layerMotionBlurs: [LayerMotionBlur]
    /// The viewer's offset over time, for motion effects.
    public var viewer: ViewerTrack?

    /// Creates a set of effects (none by default).
    public init(motionBlurOverlays: [MotionBlurOverlay] = [], blurOverlays: [BlurOverlay] = [],
                motionEffects: [MotionEffectBinding] = [], layerMotionBlurs: [LayerMotionBlur] = [], viewer: ViewerTrack? = nil) {
        self.motionBlurOverlays = motionBlurOverlays
        self.blurOverlays = blurOverlays
        self.motionEffects = motionEffects
        self.layerMotionBlurs = layerMotionBlurs
        self.viewer = viewer
    }

    /// True when there is nothing to do.
    public var isEmpty: Bool { motionBlurOverlays.isEmpty && blurOverlays.isEmpty && motionEffects.isEmpty && layerMotionBlurs.isEmpty }
}
