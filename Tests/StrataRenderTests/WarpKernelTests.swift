import StrataTestSupport
import Testing
import StrataModel
import StrataRaster
@testable import StrataRender

/// The projective warp kernel: each path gives the bytes of the rule written out here pixel by
/// pixel and channel by channel (the inverse map at the pixel centre, 8-bit bilinear weights,
/// (Σ c·w + 32768) >> 16, transparent outside the source, nothing behind the eye).
@Suite("Projective warp kernel")
struct WarpKernelTests {
    func randomPixels(width: Int, height: Int, seed: UInt32) throws -> PixelBuffer {
        try TestPixels.random(width: width, height: height, seed: seed)
    }

    /// The rule, in Swift, on RGBA bytes (channel order does not matter to it).
    func reference(_ destination: PixelBuffer, _ source: PixelBuffer, _ g: Homography) -> [UInt8] {
        var out = destination.pixels
        func tap(_ x: Int, _ y: Int, _ c: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < source.width, y < source.height else { return 0 }
            return UInt32(source.pixels[(y * source.width + x) * 4 + c])
        }
        for y in 0..<destination.height {
            for x in 0..<destination.width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let q = g.m13 * px + (g.m23 * py + g.m33)
                guard q > 0, q <= 1 / Homography.minimumW else { continue }
                let r = 1 / q
                let su = (g.m11 * px + (g.m21 * py + g.m31)) * r - 0.5, sv = (g.m12 * px + (g.m22 * py + g.m32)) * r - 0.5
                guard su > -1, su < Double(source.width), sv > -1, sv < Double(source.height) else { continue }
                let fu = su.rounded(.down), fv = sv.rounded(.down)
                let ix = Int(fu), iy = Int(fv)
                let wx = UInt32((su - fu) * 256 + 0.5), wy = UInt32((sv - fv) * 256 + 0.5)
                let weights = [(256 - wx) * (256 - wy), wx * (256 - wy), (256 - wx) * wy, wx * wy]
                let taps = [(ix, iy), (ix + 1, iy), (ix, iy + 1), (ix + 1, iy + 1)]
                guard (0..<4).contains(where: { c in taps.contains { tap($0.0, $0.1, c) != 0 } }) else { continue }
                for c in 0..<4 {
                    let sum = zip(taps, weights).reduce(UInt32(0)) { $0 + tap($1.0.0, $1.0.1, c) * $1.1 }
                    out[(y * destination.width + x) * 4 + c] = UInt8((sum + 32768) >> 16)
                }
            }
        }
        return out
    }

    @Test func everyPathGivesTheRulesBytes() throws {
        let source = try randomPixels(width: 53, height: 37, seed: 7)
        let sourceSurface = try CairoSurface(image: source)
        var maps: [Homography] = [
            Homography(.identity),
            Homography(.translation(x: -3.25, y: 2.5)),
            Homography(Transform2D.rotation(radians: 0.3).concatenating(.scale(x: 1.7, y: 0.6))),
        ]
        // Projective maps, some with the horizon (q = 0) crossing the destination.
        for stage in 0..<12 {
            let angle = Double(stage) * 0.27 - 1.4
            let turn = Transform3D.rotation(radians: angle, x: stage % 2 == 0 ? 0 : 1, y: 1, z: 0)
            let place = Transform3D.translation(x: -26, y: -18, z: 0).concatenating(turn)
                .concatenating(.perspective(distance: 20 + Double(stage) * 15)).concatenating(.translation(x: 30, y: 22, z: 0))
            if let inverse = place.flattened.inverted() { maps.append(inverse) }
        }
        maps.append(Homography(m11: 1, m12: 0, m13: 0.02, m21: 0, m22: 1, m23: -0.01, m31: -5, m32: 4, m33: 0.3))
        for (index, map) in maps.enumerated() {
            // Odd widths leave pixels for the four-at-a-time path's tail.
            let destination = try randomPixels(width: 61, height: 45, seed: 100 + UInt32(index))
            let expected = reference(destination, source, map)
            for path in CairoSurface.warpPaths {
                let surface = try CairoSurface(image: destination)
                surface.warp(sourceSurface, inverse: map, path: path)
                let warped = try surface.pixelBuffer().pixels
                let differing = zip(warped, expected).filter { $0 != $1 }.count
                #expect(differing == 0, "map \(index), path \(path): \(differing) bytes differ from the rule")
            }
        }
    }
}
