import Foundation
import StrataAnimation
import StrataEffects
import StrataKit
import StrataRaster
import StrataScene

// The fit against the ground truth: the difference image and the error per frame, measured as
// `strata tune` measures it (`Tuner.measure`).
extension StudioSession {
    /// One overlay's fit: its error on every displayed frame, and the mean over the frames that
    /// move — the figure `strata tune` gives that curve.
    public struct Fit: Sendable {
        public var id: String
        public var errors: [Double]
        public var mean: Double
    }

    /// The fit of every motion-blur overlay's curve (the one asked for, or the scene's) against
    /// the ground truth: per frame, the mean absolute difference of the channels (0…255) over
    /// the region the overlay or the truth change (`Tuner.FrameError`). The measurement (frames
    /// × (truth + 2 renders per overlay)) is made once on one worker and kept for the scene
    /// generation and the other overlays' curves, so trying another curve for an overlay costs
    /// no render.
    public func fitErrors(curves requested: [String: String], settings: Settings, shutter: Double,
                          subframes: Int) async throws(RequestError) -> [Fit] {
        let (scene, renderer, generation) = try current(settings)
        guard let scene, let renderer else { throw RequestError(.noScene, reason: "the scene does not read; see its error") }
        let curves = try parseCurves(requested, scene: scene)
        let overlays = scene.effects.motionBlurOverlays
        func key(_ id: String) -> String {
            "\(generation) \(settings.hashValue) \(requested.filter { $0.key != id }.sorted { $0.key < $1.key }) \(shutter) \(subframes) \(id)"
        }
        var measured = lock.withLock { overlays.map { fits[key($0.id)] } }
        if measured.contains(where: { $0 == nil }) {
            let missing = measured.indices.filter { measured[$0] == nil }
            let result: Result<[[Tuner.FrameError]], RequestError> = await withCheckedContinuation { continuation in
                let accepted = queue.submit(client: "fit", priority: .background) {
                    do throws(StrataError) {
                        var frames = [[Tuner.FrameError]](repeating: [], count: missing.count)
                        let truth = GroundTruth(shutterDegrees: shutter, subframes: subframes)
                        for index in 0..<renderer.frames.count {
                            let image = try truth.render(renderer, displayedIndex: index)
                            let forced = curves.opacities(renderer, displayedIndex: index)
                            for (slot, overlayIndex) in missing.enumerated() {
                                frames[slot].append(try Tuner.measure(renderer, displayedIndex: index, overlayIndex: overlayIndex,
                                                                      truth: image, others: forced.filter { $0.key != overlays[overlayIndex].id }))
                            }
                        }
                        continuation.resume(returning: .success(frames))
                    } catch {
                        continuation.resume(returning: .failure(RequestError(.failed, reason: "fitting: \(error)")))
                    }
                }
                if !accepted {
                    continuation.resume(returning: .failure(RequestError(.busy, reason: "\(StudioRenderQueue.maximumPending) fits are waiting; try again")))
                }
            }
            let made = try result.get()
            lock.withLock {
                if fits.count >= 16 { fits.removeAll() }
                for (slot, overlayIndex) in missing.enumerated() {
                    measured[overlayIndex] = made[slot]
                    if generation == self.generation { fits[key(overlays[overlayIndex].id)] = made[slot] }
                }
            }
        }
        return overlays.enumerated().map { i, overlay in
            let curve = curves.curves[overlay.id] ?? overlay.curve, frames = measured[i] ?? []
            return Fit(id: overlay.id, errors: Tuner.errors(curve, frames), mean: Tuner.error(curve, frames))
        }
    }

    /// The fit's error of the first overlay on one frame whose truth is `truth` (the difference
    /// view's figure; nil for a scene without overlays).
    static func fitError(_ renderer: FrameRenderer, curves: CurveOverrides, frame index: Int,
                         truth: PixelBuffer) throws(StrataError) -> Double? {
        guard let overlay = renderer.scene.effects.motionBlurOverlays.first else { return nil }
        let forced = curves.opacities(renderer, displayedIndex: index)
        let measured = try Tuner.measure(renderer, displayedIndex: index, overlayIndex: 0, truth: truth,
                                         others: forced.filter { $0.key != overlay.id })
        return Tuner.errors(curves.curves[overlay.id] ?? overlay.curve, [measured])[0]
    }

    /// |a − b| × 4 per channel (opaque): the difference view's picture.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) throws -> PixelBuffer {
        guard a.width == b.width, a.height == b.height else { throw RequestError(.failed, reason: "frame and truth differ in size") }
        var bytes = [UInt8](repeating: 255, count: a.pixels.count)
        for i in 0..<a.pixels.count where i % 4 != 3 {
            bytes[i] = UInt8(min(255, abs(Int(a.pixels[i]) - Int(b.pixels[i])) * 4))
        }
        return try PixelBuffer(width: a.width, height: a.height, premultipliedRGBA: bytes)
    }
}
