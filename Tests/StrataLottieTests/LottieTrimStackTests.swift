import Foundation
import StrataLottie
import StrataScene
import Testing

/// Several trims of the same paths: each keeps its part of what the ones before it left.
@Suite("Lottie: stacked trims") struct LottieTrimStackTests {
    /// A horizontal line from x = 0 to 100 at y = 50, stroked 10 wide, under two trims.
    static func scene(_ first: (Double, Double), _ second: (Double, Double)) throws -> Scene {
        let path = #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,50],[100,50]],"c":false}}}"#
        let trims = [first, second].map { #"{"ty":"tm","s":{"k":\#($0.0)},"e":{"k":\#($0.1)},"o":{"k":0},"m":1}"# }.joined(separator: ",")
        let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1}"#
        return try importLottie(lottie(shapeLayer(path + "," + trims + "," + stroke)))
    }

    @Test func theSecondTrimCutsWhatTheFirstLeft() throws {
        // The first keeps 20…80; the second the half 0…50 of that: 20…50.
        let scene = try Self.scene((20, 80), (0, 50))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        for (x, drawn) in [(10, false), (25, true), (45, true), (55, false), (75, false)] {
            let alpha = try pixel(scene, atSeconds: 0, x, 50)[3]
            #expect((alpha == 255) == drawn, "x = \(x): alpha \(alpha)")
        }
        // Start past end keeps the part between them, as one trim does.
        let reversed = try Self.scene((80, 20), (50, 0))
        #expect(try pixel(reversed, atSeconds: 0, 45, 50)[3] == 255 && pixel(reversed, atSeconds: 0, 55, 50)[3] == 0)
    }

    /// A trim listed after the stroke still shortens the path above it: lottie-ios's render
    /// groups give a path every trim after it in its group, as lottie-web and After Effects do
    /// (lottie-ios's issue_1847: [path, stroke, trim]). A path listed after a trim is not trimmed.
    @Test func aTrimBelowTheStrokeTrimsThePathsAboveIt() throws {
        let line = { (y: Int) in #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,\#(y)],[100,\#(y)]],"c":false}}}"# }
        let trim = #"{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0},"m":1}"#
        let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1}"#
        let after = try importLottie(lottie(shapeLayer([line(30), stroke, trim].joined(separator: ","))))
        #expect(try pixel(after, atSeconds: 0, 25, 30)[3] == 255 && pixel(after, atSeconds: 0, 75, 30)[3] == 0)
        let between = try importLottie(lottie(shapeLayer([line(30), trim, line(70), stroke].joined(separator: ","))))
        #expect(try pixel(between, atSeconds: 0, 25, 30)[3] == 255 && pixel(between, atSeconds: 0, 75, 30)[3] == 0)
        #expect(try pixel(between, atSeconds: 0, 25, 70)[3] == 255 && pixel(between, atSeconds: 0, 75, 70)[3] == 255)
    }

    /// A trim from 0 to 100 % that does not move is left out whatever its offset, as lottie-ios
    /// passes over it (`Trim.isEmpty`): the trim after it is drawn as if alone (lottie-ios's hidden
    /// issue_1841: an empty trim above a moving trim with an offset drew whole circles).
    @Test func aWholeTrimIsLeftOut() throws {
        let path = #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,50],[100,50]],"c":false}}}"#
        let whole = #"{"ty":"tm","s":{"k":0},"e":{"k":100},"o":{"k":90},"m":1}"#
        let half = #"{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0},"m":1}"#
        let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1}"#
        let scene = try importLottie(lottie(shapeLayer([path, whole, half, stroke].joined(separator: ","))))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 25, 50)[3] == 255 && pixel(scene, atSeconds: 0, 75, 50)[3] == 0)
    }
}
