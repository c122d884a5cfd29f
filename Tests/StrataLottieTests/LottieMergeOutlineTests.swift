import Foundation
import StrataLottie
import StrataScene
import Testing

/// A stroke of merged paths, and a modifier after a merge, follow the merged outline (After
/// Effects merges the paths' areas and goes on with the outline; lottie-android does the same with
/// `Path.op`). Two squares 40 wide, A over x 15…55 and B over x 45…85, y 30…70.
@Suite("Lottie: merged outlines") struct LottieMergeOutlineTests {
    static let squareA = #"{"ty":"rc","p":{"k":[35,50]},"s":{"k":[40,40]},"r":{"k":0}}"#
    static let squareB = #"{"ty":"rc","p":{"k":[65,50]},"s":{"k":[40,40]},"r":{"k":0}}"#
    static let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":1,"lj":1}"#
    static let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#

    static func scene(_ items: [String]) throws -> Scene {
        try importLottie(lottie(shapeLayer(items.joined(separator: ","))))
    }

    static func alpha(_ scene: Scene, _ x: Int, _ y: Int) throws -> UInt8 { try pixel(scene, atSeconds: 0, x, y)[3] }

    /// The outline's sides are stroked; the sides of A and B that the mode leaves inside or
    /// outside the area are not.
    @Test(arguments: [(2, [15, 85], [45, 55]), (3, [15, 45], [55, 85]), (4, [45, 55], [15, 85])])
    func aStrokeFollowsTheMergedOutline(mode: Int, stroked: [Int], notStroked: [Int]) throws {
        let scene = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":\#(mode)}"#, Self.stroke])
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        for x in stroked { #expect(try Self.alpha(scene, x, 50) == 255, "mode \(mode): x = \(x) stroked") }
        for x in notStroked { #expect(try Self.alpha(scene, x, 50) == 0, "mode \(mode): x = \(x) not stroked") }
        // The top side where the area is: inside A ∪ B at x = 30 for add and subtract, x = 50 for intersect.
        #expect(try Self.alpha(scene, mode == 4 ? 50 : 30, 30) == 255)
    }

    /// Excluding intersections: the overlap's sides are part of the outline, as are the outer ones.
    @Test func excludingIntersectionsKeepsEverySide() throws {
        let scene = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":5}"#, Self.stroke])
        for x in [15, 45, 55, 85] { #expect(try Self.alpha(scene, x, 50) == 255, "x = \(x)") }
        // The top side over the overlap is not: outside both above it, inside both (excluded) below.
        #expect(try Self.alpha(scene, 50, 30) == 0)
    }

    /// An offset path after a subtraction moves the outline A − B (x 15…45) in by 5: x 20…40.
    /// Before, each square was moved in first and the subtraction kept x 20…50.
    @Test func aModifierAfterTheMergeChangesTheOutline() throws {
        let inset = #"{"ty":"op","a":{"k":-5},"lj":1,"ml":{"k":4}}"#
        let scene = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":3}"#, inset, Self.fill])
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        for x in [22, 30, 38] { #expect(try Self.alpha(scene, x, 50) == 255, "x = \(x) filled") }
        for x in [17, 43, 47, 60] { #expect(try Self.alpha(scene, x, 50) == 0, "x = \(x) empty") }
        #expect(try Self.alpha(scene, 30, 33) == 0 && Self.alpha(scene, 30, 37) == 255)
    }

    /// Merged paths filled with another path in the same fill: the outline A − B, then the other
    /// path (before, A and B were filled whole, warned). A gradient fill of A − B is its mask.
    @Test func mergedPathsFilledWithOthersAndGradients() throws {
        let bar = #"{"ty":"rc","p":{"k":[50,85]},"s":{"k":[60,8]},"r":{"k":0}}"#
        let scene = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":3}"#, bar, Self.fill])
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try Self.alpha(scene, 30, 50) == 255 && Self.alpha(scene, 50, 50) == 0 && Self.alpha(scene, 70, 50) == 0)
        #expect(try Self.alpha(scene, 50, 85) == 255)
        let gradient = #"{"ty":"gf","o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}},"s":{"k":[0,0]},"e":{"k":[100,0]},"t":1}"#
        let graded = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":3}"#, gradient])
        #expect(graded.warnings.isEmpty, "\(graded.warnings)")
        #expect(try Self.alpha(graded, 30, 50) == 255 && Self.alpha(graded, 50, 50) == 0 && Self.alpha(graded, 70, 50) == 0)
    }

    /// A fill with nothing after the merge is the mask it was (the curves kept).
    @Test func aFillAloneIsStillTheMask() throws {
        let scene = try Self.scene([Self.squareA, Self.squareB, #"{"ty":"mm","mm":3}"#, Self.fill])
        #expect(try Self.alpha(scene, 30, 50) == 255 && Self.alpha(scene, 50, 50) == 0 && Self.alpha(scene, 70, 50) == 0)
    }

    /// A closed path of `count` straight sides around (50, 50), `radius` wide.
    static func polygon(_ count: Int, radius: Double) -> String {
        let points = (0..<count).map { k -> String in
            let a = Double(k) / Double(count) * 2 * Double.pi
            return "[\(50 + radius * cos(a)),\(50 + radius * sin(a))]"
        }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: count).joined(separator: ",")
        return #"{"ty":"sh","ks":{"k":{"i":[\#(zeros)],"o":[\#(zeros)],"v":[\#(points)],"c":true}}}"#
    }

    /// Paths too many to cut one against the other, or open ones, are stroked each on its own,
    /// with a warning naming the stroke.
    @Test func tooManyLinesOrOpenPathsAreStrokedAsThePaths() throws {
        let many = Self.polygon(1_600, radius: 40)
        let scene = try Self.scene([many, many, Self.squareB, #"{"ty":"mm","mm":2}"#, Self.stroke])
        #expect(scene.warnings.contains { $0.contains("shapes[4]") && $0.contains("merged outline") }, "\(scene.warnings)")
        // Each path stroked: B's left side inside the circle too.
        #expect(try Self.alpha(scene, 45, 50) == 255)
        // An open line across A: A − B stroked as A and B, the line too.
        let line = #"{"ty":"sh","ks":{"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,20],[100,20]],"c":false}}}"#
        let open = try Self.scene([line, Self.squareA, Self.squareB, #"{"ty":"mm","mm":3}"#, Self.stroke])
        #expect(open.warnings.contains { $0.contains("shapes[4]") && $0.contains("open") }, "\(open.warnings)")
        #expect(try Self.alpha(open, 55, 50) == 255 && Self.alpha(open, 85, 50) == 255 && Self.alpha(open, 50, 20) == 255)
        // A merge that takes a group above it: the group's paths are left out (as lottie-ios draws
        // no merge), so the outline is not known — stroked as the paths (rlottie's cooking.json:
        // intersecting the lid with a one-point path would leave nothing).
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,90]},"s":{"k":[10,10]},"r":{"k":0}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let across = try Self.scene([Self.squareA, Self.squareB, group, #"{"ty":"mm","mm":4}"#, Self.stroke])
        #expect(across.warnings.contains { $0.contains("shapes[4]") && $0.contains("groups above") }, "\(across.warnings)")
        for x in [15, 45, 55, 85] { #expect(try Self.alpha(across, x, 50) == 255, "x = \(x)") }
    }

    /// Merges that move are merged again at every frame: what an import spends on them is bounded
    /// (`LottieContext.maximumMergeWork`); past it they are stroked as their paths, warned.
    @Test func theWorkOfMergingIsBounded() throws {
        let polygon = Self.polygon(500, radius: 30)
        let moving = #"{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[20,50],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":400,"s":[80,50]}]},"s":{"k":[40,40]},"r":{"k":0}}"#
        let layer = shapeLayer([polygon, polygon, moving, #"{"ty":"mm","mm":2}"#, Self.stroke].joined(separator: ","))
            .replacingOccurrences(of: #""op":20"#, with: #""op":400"#)
        let data = Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":400,"w":100,"h":100,"assets":[],"layers":[\#(layer)]}"#.utf8)
        let scene = try importLottie(data)
        #expect(scene.warnings.contains { $0.contains("merged outline") }, "\(scene.warnings)")
        // Still parts under a modifier that moves: merged again at every frame too.
        let offset = #"{"ty":"pb","a":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":400,"s":[5]}]}}"#
        let offsetLayer = shapeLayer([polygon, polygon, Self.squareB, #"{"ty":"mm","mm":2}"#, offset, Self.fill].joined(separator: ","))
            .replacingOccurrences(of: #""op":20"#, with: #""op":400"#)
        let offsetData = Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":400,"w":100,"h":100,"assets":[],"layers":[\#(offsetLayer)]}"#.utf8)
        #expect(try importLottie(offsetData).warnings.contains { $0.contains("merged outline") })
        // The same merge at one frame is merged.
        let still = try Self.scene([polygon, polygon, Self.squareB, #"{"ty":"mm","mm":2}"#, Self.stroke])
        #expect(still.warnings.isEmpty, "\(still.warnings)")
        #expect(try Self.alpha(still, 82, 30) == 255 && Self.alpha(still, 45, 50) == 0 && Self.alpha(still, 65, 30) == 0)
    }
}
