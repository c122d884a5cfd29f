import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import StrataTestSupport
import Testing

/// What files this project had never been shown asked for: lottie-android's snapshot corpus (415
/// files, Apache-2.0, not vendored) imported with `strata validate`, every refusal and warning
/// counted. Each case here is one of those, written small.
@Suite("Lottie: what unseen files hold") struct LottieUnseenFileTests {
    /// A mask of a square `size` wide centred at (cx, cy), in `mode`.
    static func mask(_ mode: String, cx: Double, cy: Double, size: Double) -> String {
        let (x0, y0, x1, y1) = (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)
        return #"{"mode":"\#(mode)","inv":false,"o":{"k":100},"pt":{"k":{"c":true,"v":[[\#(x0),\#(y0)],[\#(x1),\#(y0)],[\#(x1),\#(y1)],[\#(x0),\#(y1)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    }

    /// An animated dash offset marches the dashes, as lottie-ios animates `lineDashPhase` (rlottie's
    /// worm, lottie-android's Stroke and TrimPathWrapAround: before, the first offset stayed).
    @Test func aDashOffsetThatMovesMarchesTheDashes() throws {
        let line = #"{"ty":"sh","ks":{"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
        let offset = #"{"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[10]}]}}"#
        let stroke = #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1,"d":[{"n":"d","v":{"k":10}},{"n":"g","v":{"k":10}},\#(offset)]}"#
        let scene = try importLottie(lottie(shapeLayer(#"{"ty":"gr","it":[\#(line),\#(stroke),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#)))
        #expect(try pixel(scene, atSeconds: 0, 15, 50)[3] == 255)   // the first dash: 10…20
        #expect(try pixel(scene, atSeconds: 0, 25, 50)[3] == 0)
        #expect(try pixel(scene, atSeconds: 1, 15, 50)[3] == 0)     // moved on by a dash: a gap there
        #expect(try pixel(scene, atSeconds: 1, 25, 50)[3] == 255)
    }

    /// A mask's path is filled even-odd, as both of lottie-ios's engines fill it (`MaskLayer` and
    /// `MaskContainerLayer`: `fillRule = .evenOdd`): a pentagram's centre, wound twice, is
    /// outside the mask, its points inside.
    @Test func aMaskPathIsFilledEvenOdd() throws {
        // Five points on a circle of radius 40 about (50, 50), joined every second one.
        let points = (0..<5).map { k -> (Double, Double) in
            let angle = -Double.pi / 2 + Double(2 * k % 5) * 2 * Double.pi / 5
            return (50 + 40 * cos(angle), 50 + 40 * sin(angle))
        }
        let vertices = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: 5).joined(separator: ",")
        let mask = #"{"mode":"a","inv":false,"o":{"k":100},"pt":{"k":{"c":true,"v":[\#(vertices)],"i":[\#(zeros)],"o":[\#(zeros)]}}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(size: 100), extra: #","hasMask":true,"masksProperties":[\#(mask)]"#)))
        #expect(try pixel(scene, atSeconds: 0, 50, 50)[3] == 0, "the centre, wound twice, is outside an even-odd mask")
        #expect(try pixel(scene, atSeconds: 0, 50, 16)[3] == 255, "the top point is inside")
        // Inverted, the other way round.
        let inverted = mask.replacingOccurrences(of: #""inv":false"#, with: #""inv":true"#)
        let hole = try importLottie(lottie(shapeLayer(redSquare(size: 100), extra: #","hasMask":true,"masksProperties":[\#(inverted)]"#)))
        #expect(try pixel(hole, atSeconds: 0, 50, 50)[3] == 255 && pixel(hole, atSeconds: 0, 50, 16)[3] == 0)
    }

    @Test func darkenIntersectsLightenAddsDifferenceKeepsWhereMasksDiffer() throws {
        // A 60-point red square (20…80), masked by a square at 20…60 and then one at 40…80.
        for (mode, inBoth, inFirstOnly, inSecondOnly) in [("d", true, false, false), ("i", true, false, false),
                                                           ("l", true, true, true), ("f", false, true, true)] {
            let masks = #","hasMask":true,"masksProperties":[\#(Self.mask("a", cx: 40, cy: 40, size: 40)),\#(Self.mask(mode, cx: 60, cy: 60, size: 40))]"#
            let scene = try importLottie(lottie(shapeLayer(redSquare(size: 60), extra: masks)))
            #expect(try pixel(scene, atSeconds: 0, 50, 50)[3] == (inBoth ? 255 : 0), "\(mode): where both masks are")
            #expect(try pixel(scene, atSeconds: 0, 30, 30)[3] == (inFirstOnly ? 255 : 0), "\(mode): where only the first is")
            #expect(try pixel(scene, atSeconds: 0, 70, 70)[3] == (inSecondOnly ? 255 : 0), "\(mode): where only the second is")
            #expect(!scene.warnings.contains { $0.contains("masksProperties[1].mode") }, "\(mode): \(scene.warnings)")
        }
        // Disjoint difference masks, one after another: each piece is drawn (lottie-android's
        // streetby_test_loading has 24).
        let pieces = (0..<3).map { Self.mask("f", cx: 30 + 20 * Double($0), cy: 50, size: 10) }.joined(separator: ",")
        let dots = try importLottie(lottie(shapeLayer(redSquare(size: 60), extra: #","hasMask":true,"masksProperties":[\#(pieces)]"#)))
        for x in [30, 50, 70] { #expect(try pixel(dots, atSeconds: 0, x, 50)[3] == 255, "dot at \(x)") }
        #expect(try pixel(dots, atSeconds: 0, 40, 50)[3] == 0)
    }

    @Test func aFillEffectRecoloursTheLayerAndKeepsItsAlpha() throws {
        func fill(_ color: String, opacity: String) -> String {
            #","ef":[{"ty":21,"nm":"Fill","en":1,"ef":[{"ty":10,"nm":"Fill Mask","v":{"k":0}},{"ty":7,"nm":"All Masks","v":{"k":0}},{"ty":2,"nm":"Color","v":{"k":\#(color)}},{"ty":7,"nm":"Invert","v":{"k":0}},{"ty":0,"nm":"Horizontal Feather","v":{"k":0}},{"ty":0,"nm":"Vertical Feather","v":{"k":0}},{"ty":0,"nm":"Opacity","v":{"k":\#(opacity)}}]}]"#
        }
        let blue = try importLottie(lottie(shapeLayer(redSquare(), extra: fill("[0,0,1,1]", opacity: "1"))))
        #expect(try pixel(blue, atSeconds: 0, 50, 50) == [0, 0, 255, 255])
        #expect(try pixel(blue, atSeconds: 0, 10, 10)[3] == 0, "outside the square stays clear")
        #expect(!blue.warnings.contains { $0.contains("ef[0]") }, "\(blue.warnings)")
        // Half opacity: half way from red to blue; animated opacity follows its keyframes.
        let half = try importLottie(lottie(shapeLayer(redSquare(), extra: fill("[0,0,1,1]", opacity: "0.5"))))
        let mixed = try pixel(half, atSeconds: 0, 50, 50)
        #expect(abs(Int(mixed[0]) - 128) <= 1 && abs(Int(mixed[2]) - 128) <= 1 && mixed[3] == 255, "\(mixed)")
        let ramp = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[1]}]"#
        let animated = try importLottie(lottie(shapeLayer(redSquare(), extra: fill("[0,0,1,1]", opacity: #"\#(ramp),"a":1"#))))
        #expect(try pixel(animated, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(try pixel(animated, atSeconds: 1, 50, 50) == [0, 0, 255, 255])
    }

    @Test func easingHandlesOfAnyFiniteSpeedAreRead() throws {
        // lottie-android's playing.json (16,926,231) and swiftkey-logo.json (2.2 × 10¹⁴): a handle
        // After Effects writes for a dimension that does not move. The file draws.
        let scale = #"{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.3,0.3],"y":[0,217009073858475]},"i":{"x":[0.7,0.7],"y":[1,1]}},{"t":10,"s":[50,100]}]}"#
        let ks = #"{"a":{"k":[50,50]},"p":{"k":[50,50]},"s":\#(scale),"r":{"k":0},"o":{"k":100}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(), ks: ks)))
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 1, 50, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 1, 58, 50)[3] == 0, "at frame 10 the square is half as wide")
        // Not a number at all is still refused, naming the handle.
        let bad = ks.replacingOccurrences(of: "217009073858475", with: #""fast""#)
        #expect(throws: SceneError.self) { try importLottie(lottie(shapeLayer(redSquare(), ks: bad))) }
    }
}

extension LottieUnseenFileTests {
    @Test func effectsBodymovinWroteAsGroupsAreKnownByTheirMatchNames() throws {
        // payme.json: a Gaussian blur as type 5, "ADBE Gaussian Blur 2", values by position.
        let blur = #","ef":[{"ty":5,"nm":"Gaussian Blur","mn":"ADBE Gaussian Blur 2","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":{"k":20}},{"ty":7,"nm":"Blur Dimensions","v":{"k":1}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"k":0}}]}]"#
        let blurred = try importLottie(lottie(shapeLayer(redSquare(), extra: blur)))
        #expect(blurred.warnings.isEmpty, "\(blurred.warnings)")
        let edge = try pixel(blurred, atSeconds: 0, 40, 50)[3], outside = try pixel(blurred, atSeconds: 0, 36, 50)[3]
        #expect(edge > 60 && edge < 200 && outside > 0, "the square's edge spread: \(edge), \(outside)")
        // An effect it does not know stays warned, by its own name.
        let other = #","ef":[{"ty":5,"nm":"Puppet","mn":"ADBE FreePin3","en":1,"ef":[]}]"#
        let warned = try importLottie(lottie(shapeLayer(redSquare(), extra: other)))
        #expect(warned.warnings.contains { $0.contains("\"Puppet\" (type 5) is not applied") }, "\(warned.warnings)")
    }
}

extension LottieUnseenFileTests {
    @Test func aSolidColourThatIsNotHexIsBlackAsLottieIOSDrawsIt() throws {
        // rlottie's starts_transparent.json: a solid layer with "sc": "" (it was refused).
        func solid(_ sc: String) -> String {
            #"{"ty":1,"ind":1,"ip":0,"op":20,"st":0,"sw":100,"sh":100,"sc":"\#(sc)","ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
        }
        for (sc, expected, warned) in [("", [0, 0, 0, 255], true), ("#GG0000", [0, 0, 0, 255], true), (" 00ff00 ", [0, 255, 0, 255], false),
                                       ("#0000ff", [0, 0, 255, 255], false)] as [(String, [UInt8], Bool)] {
            let scene = try importLottie(lottie(solid(sc)))
            #expect(try pixel(scene, atSeconds: 0, 50, 50) == expected, "\"\(sc)\"")
            #expect(scene.warnings.contains { $0.contains("layers[0].sc") } == warned, "\"\(sc)\": \(scene.warnings)")
        }
    }
}

extension LottieUnseenFileTests {
    @Test func expressionControlsDrawNothingAndAreNotWarned() throws {
        // rlottie's worm.json and mnemonics.json: a slider control and a pseudo effect, which only
        // hold values for expressions. --strict must not refuse them; a visual effect is still warned.
        let controls = #","ef":[{"ty":5,"nm":"Rotation - Overshoot","mn":"ADBE Slider Control","en":1,"ef":[{"ty":0,"nm":"Slider","v":{"k":20}}]},{"ty":5,"nm":"Wayfinder Leader","mn":"Pseudo/WayfinderLeader","en":1,"ef":[]},{"ty":5,"nm":"(Transform)","mn":"ADBE Geometry2","en":1,"ef":[]}]"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(), extra: controls)))
        let warnings = scene.warnings.joined(separator: "\n")
        #expect(!warnings.contains("ef[0]") && !warnings.contains("ef[1]"), "\(warnings)")
        #expect(warnings.contains("ef[2]") && warnings.contains("(Transform)"), "\(warnings)")
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
    }
}

extension LottieUnseenFileTests {
    @Test func aTintEffectMapsLuminanceBetweenItsTwoColours() throws {
        // lottie-android's truecosmos.json holds Tint effects. Red's luminance is 0.2126: mapped
        // from black (0, 0, 1) to white (1, 1, 0) it is (0.2126, 0.2126, 0.7874), at 100 %.
        func tint(_ amount: Double) -> String {
            #","ef":[{"ty":20,"nm":"Tint","mn":"ADBE Tint","en":1,"ef":[{"ty":2,"nm":"Map Black To","v":{"k":[0,0,1,1]}},{"ty":2,"nm":"Map White To","v":{"k":[1,1,0,1]}},{"ty":0,"nm":"Amount to Tint","v":{"k":\#(amount)}}]}]"#
        }
        let full = try pixel(try importLottie(lottie(shapeLayer(redSquare(), extra: tint(100)))), atSeconds: 0, 50, 50)
        #expect(abs(Int(full[0]) - 54) <= 1 && abs(Int(full[1]) - 54) <= 1 && abs(Int(full[2]) - 201) <= 1 && full[3] == 255, "\(full)")
        // Half the amount: half way back to red.
        let half = try pixel(try importLottie(lottie(shapeLayer(redSquare(), extra: tint(50)))), atSeconds: 0, 50, 50)
        #expect(abs(Int(half[0]) - 155) <= 1 && abs(Int(half[1]) - 27) <= 1 && abs(Int(half[2]) - 100) <= 1, "\(half)")
        #expect(try pixel(try importLottie(lottie(shapeLayer(redSquare(), extra: tint(100)))), atSeconds: 0, 10, 10)[3] == 0)
    }
}

/// ThorVG's test files (`test/resources/*.lot`, MIT, not vendored), imported the same way: three
/// were refused for things other players read.
extension LottieUnseenFileTests {
    /// A layer shaped like `redSquare` at (cx, cy), with `fields` (`"td":2,` …) and index `ind`.
    static func layer(ind: Int, fields: String, cx: Double = 50, size: Double = 20, color: String = "[1,0,0,1]") -> String {
        let square = redSquare(cx: cx, size: size).replacingOccurrences(of: "[1,0,0,1]", with: color)
        return #"{"ty":4,"ind":\#(ind),\#(fields)"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"shapes":[\#(square)]}"#
    }

    @Test func anyMatteTargetFlagButZeroMarksAMattesSource() throws {
        // test10.lot: "td":2 on a matte's source (lottie-web and ThorVG read it as a flag).
        let source = Self.layer(ind: 1, fields: #""td":2,"#, cx: 40, size: 40, color: "[1,1,1,1]")
        let matted = Self.layer(ind: 2, fields: #""tt":1,"#, size: 60)
        let scene = try importLottie(lottie(source + "," + matted))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 35, 50) == [255, 0, 0, 255], "the red square shows through the matte")
        #expect(try pixel(scene, atSeconds: 0, 70, 50)[3] == 0, "outside the matte nothing, and the white source is not drawn")
    }

    @Test func theLayerAboveAMattedLayerIsItsMatteWithOrWithoutTheFlag() throws {
        // lottie-android's exported_with_flow (Flow's exports): the matte has no `td`. lottie-ios
        // pairs the layer above as the mask and does not draw it; neither does Strata now.
        let source = Self.layer(ind: 1, fields: "", cx: 40, size: 40, color: "[0,0,0,1]")
        let matted = Self.layer(ind: 2, fields: #""tt":1,"#, size: 60)
        let scene = try importLottie(lottie(source + "," + matted))
        #expect(try pixel(scene, atSeconds: 0, 35, 50) == [255, 0, 0, 255], "the red square through the matte, not the black matte")
        #expect(try pixel(scene, atSeconds: 0, 70, 50)[3] == 0)
    }

    @Test func aTrackMatteWithNoMatteLayerDrawsTheLayerUnmatted() throws {
        // test10.lot's first layer asks for an alpha matte and has no layer above it: lottie-ios
        // pairs it with no mask and draws it; so does Strata, with a warning.
        let scene = try importLottie(lottie(Self.layer(ind: 1, fields: #""tt":1,"#)))
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(scene.warnings.contains { $0.contains("layers[0].tt") }, "\(scene.warnings)")
        // A `tp` naming no layer is the same.
        let named = try importLottie(lottie(Self.layer(ind: 1, fields: #""tt":1,"tp":7,"#)))
        #expect(try pixel(named, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(named.warnings.contains { $0.contains("layers[0].tt") }, "\(named.warnings)")
    }

    @Test func anOffsetPathsMiterLimitMayBeAPlainNumber() throws {
        // test6.lot, test9.lot: "ml":4, as a stroke's miter limit is written.
        func inset(_ miter: String) throws -> Scene {
            let shapes = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"op","a":{"k":5},"lj":1,"ml":\#(miter)},"#
                + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
            return try importLottie(lottie(shapeLayer(shapes)))
        }
        let plain = try inset("4"), property = try inset(#"{"a":0,"k":4}"#)
        #expect(plain.warnings.isEmpty, "\(plain.warnings)")
        for x in [26, 28, 50, 72, 74] {
            #expect(try pixel(plain, atSeconds: 0, x, 50) == pixel(property, atSeconds: 0, x, 50), "x \(x)")
        }
        #expect(try pixel(plain, atSeconds: 0, 27, 50)[3] == 255, "grown by 5 points on every side")
        // Neither a number nor a property is still refused, naming the key.
        #expect(throws: SceneError.self) { try inset(#""sharp""#) }
    }
}

extension LottieUnseenFileTests {
    /// lottie-ios decodes every colour with alpha 1 and divides by 255 only when red, green and
    /// blue are all over 1, a missing component 0 (`ColorExtension.swift`): lottie-ios's unseen
    /// issue_1223 fades a fill's fourth component to 0 while its circle stays opaque.
    @Test func aColoursFourthComponentIsNotDrawnAndOnly255sOnAllThreeAreScaled() throws {
        for (color, expected) in [("[0,0,1,0]", [0, 0, 255, 255]), ("[0,0,1,0.5]", [0, 0, 255, 255]), ("[255,128,0,1]", [255, 255, 0, 255]),
                                  ("[255,102,51,1]", [255, 102, 51, 255]), ("[0,1,0]", [0, 255, 0, 255]), ("[1,1]", [255, 255, 0, 255])] as [(String, [UInt8])] {
            let scene = try importLottie(lottie(Self.layer(ind: 1, fields: "", color: color)))
            #expect(try pixel(scene, atSeconds: 0, 50, 50) == expected, "\(color)")
        }
        let fading = #"{"a":1,"k":[{"t":0,"s":[1,0,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[1,0,0,0]}]}"#
        let scene = try importLottie(lottie(Self.layer(ind: 1, fields: "", color: "[1,0,0,1]").replacingOccurrences(of: #"{"k":[1,0,0,1]}"#, with: fading)))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0.5, 50, 50) == [255, 0, 0, 255])
    }
}

extension LottieUnseenFileTests {
    /// Two colour stops at one position are a hard stop, as CAGradientLayer draws equal locations
    /// (lottie-android's TgsWithoutOpacity: a Telegram sticker's bands). Before, the positions were
    /// merged into one and the bands blended into each other.
    @Test func twoGradientStopsAtOnePositionAreAHardStop() throws {
        // Red to 0.5, blue from 0.5, across x 30…70; then the same with opacity stops 0 → 1 (the
        // colours still change at 0.5, the alpha ramps through it).
        for opacity in ["", ",0,1,1,1"] {
            let stops = "0,1,0,0,0.5,1,0,0,0.5,0,0,1,1,0,0,1" + opacity
            let fill = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"gf","o":{"k":100},"r":1,"t":1,"s":{"k":[30,50]},"e":{"k":[70,50]},"g":{"p":4,"k":{"k":[\#(stops)]}}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
            let scene = try importLottie(lottie(shapeLayer(fill)))
            let left = try pixel(scene, atSeconds: 0, 48, 50), right = try pixel(scene, atSeconds: 0, 51, 50)
            #expect(left[2] == 0 && left[0] == left[3] && left[3] > 0, "\(opacity): \(left)")   // pure red
            #expect(right[0] == 0 && right[2] == right[3] && right[3] > 0, "\(opacity): \(right)")  // pure blue
        }
    }
}

extension LottieUnseenFileTests {
    static func repeater(copies: Int, x: Double, y: Double) -> String {
        #"{"ty":"rp","c":{"k":\#(copies)},"o":{"k":0},"m":1,"tr":{"ty":"tr","p":{"k":[\#(x),\#(y)]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"so":{"k":100},"eo":{"k":100}}}"#
    }

    /// The last repeater of a group copies everything above it, an earlier repeater's copies
    /// included, as After Effects and lottie-web order them (lottie-android's Tests/Repeater: 2 × 2
    /// squares; before, the second repeater found nothing above it to copy but the fills); and the
    /// items below a repeater are painted by the styles below them.
    @Test func aSecondRepeaterCopiesTheFirstsCopiesAndPathsBelowAreStyled() throws {
        let rect = #"{"ty":"rc","p":{"k":[15,15]},"s":{"k":[10,10]},"r":{"k":0}}"#
        let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
        let grid = try importLottie(lottie(shapeLayer([rect, Self.repeater(copies: 2, x: 0, y: 20), fill, Self.repeater(copies: 2, x: 20, y: 0)].joined(separator: ","))))
        for (x, y) in [(15, 15), (15, 35), (35, 15), (35, 35)] {
            #expect(try pixel(grid, atSeconds: 0, x, y) == [255, 0, 0, 255], "(\(x), \(y))")
        }
        #expect(try pixel(grid, atSeconds: 0, 55, 15)[3] == 0)
        let below = #"{"ty":"rc","p":{"k":[60,60]},"s":{"k":[10,10]},"r":{"k":0}}"#
        let styled = try importLottie(lottie(shapeLayer([rect, Self.repeater(copies: 2, x: 0, y: 20), below, fill].joined(separator: ","))))
        #expect(try pixel(styled, atSeconds: 0, 15, 35) == [255, 0, 0, 255])
        #expect(try pixel(styled, atSeconds: 0, 60, 60) == [255, 0, 0, 255])
        // A hundred repeaters stacked in one group nest a level each: refused at the one too deep.
        let stacked = [rect, fill] + Array(repeating: Self.repeater(copies: 1, x: 1, y: 1), count: 100)
        #expect {
            try importLottie(lottie(shapeLayer(stacked.joined(separator: ","))))
        } throws: { error in
            (error as? SceneError).map { $0.keyPath == "layers[0].shapes[37]" && "\($0)".contains("a repeater 65 deep") } ?? false
        }
    }
}
