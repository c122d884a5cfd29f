import Foundation
import StrataLottie
import StrataModel
import StrataSnapshotTesting
import StrataTestSupport
import Testing

/// Gradient fills: the radial gradient's highlight (`h` percent of the radius, `a` degrees from the
/// start–end direction), whose first stop sits at the focal point as After Effects draws it, and
/// the animations changing stops become.
@Suite("Lottie: gradients") struct LottieGradientTests {
    @Test func theHighlightMovesTheFirstStopToTheFocalPoint() throws {
        // lottie-ae gradient-radial-highlight: centre (40, 40), end (40, 80), h 80, a 45°: the focal
        // point 0.8 × 40 along 135° (down and left) from the centre, at (17.4, 62.6). Red first.
        let corpus = AfterEffectsCorpus(folder: TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ae"))
        let picture = try #require(try corpus.pictures().first { $0.name == "gradient-radial-highlight" })
        let image = try corpus.render(picture, width: 80, height: 80)
        let focal = image[17, 62], centre = image[40, 40]
        #expect(focal.r > 200 && focal.b < 60, "red at the focal point: \(focal)")
        #expect(centre.r < focal.r && centre.b > focal.b, "the centre is further along the stops: \(centre)")
    }

    @Test func stopsThatDoNotMoveGetNoAnimation() throws {
        // lottie-ae gradient-linear: three stops whose colours change from frame 0 to 60 and whose
        // positions (0, 0.601, 1) do not; the midpoint at 0.601 becomes a curve of 24 stops. Every
        // stop's colour is animated, no stop's location is (each would write the value it has).
        let url = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ae/data/properties/gradient-linear.json")
        let scene = try LottieImporter.decode(try Data(contentsOf: url), file: url.path, baseURL: nil, name: "gradient-linear")
        func all(_ layers: [Layer]) -> [Layer] { layers.flatMap { [$0] + all($0.sublayers) } }
        let gradient = try #require(all(scene.layers).first { $0.gradient != nil })
        let keys = gradient.animations.compactMap(\.key)
        let stops = try #require(gradient.gradient?.colors.count)
        #expect(stops > 3, "the midpoint's curve adds stops: \(stops)")
        #expect(keys.filter { $0.hasPrefix("colors[") }.count == stops)
        #expect(!keys.contains { $0.hasPrefix("locations[") }, "\(keys)")
    }

    @Test func aBlendedGradientsMaskDrawsPlainly() throws {
        // A gradient fill with its own blend mode (`bm` 1, multiply: issue_1732's). Its mask, which
        // gives coverage only, draws plainly, so that a mask of one opaque path folds into the
        // gradient (no offscreen surfaces); before, the mask's shape took the multiply.
        let ellipse = #"{"ty":"el","s":{"a":0,"k":[60,60]},"p":{"a":0,"k":[0,0]}}"#
        let fill = #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"bm":1,"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,1]}},"#
            + #""s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[30,0]},"t":2,"h":{"a":0,"k":30},"a":{"a":0,"k":20}}"#
        let transform = #"{"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
            + #""ks":{},"shapes":[{"ty":"gr","it":["# + ellipse + "," + fill + "," + transform + "]}]}]}"
        let scene = try LottieImporter.decode(Data(json.utf8), file: "blended.json", baseURL: nil, name: "blended")
        func all(_ layers: [Layer]) -> [Layer] { layers.flatMap { [$0] + all($0.sublayers) } }
        let gradient = try #require(all(scene.layers).first { $0.gradient != nil })
        #expect(gradient.compositingFilter == nil, "the gradient fill's own bm is not drawn, as Core Animation does not")
        let mask = try #require(gradient.mask)
        let drawn = all([mask]).filter { $0.shape != nil }
        #expect(!drawn.isEmpty && all([mask]).allSatisfy { $0.compositingFilter == nil }, "\(all([mask]).map(\.compositingFilter))")
    }
}
