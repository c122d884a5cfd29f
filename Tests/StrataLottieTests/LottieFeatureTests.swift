import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import Testing

/// A group with a rectangle `w` × `h` centred at (cx, cy) filled with `color` (RGBA 0…1).
private func box(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double, color: String = "[1,0,0,1]") -> String {
    #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[\#(cx),\#(cy)]},"s":{"k":[\#(w),\#(h)]},"r":{"k":0}},{"ty":"fl","c":{"k":\#(color)},"o":{"k":100}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
}

/// A straight open path from (x0, y) to (x1, y).
private func line(_ x0: Double, _ x1: Double, y: Double) -> String {
    #"{"ty":"sh","ks":{"k":{"c":false,"v":[[\#(x0),\#(y)],[\#(x1),\#(y)]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
}

@Suite("Lottie import: auto-orient, blur, luma mattes, individual trims, merge paths, cameras, mask expansion, repeaters")
struct LottieFeatureTests {
    /// `ao` 1: a horizontal bar moving straight down turns a quarter turn to face its way.
    @Test func autoOrientTurnsTheLayerAlongItsPath() throws {
        let moving = #"{"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100},"p":{"a":1,"k":[{"t":0,"s":[50,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[50,90]}]}}"#
        let bar = box(0, 0, 40, 6)
        let still = try importLottie(lottie(shapeLayer(bar, ks: moving)))
        let oriented = try importLottie(lottie(shapeLayer(bar, ks: moving, extra: #","ao":1"#)))
        #expect(oriented.warnings.isEmpty)
        // Half way, at (50, 50): the plain bar lies across, the oriented one along its way down.
        #expect(try pixel(still, atSeconds: 1, 65, 50)[3] == 255 && pixel(still, atSeconds: 1, 50, 65)[3] == 0)
        #expect(try pixel(oriented, atSeconds: 1, 65, 50)[3] == 0 && pixel(oriented, atSeconds: 1, 50, 65)[3] == 255)
    }

    /// Gaussian blur (`ef` type 29): σ = 0.3 × blurriness, animated; dimensions 2 blurs only across.
    @Test func aGaussianBlurEffectBlursTheLayer() throws {
        func blurred(_ blurriness: String, dimensions: Int = 1) throws -> Scene {
            let effect = #","ef":[{"ty":29,"nm":"Gaussian Blur","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":\#(blurriness)},"#
                + #"{"ty":7,"nm":"Blur Dimensions","v":{"k":\#(dimensions)}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"k":0}}]}]"#
            return try importLottie(lottie(shapeLayer(box(50, 50, 40, 40), extra: effect)))
        }
        let sharp = try importLottie(lottie(shapeLayer(box(50, 50, 40, 40))))
        let blur = try blurred(#"{"k":20}"#)
        #expect(blur.warnings.isEmpty)
        #expect(try pixel(sharp, atSeconds: 0, 75, 50)[3] == 0 && pixel(sharp, atSeconds: 0, 50, 50)[3] == 255)
        // σ = 6: 5 pt outside the edge still holds a fifth of the colour; the middle stays solid.
        let outside = try pixel(blur, atSeconds: 0, 75, 50)[3]
        #expect(outside > 25 && outside < 90)
        #expect(try pixel(blur, atSeconds: 0, 50, 50)[3] > 245)
        // Blurriness from 0 to 40 over the animation: sharp at the start, blurred later.
        let animated = try blurred(#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[40]}]}"#)
        #expect(try pixel(animated, atSeconds: 0, 75, 50)[3] == 0)
        #expect(try pixel(animated, atSeconds: 1, 75, 50)[3] > 25)
        // Horizontal only: the left and right edges soften, the top and bottom stay sharp.
        let across = try blurred(#"{"k":20}"#, dimensions: 2)
        #expect(try pixel(across, atSeconds: 0, 75, 50)[3] > 25)
        #expect(try pixel(across, atSeconds: 0, 50, 75)[3] == 0 && pixel(across, atSeconds: 0, 50, 65)[3] == 255)
        #expect(throws: SceneError.self) { try blurred(#"{"k":20}"#, dimensions: 7) }
    }

    /// Luma mattes (`tt` 3, 4): the matte's luminance is the alpha — white shows, 50 % grey
    /// half, nothing hides; inverted the other way round.
    @Test func lumaMattesUseTheMattesLuminance() throws {
        let matte = #"{"ty":4,"ind":1,"td":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
            + #""shapes":[\#(box(25, 50, 30, 30, color: "[1,1,1,1]")),\#(box(75, 50, 30, 30, color: "[0.5,0.5,0.5,1]"))]}"#
        func matted(_ type: Int) throws -> Scene {
            let red = #"{"ty":4,"ind":2,"tt":\#(type),"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"shapes":[\#(box(50, 50, 100, 100))]}"#
            return try importLottie(lottie(matte + "," + red))
        }
        let luma = try matted(3), inverted = try matted(4)
        #expect(luma.warnings.isEmpty && inverted.warnings.isEmpty)
        #expect(try pixel(luma, atSeconds: 0, 25, 50) == [255, 0, 0, 255])
        #expect(try abs(Int(pixel(luma, atSeconds: 0, 75, 50)[3]) - 128) <= 2)
        #expect(try pixel(luma, atSeconds: 0, 50, 90)[3] == 0)
        #expect(try pixel(inverted, atSeconds: 0, 25, 50)[3] == 0)
        #expect(try abs(Int(pixel(inverted, atSeconds: 0, 75, 50)[3]) - 127) <= 2)
        #expect(try pixel(inverted, atSeconds: 0, 50, 90) == [255, 0, 0, 255])
    }

    /// Trim paths `m` 2 trims a group's paths as one, in order; `m` 1 each on its own.
    @Test func individualTrimmingRunsOverThePathsInTurn() throws {
        func trimmed(_ mode: Int) throws -> Scene {
            let group = #"{"ty":"gr","it":[\#(line(10, 90, y: 30)),\#(line(10, 90, y: 70)),"#
                + #"{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0},"m":\#(mode)},"#
                + #"{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":6},"lc":1,"lj":1},"#
                + #"{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
            return try importLottie(lottie(shapeLayer(group)))
        }
        let together = try trimmed(2), apart = try trimmed(1)
        #expect(together.warnings.isEmpty)
        func drawn(_ scene: Scene, _ x: Int, _ y: Int) throws -> Bool { try pixel(scene, atSeconds: 0, x, y)[3] > 128 }
        // The first half of both lines together is the whole first line.
        #expect(try drawn(together, 20, 30) && drawn(together, 80, 30) && !drawn(together, 20, 70) && !drawn(together, 80, 70))
        // Each line on its own: the left half of both.
        #expect(try drawn(apart, 20, 30) && !drawn(apart, 80, 30) && drawn(apart, 20, 70) && !drawn(apart, 80, 70))
    }

    /// Merge paths (`mm`): two circles side by side and a square over their tops, as lottie-android
    /// merges them — add fills the union once (the opacity not doubled where they overlap),
    /// subtract cuts the square out of the circles, intersect keeps only the square's part on
    /// them, exclude cuts out every overlap; merge (1) leaves the paths as one path.
    @Test func mergePathsAddSubtractIntersectAndExclude() throws {
        func merged(_ mode: Int) throws -> Scene {
            let group = #"{"ty":"gr","it":[{"ty":"el","p":{"k":[35,50]},"s":{"k":[40,40]}},{"ty":"el","p":{"k":[65,50]},"s":{"k":[40,40]},"d":3},"#
                + #"{"ty":"rc","p":{"k":[50,30]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"mm","mm":\#(mode)},"#
                + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":50}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
            return try importLottie(lottie(shapeLayer(group)))
        }
        func alpha(_ scene: Scene, _ x: Int, _ y: Int) throws -> Int { Int(try pixel(scene, atSeconds: 0, x, y)[3]) }
        // Points: the overlap of the circles (50, 55), the square on the left circle (45, 38), the
        // left circle alone (25, 50), the square above the circles (50, 22), outside (50, 90).
        let add = try merged(2), subtract = try merged(3), intersect = try merged(4), exclude = try merged(5), merge = try merged(1)
        #expect(add.warnings.isEmpty && subtract.warnings.isEmpty && intersect.warnings.isEmpty)
        for point in [(50, 55), (45, 38), (25, 50), (50, 22)] { #expect(try abs(alpha(add, point.0, point.1) - 128) <= 1) }
        #expect(try alpha(add, 50, 90) == 0)
        #expect(try abs(alpha(subtract, 25, 50) - 128) <= 1 && abs(alpha(subtract, 50, 55) - 128) <= 1)
        #expect(try alpha(subtract, 45, 38) == 0 && alpha(subtract, 50, 22) == 0)
        #expect(try abs(alpha(intersect, 45, 38) - 128) <= 1)
        #expect(try alpha(intersect, 25, 50) == 0 && alpha(intersect, 50, 22) == 0 && alpha(intersect, 50, 55) == 0)
        #expect(try abs(alpha(exclude, 25, 50) - 128) <= 1 && alpha(exclude, 50, 55) == 0 && alpha(exclude, 45, 38) == 0)
        // Merge: one path under the non-zero rule, where the reversed circle cuts the overlap.
        #expect(try alpha(merge, 50, 55) == 0 && abs(alpha(merge, 25, 50) - 128) <= 1)
    }

    /// A style above a merge draws the paths above it as they are; the merge joins them for the
    /// styles below it ([circle, stroke, square, subtract, fill]: the stroke rings the whole circle,
    /// the fill is the circle less the square). The stroke drew nothing before.
    @Test func aStyleAboveAMergeDrawsThePathsUnmerged() throws {
        let group = #"{"ty":"gr","it":[{"ty":"el","p":{"k":[40,50]},"s":{"k":[50,50]}},{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":4},"lc":1,"lj":1},"#
            + #"{"ty":"rc","p":{"k":[60,50]},"s":{"k":[30,30]},"r":{"k":0}},{"ty":"mm","mm":3},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},"#
            + #"{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(group)))
        // The circle's right edge (65, 50) lies in the square: stroked in blue, not filled; its left edge stroked too.
        #expect(try pixel(scene, atSeconds: 0, 65, 50) == [0, 0, 255, 255])
        #expect(try pixel(scene, atSeconds: 0, 15, 50)[2] == 255)
        #expect(try pixel(scene, atSeconds: 0, 30, 50) == [255, 0, 0, 255] && pixel(scene, atSeconds: 0, 55, 50)[3] == 0)
    }

    /// Layers that hold one layer where they stand and never move are left out where a name
    /// still finds the same layer first: a group's items' layer (named after the group, under the
    /// layer of its transform) and a Lottie layer's "NAME content" under its transform's "NAME";
    /// a wrapper named otherwise, or moving, stays.
    @Test func wrappersThatDrawNothingAreLeftOut() throws {
        let group = box(50, 50, 20, 20).replacingOccurrences(of: #"{"ty":"gr","#, with: #"{"ty":"gr","nm":"G","#)
        let scene = try importLottie(lottie(shapeLayer(group, extra: #","nm":"L""#)))
        var names: [String] = []
        func visit(_ layer: Layer) { names.append(layer.name ?? "-"); layer.sublayers.forEach(visit) }
        scene.layers.forEach(visit)
        #expect(names.filter { $0 == "G" }.count == 1 && !names.contains("L content") && names.contains("L"), "\(names)")
        #expect(scene.layerPath(named: "G") != nil && scene.layerPath(named: "L") != nil)
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255] && pixel(scene, atSeconds: 0, 35, 50)[3] == 0)
        // A layer shown only from frame 5 keeps its in-and-out wrapper (its opacity moves).
        let later = try importLottie(lottie(shapeLayer(group, extra: #","nm":"L""#).replacingOccurrences(of: #""ip":0,"#, with: #""ip":5,"#)))
        #expect(later.timeline.animatedPaths.count == 1)
        #expect(try pixel(later, atSeconds: 0, 50, 50)[3] == 0)
        #expect(try pixel(later, atSeconds: 0.6, 50, 50) == [255, 0, 0, 255])
    }

    /// A camera (`ty` 13, zoom `pe`) shows the 3-D layers (`ddd` 1) in perspective: at depth 0
    /// as they are, twice as far half as large, a turned layer's near edge longer than its far
    /// one; without the camera the same layers are drawn flat.
    @Test func aCameraShowsThreeDLayersInPerspective() throws {
        func square(_ index: Int, _ p: String, _ color: String, turn: Int = 0) -> String {
            #"{"ddd":1,"ty":4,"ind":\#(index),"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0,0]},"p":{"k":\#(p)},"s":{"k":[100,100,100]},"o":{"k":100},"ry":{"k":\#(turn)}},"#
                + #""shapes":[\#(box(0, 0, 30, 30, color: color))]}"#
        }
        let camera = #"{"ddd":1,"ty":13,"ind":9,"ip":0,"op":20,"st":0,"pe":{"k":100},"ks":{"a":{"k":[50,50,0]},"p":{"k":[50,50,-100]}}}"#
        let layers = [square(1, "[25,25,0]", "[1,0,0,1]"), square(2, "[75,50,100]", "[0,0,1,1]"), square(3, "[30,75,0]", "[0,1,0,1]", turn: 60)]
        let viewed = try importLottie(lottie(([camera] + layers).joined(separator: ",")))
        let flat = try importLottie(lottie(layers.joined(separator: ",")))
        #expect(viewed.warnings.isEmpty, "\(viewed.warnings)")
        // Depth 0: where it is, as large.
        #expect(try pixel(viewed, atSeconds: 0, 12, 12) == [255, 0, 0, 255] && pixel(viewed, atSeconds: 0, 8, 8)[3] == 0)
        // Depth 100 (twice as far as the image plane): at 50 + 25 / 2, 15 points wide.
        #expect(try pixel(viewed, atSeconds: 0, 62, 50) == [0, 0, 255, 255])
        #expect(try pixel(viewed, atSeconds: 0, 72, 50)[3] == 0 && pixel(flat, atSeconds: 0, 72, 50)[3] == 255)
        // Turned 60° about y: in perspective one upright edge is longer than the other.
        func heights(_ scene: Scene) throws -> [Int] {
            let image = try FrameRenderer(scene: scene).render(atSeconds: 0).image
            let columns = (0..<50).map { x in (50..<100).filter { y in image.pixels[(y * image.width + x) * 4 + 1] > 128 && image.pixels[(y * image.width + x) * 4] < 64 }.count }
            let drawn = columns.filter { $0 > 0 }
            return [drawn.first ?? 0, drawn.last ?? 0]
        }
        let turned = try heights(viewed), unturned = try heights(flat)
        #expect(abs(turned[0] - turned[1]) >= 4, "\(turned)")
        #expect(abs(unturned[0] - unturned[1]) <= 1, "\(unturned)")
        // Sorted by depth: the red square listed first (on top in layer order) but farther away is
        // hidden behind the blue one in front of it; a 2-D layer between them keeps layer order.
        let far = square(1, "[50,50,100]", "[1,0,0,1]"), near = square(2, "[50,50,0]", "[0,0,1,1]")
        let sorted = try importLottie(lottie([camera, far, near].joined(separator: ",")))
        #expect(try pixel(sorted, atSeconds: 0, 50, 50) == [0, 0, 255, 255])
        let between = #"{"ty":4,"ind":5,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"shapes":[\#(box(90, 90, 4, 4))]}"#
        let broken = try importLottie(lottie([camera, far, between, near].joined(separator: ",")))
        #expect(try pixel(broken, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
    }

    /// A mask's expansion (`x`) grows its path by so many points, or shrinks it; inverted, the
    /// hole grows with it.
    @Test func aMasksExpansionGrowsOrShrinksIt() throws {
        // A 40-point square mask centred on a red layer filling the picture.
        func masked(expansion: Double, inverted: Bool = false) throws -> Scene {
            let mask = #""masksProperties":[{"mode":"a","inv":\#(inverted),"o":{"k":100},"x":{"k":\#(expansion)},"#
                + #""pt":{"k":{"c":true,"v":[[30,30],[70,30],[70,70],[30,70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#
            return try importLottie(lottie(shapeLayer(box(50, 50, 100, 100), extra: "," + mask)))
        }
        func shown(_ scene: Scene, _ x: Int) throws -> Bool { try pixel(scene, atSeconds: 0, x, 50)[3] > 128 }
        let plain = try masked(expansion: 0), grown = try masked(expansion: 10), shrunk = try masked(expansion: -10)
        let invertedGrown = try masked(expansion: 10, inverted: true)
        #expect(plain.warnings.isEmpty && grown.warnings.isEmpty && shrunk.warnings.isEmpty)
        #expect(try shown(plain, 35) && !shown(plain, 25) && shown(plain, 50))
        #expect(try shown(grown, 25) && !shown(grown, 15) && shown(grown, 50))
        #expect(try !shown(shrunk, 35) && shown(shrunk, 45) && shown(shrunk, 50))
        #expect(try !shown(invertedGrown, 25) && !shown(invertedGrown, 50) && shown(invertedGrown, 15))
    }

    /// A repeater's moving transform is sampled at every frame, and a fractional offset moves the
    /// first copy part of a step.
    @Test func aRepeatersTransformMovesAndItsOffsetMayBeFractional() throws {
        // Three copies of a small square at (70, 50), each turned about (50, 50) from the last.
        func repeated(rotation: String, offset: Double = 0) throws -> Scene {
            let square = #"{"ty":"rc","p":{"k":[70,50]},"s":{"k":[6,6]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
            let repeater = #"{"ty":"rp","c":{"k":3},"o":{"k":\#(offset)},"m":1,"tr":{"ty":"tr","a":{"k":[50,50]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":\#(rotation),"so":{"k":100},"eo":{"k":100}}}"#
            return try importLottie(lottie(shapeLayer(square + "," + repeater)))
        }
        let turning = try repeated(rotation: #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[90]}]}"#)
        #expect(turning.warnings.isEmpty, "\(turning.warnings)")
        // At the start the steps do not turn: every copy on the first; half way (45° a step) the
        // third copy is a quarter turn round, below the middle.
        #expect(try pixel(turning, atSeconds: 0, 70, 50)[3] == 255 && pixel(turning, atSeconds: 0, 50, 70)[3] == 0)
        #expect(try pixel(turning, atSeconds: 1, 50, 70)[3] == 255)
        // Offset 0.5 with 90° steps: the first copy half a step (45°) round.
        let half = try repeated(rotation: #"{"k":90}"#, offset: 0.5)
        #expect(try pixel(half, atSeconds: 0, 64, 64)[3] == 255 && pixel(half, atSeconds: 0, 70, 50)[3] == 0)
    }
}
