import Foundation
import StrataLottie
import StrataScene
import Testing

/// Several trims of the same paths: each keeps its part of what the ones before it left.
@Suite("Lottie: stacked trims") struct LottieTrimStackTests {
    /// A horizontal line from x = 0 to 100 at y = 50, stroked 10 wide, under two trims.
    /// A trim's offset `o` may be a number or an animated property's JSON.
    static func scene(_ first: (Double, Double), _ second: (Double, Double), offsets: (String, String) = ("0", "0")) throws -> Scene {
        let path = #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,50],[100,50]],"c":false}}}"#
        let trims = zip([first, second], [offsets.0, offsets.1]).map { trim, offset in
            #"{"ty":"tm","s":{"k":\#(trim.0)},"e":{"k":\#(trim.1)},"o":{"k":\#(offset)},"m":1}"#
        }.joined(separator: ",")
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

    /// Each drawn (alpha 255) or not drawn (alpha 0) at the line's middle, y = 50.
    static func expect(_ scene: Scene, atSeconds seconds: Double = 0, drawn: [Int], empty: [Int],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        for x in drawn { #expect(try pixel(scene, atSeconds: seconds, x, 50)[3] == 255, "x = \(x) drawn", sourceLocation: sourceLocation) }
        for x in empty { #expect(try pixel(scene, atSeconds: seconds, x, 50)[3] == 0, "x = \(x) empty", sourceLocation: sourceLocation) }
    }

    /// A later trim's offset moves its part along what the trims before it left (360° that whole
    /// length), wrapping past its end to its start, as lottie-web's TrimModifier cuts it: two
    /// pieces where it wraps. The first trim's offset moves it along the path, as one trim's does.
    @Test func offsetsMoveEachTrimAlongWhatItCuts() throws {
        // 20…80 left; the second's half moved by half a turn of those 60: 50…80.
        let moved = try Self.scene((20, 80), (0, 50), offsets: ("0", "180"))
        #expect(moved.warnings.isEmpty, "\(moved.warnings)")
        try Self.expect(moved, drawn: [55, 75], empty: [15, 25, 45, 85])
        // Moved by three quarters: 0.75…1.25 of the 60 wraps to 65…80 and 20…35.
        let wrapped = try Self.scene((20, 80), (0, 50), offsets: ("0", "270"))
        #expect(wrapped.warnings.isEmpty, "\(wrapped.warnings)")
        try Self.expect(wrapped, drawn: [22, 33, 67, 78], empty: [15, 40, 50, 60, 85])
        // A negative offset: −90° is 270°.
        try Self.expect(try Self.scene((20, 80), (0, 50), offsets: ("0", "-90")), drawn: [22, 33, 67, 78], empty: [15, 40, 50, 60, 85])
        // The first moved by a quarter turn (25…75), then its first half: 25…50.
        try Self.expect(try Self.scene((0, 50), (0, 50), offsets: ("90", "0")), drawn: [27, 48], empty: [10, 22, 53, 70])
    }

    /// Offsets that move: each piece a layer of its own, its ends sampled at every frame; a
    /// frame where the trims leave one piece draws nothing in the other.
    @Test func movingOffsetsSampleEveryPiece() throws {
        // The second trim's offset turns from 0° at frame 0 to 360° at frame 10 (10 frames/s).
        let turning = #"[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[360]}]"#
        let scene = try Self.scene((20, 80), (0, 50), offsets: ("0", turning))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        // Frame 0: 20…50. Frame 5 (half a turn): 50…80. Frame 7.5 (three quarters): 65…80 and 20…35.
        try Self.expect(scene, atSeconds: 0, drawn: [25, 45], empty: [15, 55, 75])
        try Self.expect(scene, atSeconds: 0.5, drawn: [55, 75], empty: [25, 45, 85])
        try Self.expect(scene, atSeconds: 0.75, drawn: [22, 33, 67, 78], empty: [40, 50, 60])
    }

    /// Offsets as large as a file may hold (±10⁷ degrees, some 27,000 turns): drawn as
    /// their part of a turn, with a warning for a first trim carried past the copies allowed.
    @Test func hugeOffsetsAreBounded() throws {
        let scene = try Self.scene((0, 50), (0, 50), offsets: ("9999990", "-1e7"))
        #expect(scene.warnings.contains { $0.contains("turns") }, "\(scene.warnings)")
        // The first: 27,777.75…27,778.25 turns, drawn as 0.75…1.25 (the line's last quarter and its
        // first). The second: −27,777.78 turns is 0.22 of one, so 0.22…0.72 of that half: 0.86…1.11.
        try Self.expect(scene, drawn: [90, 97, 3, 9], empty: [14, 50, 80])
    }

    /// A stroke of merged paths strokes each path before the merge with the trims after it, as
    /// lottie-ios's Core Animation engine draws a merge (not at all) and After Effects trims each
    /// path before merging: [line, line, trim 0–50 %, merge, stroke] keeps each line's first half.
    /// Before, the trim ran over both lines as one path and kept the first line whole.
    @Test func aTrimAboveAMergeTrimsEachPath() throws {
        let line = { (y: Int) in #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,\#(y)],[100,\#(y)]],"c":false}}}"# }
        let trim = #"{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0},"m":1}"#
        let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1}"#
        for item in [trim + #",{"ty":"mm","mm":2}"#, #"{"ty":"mm","mm":2},"# + trim] {
            let scene = try importLottie(lottie(shapeLayer([line(30), line(70), item, stroke].joined(separator: ","))))
            #expect(scene.warnings.contains { $0.contains("merged outline") }, "\(scene.warnings)")
            for y in [30, 70] {
                #expect(try pixel(scene, atSeconds: 0, 25, y)[3] == 255 && pixel(scene, atSeconds: 0, 75, y)[3] == 0, "\(item), y = \(y)")
            }
        }
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
