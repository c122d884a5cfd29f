import StrataFilters
import StrataModel

/// Seed 001 ("Blurable") on a layer value: `blur(radius:)`, `unblur()`, `isBlurred`.
extension Layer {
    /// Name of the overlay sublayer that `blur(radius:)` adds.
    public static let blurOverlayName = "BlurOverlay"

    /// Snapshots the layer's subtree at `scale` with `rasterizer`, blurs it (Gaussian, σ = radius
    /// points), adds it as the last sublayer with the frame of the bounds outset by 4 × radius, and
    /// hides the other sublayers. Blurring an already blurred layer replaces its overlay.
    /// (`blur(radius:scale:)` in StrataKit passes Strata's renderer.)
    public mutating func blur(radius: Double, scale: Double = 1, rasterizer: some SnapshotRasterizer) throws(EffectsError) {
        unblur()
        guard let snapshot = try EffectsEngine.snapshot(self, scale: scale, rasterizer: rasterizer) else { return }
        let image = try Self.blurOverlayImage(snapshot, radius: radius, scale: scale)
        for index in sublayers.indices { sublayers[index].isHidden = true }
        var overlay = Layer(name: Self.blurOverlayName, frame: bounds.outsetBy(dx: 4 * radius, dy: 4 * radius))
        overlay.contents = image
        sublayers.append(overlay)
    }

    /// Removes the overlay added by `blur(radius:)` and shows the other sublayers again.
    public mutating func unblur() {
        guard isBlurred else { return }
        sublayers.removeLast()
        for index in sublayers.indices { sublayers[index].isHidden = false }
    }

    /// True while the last sublayer is the overlay of `blur(radius:)`.
    public var isBlurred: Bool { sublayers.last?.name == Self.blurOverlayName }

    /// The Gaussian-blurred snapshot, cropped or padded to the bounds outset by 4 × radius points,
    /// as the seed's `createCGImage(fromRect:)` does.
    static func blurOverlayImage(_ snapshot: PixelBuffer, radius: Double, scale: Double) throws(EffectsError) -> PixelBuffer {
        do {
            let blurred = try FilterKernels.apply(.gaussianBlur(radius: radius * scale), to: snapshot)
            let grown = (blurred.width - snapshot.width) / 2
            let target = Int(saturating: 4 * radius * scale, .toNearestOrAwayFromZero)
            var result = try PixelBuffer(width: snapshot.width + 2 * target, height: snapshot.height + 2 * target)
            let shift = target - grown
            for y in 0..<blurred.height {
                let ty = y + shift
                guard ty >= 0, ty < result.height else { continue }
                for x in 0..<blurred.width {
                    let tx = x + shift
                    guard tx >= 0, tx < result.width else { continue }
                    let s = (y * blurred.width + x) * 4, t = (ty * result.width + tx) * 4
                    result.pixels[t] = blurred.pixels[s]
                    result.pixels[t + 1] = blurred.pixels[s + 1]
                    result.pixels[t + 2] = blurred.pixels[s + 2]
                    result.pixels[t + 3] = blurred.pixels[s + 3]
                }
            }
            return result
        } catch {
            throw EffectsError("blur overlay: \(error)")
        }
    }
}
