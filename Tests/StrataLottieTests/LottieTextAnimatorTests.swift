import Foundation
import StrataKit
@testable import StrataLottie
import StrataModel
import StrataScene
import StrataTestSupport
import Testing

/// Text animators on text drawn from the file's glyphs (`LottieTextAnimators`), as After Effects
/// applies them: a range selector weighs every character, the animator's properties move it by
/// that weight.
@Suite("Lottie: text animators") struct LottieTextAnimatorTests {
    /// A file whose font "Box" carries glyphs: every letter a 40 × 70 box (at size 100, 60 wide with
    /// its sides), a space 30 wide; one text layer "AB CD" at size 40 (boxes 16 × 28 points, 24
    /// apart) with `animators`, 20 frames at 10 fps.
    static func file(_ animators: String, text: String = "AB CD") -> Data {
        func box(_ c: String) -> String {
            #"{"ch":"\#(c)","fFamily":"Box","style":"Regular","size":100,"w":60,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"k":{"c":true,"v":[[10,0],[10,-70],[50,-70],[50,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}"#
        }
        let chars = ["A", "B", "C", "D"].map(box).joined(separator: ",") + #",{"ch":" ","fFamily":"Box","style":"Regular","size":100,"w":30,"data":{}}"#
        let document = #"{"t":"\#(text)","f":"Box","s":40,"j":0,"fc":[0,0,0]}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,60]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]},"a":[\#(animators)]}}"#
        return Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":160,"h":80,"assets":[],"fonts":{"list":[{"fName":"Box","fFamily":"Box","fStyle":"Regular","ascent":70}]},"chars":[\#(chars)],"layers":[\#(layer)]}"#.utf8)
    }

    /// The boxes drawn at `seconds`: for each of the four, its ink's left column and its most
    /// opaque pixel's alpha (0 when it is not drawn), along the row through their middles.
    static func boxes(_ scene: Scene, atSeconds seconds: Double, row: Int = 46) throws -> [(left: Int, alpha: Int)] {
        let image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
        // Box k's pen starts at 10 + 24k (+12 after the space), its ink 4 points in.
        return [14, 38, 74, 98].map { start in
            let columns = (start - 8)..<(start + 24)
            let inked = columns.filter { x in x >= 0 && x < image.width && image[x, row].a > 128 }
            let alpha = columns.filter { $0 >= 0 && $0 < image.width }.map { Int(image[$0, row].a) }.max() ?? 0
            return (inked.first ?? -1, alpha)
        }
    }

    @Test func aTypewriterRevealsCharactersInOrder() throws {
        // Opacity 0 over the range from `s` to 100 %: `s` runs 0 → 100 % over frames 0 … 10.
        let animator = #"{"s":{"t":0,"r":1,"b":1,"sh":1,"s":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[100]}]},"e":{"k":100}},"a":{"o":{"k":0}}}"#
        let scene = try importLottie(Self.file(animator))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try Self.boxes(scene, atSeconds: 0).map(\.alpha) == [0, 0, 0, 0])
        // Frame 5: half of the five characters (2.5) are past the start: A and B whole, the space half.
        #expect(try Self.boxes(scene, atSeconds: 0.5).map(\.alpha) == [255, 255, 0, 0])
        // Frame 7: 3.5 characters: C (the fourth) half selected, so half transparent.
        let seven = try Self.boxes(scene, atSeconds: 0.7).map(\.alpha)
        #expect(seven[0] == 255 && seven[1] == 255 && abs(seven[2] - 128) <= 2 && seven[3] == 0, "\(seven)")
        #expect(try Self.boxes(scene, atSeconds: 1).map(\.alpha) == [255, 255, 255, 255])
    }

    /// The left column of every run of ink (alpha over 128) along `row` at `seconds`.
    static func runs(_ scene: Scene, atSeconds seconds: Double, row: Int = 46) throws -> [Int] {
        let image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
        return (0..<image.width).filter { x in image[x, row].a > 128 && (x == 0 || image[x - 1, row].a <= 128) }
    }

    @Test func positionMovesTheSelectedWordsAndRotationTurnsThem() throws {
        // Words by index: word 1 (the second, "CD") moves 10 points right.
        let moved = try importLottie(Self.file(#"{"s":{"r":2,"b":3,"s":{"k":1},"e":{"k":2}},"a":{"p":{"k":[10,0]}}}"#))
        let plain = try importLottie(Self.file(#"{"s":{"r":2,"b":3,"s":{"k":5},"e":{"k":6}},"a":{"p":{"k":[10,0]}}}"#))
        let before = try Self.runs(plain, atSeconds: 0), after = try Self.runs(moved, atSeconds: 0)
        #expect(before == [14, 38, 74, 98], "\(before)")
        #expect(after == [14, 38, 84, 108], "\(after)")
        // Turned 90° about its pivot (the middle of its advance, on the baseline): a 16 × 28 box
        // lies on its side, 28 wide, to the right of the pivot at x 22 (box A).
        let turned = try importLottie(Self.file(#"{"s":{"r":2,"b":1,"s":{"k":0},"e":{"k":1}},"a":{"r":{"k":90}}}"#))
        let image = try FrameRenderer(scene: turned).render(atSeconds: 0).image
        let row = (0..<image.width).filter { image[$0, 54].a > 128 }
        #expect(row.first == 22 && row.contains(48), "\(row.first ?? -1)…\(row.last ?? -1)")
    }

    @Test func shapesWeighTheUnitsAsAfterEffectsDoes() throws {
        func selector(shape: Int, start: Double, end: Double, offset: Double = 0, percent: Bool = false) -> LottieTextAnimators.Selector {
            .init(start: LottieProperty(constant: [start]), end: LottieProperty(constant: [end]), offset: LottieProperty(constant: [offset]),
                  amount: LottieProperty(constant: [100]), percent: percent, basedOn: 1, shape: shape)
        }
        func weights(_ s: LottieTextAnimators.Selector, count: Int = 4) -> [Double] {
            (0..<count).map { (LottieTextAnimators.weight(of: $0, count: count, selector: s, frame: 0) * 1000).rounded() / 1000 }
        }
        #expect(weights(selector(shape: 1, start: 0.5, end: 2.25)) == [0.5, 1, 0.25, 0])
        #expect(weights(selector(shape: 1, start: 25, end: 75, percent: true)) == [0, 1, 1, 0])
        #expect(weights(selector(shape: 1, start: 0, end: 1, offset: 2)) == [0, 0, 1, 0])
        #expect(weights(selector(shape: 1, start: 3, end: 1)) == [0, 1, 1, 0], "start after end selects the same range")
        #expect(weights(selector(shape: 1, start: 2, end: 2)) == [0, 0, 0, 0], "an empty range selects nothing")
        #expect(weights(selector(shape: 2, start: 0, end: 4)) == [0.125, 0.375, 0.625, 0.875])
        #expect(weights(selector(shape: 2, start: 0, end: 2)) == [0.25, 0.75, 1, 1], "ramp up: full after the end")
        #expect(weights(selector(shape: 3, start: 0, end: 4)) == [0.875, 0.625, 0.375, 0.125])
        #expect(weights(selector(shape: 4, start: 0, end: 4)) == [0.25, 0.75, 0.75, 0.25])
        #expect(weights(selector(shape: 5, start: 0, end: 4)) == [0.661, 0.968, 0.968, 0.661])
        #expect(weights(selector(shape: 6, start: 0, end: 4)) == [0.146, 0.854, 0.854, 0.146])
        // Ease low 100 and high 100: the weight through a Bézier with handles (1, 0) and (0, 1),
        // which holds near 0 and 1 and crosses 0.5 at the middle; ease low −100 lifts it early.
        var eased = selector(shape: 2, start: 0, end: 4)
        eased.easeLow = LottieProperty(constant: [100])
        eased.easeHigh = LottieProperty(constant: [100])
        let both = weights(eased)
        #expect(both[0] < 0.05 && both[3] > 0.95 && abs(both[1] + both[2] - 1) < 1e-3, "\(both)")
        eased.easeLow = LottieProperty(constant: [-100])
        eased.easeHigh = LottieProperty(constant: [0])
        #expect(weights(eased)[0] > 0.3, "\(weights(eased))")
        // Units: characters, characters without spaces, words, lines.
        let lines: [[Character]] = [Array("ab cd"), Array("e")]
        #expect(LottieTextAnimators.units(of: lines, basedOn: 1).count == 6)
        #expect(LottieTextAnimators.units(of: lines, basedOn: 2).index == [0, 1, nil, 2, 3, 4])
        #expect(LottieTextAnimators.units(of: lines, basedOn: 3).index == [0, 0, nil, 1, 1, 2])
        #expect(LottieTextAnimators.units(of: lines, basedOn: 3).count == 3)
        #expect(LottieTextAnimators.units(of: lines, basedOn: 4).index == [0, 0, 0, 0, 0, 1])
    }

    @Test func whatIsNotAppliedIsWarnedAndTooManyStatesFallBack() throws {
        let eased = try importLottie(Self.file(#"{"s":{"xe":{"k":50},"rn":1,"m":2},"a":{"sk":{"k":10},"o":{"k":50}}}"#))
        for part in ["randomised", "modes", "skew"] {
            #expect(eased.warnings.contains { $0.contains(part) }, "\(part): \(eased.warnings)")
        }
        // An animator over text drawn in a font (no glyphs of it in the file) is warned.
        let document = #"{"t":"Hi","f":"NoSuchFont","s":20,"j":0,"fc":[0,0,0]}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]},"a":[{"s":{},"a":{"o":{"k":0}}}]}}"#
        let font = try importLottie(Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"fonts":{"list":[{"fName":"NoSuchFont","fFamily":"NoSuchFont","fStyle":"Regular","ascent":75}]},"layers":[\#(layer)]}"#.utf8))
        #expect(font.warnings.contains { $0.contains("t.a") && $0.contains("glyphs only") }, "\(font.warnings)")
        // 2,000 characters over 2,000 frames: four million states, past the limit: drawn still.
        let moving = #"{"s":{"s":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":2000,"s":[100]}]}},"a":{"o":{"k":0}}}"#
        var long = String(Self.file(moving, text: String(repeating: "AB", count: 1_000)).map { Character(UnicodeScalar($0)) })
        long = long.replacingOccurrences(of: #""op":20"#, with: #""op":2000"#)
        let big = try importLottie(Data(long.utf8))
        #expect(big.warnings.contains { $0.contains("are not applied (at most") }, "\(big.warnings.prefix(3))")
    }
}
