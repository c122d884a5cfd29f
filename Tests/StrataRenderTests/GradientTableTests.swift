import CStrataKernels
import Foundation
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataTestSupport
import Testing

/// `layers` drawn on a slate-blue canvas of `size` points at `scale`, the canvas set up by
/// `configure` first (which gradient paths it takes).
func renderOnSlate(_ layers: [Layer], size: Size, scale: Double, configure: (CairoCanvas) -> Void) throws -> PixelBuffer {
    let tree = RenderTreeBuilder(size: size, scale: scale, background: Color(red: 0.1, green: 0.2, blue: 0.3)).build(layers)
    let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight)
    configure(canvas)
    RenderTreePainter.paint(tree, on: canvas)
    return try canvas.makePixelBuffer()
}

/// Linear and radial gradients through a colour table (`CairoCanvas.gradientTable`): within one
/// level of every channel of Cairo's own gradient pattern, everywhere but near a focal point off
/// the centre and close to the circle (up to 10 levels, on a few pixels).
@Suite("Gradient tables")
struct GradientTableTests {
    func render(_ layers: [Layer], size: Size, scale: Double, tables: Bool) throws -> PixelBuffer {
        try renderOnSlate(layers, size: size, scale: scale) { $0.usesGradientTables = tables }
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func tablesGiveThePatternsColoursWithinALevel(scale: Double) throws {
        var state: UInt32 = 11
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 10_000) / 10_000 }
        var layers: [Layer] = []
        for i in 0..<24 {
            var layer = Layer(name: "g\(i)", frame: Rect(x: next() * 120 - 10, y: next() * 90 - 10, width: 20 + next() * 60, height: 15 + next() * 50))
            var gradient = Gradient(colors: [Color(red: next(), green: next(), blue: next(), alpha: i % 3 == 0 ? next() : 1),
                                             Color(red: next(), green: next(), blue: next()),
                                             Color(red: next(), green: next(), blue: next(), alpha: 0.5)],
                                    locations: i % 2 == 0 ? [0, 0.3 + next() * 0.4, 1] : nil,
                                    startPoint: Point(x: next(), y: next()), endPoint: Point(x: next() * 1.4 - 0.2, y: next() * 1.4 - 0.2))
            if i % 2 == 1 {
                gradient.kind = .radial
                if i % 4 == 1 { gradient.focalPoint = Point(x: next(), y: next()) }
            }
            layer.gradient = gradient
            layer.cornerRadius = next() * 12
            layer.opacity = i % 4 == 0 ? 0.6 : 1
            if i % 3 == 2 { layer.transform = Transform3D(.rotation(radians: next() * 6)) }
            layers.append(layer)
        }
        // Each gradient alone is within a level of Cairo's; where they overlap, a level from each.
        let size = Size(width: 140, height: 110)
        /// The largest difference, and how many bytes differ by more than a level.
        func worst(_ layers: [Layer]) throws -> (Int, Int) {
            let table = try render(layers, size: size, scale: scale, tables: true)
            let pattern = try render(layers, size: size, scale: scale, tables: false)
            #expect(table.pixels != Array(repeating: 0, count: table.pixels.count))
            var worst = 0, beyond = 0
            for (a, b) in zip(table.pixels, pattern.pixels) where a != b {
                let difference = abs(Int(a) - Int(b))
                worst = max(worst, difference)
                if difference > 1 { beyond += 1 }
            }
            return (worst, beyond)
        }
        for layer in layers where layer.gradient?.focalPoint == nil {
            let (largest, differing) = try worst([layer])
            #expect(largest <= 1, "\(layer.name ?? ""): largest difference \(largest) (\(differing) bytes beyond a level)")
        }
        // Off the centre, near a focal point close to the circle the parameter changes so fast that
        // pixman's 16.16 fixed-point matrix and the double-precision one part by up to 10 levels,
        // on a few pixels.
        for layer in layers where layer.gradient?.focalPoint != nil {
            let (largest, differing) = try worst([layer])
            let pixels = Int(size.width * scale * size.height * scale) * 4
            #expect(largest <= 12 && differing * 500 < pixels, "\(layer.name ?? ""): largest difference \(largest) (\(differing) bytes beyond a level)")
        }
    }

    /// The kernel fills two pixels at a time where the processor has SSE2: the same bytes as one
    /// pixel at a time (its scalar path), for centred and focal radials and linear gradients.
    @Test func pixelsInPairsAreThePixelsOneByOne() {
        let table: [UInt32] = (0..<4096).map { UInt32($0) &* 2_654_435_761 }
        var state: UInt32 = 7
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 100_000) / 100_000 }
        for case_ in 0..<60 {
            let radial: Int32 = case_ % 3 == 0 ? 0 : 1
            let focal = case_ % 3 == 2 ? (next() * 1.6 - 0.8, next() * 1.2 - 0.6) : (0.0, 0.0)
            // Device to pattern: about 0.02…0.06 per pixel, centred on the block, so the parameter
            // runs through 0…1 and past it.
            let (xx, yx, xy, yy) = (0.02 + next() * 0.04, next() * 0.02 - 0.01, next() * 0.02 - 0.01, 0.02 + next() * 0.04)
            let matrix = [xx, yx, xy, yy, -(xx * 23 + xy * 6.5) + (radial == 0 ? 0.5 : next() * 0.4 - 0.2), -(yx * 23 + yy * 6.5) + next() * 0.4 - 0.2]
            let width = 37, height = 5
            var together = [UInt32](repeating: 0, count: width * height), alone = together
            matrix.withUnsafeBufferPointer { m in
                table.withUnsafeBufferPointer { lut in
                    strata_gradient_fill(&together, width, width, height, 3, 4, m.baseAddress, radial, focal.0, focal.1, lut.baseAddress, lut.count)
                    for x in 0..<width {
                        alone.withUnsafeMutableBufferPointer { out in
                            strata_gradient_fill(out.baseAddress! + x, width, 1, height, 3 + Double(x), 4, m.baseAddress, radial, focal.0, focal.1,
                                                 lut.baseAddress, lut.count)
                        }
                    }
                }
            }
            #expect(together == alone, "case \(case_): radial \(radial), focal \(focal)")
            #expect(Set(together).count > 3, "case \(case_) fills with more than one colour")
        }
    }

    /// Centred radials take their square roots in single precision eight pixels at a time where
    /// the machine has AVX2, and recompute in doubles the pixels whose index the floats cannot
    /// settle; focal radials, and linear gradients between their ends, take four at a time in
    /// doubles; where every lane's index is settled its entries are gathered at once (indices past
    /// the table or not a number would crash there): the same bytes as one pixel at a
    /// time, over more than two million pixels of gradients large and small, stretched and
    /// turned, and past their ends.
    @Test func eightPixelsAtATimeAreThePixelsOneByOne() {
        let table: [UInt32] = (0..<4096).map { UInt32($0) &* 2_654_435_761 }
        var state: UInt32 = 11
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_000) / 1_000_000 }
        let width = 517, height = 61
        var differing = 0
        for case_ in 0..<70 {
            // From 1/3 to 1/4,000 of the unit circle per pixel: rings from a few pixels to thousands.
            let size = pow(10, -0.5 - next() * 3.1), angle = next() * 2 * .pi, stretch = 0.3 + next() * 1.4
            let (xx, yx, xy, yy) = (size * cos(angle), size * sin(angle) * stretch, -size * sin(angle), size * cos(angle) * stretch)
            let (cx, cy) = (next() * Double(width), next() * Double(height))
            let matrix = [xx, yx, xy, yy, -(xx * cx + xy * cy), -(yx * cx + yy * cy)]
            // Every third case a focal point inside the circle; every fifth a linear gradient.
            let focal = case_ % 3 == 2 ? (next() * 1.6 - 0.8, next() * 1.2 - 0.6) : (0.0, 0.0)
            let radial: Int32 = case_ % 5 == 4 ? 0 : 1
            var wide = [UInt32](repeating: 0, count: width * height), single = wide
            matrix.withUnsafeBufferPointer { m in
                table.withUnsafeBufferPointer { lut in
                    strata_gradient_fill_with_path(&wide, width, width, height, 0, 0, m.baseAddress, radial, focal.0, focal.1, lut.baseAddress, lut.count, 2)
                    strata_gradient_fill_with_path(&single, width, width, height, 0, 0, m.baseAddress, radial, focal.0, focal.1, lut.baseAddress, lut.count, 0)
                }
            }
            differing += zip(wide, single).filter { $0 != $1 }.count
            #expect(Set(single).count > 3, "case \(case_) fills with more than one colour")
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// Linear rows take the first colour before 0, the last from 1 on, and the table between, as
    /// each pixel's own t = px0 + xx·i says, on every path: the end runs found by bisection end
    /// exactly where the per-pixel tests change, for steep and shallow gradients both ways, rows
    /// wholly before or past the ends, and ramps narrower than a pixel.
    @Test func linearRowsChangeColourExactlyWhereEachPixelsParameterSays() {
        let table: [UInt32] = (0..<256).map { UInt32($0) * 0x0001_0101 | 0xff00_0000 }
        let last = Double(table.count - 1)
        var state: UInt32 = 29
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_000) / 1_000_000 }
        var compared = 0
        for case_ in 0..<400 {
            let width = 1 + Int(next() * 300), height = 3
            // xx from ±1e-4 to ±3 per pixel; the ramp anywhere from well before to well past the row.
            var xx = (next() < 0.5 ? -1 : 1) * pow(10, -4 + next() * 4.5), xy = next() * 0.01
            var tx = -xx * Double(width) * (next() * 1.6 - 0.3) + (case_ % 7 == 0 ? 0.5 : 0)
            if case_ % 4 == 0 {
                // Steps of a power of two: t is exactly 0 at pixel k and exactly 1 a few pixels on.
                xx = (next() < 0.5 ? -1 : 1) / [2, 4, 8, 64][case_ / 4 % 4]
                xy = 0
                tx = -xx * (0.5 + Double(Int(next() * Double(width))))
            }
            let matrix = [xx, 0, xy, 0, tx, 0]
            var pixels = [UInt32](repeating: 0, count: width * height)
            for path: Int32 in [0, 2] {
                matrix.withUnsafeBufferPointer { m in
                    table.withUnsafeBufferPointer { lut in
                        strata_gradient_fill_with_path(&pixels, width, width, height, 0, 0, m.baseAddress, 0, 0, 0, lut.baseAddress, lut.count, path)
                    }
                }
                for j in 0..<height {
                    let px0 = xx * 0.5 + xy * (Double(j) + 0.5) + tx
                    for i in 0..<width {
                        let t = px0 + xx * Double(i)
                        let expected = !(t > 0) ? table[0] : t >= 1 ? table[table.count - 1] : table[Int(t * last + 0.5)]
                        if pixels[j * width + i] != expected {
                            Issue.record("case \(case_), path \(path), pixel (\(i), \(j)): t = \(t)")
                            return
                        }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 100_000)
    }

    /// The table is computed eight entries at a time where the machine has AVX2: the same entries
    /// as one at a time, for stops in and out of 0…1, equal offsets, translucent colours and table
    /// sizes from 2 to 4,096 (12 and 13: eight, then the rest one by one).
    @Test func tableEntriesEightAtATimeAreTheEntriesOneByOne() {
        var state: UInt32 = 3
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 1_000_000) / 1_000_000 }
        for case_ in 0..<200 {
            let stops = 1 + case_ % 6
            var offsets = (0..<stops).map { _ in next() * 1.4 - 0.2 }.sorted()
            if case_ % 5 == 0, stops > 2 { offsets[1] = offsets[2] }
            let channels = (0..<stops * 4).map { _ in Float((next() * 65_535.999).rounded(.down) / 257) }
            for count in [2, 5, 7, 12, 13, 255, 4_095, 4_096] {
                var wide = [UInt32](repeating: 0, count: count), single = wide
                strata_gradient_table_with_path(&wide, count, offsets, channels, stops, 2)
                strata_gradient_table_with_path(&single, count, offsets, channels, stops, 0)
                #expect(wide == single, "case \(case_), \(stops) stops, \(count) entries")
            }
        }
    }

    @Test func theTableHoldsTheStopsAtTheirOffsets() {
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)], locations: [0.25, 0.75])
        let table = CairoCanvas.gradientTable(gradient, count: 5)
        #expect(table[0] == 0xFFFF_0000 && table[1] == 0xFFFF_0000, "padded before the first stop")
        // Alpha 0.5 is 32,767 of 65,535 in Cairo's 16 bits, 127.498 of 255: 127.
        #expect(table[4] == 0x7F00_007F && table[3] == 0x7F00_007F, "padded after the last")
        #expect(table[2] == 0xBF60_0060, "halfway: \(String(table[2], radix: 16))")
    }

    /// A gradient layer masked by one filled shape — how Lottie's gradient fills are built — is
    /// drawn as the gradient in the shape's path, with no offscreen surface: within two levels of
    /// the masked group's pixels (which round twice more). A mask that is not one opaque fill
    /// inside the gradient's rectangle keeps its surfaces.
    @Test func aGradientMaskedByOneShapeIsDrawnInThePath() throws {
        func layer(maskOpacity: Double = 1, stroke: Bool = false, leaving: Bool = false) -> Layer {
            var layer = Layer(name: "gradient", frame: Rect(x: 12.3, y: 8.6, width: 90, height: 70))
            layer.gradient = Gradient(colors: [Color(red: 1, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.7)],
                                      startPoint: Point(x: 0.1, y: 0.2), endPoint: Point(x: 0.9, y: 1))
            layer.gradient?.kind = .radial
            layer.opacity = 0.8
            var star = Layer(name: "shape", frame: Rect(x: 0, y: 0, width: 90, height: 70))
            var path = Path()
            path.move(to: Point(x: 45, y: leaving ? -5 : 2))
            path.addLine(to: Point(x: 88, y: 40))
            path.addCurve(to: Point(x: 5, y: 40), control1: Point(x: 60, y: 69), control2: Point(x: 30, y: 69))
            path.closeSubpath()
            star.shape = ShapeContent(path: path, fillColor: .black, strokeColor: stroke ? .black : nil, lineWidth: stroke ? 2 : 1)
            star.opacity = maskOpacity
            var mask = Layer(name: "mask", frame: Rect(x: 0, y: 0, width: 90, height: 70))
            mask.sublayers = [star]
            layer.mask = mask
            return layer
        }
        for scale in [1.0, 2.0] {
            var builder = RenderTreeBuilder(size: Size(width: 120, height: 100), scale: scale, background: .white)
            let folded = builder.build([layer()])
            #expect(folded.roots[0].mask == nil && folded.roots[0].isolation.isEmpty, "\(folded.roots[0].isolation)")
            builder.foldsGradientMasks = false
            let masked = builder.build([layer()])
            #expect(masked.roots[0].mask != nil)
            let a = try Renderer.render(folded), b = try Renderer.render(masked)
            let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            // The masked group rounds twice more (the mask's product, the group's composite).
            #expect(worst <= 2, "scale \(scale): \(worst)")
            #expect(try a.pixels != Renderer.render([], size: Size(width: 120, height: 100), scale: scale, background: .white).pixels)
        }
        let builder = RenderTreeBuilder(size: Size(width: 120, height: 100), scale: 1, background: .white)
        #expect(builder.build([layer(maskOpacity: 0.5)]).roots[0].mask != nil, "a translucent mask keeps its surface")
        #expect(builder.build([layer(stroke: true)]).roots[0].mask != nil, "a stroked mask keeps its surface")
        #expect(builder.build([layer(leaving: true)]).roots[0].mask != nil, "a path leaving the gradient's rectangle keeps its mask")
    }

    /// A gradient layer masked by one opaque stroked path (Lottie's gradient strokes: the mask's
    /// shape moved into the layer's space) is drawn as the gradient in that stroke, with its
    /// dashes and trims, cut to the gradient's rectangle where mitred joins could reach past it,
    /// under an opacity through one group: within a level of the masked group's pixels.
    @Test func aGradientMaskedByOneStrokeIsDrawnInTheStroke() throws {
        func layer(opacity: Double, join: LineJoin, dashed: Bool, scaled: Bool = false) -> Layer {
            var layer = Layer(name: "gradient", frame: Rect(x: 10.3, y: 7.6, width: 96, height: 80))
            layer.gradient = Gradient(colors: [Color(red: 1, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.5)],
                                      startPoint: Point(x: 0.1, y: 0.2), endPoint: Point(x: 0.9, y: 1))
            layer.opacity = opacity
            var path = Path()
            path.move(to: Point(x: 6, y: 8))
            path.addLine(to: Point(x: 88, y: 12))
            path.addLine(to: Point(x: 20, y: 40))  // a sharp corner: its miter reaches far
            path.addCurve(to: Point(x: 80, y: 70), control1: Point(x: 60, y: 20), control2: Point(x: 70, y: 60))
            // A second subpath crossing the first: trimmed dashes restart there (one group).
            path.move(to: Point(x: 12, y: 66))
            path.addLine(to: Point(x: 84, y: 30))
            var content = ShapeContent(path: path, fillColor: nil, strokeColor: .black, lineWidth: 5)
            content.lineJoin = join
            content.strokeStart = 0.05
            content.strokeEnd = 0.9
            if dashed { content.lineDashPattern = [9, 4] }
            var shape = Layer(name: "shape", frame: Rect(x: 2, y: 1.5, width: 90, height: 76))
            if scaled { shape.transform = .scale(x: 1.1, y: 1.1) }
            shape.shape = content
            var mask = Layer(name: "mask", frame: Rect(x: 0, y: 0, width: 96, height: 80))
            mask.sublayers = [shape]
            layer.mask = mask
            return layer
        }
        for (opacity, join, dashed) in [(1.0, LineJoin.round, false), (1.0, .miter, true), (0.6, .bevel, true), (0.6, .miter, false), (1.0, .round, true)] {
            var builder = RenderTreeBuilder(size: Size(width: 120, height: 100), scale: 1.5, background: .white)
            let folded = builder.build([layer(opacity: opacity, join: join, dashed: dashed)])
            let root = try #require(folded.roots.first)
            guard case .gradientInStroke(_, _, _, let clipped) = try #require(root.content.first) else {
                Issue.record("not folded: \(root.content.map(\.kind)) \(root.isolation)")
                continue
            }
            #expect(root.mask == nil && root.isolation.isEmpty && clipped == (join == .miter), "\(root.isolation)")
            builder.foldsGradientMasks = false
            let masked = builder.build([layer(opacity: opacity, join: join, dashed: dashed)])
            #expect(masked.roots[0].mask != nil)
            let a = try Renderer.render(folded), b = try Renderer.render(masked)
            let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "opacity \(opacity), \(join), dashed \(dashed): \(worst)")
            let blank = try Renderer.render([], size: Size(width: 120, height: 100), scale: 1.5, background: .white)
            #expect(a.pixels != blank.pixels)
        }
        let builder = RenderTreeBuilder(size: Size(width: 120, height: 100), scale: 1, background: .white)
        #expect(builder.build([layer(opacity: 1, join: .round, dashed: false, scaled: true)]).roots[0].mask != nil,
                "a stroke scaled into the layer's space keeps its mask")
        // Dashes past the limit are refused before drawing, folded or not.
        var hostile = layer(opacity: 1, join: .round, dashed: true)
        hostile.mask?.sublayers[0].shape?.lineDashPattern = [1e-4, 1e-4]
        let tree = builder.build([hostile])
        #expect(tree.roots.first?.mask == nil)
        #expect(tree.overLimits()?.contains("dashed stroke would be cut into") == true, "\(tree.overLimits() ?? "nil")")
    }

    /// A radial gradient drawn at the same place two frames running is kept and drawn from the
    /// copy while it stays: the same bytes as evaluating it every frame; one that moves is not kept.
    @Test func aStillRadialGradientIsKeptBetweenFrames() throws {
        func layers(_ x: Double) -> [Layer] {
            var still = Layer(name: "still", frame: Rect(x: 10, y: 10, width: 60, height: 50))
            still.gradient = Gradient(colors: [.white, Color(red: 0.2, green: 0.4, blue: 0.9)], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1))
            still.gradient?.kind = .radial
            var moving = Layer(name: "moving", frame: Rect(x: x, y: 40, width: 40, height: 30))
            moving.gradient = still.gradient
            return [still, moving]
        }
        let resources = RenderResources()
        resources.keepsBase = false
        for frame in 0..<4 {
            let kept = try Renderer.render(layers(20 + Double(frame) * 3.3), size: Size(width: 120, height: 90), scale: 1, background: .black, resources: resources)
            let fresh = try Renderer.render(layers(20 + Double(frame) * 3.3), size: Size(width: 120, height: 90), scale: 1, background: .black)
            #expect(kept.pixels == fresh.pixels, "frame \(frame)")
            #expect(resources.gradientImages.count == (frame == 0 ? 0 : 1), "frame \(frame): \(resources.gradientImages.count) kept")
        }
    }
}
