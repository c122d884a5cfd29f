import StrataTestSupport
import Testing
import StrataModel
import StrataRaster
@testable import StrataRender

/// Offscreen groups on an unclipped surface are blended by Strata's own kernel: the bytes of
/// Cairo's paint_with_alpha (pixman's arithmetic), on every path the machine has.
@Suite("Group compositing")
struct GroupCompositeTests {
    /// A surface of random premultiplied pixels (`TestPixels.random`).
    func randomSurface(width: Int, height: Int, seed: UInt32) throws -> CairoSurface {
        try CairoSurface(image: TestPixels.random(width: width, height: height, seed: seed))
    }

    func bytes(_ surface: CairoSurface) throws -> [UInt8] { try surface.pixelBuffer().pixels }

    @Test func blendingIsCairosPaintWithAlpha() throws {
        var state: UInt32 = 99
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_001) / 1_000_000 }
        // Opacities: every 8-bit step's edges, the extremes and random values.
        var opacities: [Double] = [0, 1, 0.001, 0.999, 0.9961, 0.5, 1.0 / 255]
        for step in stride(from: 0, through: 255, by: 17) { opacities += [Double(step) / 255, (Double(step) + 0.5) / 255] }
        for _ in 0..<40 { opacities.append(next()) }
        let paths = CairoSurface.blendPaths
        // OVER, and every blend mode with a kernel of its own (Cairo's MULTIPLY and SCREEN).
        let modes: [BlendMode?] = [nil] + CairoSurface.kernelBlendModes.sorted { $0.rawValue < $1.rawValue }
        #expect(modes.count == 3)
        for (index, opacity) in opacities.enumerated() {
            let source = try randomSurface(width: 37, height: 11, seed: UInt32(index + 1))
            // Offsets inside, and across each edge of, the 30 × 20 destination.
            for (x, y) in [(3, 4), (-5, 2), (10, 15), (-8, -6)] {
                for mode in modes {
                    let expected = try randomSurface(width: 30, height: 20, seed: 1000 + UInt32(index))
                    try expected.paintWithCairo(source, x: x, y: y, opacity: opacity, mode: mode)
                    for path in paths {
                        let blended = try randomSurface(width: 30, height: 20, seed: 1000 + UInt32(index))
                        blended.blend(source, x: x, y: y, alpha: CairoCanvas.cairoAlpha(opacity), mode: mode, path: path)
                        #expect(try bytes(blended) == bytes(expected),
                                "\(mode?.rawValue ?? "over"), opacity \(opacity) at (\(x), \(y)), path \(path)")
                    }
                }
            }
        }
    }

    @Test func everyPixelPairBlendsAsCairoDoes() throws {
        // Every source byte against every destination byte, in each channel at once (the
        // premultiplied pairs and the ones that are not), for the kernel's modes, opaque and not.
        var sourcePixels = [UInt8](), destinationPixels = [UInt8]()
        for s in 0...255 {
            for d in 0...255 {
                sourcePixels += [UInt8(s), UInt8(255 - s), UInt8(s / 2), UInt8(s)]
                destinationPixels += [UInt8(d), UInt8(d / 3), UInt8(255 - d), UInt8(d)]
            }
        }
        let source = try CairoSurface(image: PixelBuffer(width: 256, height: 256, premultipliedRGBA: sourcePixels))
        for mode in CairoSurface.kernelBlendModes {
            for opacity in [1.0, 0.6] {
                let expected = try CairoSurface(image: PixelBuffer(width: 256, height: 256, premultipliedRGBA: destinationPixels))
                try expected.paintWithCairo(source, x: 0, y: 0, opacity: opacity, mode: mode)
                for path in CairoSurface.blendPaths {
                    let blended = try CairoSurface(image: PixelBuffer(width: 256, height: 256, premultipliedRGBA: destinationPixels))
                    blended.blend(source, x: 0, y: 0, alpha: CairoCanvas.cairoAlpha(opacity), mode: mode, path: path)
                    #expect(try bytes(blended) == bytes(expected), "\(mode.rawValue), opacity \(opacity), path \(path)")
                }
            }
        }
    }

    @Test func clippedGroupsStillGoThroughCairo() throws {
        // A rounded clip on the parent (masksToBounds) and a group inside it: drawn as before.
        var card = Layer(name: "card", frame: Rect(x: 5, y: 5, width: 50, height: 40))
        card.cornerRadius = 12
        card.masksToBounds = true
        card.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        var inner = Layer(name: "inner", frame: Rect(x: -4, y: -4, width: 30, height: 30))
        inner.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
        inner.opacity = 0.6
        inner.sublayers = [Layer(name: "dot", frame: Rect(x: 5, y: 5, width: 10, height: 10))]
        inner.sublayers[0].backgroundColor = .white
        card.sublayers = [inner]
        let image = try Renderer.render([card], size: Size(width: 60, height: 50), scale: 1, background: nil)
        // The corner of the card at (5, 5) is outside the rounded clip: the inner group leaves it clear.
        #expect(image[5, 5].a == 0)
        #expect(image[20, 20].a == 255)
    }
}

@Suite("Placed images")
struct PlacedImageTests {
    /// A layer with an image turned about x or y through 90° (edge-on) covers no area: it draws
    /// nothing, and rendering does not fail (Cairo could not invert the matrix and reported "out
    /// of memory"; the Lottie corpus's pr_1930_rx met it at 25 %).
    @Test func anImageSeenEdgeOnDrawsNothing() throws {
        for axis in [(1.0, 0.0), (0.0, 1.0)] {
            var layer = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 40, height: 40))
            layer.contents = try TestPixels.random(width: 187, height: 191, seed: 7)
            layer.transform = Transform3D.rotation(radians: .pi / 2, x: axis.0, y: axis.1, z: 0)
            let picture = try Renderer.render([layer], size: Size(width: 60, height: 60), scale: 2, background: nil)
            #expect(picture.width == 120)
            #expect(picture.pixels.allSatisfy { $0 == 0 }, "an edge-on image drew pixels")
        }
    }
}
