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

    @Test func puckerMovesVerticesInAndControlsOutAndBloatTheReverse() throws {
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
}
