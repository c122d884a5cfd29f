import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene
import Testing

/// A text layer showing `document` (a text document's `s`), with `fonts` and `chars`, 200 × 120.
private func textFile(_ document: String, fonts: String = #"{"list":[{"fName":"Helvetica","fFamily":"Helvetica","fStyle":"Regular","ascent":75}]}"#,
                      chars: String = "[]", position: String = "[100,60]") -> Data {
    let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":\#(position)},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]},"a":[]}}"#
    return Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":200,"h":120,"assets":[],"fonts":\#(fonts),"chars":\#(chars),"layers":[\#(layer)]}"#.utf8)
}

/// The ink's bounding box (pixels darker than mid-grey over white): min x, min y, max x, max y.
private func ink(_ data: Data) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int, warnings: [String]) {
    let scene = try importLottie(data)
    let image = try FrameRenderer(scene: scene).render(atSeconds: 0).image
    var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 128 {
            box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        }
    }
    return (box.minX, box.minY, box.maxX, box.maxY, scene.warnings)
}

/// Text as lottie-ios's Core Animation engine places it (its CoreText layer), and text whose
/// glyphs the file lacks drawn in Helvetica's design, as Core Animation draws a font iOS lacks.
@Suite("Lottie import: text") struct LottieTextTests {
    @Test func textWithoutGlyphsIsDrawnInHelveticaCentredOnItsPositionWithItsBaselineThere() throws {
        // "HH" at 40 pt, centred (j 2) on (100, 60): Helvetica's H is 0.722 em wide with its stems
        // 0.08 em in from each side, and 0.718 em tall on the baseline.
        let drawn = try ink(textFile(#"{"t":"HH","s":40,"f":"Helvetica","j":2,"tr":0,"lh":48,"fc":[0,0,0]}"#))
        let width = 2 * 0.722 * 40 - 2 * 0.08 * 40
        #expect(abs(Double(drawn.minX + drawn.maxX + 1) / 2 - 100) <= 1, "centred on x 100: \(drawn)")
        #expect(abs(Double(drawn.maxX - drawn.minX + 1) - width) <= 2, "\(width) wide: \(drawn)")
        // The baseline at y 60, lowered by CoreText's rounding of the ascent (0.77 × 40 = 30.8 → 31).
        #expect(abs(Double(drawn.maxY + 1) - 60.2) <= 1, "baseline at 60: \(drawn)")
        #expect(abs(Double(drawn.minY) - (60.2 - 0.718 * 40)) <= 1, "cap height above it: \(drawn)")
        #expect(drawn.warnings.contains { $0.contains("layers[0].t.d.k[0].s.f") && $0.contains("Helvetica's design") })
    }

    @Test func leftAndRightAlignedLinesStartAndEndAtThePositionAndFollowTheLineHeight() throws {
        let left = try ink(textFile(#"{"t":"H\rH","s":20,"f":"Helvetica","j":0,"tr":0,"lh":30,"fc":[0,0,0]}"#))
        #expect(abs(Double(left.minX) - (100 + 0.08 * 20)) <= 1, "\(left)")
        #expect(abs(Double(left.maxY + 1) - (60 + 30 + 0.6)) <= 1, "two lines 30 apart: \(left)")
        let right = try ink(textFile(#"{"t":"H","s":20,"f":"Helvetica","j":1,"tr":0,"lh":24,"fc":[0,0,0]}"#))
        #expect(abs(Double(right.maxX + 1) - (100 - 0.08 * 20)) <= 1, "\(right)")
    }

    @Test func justifiedTextInABoxStartsAtItsLeftEdgeWithTheBaselineBelowItsTop() throws {
        // A glyph "I": a 10 × 70 bar on the baseline, advance 20 (at size 100). In a box at (−80,
        // −40) of 160 × 80, justified with the last line right (j 4): lottie-ios's CoreText lays the
        // only line out left-aligned, the first baseline 0.833 of the size below the box's top.
        let bar = #"{"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[10,0],[10,-70],[0,-70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        let chars = #"[{"ch":"I","fFamily":"Bar","style":"Regular","w":20,"data":{"shapes":[{"ty":"gr","it":[\#(bar)]}]}}]"#
        let fonts = #"{"list":[{"fName":"Bar-Regular","fFamily":"Bar","fStyle":"Regular","ascent":70}]}"#
        let drawn = try ink(textFile(#"{"t":"II","s":30,"f":"Bar-Regular","j":4,"tr":0,"lh":36,"sz":[160,80],"ps":[-80,-40],"fc":[0,0,0]}"#,
                                     fonts: fonts, chars: chars))
        #expect(drawn.minX == 20, "the box's left edge, 100 − 80: \(drawn)")
        #expect(drawn.maxX == 20 + 6 + 3 - 1, "two bars of 3 at 0 and 6: \(drawn)")
        #expect(abs(Double(drawn.maxY + 1) - (20 + 0.833 * 30)) <= 1, "\(drawn)")
        #expect(!drawn.warnings.contains { $0.contains("Helvetica") })
    }

    @Test func theLuminosityBlendModeIsDrawnNormalAsCoreAnimationDrawsIt() throws {
        let scene = try importLottie(lottie(shapeLayer(redSquare(), extra: #","bm":15"#)))
        func all(_ layers: [Layer]) -> [Layer] { layers + layers.flatMap { all($0.sublayers) } }
        #expect(all(scene.layers).allSatisfy { $0.compositingFilter == nil })
        #expect(scene.warnings.contains { $0.contains("layers[0].bm") && $0.contains("luminosity") })
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
    }

    @Test func aHeldSegmentLeftWithOneValueShowsTheUnanimatedOpacityAsCoreAnimationDoes() throws {
        // lottie-ios's pr_1632_2: the fill's opacity falls 100 → 0 over frames 0…3, holds 0 from 3
        // to 6 — one held segment between interpolated ones, a discrete animation with one value,
        // which Core Animation does not apply — then rises to 100 at 9 (10 fps, frames 0…20).
        let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":3,"s":[0],"h":1},{"t":6,"s":[0]},{"t":9,"s":[100]}]}}"#
        let square = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[20,20]},"r":{"k":0}},\#(fill),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(square)))
        #expect(abs(Int(try pixel(scene, atSeconds: 0.15, 50, 50)[3]) - 128) <= 1, "interpolated: half way down")
        #expect(try pixel(scene, atSeconds: 0.45, 50, 50)[3] == 255, "the held segment shows 100 %")
        #expect(abs(Int(try pixel(scene, atSeconds: 0.75, 50, 50)[3]) - 128) <= 1, "interpolated: half way up from 0")
        // Held to the last keyframe, which the animation's end stretches: applied.
        let held = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":3,"s":[0],"h":1},{"t":6,"s":[0],"h":1}]}}"#
        let stretched = try importLottie(lottie(shapeLayer(square.replacingOccurrences(of: fill, with: held))))
        #expect(try pixel(stretched, atSeconds: 0.45, 50, 50)[3] == 0)
    }

    @Test func perDimensionEasingUsesTheFirstDimensionsForAllAsLottieIOSReadsIt() throws {
        // Scale x eases with (0.9, 0) → (1, 1) — almost nothing until the end — and y linearly;
        // lottie-ios reads the first entry of each list, so both scale as x does: at half time the
        // 40-point square is still about 34 tall, not 20.
        let ks = #"{"a":{"k":[0,0]},"p":{"k":[50,50]},"r":{"k":0},"o":{"k":100},"s":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.9,0],"y":[0,0]},"i":{"x":[1,1],"y":[1,1]}},{"t":10,"s":[0,0]}]}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(cx: 0, cy: 0, size: 40), ks: ks)))
        #expect(try pixel(scene, atSeconds: 0.5, 50, 35)[3] == 255, "y at about 85 %, as x: the top edge near y 33, not 40")
    }
}
