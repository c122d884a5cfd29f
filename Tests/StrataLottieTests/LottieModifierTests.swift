import Foundation
import StrataKit
import StrataModel
import StrataScene
@testable import StrataLottie
import Testing

/// The shape modifiers' geometry, on paths whose answer is known.
@Suite("Lottie shape modifiers") struct LottieModifierTests {
    /// A 20-point square centred at (50, 50), drawn with lines.
    static var square: Path { rectangle(x: 40, y: 40, width: 20, height: 20) }

    /// A rectangle drawn clockwise with lines from its top-left corner.
    static func rectangle(x: Double, y: Double, width: Double, height: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: x, y: y))
        path.addLine(to: Point(x: x + width, y: y))
        path.addLine(to: Point(x: x + width, y: y + height))
        path.addLine(to: Point(x: x, y: y + height))
        path.closeSubpath()
        return path
    }

    @Test func bloatMovesVerticesInAndControlsOutAndPuckerTheReverse() throws {
        let puckered = LottieContour.contours(of: LottieShapes.puckeredAndBloated(Self.square, amount: 50))
        #expect(puckered.count == 1 && puckered[0].closed && puckered[0].vertices.count == 4)
        let first = puckered[0].vertices[0]
        // The vertex half way to the centre; its out control (at the vertex before) half way further out.
        #expect(first.point == Point(x: 45, y: 45))
        #expect(first.out == Point(x: 35, y: 35) && first.into == Point(x: 35, y: 35))
        let bloated = LottieContour.contours(of: LottieShapes.puckeredAndBloated(Self.square, amount: -50))
        #expect(bloated[0].vertices[0].point == Point(x: 35, y: 35) && bloated[0].vertices[0].out == Point(x: 45, y: 45))
        // 0 changes nothing; a hostile amount is bounded (±1000 %) and finite.
        #expect(LottieShapes.puckeredAndBloated(Self.square, amount: 0) == Self.square)
        let far = LottieContour.contours(of: LottieShapes.puckeredAndBloated(Self.square, amount: -1e300))[0].vertices[0]
        #expect(far.point == Point(x: -60, y: -60) && far.out == Point(x: 140, y: 140), "bounded at ±1000 %: \(far)")
    }

    /// The centre is the middle of the outline's bounds, not the mean of the vertices (Skottie's
    /// `PuckerBloatEffect`; After Effects' renders bloat-00 and pucker-00): for a right triangle
    /// of legs 90 and 30 the mean is (30, 10) and the middle (45, 15). A curve's control points
    /// do not count, only where the curve reaches.
    @Test func puckerAndBloatTurnAboutTheMiddleOfTheOutlinesBounds() throws {
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0))
        triangle.addLine(to: Point(x: 90, y: 0))
        triangle.addLine(to: Point(x: 0, y: 30))
        triangle.closeSubpath()
        let bloated = LottieContour.contours(of: LottieShapes.puckeredAndBloated(triangle, amount: 100))[0]
        // At 100 % every vertex reaches the centre and every control point is thrown as far out.
        #expect(bloated.vertices.allSatisfy { $0.point == Point(x: 45, y: 15) }, "\(bloated.vertices)")
        #expect(bloated.vertices[0].out == Point(x: -45, y: -15))

        // A hump from (0, 0) to (100, 0) whose controls stand at y = −80: the curve rises to −60.
        var hump = Path()
        hump.move(to: Point(x: 0, y: 0))
        hump.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: -80), control2: Point(x: 100, y: -80))
        let bounds = hump.tightBounds
        #expect(abs(bounds.minY - -60) < 1e-9 && bounds.maxY == 0 && bounds.minX == 0 && bounds.maxX == 100, "\(bounds)")
        #expect(hump.controlBounds.minY == -80)
        let moved = LottieContour.contours(of: LottieShapes.puckeredAndBloated(hump, amount: 50))[0]
        #expect(abs(moved.vertices[0].point.y - -15) < 1e-9 && moved.vertices[0].point.x == 25, "\(moved.vertices[0])")
        #expect(Path().tightBounds == .zero)
        // A coordinate that is not a number is passed over; an infinite one makes it infinite.
        var odd = Path()
        odd.move(to: Point(x: 0, y: 0))
        odd.addLine(to: Point(x: .nan, y: 5))
        odd.addLine(to: Point(x: 10, y: 10))
        #expect(odd.tightBounds == Rect(x: 0, y: 0, width: 10, height: 10), "\(odd.tightBounds)")
        odd.addLine(to: Point(x: .infinity, y: 0))
        #expect(!odd.tightBounds.width.isFinite)
    }

    /// A star's and a polygon's roundness make tangents of radius × roundness × 0.47829 and
    /// × 0.25, whatever the number of points — lottie-ios's paths (`StarNode.PolystarConstant`,
    /// `PolygonNode.PolygonConstant`), which Core Animation draws; lottie-web's 2π·r·roundness /
    /// (4 × points) would give 12.57 and 7.85 for these 5-point shapes.
    @Test func starAndPolygonRoundnessMakeLottieIOSTangents() throws {
        func tangentLengths(_ path: Path) -> [Double] {
            LottieContour.contours(of: path)[0].vertices.map { vertex in
                ((vertex.out.x - vertex.point.x) * (vertex.out.x - vertex.point.x) + (vertex.out.y - vertex.point.y) * (vertex.out.y - vertex.point.y)).squareRoot()
            }
        }
        let star = LottieShapes.star(center: Point(x: 0, y: 0), points: 5, rotation: 0, outerRadius: 100, innerRadius: 40,
                                     outerRoundness: 50, innerRoundness: 25, reversed: false)
        let starLengths = tangentLengths(star)
        #expect(starLengths.count == 10)
        for (index, length) in starLengths.enumerated() {
            let expected = index % 2 == 0 ? 100 * 0.5 * 0.47829 : 40 * 0.25 * 0.47829
            #expect(abs(length - expected) < 1e-9, "vertex \(index): \(length), expected \(expected)")
        }
        let polygon = LottieShapes.star(center: Point(x: 0, y: 0), points: 5, rotation: 0, outerRadius: 100, innerRadius: nil,
                                        outerRoundness: 50, innerRoundness: 0, reversed: false)
        let polygonLengths = tangentLengths(polygon)
        #expect(polygonLengths.count == 5 && polygonLengths.allSatisfy { abs($0 - 12.5) < 1e-9 }, "\(polygonLengths)")
        // Perpendicular to the radius: the first vertex, at noon, has a horizontal tangent.
        let first = LottieContour.contours(of: polygon)[0].vertices[0]
        #expect(abs(first.point.x) < 1e-9 && abs(first.out.y - first.point.y) < 1e-9)
    }

    /// A fractional number of points (an animated `pt`) grows a star's last point out of its inner
    /// radius, as lottie-ios's `BezierPath.star` builds it: 5.5 points give 12 corners, the first
    /// half way between the radii with tangents half as long; just under 5 is the 5-point star.
    /// Reversed, the path starts at the same first point. A polygon of 4.5 points takes 5 steps
    /// of 80°, its last side straight back to the first point.
    @Test func fractionalPointsGrowAPointOutOfTheInnerRadius() throws {
        func star(_ points: Double, reversed: Bool = false, inner: Double? = 40) -> [LottieContour.Vertex] {
            LottieContour.contours(of: LottieShapes.star(center: Point(x: 0, y: 0), points: points, rotation: 0, outerRadius: 100,
                                                         innerRadius: inner, outerRoundness: 50, innerRoundness: 0, reversed: reversed))[0].vertices
        }
        func radius(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        let grown = star(5.5)
        #expect(grown.count == 12)
        #expect(abs(radius(grown[0].point) - 70) < 1e-9, "\(grown[0].point)")
        let out = Point(x: grown[0].out.x - grown[0].point.x, y: grown[0].out.y - grown[0].point.y)
        #expect(abs(radius(out) - 100 * 0.5 * 0.47829 * 0.5) < 1e-9)
        let almost = star(4.99999), five = star(5)
        #expect(almost.count == five.count && zip(almost, five).allSatisfy { abs($0.point.x - $1.point.x) < 0.01 && abs($0.point.y - $1.point.y) < 0.01 })
        let back = star(5.5, reversed: true)
        #expect(back[0].point == grown[0].point && back[1].point == grown[11].point)
        let polygon = star(4.5, inner: nil)
        #expect(polygon.count == 6, "\(polygon.count)")
        #expect(polygon[0].into == polygon[0].point && polygon[5].out == polygon[5].point, "the closing side has no tangents")
        #expect(LottieShapes.star(center: .zero, points: 1.5, rotation: 0, outerRadius: 1, innerRadius: 1, outerRoundness: 0, innerRoundness: 0,
                                  reversed: false).isEmpty, "fewer than 2 points draw nothing")
    }

    @Test func contoursRoundTripAPath() {
        var path = Path()
        LottieContour.contours(of: Self.square).forEach { $0.append(to: &path) }
        #expect(path == Self.square)
    }

    /// One ridge per side of a clockwise square, 2 points: the corners go in along their bisector,
    /// the middles of the sides go out along their normal; 8 points in all.
    @Test func zigZagAlternatesSidesStartingInwards() throws {
        let zigged = LottieContour.contours(of: LottieShapes.zigZagged(Self.square, size: 2, ridges: 1, smooth: false))
        #expect(zigged.count == 1 && zigged[0].closed && zigged[0].vertices.count == 8)
        let points = zigged[0].vertices.map(\.point)
        #expect(abs(points[0].x - (40 + 2.squareRoot())) < 1e-9 && abs(points[0].y - (40 + 2.squareRoot())) < 1e-9, "\(points[0])")
        #expect(abs(points[1].x - 50) < 1e-9 && abs(points[1].y - 38) < 1e-9, "\(points[1])")
        #expect(abs(points[3].x - 62) < 1e-9 && abs(points[3].y - 50) < 1e-9, "\(points[3])")
        // Smooth points carry handles along the path; corner points none.
        let smooth = LottieContour.contours(of: LottieShapes.zigZagged(Self.square, size: 2, ridges: 1, smooth: true))[0].vertices
        #expect(smooth[1].out.x > smooth[1].point.x && smooth[1].out.y == smooth[1].point.y)
        #expect(zigged[0].vertices.allSatisfy { $0.into == $0.point && $0.out == $0.point })
        // A hostile ridge count leaves the path as it was instead of making millions of points.
        #expect(LottieShapes.zigZagged(Self.square, size: 2, ridges: 1e12, smooth: false) == Self.square)
        #expect(LottieShapes.zigZagged(Self.square, size: .nan, ridges: 3, smooth: false) == Self.square)
    }

    /// Smooth points' handles reach half the way to the next point on their side (lottie-web's
    /// `ZigZagModifier`; After Effects' zig-zag-smooth-00): on a 40 × 10 rectangle with one ridge
    /// a side, the points on the long sides stand 20 apart (handles 10), on the short sides 5
    /// (handles 2.5), and a corner takes each side's.
    @Test func smoothZigZagHandlesReachHalfWayToTheirNeighbours() throws {
        let rectangle = Self.rectangle(x: 0, y: 0, width: 40, height: 10)
        let smooth = LottieContour.contours(of: LottieShapes.zigZagged(rectangle, size: 1, ridges: 1, smooth: true))[0].vertices
        #expect(smooth.count == 8)
        func reach(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        // The middle of the top side: 10 either way along the side.
        #expect(abs(reach(smooth[1].out, smooth[1].point) - 10) < 1e-9 && abs(reach(smooth[1].into, smooth[1].point) - 10) < 1e-9)
        // The corner at (40, 0): in from the long side (10), out along the short one (2.5).
        #expect(abs(reach(smooth[2].into, smooth[2].point) - 10) < 1e-9, "\(smooth[2])")
        #expect(abs(reach(smooth[2].out, smooth[2].point) - 2.5) < 1e-9, "\(smooth[2])")
        #expect(abs(reach(smooth[3].out, smooth[3].point) - 2.5) < 1e-9)
    }

    /// A stop that is the mean of its neighbours, off the centre, is After Effects' midpoint: the
    /// blend follows f^(ln ½ / ln m) and reaches the mean there; a centred mean stays as it is.
    @Test func aMidpointStopBecomesItsCurve() {
        let stops: [(Double, [Double])] = [(0, [1, 0, 0]), (0.601, [0.5, 0, 0.5]), (1, [0, 0, 1])]
        let curved = LottieShapeBuilder.withMidpoints(stops)
        #expect(curved.count == LottieShapeBuilder.midpointSamples + 1)
        // At 0.262 of the way: After Effects' render shows red 214 (a straight blend gives 200).
        let near = curved.min { abs($0.0 - 0.25) < abs($1.0 - 0.25) }!
        let expected = 1 - pow(near.0, log(0.5) / log(0.601))
        #expect(abs(near.1[0] - expected) < 1e-12 && near.1[0] > 1 - near.0)
        // The mean is still reached at the midpoint's position.
        let centred: [(Double, [Double])] = [(0, [1, 0, 0]), (0.5, [0.5, 0, 0.5]), (1, [0, 0, 1])]
        #expect(LottieShapeBuilder.withMidpoints(centred).map(\.0) == [0, 0.5, 1])
        // A middle stop that is not the mean is a stop.
        let real: [(Double, [Double])] = [(0, [1, 0, 0]), (0.3, [0, 1, 0]), (1, [0, 0, 1])]
        #expect(LottieShapeBuilder.withMidpoints(real).map(\.0) == [0, 0.3, 1])
    }
}

/// Offset Path inwards (a negative amount) as After Effects defines it: the fill's region moved
/// |amount| in from every path; the fill's colour and opacity kept; the line join shaping the
/// inset at concave corners.
@Suite("Lottie offset path inwards") struct LottieInsetTests {
    /// A shape layer with `path` (an `sh` item) filled with translucent red, offset by `amount`
    /// (an `op` item's `a` property, JSON) with line join `join`.
    func inset(_ path: String, amount: String, join: Int) throws -> Scene {
        let shapes = #"{"ty":"gr","it":[\#(path),{"ty":"op","a":\#(amount),"lj":\#(join),"ml":{"k":4}},"#
            + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":50}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        return try importLottie(lottie(shapeLayer(shapes)))
    }

    static func polygon(_ points: [(Double, Double)]) -> String {
        let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ","), zero = points.map { _ in "[0,0]" }.joined(separator: ",")
        return #"{"ty":"sh","ks":{"k":{"c":true,"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}}}"#
    }

    func alphaCoverage(_ scene: Scene, atSeconds seconds: Double = 0) throws -> (total: Int, at: (Int, Int) -> Int) {
        let image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
        let total = stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
        return (total, { x, y in Int(image.pixels[(y * image.width + x) * 4 + 3]) })
    }

    @Test func aSquareInsetIsTheSquareMovedInOnEverySide() throws {
        let square = Self.polygon([(20, 20), (80, 20), (80, 80), (20, 80)])
        for join in [1, 2, 3] {
            let scene = try inset(square, amount: #"{"k":-10}"#, join: join)
            #expect(scene.warnings.isEmpty, "\(scene.warnings)")
            let (total, alpha) = try alphaCoverage(scene)
            // 40 × 40 at half opacity (128 of 255): the inset of a convex polygon keeps sharp
            // corners whatever the join.
            #expect(abs(total - 1_600 * 128) < 1_600 * 128 / 100, "join \(join): coverage \(total)")
            #expect(abs(alpha(50, 50) - 128) <= 1 && abs(alpha(31, 31) - 128) <= 1)
            #expect(alpha(25, 50) == 0 && alpha(50, 75) == 0 && alpha(29, 29) == 0)
        }
        // The fill's own edge pixels, half covered where the path lies between pixels, are cut
        // with the rest of the band (no outline of the original path is left).
        let offGrid = try alphaCoverage(try inset(Self.polygon([(20.5, 20.5), (79.5, 20.5), (79.5, 79.5), (20.5, 79.5)]), amount: #"{"k":-10}"#, join: 1))
        #expect(offGrid.at(20, 50) == 0 && offGrid.at(79, 50) == 0 && offGrid.at(50, 20) == 0 && offGrid.at(50, 79) == 0)
        #expect(abs(offGrid.total - 39 * 39 * 128) < 39 * 39 * 128 / 100, "coverage \(offGrid.total)")
        // Without the offset modifier the whole square is drawn.
        let plain = try importLottie(lottie(shapeLayer(#"{"ty":"gr","it":[\#(square),{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":50}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#)))
        #expect(try alphaCoverage(plain).at(25, 50) > 100)
    }

    @Test func theJoinShapesTheInsetAtAConcaveCorner() throws {
        // An L whose inner corner at (50, 50) is reflex (the shape covers every quadrant around
        // it but the upper right). Inset by 10, the region within 10 of that vertex is gone: with
        // a miter join the square [40, 50] × [50, 60], with a round one a quarter disc.
        let ell = Self.polygon([(10, 10), (50, 10), (50, 50), (90, 50), (90, 90), (10, 90)])
        let miter = try alphaCoverage(try inset(ell, amount: #"{"k":-10}"#, join: 1))
        let round = try alphaCoverage(try inset(ell, amount: #"{"k":-10}"#, join: 2))
        #expect(miter.at(42, 58) == 0, "miter: the corner is cut square")
        #expect(abs(round.at(42, 58) - 128) <= 1, "round: 11.3 from the vertex, kept")
        #expect(round.at(47, 53) == 0 && miter.at(47, 53) == 0)
        #expect(abs(miter.at(61, 61) - 128) <= 1 && abs(round.at(61, 61) - 128) <= 1)
        // Areas: the L moved in, 20 × 60 + 40 × 20 = 2,000 points² with the miter; the round
        // join keeps 100 − 25π ≈ 21.5 more at the corner.
        #expect(abs(miter.total - 2_000 * 128) < 2_000 * 128 / 200, "miter coverage \(miter.total)")
        #expect(abs(round.total - 2_021 * 128) < 2_000 * 128 / 200, "round coverage \(round.total)")
    }

    @Test func anAnimatedInsetGrowsAndAHostileOneIsBounded() throws {
        let square = Self.polygon([(20, 20), (80, 20), (80, 80), (20, 80)])
        let animated = #"{"a":1,"k":[{"t":0,"s":[-1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[-21]}]}"#
        let scene = try inset(square, amount: animated, join: 1)
        #expect(try alphaCoverage(scene, atSeconds: 0).at(22, 50) == 128 || alphaCoverage(scene, atSeconds: 0).at(22, 50) == 127)
        // Half way (frame 10 at 10 frames a second): amount −11, the square 38 points wide.
        let half = try alphaCoverage(scene, atSeconds: 1)
        #expect(abs(half.total - 38 * 38 * 128) < 38 * 38 * 128 / 50, "coverage \(half.total)")
        // An inset wider than the shape leaves nothing; a hostile amount neither crashes nor spreads.
        #expect(try alphaCoverage(try inset(square, amount: #"{"k":-40}"#, join: 2)).total == 0)
        #expect(try alphaCoverage(try inset(square, amount: #"{"k":-10000000}"#, join: 1)).total == 0)
    }
}
