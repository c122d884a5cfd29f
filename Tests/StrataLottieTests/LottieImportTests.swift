import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataRaster
import StrataScene
import StrataTestSupport
import Testing

/// A Lottie document of `w` × `h` at 10 fps, frames 0…20, with `layers` (and `assets`).
func lottie(_ layers: String, assets: String = "[]", w: Int = 100, h: Int = 100) -> Data {
    Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":\#(w),"h":\#(h),"assets":\#(assets),"layers":[\#(layers)]}"#.utf8)
}

/// A shape layer holding `shapes`, with transform `ks` (identity by default).
func shapeLayer(_ shapes: String, ks: String = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}"#,
                extra: String = "") -> String {
    #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":\#(ks),"shapes":[\#(shapes)]\#(extra)}"#
}

/// A red square `size` wide centred at (cx, cy), filled.
func redSquare(cx: Double = 50, cy: Double = 50, size: Double = 20) -> String {
    #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[\#(cx),\#(cy)]},"s":{"k":[\#(size),\#(size)]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
}

func importLottie(_ data: Data, file: String = "test.json") throws -> Scene {
    try LottieImporter.decode(data, file: file, baseURL: nil, name: "test")
}

/// The straight RGBA of pixel (x, y) of `scene` at `seconds`.
func pixel(_ scene: Scene, atSeconds seconds: Double, _ x: Int, _ y: Int) throws -> [UInt8] {
    let image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
    let o = (y * image.width + x) * 4
    return Array(image.pixels[o..<(o + 4)])
}

@Suite("Lottie import: what a file means") struct LottieImportTests {
    @Test func detectsLottieByItsKeysAndNotAStrataScene() throws {
        #expect(LottieImporter.isLottie(lottie(shapeLayer(redSquare()))))
        let strata = Data(##"{"version":1,"size":[100,100],"layers":[{"frame":[0,0,10,10],"backgroundColor":"#ff0000"}]}"##.utf8)
        #expect(!LottieImporter.isLottie(strata))
        #expect(!LottieImporter.isLottie(Data("[1,2]".utf8)))
        // Keys of nested objects do not count: only the top level's.
        #expect(!LottieImporter.isLottie(Data(#"{"x":{"fr":1,"ip":0,"op":1,"w":1,"h":1,"layers":[]}}"#.utf8)))
        // Detection reads up to the last of the keys; a file cut off after them is the Lottie
        // parser's to refuse, naming where its JSON ends.
        let cut = Data(#"{"v":"5.7","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ks":"#.utf8)
        #expect(LottieImporter.isLottie(cut))
        #expect(throws: SceneError.self) { try LottieImporter.parse(cut, file: "cut.json") }
        #expect(!LottieImporter.isLottie(Data(#"{"fr":30,"ip":0,"op":60,"w":100,"h":100}"#.utf8)))
    }

    @Test func aFileIsToldByItsKeysWhereverTheyStand() throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-detect")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The composition's keys after its layers (as older Bodymovin writes them): a Lottie file.
        let late = folder.appendingPathComponent("late.json")
        try Data(#"{"assets":[],"layers":[\#(shapeLayer(redSquare()))],"v":"4.8.0","ip":0,"op":20,"fr":10,"w":100,"h":100}"#.utf8).write(to: late)
        #expect(try Pipeline.loadScene(at: late.path).size == Size(width: 100, height: 100))
        // A scene file written in JSON is a scene file.
        let scene = folder.appendingPathComponent("scene.json")
        try Data(##"{"version":1,"description":"a JSON scene","size":[40,30],"layers":[{"frame":[0,0,10,10],"backgroundColor":"#ff0000"}]}"##.utf8).write(to: scene)
        #expect(try Pipeline.loadScene(at: scene.path).size == Size(width: 40, height: 30))
        // A Lottie file cut short after its keys: the JSON reader's error, naming the file.
        let cut = folder.appendingPathComponent("cut.json")
        try Data(#"{"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ks":"#.utf8).write(to: cut)
        do {
            _ = try Pipeline.loadScene(at: cut.path)
            Issue.record("a file cut short was read")
        } catch {
            #expect("\(error)".contains("cut.json") && "\(error)".contains("valid JSON"), "\(error)")
        }
    }

    @Test func theCompositionBecomesTheSceneAndItsClock() throws {
        let scene = try importLottie(lottie(shapeLayer(redSquare()), w: 120, h: 80))
        #expect(scene.size == Size(width: 120, height: 80))
        #expect(scene.clock.framesPerSecond == 10)
        #expect(scene.clock.tickCount == 20)
        #expect(scene.seconds(atProgress: 1) == 2)
        #expect(scene.seconds(atProgress: 0.25) == 0.5)
    }

    @Test func aFilledRectangleIsDrawnWhereItIs() throws {
        let scene = try importLottie(lottie(shapeLayer(redSquare(cx: 30, cy: 60, size: 20))))
        #expect(try pixel(scene, atSeconds: 0, 30, 60) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 0, 45, 60)[3] == 0)
        #expect(try pixel(scene, atSeconds: 0, 30, 45)[3] == 0)
    }

    @Test func positionKeyframesEaseAndHold() throws {
        // Linear from x = 20 at frame 0 to x = 80 at frame 10, then held at 80 until frame 15,
        // where it jumps to 20.
        let ks = #"{"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100},"p":{"a":1,"k":["#
            + #"{"t":0,"s":[20,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
            + #"{"t":10,"s":[80,50],"h":1},{"t":15,"s":[20,50]}]}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(cx: 0, cy: 0, size: 10), ks: ks)))
        #expect(try pixel(scene, atSeconds: 0, 20, 50)[3] == 255)
        #expect(try pixel(scene, atSeconds: 0.5, 50, 50)[3] == 255)   // half-way: x = 50
        #expect(try pixel(scene, atSeconds: 0.5, 20, 50)[3] == 0)
        #expect(try pixel(scene, atSeconds: 1.4, 80, 50)[3] == 255)   // held
        #expect(try pixel(scene, atSeconds: 1.5, 20, 50)[3] == 255)   // jumped back
    }

    /// lottie-ios hands a keyframe animation whose keyframes all hold its key times as Float, as
    /// progress through the paused timeline (op + 1 − ip frames): at 10 fps over 24 frames, frame
    /// 8's key (1/3) rounds up, so frame 8 still shows the value before; frame 10's (5/12) rounds
    /// down and shows its own. A run that mixes holds and eases keeps Double key times.
    @Test func heldKeyframesAreReachedAsCoreAnimationReachesTheirFloatKeyTimes() throws {
        func scene(lastHolds: Bool) throws -> Scene {
            let last = lastHolds ? #","h":1"# : ""
            let ks = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"a":1,"k":["#
                + #"{"t":0,"s":[0],"h":1},{"t":8,"s":[100],"h":1},{"t":10,"s":[0],"h":1},{"t":15,"s":[100]\#(last)}]}}"#
            let layer = shapeLayer(redSquare(), ks: ks).replacingOccurrences(of: #""op":20"#, with: #""op":23"#)
            return try importLottie(Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":23,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8))
        }
        let held = try scene(lastHolds: true)
        #expect(try pixel(held, atSeconds: 0.8, 50, 50)[3] == 0)     // frame 8: still the value before
        #expect(try pixel(held, atSeconds: 0.81, 50, 50)[3] == 255)
        #expect(try pixel(held, atSeconds: 0.99, 50, 50)[3] == 255)
        #expect(try pixel(held, atSeconds: 1.0, 50, 50)[3] == 0)     // frame 10: its own value
        #expect(try pixel(held, atSeconds: 1.5, 50, 50)[3] == 255)
        let mixed = try scene(lastHolds: false)
        #expect(try pixel(mixed, atSeconds: 0.8, 50, 50)[3] == 255)  // Double key times: frame 8's own value
        #expect(try pixel(mixed, atSeconds: 1.0, 50, 50)[3] == 0)
    }

    /// lottie-ios plays a transform with a negative x scale as one combined animation; a run of one
    /// held keyframe is a discrete animation left with one value, which Core Animation does not
    /// apply: from frame 5 to 15 the layer's transform is the identity (issue_2066's pictures).
    @Test func aNegativeXScaleHeldOverOneRunIsNotAppliedThere() throws {
        func scene(scaleX: Int) throws -> Scene {
            let ks = #"{"a":{"k":[0,0]},"s":{"k":[\#(scaleX),50]},"r":{"k":0},"o":{"k":100},"p":{"a":1,"k":["#
                + #"{"t":0,"s":[50,50]},{"t":5,"s":[50,50],"h":1},{"t":15,"s":[50,50]},{"t":20,"s":[50,50]}]}}"#
            return try importLottie(lottie(shapeLayer(redSquare(cx: 20, cy: 20, size: 10), ks: ks)))
        }
        let flipped = try scene(scaleX: -50)
        #expect(try pixel(flipped, atSeconds: 0.2, 40, 60)[3] == 255)   // scaled by (−½, ½) about (50, 50)
        #expect(try pixel(flipped, atSeconds: 0.2, 20, 20)[3] == 0)
        #expect(try pixel(flipped, atSeconds: 1.0, 20, 20)[3] == 255)   // the held run: the identity
        #expect(try pixel(flipped, atSeconds: 1.0, 40, 60)[3] == 0)
        #expect(try pixel(flipped, atSeconds: 1.6, 40, 60)[3] == 255)
        let upright = try scene(scaleX: 50)                             // parts animated apart: all applied
        #expect(try pixel(upright, atSeconds: 1.0, 60, 60)[3] == 255)
        #expect(try pixel(upright, atSeconds: 1.0, 20, 20)[3] == 0)
    }

    /// A path held over a run of one keyframe is a discrete animation left with one value, which
    /// Core Animation does not apply: the shape layer's path is unset there and draws nothing
    /// (issue_2066's lips at 50 %).
    @Test func aPathHeldOverOneRunIsNotDrawnThere() throws {
        let square = #"{"c":true,"v":[[40,40],[60,40],[60,60],[40,60]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
        let path = #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(square)]},{"t":5,"s":[\#(square)],"h":1},{"t":15,"s":[\#(square)]},{"t":20,"s":[\#(square)]}]}}"#
        let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
        let scene = try importLottie(lottie(shapeLayer(#"{"ty":"gr","it":[\#(path),\#(fill),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#)))
        #expect(try pixel(scene, atSeconds: 0.2, 50, 50)[3] == 255)
        #expect(try pixel(scene, atSeconds: 1.0, 50, 50)[3] == 0)    // the held run: no path
        #expect(try pixel(scene, atSeconds: 1.6, 50, 50)[3] == 255)
    }

    @Test func aBezierEaseSlowsTheStart() throws {
        // Ease in (0.9, 0, 1, 1): at a quarter of the time the value has moved far less than a quarter.
        let ks = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"r":{"k":0},"s":{"k":[100,100]},"o":{"a":1,"k":["#
            + #"{"t":0,"s":[0],"o":{"x":[0.9],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}]}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(), ks: ks)))
        let alpha = try pixel(scene, atSeconds: 0.5, 50, 50)[3]
        #expect(alpha > 0 && alpha < 40, "alpha \(alpha)")
    }

    @Test func inAndOutPointsShowTheLayerOnlyBetweenThem() throws {
        let layer = shapeLayer(redSquare()).replacingOccurrences(of: #""ip":0,"op":20"#, with: #""ip":5,"op":10"#)
        let scene = try importLottie(lottie(layer))
        #expect(try pixel(scene, atSeconds: 0.4, 50, 50)[3] == 0)
        #expect(try pixel(scene, atSeconds: 0.5, 50, 50)[3] == 255)
        #expect(try pixel(scene, atSeconds: 0.9, 50, 50)[3] == 255)
        #expect(try pixel(scene, atSeconds: 1.0, 50, 50)[3] == 0)
    }

    @Test func aChildMovesWithItsParentButKeepsItsOwnOpacity() throws {
        let parent = #"{"ty":3,"ind":7,"ip":0,"op":20,"st":0,"ks":{"p":{"k":[30,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":0}}}"#
        let child = shapeLayer(redSquare(cx: 20, cy: 50, size: 10), extra: #","parent":7"#)
        let scene = try importLottie(lottie(child + "," + parent))
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 0, 20, 50)[3] == 0)
    }

    @Test func aPrecompositionIsClippedToItsSizeAndRunsFromItsStart() throws {
        // The inner square moves from x = 0 at its frame 0 to x = 100 at its frame 10; the
        // precomposition starts at frame 5 and is 60 wide.
        let inner = shapeLayer(redSquare(cx: 0, cy: 0, size: 10), ks: #"{"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100},"p":{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[100,50]}]}}"#)
        let assets = #"[{"id":"inner","layers":[\#(inner)]}]"#
        let precomp = #"{"ty":0,"ind":1,"refId":"inner","w":60,"h":100,"ip":0,"op":20,"st":5,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
        let scene = try importLottie(lottie(precomp, assets: assets))
        #expect(try pixel(scene, atSeconds: 0.8, 30, 50)[3] == 255)  // frame 8 is its frame 3: x = 30
        #expect(try pixel(scene, atSeconds: 1.4, 90, 50)[3] == 0)    // x = 90 lies outside its 60 points
    }

    @Test func aPrecompositionsOwnOpacityRunsInItsCompositionsFramesNotItsStartTime() throws {
        // Opacity 0 until frame 5, 100 from frame 6 (the composition's frames); the start time of
        // -10 moves only the content. Shifted by it, the layer would be opaque from frame 0.
        let inner = shapeLayer(redSquare(cx: 50, cy: 50, size: 20))
        let assets = #"[{"id":"inner","layers":[\#(inner)]}]"#
        let opacity = #"{"a":1,"k":[{"t":5,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":6,"s":[100]}]}"#
        let precomp = #"{"ty":0,"ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":20,"st":-10,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":\#(opacity)}}"#
        let scene = try importLottie(lottie(precomp, assets: assets))
        #expect(try pixel(scene, atSeconds: 0.4, 50, 50)[3] == 0)
        #expect(try pixel(scene, atSeconds: 0.8, 50, 50) == [255, 0, 0, 255])
    }

    @Test func aColourEasedPastWhiteStaysWhite() throws {
        // White → grey with an easing whose first handle dips below 0: between the keyframes the
        // value overshoots 1 in every channel. Read as 0…255 it would be nearly black.
        let fill = #"{"ty":"fl","o":{"k":100},"c":{"a":1,"k":[{"t":0,"s":[1,1,1,1],"o":{"x":[0.2],"y":[-2]},"i":{"x":[0.8],"y":[1]}},{"t":10,"s":[0.5,0.5,0.5,1]}]}}"#
        let square = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},\#(fill),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(square)))
        #expect(try pixel(scene, atSeconds: 0.2, 50, 50) == [255, 255, 255, 255])
        #expect(try pixel(scene, atSeconds: 1, 50, 50)[0] == 128)
    }

    @Test func aStrokeHandedDownIntoAScaledGroupKeepsItsWidth() throws {
        // A circle of radius 10 scaled 300 % by its group, stroked 4 wide by the style below the
        // group: lottie-ios divides the width by the scale, so the ring is 4 wide, not 12.
        let group = #"{"ty":"gr","it":[{"ty":"el","p":{"k":[0,0]},"s":{"k":[20,20]}},{"ty":"tr","p":{"k":[50,50]},"a":{"k":[0,0]},"s":{"k":[300,300]},"r":{"k":0},"o":{"k":100}}]}"#
        let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":1,"lj":1}"#
        let scene = try importLottie(lottie(shapeLayer(group + "," + stroke)))
        #expect(try pixel(scene, atSeconds: 0, 80, 50) == [255, 0, 0, 255])   // on the ring (radius 30)
        #expect(try pixel(scene, atSeconds: 0, 84, 50)[3] == 0)               // 4 px out: past 2 px
        #expect(try pixel(scene, atSeconds: 0, 76, 50)[3] == 0)
    }

    @Test func aSkewedGroupTurningIsInterpolatedAsCoreAnimationInterpolatesItsMatrices() throws {
        // A disc 200 wide, skewed 26°, turning 0 → 60° over frames 0…10. lottie-ios plays it as
        // one transform animation through the two matrices; half way, Core Animation's
        // interpolation spans x 83.5…316.5 where the parts' own (skew, then 30°) would span
        // 73.5…326.5 (the Python model in docs/lottie.md, fitted to zen_lottiev2's pictures).
        let rotation = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[60]}]}"#
        let group = #"{"ty":"gr","it":[{"ty":"el","p":{"k":[0,0]},"s":{"k":[200,200]}},{"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}},{"ty":"tr","p":{"k":[200,200]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":\#(rotation),"sk":{"k":26},"sa":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(group), w: 400, h: 400))
        let image = try FrameRenderer(scene: scene).render(atSeconds: 0.5).image
        let columns = (0..<image.width).filter { x in (0..<image.height).contains { image.pixels[($0 * image.width + x) * 4 + 3] > 127 } }
        let first = try #require(columns.first), last = try #require(columns.last)
        #expect(abs(Double(first) - 83.5) <= 1.5 && abs(Double(last + 1) - 316.5) <= 1.5, "x \(first)…\(last + 1)")
        // At the keyframes the matrices are the parts' own: at 0° the disc spans 100…300.
        let start = try FrameRenderer(scene: scene).render(atSeconds: 0).image
        #expect(start.pixels[(200 * 400 + 101) * 4 + 3] == 255 && start.pixels[(200 * 400 + 98) * 4 + 3] == 0)
    }

    @Test func roundedCornersRoundTheSharpCornersOfThePathsAboveThem() throws {
        // A 60-point square path (no tangents) with its corners rounded by 20, in a group under
        // the rounding item: the corner pixel is empty, the middle of each side still filled.
        let square = #"{"ty":"sh","ks":{"k":{"c":true,"v":[[20,20],[80,20],[80,80],[20,80]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
        let group = #"{"ty":"gr","it":[\#(square),\#(fill),{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let rounded = try importLottie(lottie(shapeLayer(group + #",{"ty":"rd","r":{"k":20}}"#)))
        #expect(rounded.warnings.isEmpty)
        #expect(try pixel(rounded, atSeconds: 0, 22, 22)[3] == 0)
        #expect(try pixel(rounded, atSeconds: 0, 50, 21) == [255, 0, 0, 255])
        #expect(try pixel(rounded, atSeconds: 0, 21, 50) == [255, 0, 0, 255])
        let sharp = try importLottie(lottie(shapeLayer(group)))
        #expect(try pixel(sharp, atSeconds: 0, 22, 22) == [255, 0, 0, 255])
    }

    @Test func aTrimsOffsetMovesBothEndsAlongThePathAndWrapsPastItsEnd() throws {
        // A line from x = 10 to 90, trimmed to its first half, then stroked 10 wide with butt caps.
        func line(offset: Double) -> String {
            let path = #"{"ty":"sh","ks":{"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
            let stroke = #"{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":10},"lc":1,"lj":1}"#
            return shapeLayer(path + #",{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":\#(offset)},"m":1},"# + stroke)
        }
        func drawn(_ scene: Scene, _ x: Int) throws -> Bool { try pixel(scene, atSeconds: 0, x, 50)[3] > 128 }
        let plain = try importLottie(lottie(line(offset: 0)))
        #expect(try drawn(plain, 20) && drawn(plain, 45) && !drawn(plain, 60))
        // 90° is a quarter of the path: 25 %…75 %, x = 30…70.
        let quarter = try importLottie(lottie(line(offset: 90)))
        #expect(quarter.warnings.isEmpty, "\(quarter.warnings)")
        #expect(try !drawn(quarter, 25) && drawn(quarter, 35) && drawn(quarter, 65) && !drawn(quarter, 75))
        // 270°: 75 %…125 %, past the end and on from the start again (x = 70…90 and 10…30), as
        // lottie-ios draws it on the path repeated.
        let wrapped = try importLottie(lottie(line(offset: 270)))
        #expect(try drawn(wrapped, 80) && drawn(wrapped, 20) && !drawn(wrapped, 50))
        // Backwards: -90° is 75 %…125 % too.
        let back = try importLottie(lottie(line(offset: -90)))
        #expect(try drawn(back, 80) && drawn(back, 20) && !drawn(back, 50))
        // A hostile offset of ten thousand turns is its part of a turn, with a warning.
        let huge = try importLottie(lottie(line(offset: 3_600_090)))
        #expect(try !drawn(huge, 25) && drawn(huge, 50) && !drawn(huge, 75))
        #expect(huge.warnings.contains { $0.contains(".o") })
    }

    @Test func aReversedEllipseRunsFromTheTopAnticlockwise() throws {
        // Its first quarter, trimmed: the arc from noon to nine o'clock (After Effects' and
        // lottie-ios's), not from nine o'clock down to six (the clockwise path walked backwards).
        func ellipse(direction: Int) -> String {
            shapeLayer(#"{"ty":"el","d":\#(direction),"p":{"k":[50,50]},"s":{"k":[60,60]}},{"ty":"tm","s":{"k":0},"e":{"k":25},"o":{"k":0},"m":1},{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":6},"lc":1,"lj":1}"#)
        }
        func drawn(_ scene: Scene, _ x: Int, _ y: Int) throws -> Bool { try pixel(scene, atSeconds: 0, x, y)[3] > 128 }
        let reversed = try importLottie(lottie(ellipse(direction: 3)))
        #expect(try drawn(reversed, 29, 29) && !drawn(reversed, 71, 29) && !drawn(reversed, 29, 71))
        let clockwise = try importLottie(lottie(ellipse(direction: 1)))
        #expect(try drawn(clockwise, 71, 29) && !drawn(clockwise, 29, 29))
    }

    @Test func aPositionSegmentWithoutTangentsRunsStraightAtTheEasedPace() throws {
        // Linear from x = 0 to 100 over frames 0…10, then a curved segment (so the keyframes
        // become a path): a quarter of the way in time, a quarter of the way along, as lottie-ios
        // draws it with a line (a curve with its controls on its ends would be at 15.6).
        let ks = #"{"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100},"p":{"a":1,"k":["#
            + #"{"t":0,"s":[0,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
            + #"{"t":10,"s":[100,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1},"to":[0,20],"ti":[0,-20]},{"t":20,"s":[100,90]}]}}"#
        let scene = try importLottie(lottie(shapeLayer(redSquare(cx: 0, cy: 0, size: 10), ks: ks)))
        #expect(try pixel(scene, atSeconds: 0.25, 25, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 0.25, 18, 50)[3] == 0 && pixel(scene, atSeconds: 0.25, 32, 50)[3] == 0)
    }

    @Test func aWebPImageIsDrawn() throws {
        // A 2 × 2 lossless WebP: red, green / blue, white.
        let webp = "UklGRiwAAABXRUJQVlA4TB8AAAAvAUAAAB8gEEjeHzqN+RcQFPwf3fxHZA/gBgwR/Q8BAA=="
        let assets = #"[{"id":"img","w":2,"h":2,"e":1,"p":"data:image/webp;base64,\#(webp)"}]"#
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[5000,5000]},"r":{"k":0},"o":{"k":100}}}"#
        let scene = try importLottie(lottie(layer, assets: assets))
        #expect(scene.warnings.isEmpty)
        #expect(try pixel(scene, atSeconds: 0, 20, 20) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 0, 80, 80) == [255, 255, 255, 255])
    }

    @Test func whatIsNotDrawnIsWarnedWithItsPath() throws {
        let scene = try importLottie(lottie(shapeLayer(redSquare() + #",{"ty":"xx","nm":"unknown"}"#)))
        #expect(scene.warnings.contains { $0.contains("layers[0].shapes[1]") && $0.contains("\"xx\"") })
    }
}
