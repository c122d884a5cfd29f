import Foundation
import StrataAnimation
import StrataModel
import StrataRaster
import StrataRender
import StrataScene

/// True motion blur by temporal supersampling — the reference the overlay of seed 000 imitates.
///
/// For a frame at time t, the shutter is open for (shutter / 360) / fps seconds centred on t; the
/// scene is evaluated at `subframes` instants spread evenly over it (at the centres of equal
/// slices), each is rendered without motion-blur overlays, and the premultiplied pixel values are
/// averaged arithmetically, then rounded once. No PNG work happens per subframe.
public struct GroundTruth: Sendable {
    /// Shutter angle in degrees (360 = the whole frame interval).
    public var shutterDegrees: Double
    /// Evaluations per frame (≥ 1).
    public var subframes: Int

    /// Creates a ground-truth setting.
    public init(shutterDegrees: Double, subframes: Int) {
        self.shutterDegrees = shutterDegrees
        self.subframes = subframes
    }

    /// The instants sampled for a frame at `seconds` on a clock of `fps`.
    public func instants(atSeconds seconds: Double, fps: Double) -> [Double] {
        let exposure: Double = shutterDegrees / 360 / fps, count = Double(subframes)
        let opening: Double = seconds - exposure / 2
        return (0..<subframes).map { (slice: Int) -> Double in opening + (Double(slice) + 0.5) * exposure / count }
    }

    /// The supersampled displayed frame `index` of `renderer`'s scene and clock, its instants
    /// rendered without motion-blur overlays (`FrameRenderer.instant(atSeconds:)`); `resources`
    /// (one per thread) are reused when given.
    public func render(_ renderer: FrameRenderer, displayedIndex index: Int, resources: RenderResources? = nil) throws(StrataError) -> PixelBuffer {
        var accumulator = FrameAccumulator()
        for instant in instants(atSeconds: renderer.frames.seconds(ofFrame: index), fps: renderer.clock.framesPerSecond) {
            let image = try renderer.renderInstant(atSeconds: instant, resources: resources)
            do {
                try accumulator.add(image)
            } catch {
                throw StrataError(error)
            }
        }
        do {
            return try accumulator.average(dividingBy: subframes)
        } catch {
            throw StrataError(error)
        }
    }
}
