import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import Testing

/// Transforms lottie-ios plays as one matrix animation (`addCombinedTransformAnimation`): with a
/// negative x scale, or a skew. Core Animation interpolates the keyframes' matrices taken apart
/// (a turn the short way round) when the skew holds still and the moving parts share their
/// timing; a moving skew lottie-ios interpolates part by part.
@Suite("Lottie: transforms played as one matrix") struct LottieCombinedTransformTests {
    /// The centre of the red pixels of `scene` at `seconds`.
    static func centre(_ scene: Scene, atSeconds seconds: Double) throws -> Point {
        let image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 128 {
                sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1
            }
        }
        return Point(x: sx / max(n, 1), y: sy / max(n, 1))
    }

    /// A layer at (50, 50) holding a 10-point square 30 points right of its anchor, flipped (x scale
    /// −100 %) and turned 180° → 450° over frames 0…10 (issue_2094's inner ring). lottie-ios plays
    /// the matrices, which meet 90° short of 450° the other way round: half way through the
    /// segment the square is at 135°, not the parts' 315°.
    @Test func aFlippedLayerTurnsTheShortWayBetweenItsKeyframesMatrices() throws {
        let rotation = #"{"a":1,"k":[{"t":0,"s":[180],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[450]}]}"#
        let ks = #"{"a":{"k":[0,0]},"p":{"k":[50,50]},"s":{"k":[-100,100]},"r":\#(rotation),"o":{"k":100}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(cx: 30, cy: 0, size: 10), ks: ks)))
        // Flipped, the square is 30 points left of the anchor; turned by θ (clockwise on screen)
        // it lies at angle 180° + θ.
        func expected(_ degrees: Double) -> Point {
            let angle = (180 + degrees) * .pi / 180
            return Point(x: 50 + 30 * cos(angle), y: 50 + 30 * sin(angle))
        }
        for (seconds, degrees) in [(0.0, 180.0), (0.5, 135.0), (1.0, 90.0)] {
            let c = try Self.centre(scene, atSeconds: seconds), e = expected(degrees)
            #expect(abs(c.x - e.x) < 0.6 && abs(c.y - e.y) < 0.6, "\(seconds) s: \(c), expected \(e) (\(degrees)°)")
        }
    }

    /// A skew that moves (35° → −35°, over a 90 % x scale: vigilance_camera's lens frame) is
    /// interpolated part by part, as lottie-ios does for a moving skew: half way the skew is 0
    /// and the 60-point-wide rectangle is 54 points wide — not the wider, flatter shape the
    /// keyframes' matrices taken apart would give.
    @Test func aMovingSkewIsInterpolatedPartByPart() throws {
        let skew = #"{"a":1,"k":[{"t":0,"s":[35],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[-35]}]}"#
        let transform = #"{"ty":"tr","p":{"k":[50,50]},"a":{"k":[0,0]},"s":{"k":[90,100]},"r":{"k":0},"o":{"k":100},"sk":\#(skew),"sa":{"k":0}}"#
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[60,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},\#(transform)]}"#
        let scene = try importLottie(lottie(shapeLayer(group)))
        let image = try FrameRenderer(scene: scene).render(atSeconds: 0.5).image
        let row = 50, column = 50
        let covered = (0..<image.width).filter { image.pixels[(row * image.width + $0) * 4 + 3] > 128 }
        let tall = (0..<image.height).filter { image.pixels[($0 * image.width + column) * 4 + 3] > 128 }
        #expect(covered.count == 54 && tall.count == 20, "width \(covered.count), height \(tall.count)")
    }
}
