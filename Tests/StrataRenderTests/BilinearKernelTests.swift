import CStrataKernels
import Foundation
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataTestSupport
import Testing

/// Images drawn with the linear filter are sampled by Strata's kernel at pixman's positions and
/// with its arithmetic: the same bytes as Cairo's bilinear paint, on every path, for images turned,
/// stretched, flipped, shrunk and enlarged, at fractional places and scales.
@Suite("Bilinear kernel")
struct BilinearKernelTests {
    @Test func theKernelSamplesEveryPixelAsPixmanDoes() throws {
        var state: UInt32 = 17
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_000) / 1_000_000 }
        var layers: [Layer] = []
        for i in 0..<40 {
            let width = 20 + next() * 90, height = 15 + next() * 70
            var layer = Layer(name: "image\(i)", frame: Rect(x: next() * 120 - 20, y: next() * 90 - 20, width: width, height: height))
            layer.contents = try TestPixels.random(width: 3 + Int(next() * 60), height: 2 + Int(next() * 50), seed: UInt32(i + 1))
            layer.minificationFilter = .linear
            switch i % 5 {
            case 0: layer.transform = Transform3D(.rotation(radians: next() * 6.3))
            case 1: layer.transform = Transform3D(Transform2D(a: -1 + next() * 0.2, b: 0, c: 0, d: 0.7 + next(), tx: 0, ty: 0))
            case 2: layer.transform = Transform3D(Transform2D(a: 1, b: next() * 0.5, c: next() * 0.3, d: 1, tx: 0, ty: 0))
            case 3: break  // scaled only: left to pixman's scaled bilinear path
            default: layer.transform = Transform3D(.rotation(radians: .pi / 2))
            }
            layers.append(layer)
        }
        var kernelDrew = 0
        for scale in [1.0, 1.5, 2.0] {
            for layer in layers {
                let cairo = try renderOnSlate([layer], size: Size(width: 140, height: 110), scale: scale) { $0.usesBilinearKernel = false }
                for path: Int32 in [0, 1] {
                    var canvas: CairoCanvas?
                    let kernel = try renderOnSlate([layer], size: Size(width: 140, height: 110), scale: scale) { $0.bilinearPath = path; canvas = $0 }
                    if path == 1, canvas?.bilinearKernelDraws ?? 0 > 0 { kernelDrew += 1 }
                    let differing = zip(kernel.pixels, cairo.pixels).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(layer.name ?? ""), scale \(scale), path \(path): \(differing) bytes differ")
                }
            }
        }
        // Every turned, flipped or sheared layer on the canvas, at every scale, took the kernel
        // (a scale alone, x not flipped, is left to pixman's own scaled path).
        #expect(kernelDrew > 70, "the kernel drew \(kernelDrew) of 120")
    }
}
