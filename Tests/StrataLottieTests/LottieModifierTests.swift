import Foundation
import StrataModel
@testable import StrataLottie
import Testing

/// The shape modifiers' geometry, on paths whose answer is known.
@Suite("Lottie shape modifiers") struct LottieModifierTests {
    /// A 20-point square centred at (50, 50), drawn with lines.
    static var square: Path {
        var path = Path()
        path.move(to: Point(x: 40, y: 40))
        path.addLine(to: Point(x: 60, y: 40))
        path.addLine(to: Point(x: 60, y: 60))
        path.addLine(to: Point(x: 40, y: 60))
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
