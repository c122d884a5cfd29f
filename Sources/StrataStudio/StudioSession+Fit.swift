import Foundation
import StrataAnimation
import StrataEffects
import StrataKit
import StrataRaster
import StrataScene

// The fit against the ground truth: the difference image and the error per frame.
extension StudioSession {
    /// The fit's error on every displayed frame: the mean absolute difference of the channels
    /// (0…255) between the frame (with the curves asked for) and the ground truth. Computed once on
    /// one worker (frames × (1 + subframes) renders) and kept for the scene generation.
    public func fitErrors(curves requested: [String: String], settings: Settings, shutter: Double, subframes: Int) async throws(RequestError) -> [Double] {
        let (scene, renderer, generation) = try current(settings)
        guard let scene, let renderer else { throw RequestError(status: 409, reason: "the scene does not read; see its error") }
        let curves = try parseCurves(requested, overlays: scene.effects.motionBlurOverlays)
        let key = "\(generation) \(settings.hashValue) \(requested.sorted { $0.key < $1.key }) \(shutter) \(subframes)"
        if let kept = lock.withLock({ fits[key] }) { return kept }
        let result: Result<[Double], RequestError> = await withCheckedContinuation { continuation in
            pool.async {
                self.slots.wait()
                defer { self.slots.signal() }
                do {
                    var errors: [Double] = []
                    let truth = GroundTruth(shutterDegrees: shutter, subframes: subframes)
                    for index in 0..<renderer.frames.count {
                        let forced = Self.forcedOpacities(scene, renderer, curves, frame: index)
                        let frame = try renderer.render(displayedIndex: index, overlayOpacity: forced).image
                        errors.append(try Self.difference(frame, truth.render(renderer, displayedIndex: index)).1)
                    }
                    continuation.resume(returning: .success(errors))
                } catch {
                    continuation.resume(returning: .failure(RequestError(status: 500, reason: "fitting: \(error)")))
                }
            }
        }
        let errors = try result.get()
        lock.withLock {
            if fits.count >= 8 { fits.removeAll() }
            if generation == self.generation { fits[key] = errors }
        }
        return errors
    }

    /// |a − b| × 4 per channel (opaque), and the mean absolute difference of all channels.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) throws -> (PixelBuffer, Double) {
        guard a.width == b.width, a.height == b.height else { throw RequestError(status: 500, reason: "frame and truth differ in size") }
        var bytes = [UInt8](repeating: 255, count: a.pixels.count)
        var total = 0
        for i in 0..<a.pixels.count {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            total += d
            if i % 4 != 3 { bytes[i] = UInt8(min(255, d * 4)) }
        }
        return (try PixelBuffer(width: a.width, height: a.height, premultipliedRGBA: bytes), Double(total) / Double(max(1, a.pixels.count)))
    }
}
