import StrataModel
import StrataRaster
@testable import StrataRender
import Testing

/// Strata's coverage rasteriser (strata_raster.h), which draws imported animations' solid fills
/// and undashed strokes: the exact area in every pixel, the same outlines as Cairo's, only where
/// it can stand in for Cairo.
@Suite("Coverage rasteriser") struct CoverageRasteriserTests {
    /// A canvas at the imported tolerance drawing `draw` with the rasteriser or with Cairo.
    static func render(width: Int = 120, height: Int = 100, rasteriser: Bool, tolerance: Double = CurveTolerance.imported,
                       _ draw: (CairoCanvas) -> Void) throws -> (PixelBuffer, draws: Int) {
        let canvas = try CairoCanvas(width: width, height: height, curveTolerance: tolerance)
        canvas.usesRasteriser = rasteriser
        draw(canvas)
        return (try canvas.makePixelBuffer(), canvas.rasterDraws)
    }

    /// Σ alpha / 255 over the picture: the area drawn, in pixels.
    static func coveredArea(_ image: PixelBuffer) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) } / 255
    }

    static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        path.move(to: points[0])
        for point in points.dropFirst() { path.addLine(to: point) }
        path.closeSubpath()
        return path
    }

    /// A polygon's fill covers exactly its area: each pixel gets the area of the polygon in it,
    /// so the coverage adds up to the shoelace area within the bytes' rounding.
    @Test func aFilledPolygonCoversItsArea() throws {
        let polygons: [[Point]] = [
            [Point(x: 10.3, y: 7.7), Point(x: 97.2, y: 21.4), Point(x: 61.9, y: 88.1)],
            [Point(x: 20.5, y: 50.25), Point(x: 60.1, y: 9.9), Point(x: 110.7, y: 52.3), Point(x: 58.4, y: 93.6)],
            [Point(x: 5.01, y: 40.6), Point(x: 114.2, y: 41.3), Point(x: 113.9, y: 44.1), Point(x: 5.3, y: 42.2)],  // thin, nearly flat
        ]
        for points in polygons {
            let area = abs(zip(points, points.dropFirst() + [points[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
            let (image, draws) = try Self.render(rasteriser: true) { canvas in
                canvas.draw(.shape(ShapeContent(path: Self.polygon(points), fillColor: .black)), alpha: 1)
            }
            #expect(draws == 1)
            // Rounding each edge pixel to 1/255 leaves at most half a step each: about 0.002 px².
            #expect(abs(Self.coveredArea(image) - area) < 0.3, "\(Self.coveredArea(image)) against \(area)")
        }
    }

    /// A closed circle stroked w wide covers 2π r w (its two edges' chords cancel to the third
    /// order), nearer that than Cairo's 15 samples a pixel row give.
    @Test func aStrokedCircleCoversItsRing() throws {
        let radius = 37.3, width = 2.5
        var circle = Path()
        circle.addEllipse(in: Rect(x: 60 - radius, y: 50 - radius, width: 2 * radius, height: 2 * radius))
        var content = ShapeContent(path: circle, fillColor: nil, strokeColor: .black, lineWidth: width)
        content.lineJoin = .round
        let (image, draws) = try Self.render(rasteriser: true) { $0.draw(.shape(content), alpha: 1) }
        #expect(draws == 1)
        let ring = 2 * Double.pi * radius * width
        #expect(abs(Self.coveredArea(image) - ring) < 0.6, "\(Self.coveredArea(image)) against \(ring)")
    }

    /// Every join, cap, fill rule, a translucent colour, a turned and sheared transform, a clip and
    /// a group: the rasteriser's pixels stay within antialiasing of Cairo's, and nothing is drawn
    /// outside the clip. The differences are edge pixels: Cairo samples 15 rows a pixel, and in a
    /// pixel where two edges of the outline cross (the path over itself, a sharp inner join) the
    /// rasteriser adds both areas, up to a fifth more there (as ThorVG's and rlottie's do).
    @Test func itDrawsWhatCairoDraws() throws {
        var path = Path()
        path.move(to: Point(x: 14, y: 20))
        path.addLine(to: Point(x: 70, y: 14))
        path.addLine(to: Point(x: 30, y: 52))
        path.addCurve(to: Point(x: 96, y: 80), control1: Point(x: 60, y: 30), control2: Point(x: 90, y: 40))
        path.move(to: Point(x: 20, y: 84))
        path.addQuadCurve(to: Point(x: 60, y: 70), control: Point(x: 30, y: 50))
        path.closeSubpath()
        let transforms: [Transform2D] = [.identity, .rotation(radians: 0.4).concatenating(.translation(x: 20, y: -14)),
                                         Transform2D(a: 0.9, b: 0.15, c: -0.3, d: 1.1, tx: 12, ty: 4)]
        for (index, transform) in transforms.enumerated() {
            for join in [LineJoin.miter, .round, .bevel] {
                let cap = [LineCap.butt, .round, .square][index]
                var content = ShapeContent(path: path, fillColor: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8),
                                           strokeColor: Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7), lineWidth: 6)
                content.lineJoin = join
                content.lineCap = cap
                content.fillRule = index == 1 ? .evenOdd : .nonZero
                func draw(_ canvas: CairoCanvas) {
                    canvas.save()
                    canvas.clip(to: RoundedRect(rect: Rect(x: 4, y: 3, width: 105, height: 90)))
                    canvas.concatenate(transform)
                    if index == 2 { canvas.beginGroup(bounds: Rect(x: 7, y: 5, width: 100, height: 85), reasons: [.opacity]) }
                    canvas.draw(.shape(content), alpha: 0.9)
                    if index == 2 { canvas.endGroup(opacity: 0.75, shadow: nil, blendMode: nil) }
                    canvas.restore()
                }
                let (ours, draws) = try Self.render(rasteriser: true, draw)
                let (cairo, _) = try Self.render(rasteriser: false, draw)
                #expect(draws == 2, "fill and stroke")
                let differences = zip(ours.pixels, cairo.pixels).map { abs(Int($0) - Int($1)) }
                let mean = Double(differences.reduce(0, +)) / Double(differences.count)
                #expect((differences.max() ?? 0) <= 64 && mean < 0.2, "transform \(index), \(join): worst \(differences.max() ?? 0), mean \(mean)")
                for y in 0..<ours.height {
                    for x in 0..<ours.width where !(4..<109).contains(x) || !(3..<93).contains(y) {
                        #expect(ours.pixels[4 * (y * ours.width + x) + 3] == 0, "drawn outside the clip at \(x), \(y)")
                    }
                }
            }
        }
    }

    /// Scene files keep Cairo's rasteriser (their references were recorded with it), and so do
    /// dashes and a clip that is not one rectangle on the device's axes.
    @Test func itStandsInOnlyWhereItCan() throws {
        let shape = ShapeContent(path: Self.polygon([Point(x: 10, y: 10), Point(x: 90, y: 20), Point(x: 40, y: 80)]), fillColor: .black)
        var dashed = ShapeContent(path: shape.path, fillColor: nil, strokeColor: .black, lineWidth: 3)
        dashed.lineDashPattern = [4, 2]
        let cases: [(String, Double, (CairoCanvas) -> Void, Int)] = [
            ("a scene file's canvas", CurveTolerance.standard, { $0.draw(.shape(shape), alpha: 1) }, 0),
            ("dashes", CurveTolerance.imported, { $0.draw(.shape(dashed), alpha: 1) }, 0),
            ("a turned clip", CurveTolerance.imported, {
                $0.concatenate(.rotation(radians: 0.3))
                $0.clip(to: RoundedRect(rect: Rect(x: 5, y: 5, width: 80, height: 80)))
                $0.concatenate(.rotation(radians: -0.3))
                $0.draw(.shape(shape), alpha: 1)
            }, 0),
            ("a clip of part pixels", CurveTolerance.imported, {
                $0.clip(to: RoundedRect(rect: Rect(x: 5.5, y: 5, width: 80, height: 80)))
                $0.draw(.shape(shape), alpha: 1)
            }, 1),
            ("a rounded clip", CurveTolerance.imported, {
                $0.clip(to: RoundedRect(rect: Rect(x: 5, y: 5, width: 80, height: 80), cornerRadius: 10))
                $0.draw(.shape(shape), alpha: 1)
            }, 0),
            ("a clip of whole pixels", CurveTolerance.imported, {
                $0.clip(to: RoundedRect(rect: Rect(x: 5, y: 5, width: 80, height: 80)))
                $0.draw(.shape(shape), alpha: 1)
            }, 1),
        ]
        for (name, tolerance, draw, expected) in cases {
            let (_, draws) = try Self.render(rasteriser: true, tolerance: tolerance, draw)
            #expect(draws == expected, "\(name)")
        }
    }

    /// A pixel's value does not depend on the clip it is drawn in (a frame drawn over the
    /// previous one draws only its damage): the same bytes as the whole picture's, there.
    @Test func aPixelIsTheSameInAnyClip() throws {
        var path = Path()
        path.move(to: Point(x: -30.3, y: 12.7))
        path.addCurve(to: Point(x: 140.2, y: 60.9), control1: Point(x: 40, y: -50), control2: Point(x: 90, y: 150))
        path.addLine(to: Point(x: 20.6, y: 95.1))
        path.closeSubpath()
        var content = ShapeContent(path: path, fillColor: Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.9),
                                   strokeColor: .black, lineWidth: 3.5)
        content.lineJoin = .round
        let (whole, _) = try Self.render(rasteriser: true) { $0.draw(.shape(content), alpha: 1) }
        for (x0, y0, x1, y1) in [(0, 0, 120, 100), (13, 7, 61, 44), (70, 30, 119, 99), (1, 50, 118, 51)] {
            let (part, draws) = try Self.render(rasteriser: true) { canvas in
                canvas.clip(to: RoundedRect(rect: Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))))
                canvas.draw(.shape(content), alpha: 1)
            }
            #expect(draws == 2)
            var differing = 0
            for y in 0..<whole.height {
                for x in 0..<whole.width {
                    let inside = (x0..<x1).contains(x) && (y0..<y1).contains(y)
                    for channel in 0..<4 where part.pixels[4 * (y * whole.width + x) + channel] != (inside ? whole.pixels[4 * (y * whole.width + x) + channel] : 0) {
                        differing += 1
                    }
                }
            }
            #expect(differing == 0, "clip \(x0), \(y0) – \(x1), \(y1)")
        }
    }

    /// A clip whose sides cut pixels (a precomposition's bounds at a fraction of a pixel): the
    /// pixels it cuts get the area of the shape within it, as Cairo clips a path to a box.
    @Test func aClipCuttingPixelsGivesTheAreaWithinIt() throws {
        let square = Self.polygon([Point(x: 10.3, y: 8.2), Point(x: 90.6, y: 8.2), Point(x: 90.6, y: 70.9), Point(x: 10.3, y: 70.9)])
        let clip = Rect(x: 20.25, y: 15.75, width: 40.25, height: 34.35)
        for scale in [1.0, 1.5] {
            let (image, draws) = try Self.render(rasteriser: true) { canvas in
                canvas.concatenate(.scale(x: scale, y: scale))
                canvas.clip(to: RoundedRect(rect: Rect(x: clip.minX / scale, y: clip.minY / scale, width: clip.width / scale, height: clip.height / scale)))
                canvas.concatenate(.scale(x: 1 / scale, y: 1 / scale))
                canvas.draw(.shape(ShapeContent(path: square, fillColor: .black)), alpha: 1)
            }
            #expect(draws == 1)
            #expect(abs(Self.coveredArea(image) - clip.width * clip.height) < 0.3, "\(Self.coveredArea(image)) against \(clip.width * clip.height)")
            // Row 15 holds the clip's top quarter pixel: 0.25 of each pixel, 64 of 255.
            #expect(image.pixels[4 * (15 * image.width + 40) + 3] == 64)
            #expect(image.pixels[4 * (14 * image.width + 40) + 3] == 0 && image.pixels[4 * (40 * image.width + 61) + 3] == 0)
        }
    }

    /// A gradient in a path (a gradient layer under a path mask) is the gradient's pixels through
    /// the path's exact coverage, at the draw's opacity, like Cairo's within antialiasing; and
    /// the path Cairo was given for it is not left for the next draw.
    @Test func aGradientInAPathGoesThroughItsCoverage() throws {
        let gradient = Gradient(colors: [Color(red: 1, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)],
                                startPoint: Point(x: 0.1, y: 0.2), endPoint: Point(x: 0.9, y: 0.8))
        var blob = Path()
        blob.move(to: Point(x: 14.2, y: 30.5))
        blob.addCurve(to: Point(x: 96.3, y: 40.1), control1: Point(x: 40, y: -10), control2: Point(x: 80, y: 10))
        blob.addLine(to: Point(x: 60.7, y: 88.8))
        blob.closeSubpath()
        for alpha in [1.0, 0.55] {
            func draw(_ canvas: CairoCanvas) {
                canvas.concatenate(Transform2D(a: 0.95, b: 0.1, c: -0.1, d: 0.95, tx: 4.3, ty: 2.6))
                canvas.draw(.gradientInPath(gradient, Rect(x: 10, y: 5, width: 90, height: 85), path: blob, fillRule: .nonZero), alpha: alpha)
            }
            let canvas = try CairoCanvas(width: 120, height: 100, curveTolerance: CurveTolerance.imported)
            draw(canvas)
            #expect(canvas.rasterDraws == 1)
            #expect(!canvas.hasCurrentPath, "the path is not left on the context")
            let ours = try canvas.makePixelBuffer()
            let (cairo, _) = try Self.render(rasteriser: false, draw)
            let differences = zip(ours.pixels, cairo.pixels).map { abs(Int($0) - Int($1)) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            #expect((differences.max() ?? 0) <= 48 && mean < 0.2, "alpha \(alpha): worst \(differences.max() ?? 0), mean \(mean)")
        }
    }

    /// The rasteriser's loops — plain C, SSE2 and AVX2 — give the same bytes, so a frame is the
    /// same on every x86-64 processor: translucent colours and gradient images over a picture.
    @Test func everyLoopGivesTheSameBytes() throws {
        let gradient = Gradient(colors: [Color(red: 0.9, green: 0.7, blue: 0.1, alpha: 0.8), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.3)],
                                startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
        var renders: [[UInt8]] = []
        for vector in Int32(0)...2 {
            let canvas = try CairoCanvas(width: 120, height: 100, curveTolerance: CurveTolerance.imported)
            canvas.rasterVector = vector
            canvas.draw(.shape(ShapeContent(path: Self.polygon([Point(x: 3, y: 4), Point(x: 117, y: 9), Point(x: 60, y: 97)]),
                                            fillColor: Color(red: 0.2, green: 0.8, blue: 0.4))), alpha: 1)
            for (index, alpha) in [0.35, 0.8, 1].enumerated() {
                let offset = Double(index) * 17
                let square = Self.polygon([Point(x: 8 + offset, y: 12), Point(x: 70 + offset, y: 15), Point(x: 66 + offset, y: 80), Point(x: 5 + offset, y: 77)])
                canvas.draw(.shape(ShapeContent(path: square, fillColor: Color(red: 0.7, green: 0.1, blue: 0.5, alpha: 0.6))), alpha: alpha)
                canvas.draw(.gradientInPath(gradient, Rect(x: 0, y: 0, width: 120, height: 100), path: square, fillRule: .nonZero), alpha: alpha)
            }
            #expect(canvas.rasterDraws == 7)
            renders.append(try canvas.makePixelBuffer().pixels)
        }
        #expect(renders[0] == renders[1] && renders[1] == renders[2])
    }

    /// Lottie writes a straight side as a cubic whose controls are its ends (zero tangents): it is
    /// drawn as that line, not as the curve's many collinear chords, so the bytes are the line's.
    @Test func aStraightCubicIsItsChord() throws {
        let corners = [Point(x: 12.3, y: 9.7), Point(x: 104.6, y: 21.1), Point(x: 70.2, y: 88.9), Point(x: 15.5, y: 60.4)]
        var lines = Path(), cubics = Path()
        lines.move(to: corners[0])
        cubics.move(to: corners[0])
        for (from, to) in zip(corners, corners.dropFirst() + [corners[0]]) {
            lines.addLine(to: to)
            cubics.addCurve(to: to, control1: from, control2: to)
        }
        lines.closeSubpath()
        cubics.closeSubpath()
        var renders: [[UInt8]] = []
        for path in [lines, cubics] {
            var content = ShapeContent(path: path, fillColor: Color(red: 0.3, green: 0.5, blue: 0.9, alpha: 0.7), strokeColor: .black, lineWidth: 4)
            content.lineJoin = .round
            let (image, draws) = try Self.render(rasteriser: true) { canvas in
                canvas.concatenate(Transform2D(a: 0.9, b: 0.2, c: -0.2, d: 0.9, tx: 8, ty: -3))
                canvas.draw(.shape(content), alpha: 1)
            }
            #expect(draws == 2)
            renders.append(image.pixels)
        }
        #expect(renders[0] == renders[1])
    }

    /// A stroke wider than its shape (an inset by more than half the shape, drawn by Lottie's
    /// offset path as a stroke) covers the shape's inside too: the inner side turned inside out
    /// must not open a hole.
    @Test func aStrokeWiderThanItsShapeCoversItsInside() throws {
        let square = Self.polygon([Point(x: 50, y: 45), Point(x: 110, y: 45), Point(x: 110, y: 105), Point(x: 50, y: 105)])
        for join in [LineJoin.miter, .round] {
            var content = ShapeContent(path: square, fillColor: nil, strokeColor: .black, lineWidth: 80)
            content.lineJoin = join
            content.miterLimit = 4
            let (image, draws) = try Self.render(width: 160, height: 150, rasteriser: true) { $0.draw(.shape(content), alpha: 1) }
            #expect(draws == 1)
            // The square grown by 40 on every side, its corners rounded for the round join.
            let area = 140.0 * 140 - (join == .round ? (4 - Double.pi) * 40 * 40 : 0)
            // The round corners' chords lie within the tolerance (0.03 px) inside their arcs.
            let slack = join == .round ? 2 * Double.pi * 40 * CurveTolerance.imported : 1
            #expect(abs(Self.coveredArea(image) - area) < slack, "\(join): \(Self.coveredArea(image)) against \(area)")
            #expect(image.pixels[4 * (75 * image.width + 80) + 3] == 255, "\(join): the middle")
        }
    }

    /// A path far beyond the surface (its coordinates past what the rasteriser's fixed point
    /// holds) is left to Cairo, and a huge but representable one is cut to the clip: no crash,
    /// nothing drawn wrongly.
    @Test func hugeCoordinatesAreCutOrLeftToCairo() throws {
        for scale in [1e3, 1e7, 1e12] {
            let triangle = Self.polygon([Point(x: -scale, y: -scale), Point(x: scale, y: 50), Point(x: -scale, y: scale)])
            let content = ShapeContent(path: triangle, fillColor: .black, strokeColor: .black, lineWidth: 2)
            let (ours, _) = try Self.render(rasteriser: true) { $0.draw(.shape(content), alpha: 1) }
            let (cairo, _) = try Self.render(rasteriser: false) { $0.draw(.shape(content), alpha: 1) }
            let worst = zip(ours.pixels, cairo.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 48, "scale \(scale): worst \(worst)")
        }
    }
}
