import Foundation
import StrataAnimation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene

/// Core Animation code that Strata cannot draw as written: values of the wrong type for their
/// key path, key paths Strata does not animate, and (when rendering strictly) what is drawn only
/// approximately. One line per problem, each naming the layer (its path from the root and its
/// name) and the property or key path.
public struct QuartzCoreError: Error, CustomStringConvertible, Sendable {
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}

extension CALayer {
    /// Strata's scene of this layer tree: the layer drawn at the canvas's origin (its own
    /// position ignored, its transform and animations kept), `size` points (default: the
    /// layer's bounds), at `scale` pixels per point, with a clock of `framesPerSecond` running
    /// `seconds` from media time `start` (scene time 0). Layout runs first (`layoutIfNeeded()`),
    /// and the tree counts as committed: later changes animate implicitly, as on screen.
    ///
    /// What is drawn only approximately is listed in the scene's `warnings`.
    /// - Throws: `QuartzCoreError` for values and key paths Strata cannot draw (and, with
    ///   `strict`, for the warnings too).
    public func strataScene(size: CGSize? = nil, scale: CGFloat = 1, background: CGColor? = nil, framesPerSecond: Double = 60,
                            seconds: CFTimeInterval = 0, start: CFTimeInterval = 0, strict: Bool = false) throws(QuartzCoreError) -> Scene {
        layoutIfNeeded()
        CATransaction.flush()
        let conversion = QuartzConversion()
        conversion.commits = true
        conversion.origin = start.isFinite ? start : 0
        var root = conversion.layer(self)
        root.position = Point(x: Double(anchorPoint.x * bounds.width), y: Double(anchorPoint.y * bounds.height))
        let problems = conversion.errors + (strict ? conversion.warnings : [])
        guard problems.isEmpty else { throw QuartzCoreError(problems: problems) }
        let canvas = size ?? bounds.size
        let clock = seconds > 0 && seconds.isFinite && framesPerSecond > 0 && framesPerSecond.isFinite
            ? FrameClock(framesPerSecond: framesPerSecond, seconds: seconds) : FrameClock(framesPerSecond: max(1, framesPerSecond.isFinite ? framesPerSecond : 60), tickCount: 1)
        var scene = Scene(name: name ?? "layer", description: "A CALayer tree built by app code (StrataQuartzCore).",
                          size: canvas.strataSize, scale: Double(scale), background: background?.strataColor, layers: [root], clock: clock)
        scene.warnings = conversion.warnings
        return scene
    }
}

/// Renders `layer` (and its sublayers, with their animations) at media time `seconds` (default
/// `CACurrentMediaTime()`): a canvas of `size` points (default the layer's bounds) at `scale`
/// pixels per point, the layer at its origin, over `background` (default transparent).
/// - Throws: `QuartzCoreError` for what Strata cannot draw (see `CALayer.strataScene`), or a
///   `StrataError` when the canvas is beyond Strata's limits.
public func render(_ layer: CALayer, size: CGSize? = nil, scale: CGFloat = 1, at seconds: CFTimeInterval? = nil,
                   background: CGColor? = nil, strict: Bool = false) throws -> CGImage {
    let time = seconds ?? CACurrentMediaTime()
    let scene = try layer.strataScene(size: size, scale: scale, background: background, strict: strict)
    // Kit's FrameRenderer, the one place a frame is drawn: it checks the canvas against Strata's
    // limits before allocating.
    return CGImage(pixels: try FrameRenderer(scene: scene).render(atSeconds: time.isFinite ? time : 0).image)
}

/// Renders every frame of `layer`'s animations from media time `start` for `seconds` at
/// `framesPerSecond` as PNG files in `directory` (with Strata's manifest), through the same sink
/// as `strata render`; with `video`, a video through ffmpeg as well. Returns the run's summary.
@discardableResult
public func renderFrames(_ layer: CALayer, size: CGSize? = nil, scale: CGFloat = 1, framesPerSecond: Double = 60, seconds: CFTimeInterval,
                         start: CFTimeInterval = 0, background: CGColor? = nil, to directory: URL, video: VideoSettings? = nil,
                         overwrite: Bool = true) throws -> FrameSequence.Summary {
    let scene = try layer.strataScene(size: size, scale: scale, background: background, framesPerSecond: framesPerSecond,
                                      seconds: seconds, start: start)
    var options = FrameSequence.Options(directory: directory, overwrite: overwrite)
    options.video = video
    return try FrameSequence(scene: scene, options: options).run()
}
