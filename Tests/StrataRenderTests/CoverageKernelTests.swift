import CStrataKernels
import Foundation
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataTestSupport
import Testing

/// Gradients drawn through a path are blended by Strata's kernel from the path's coverage
/// (`CairoCanvas.paintThroughClip`): the same bytes as Cairo's paint, on every path of
/// the kernel, on surfaces Cairo knows to be clear (a group's first draw, which Cairo lerps in
/// with its own rounding) and on others, through curved paths, unaligned and pixel-aligned
/// rectangles, with every opacity.
@Suite("Coverage kernel")
struct CoverageKernelTests {
    struct Draw {
        var operation: DrawOperation
        var alpha: Double
    }

    /// The draws, each inside a new group (its first draw falls on a clear surface), then the
    /// group's second and third draws, then again on the frame itself.
    /// Half the groups are turned and sheared, half scaled by 2 and moved by whole pixels (their
    /// whole-point rectangles on whole pixels).
    func paint(_ draws: [Draw], on canvas: CairoCanvas) {
        for (index, draw) in draws.enumerated() {
            if index % 4 == 0 {
                if index > 0 {
                    canvas.restore()
                    canvas.endGroup(opacity: 0.8, shadow: nil, blendMode: nil)
                }
                canvas.beginGroup(bounds: Rect(x: 0, y: 0, width: 150, height: 120), reasons: [.opacity])
                canvas.save()
                canvas.concatenate(index % 8 == 0 ? Transform2D(a: 1.3, b: 0.2, c: -0.1, d: 1.1, tx: 3.25, ty: -2.5)
                                                  : Transform2D(a: 2, b: 0, c: 0, d: 2, tx: -7, ty: 3))
            }
            canvas.draw(draw.operation, alpha: draw.alpha)
        }
        canvas.restore()
        canvas.endGroup(opacity: 0.8, shadow: nil, blendMode: nil)
        canvas.concatenate(Transform2D(a: 1.3, b: 0.2, c: -0.1, d: 1.1, tx: 3.25, ty: -2.5))
        for draw in draws { canvas.draw(draw.operation, alpha: draw.alpha) }
    }

    func draws(seed: UInt32) -> [Draw] {
        var state = seed
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_000) / 1_000_000 }
        var result: [Draw] = []
        for i in 0..<30 {
            let rect = Rect(x: (next() * 40).rounded(), y: (next() * 30).rounded(), width: (10 + next() * 40).rounded(), height: (8 + next() * 30).rounded())
            var path = Path()
            switch i % 3 {
            case 0:  // curves
                path.move(to: Point(x: rect.minX + next() * rect.width, y: rect.minY))
                for _ in 0..<4 {
                    func inside() -> Point { Point(x: rect.minX + next() * rect.width, y: rect.minY + next() * rect.height) }
                    path.addCurve(to: inside(), control1: inside(), control2: inside())
                }
                path.closeSubpath()
            case 1:  // a rectangle on fractional points
                path.addRect(Rect(x: rect.minX + 0.37, y: rect.minY + 0.61, width: rect.width * 0.8, height: rect.height * 0.7))
            default:  // the whole rectangle: on whole pixels where the transform puts it there
                path.addRect(rect)
            }
            let gradient = Gradient(kind: i % 2 == 0 ? .radial : .linear,
                                    colors: [Color(red: next(), green: next(), blue: next(), alpha: 0.3 + next() * 0.7),
                                             Color(red: next(), green: next(), blue: next())],
                                    startPoint: Point(x: next(), y: next()), endPoint: Point(x: next(), y: next()))
            let alpha = i % 7 == 0 ? 1 : (next() * 100).rounded() / 100
            result.append(Draw(operation: .gradientInPath(gradient, rect, path: path, fillRule: i % 5 == 0 ? .evenOdd : .nonZero), alpha: alpha))
        }
        return result
    }

    @Test(arguments: [UInt32(3), 77, 901])
    func theKernelBlendsAsCairoPaints(seed: UInt32) throws {
        let draws = draws(seed: seed)
        let cairo = try CairoCanvas(width: 180, height: 150)
        cairo.usesCoverageKernel = false
        paint(draws, on: cairo)
        let expected = try cairo.makePixelBuffer()
        for path: Int32 in [0, 1] {
            let canvas = try CairoCanvas(width: 180, height: 150)
            canvas.coveragePath = path
            paint(draws, on: canvas)
            let image = try canvas.makePixelBuffer()
            let differing = zip(image.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(seed), path \(path): \(differing) bytes differ")
            #expect(canvas.coverageKernelDraws >= draws.count, "the kernel drew \(canvas.coverageKernelDraws) of \(2 * draws.count)")
        }
    }

    /// A path shrunk below a pixel (or moved far off the canvas) leaves Cairo no coverage to read:
    /// Cairo paints, with no error, and the bytes are Cairo's.
    @Test(arguments: [Transform2D(a: 1e-7, b: 0, c: 0, d: 1e-7, tx: 40, ty: 30), Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 1e7, ty: -1e7)])
    func aPathThatCoversNothingDrawsNothingWithoutAnError(transform: Transform2D) throws {
        let draw = draws(seed: 5)[0]
        func render(_ kernel: Bool) throws -> PixelBuffer {
            let canvas = try CairoCanvas(width: 180, height: 150)
            canvas.usesCoverageKernel = kernel
            canvas.beginGroup(bounds: Rect(x: 0, y: 0, width: 150, height: 120), reasons: [.opacity])
            canvas.concatenate(transform)
            canvas.draw(draw.operation, alpha: 0.5)
            canvas.endGroup(opacity: 1, shadow: nil, blendMode: nil)
            return try canvas.makePixelBuffer()
        }
        let kernel = try render(true), cairo = try render(false)
        #expect(kernel.pixels == cairo.pixels)
    }

    /// On a group whose only draw so far drew nothing, Cairo may or may not know it is clear:
    /// Cairo paints, and the bytes are Cairo's.
    @Test func aGroupWhereNothingWasDrawnYetIsLeftToCairo() throws {
        let draw = draws(seed: 5)[1]
        func render(_ kernel: Bool) throws -> (PixelBuffer, Int) {
            let canvas = try CairoCanvas(width: 180, height: 150)
            canvas.usesCoverageKernel = kernel
            canvas.beginGroup(bounds: Rect(x: 0, y: 0, width: 150, height: 120), reasons: [.opacity])
            canvas.draw(.fill(RoundedRect(rect: Rect(x: 10, y: 10, width: 40, height: 40)), Color(red: 1, green: 0, blue: 0, alpha: 0)), alpha: 1)
            canvas.draw(draw.operation, alpha: 0.5)
            canvas.endGroup(opacity: 1, shadow: nil, blendMode: nil)
            return (try canvas.makePixelBuffer(), canvas.coverageKernelDraws)
        }
        let (kernel, drawn) = try render(true), (cairo, _) = try render(false)
        #expect(kernel.pixels == cairo.pixels)
        #expect(drawn == 0)
    }
}
