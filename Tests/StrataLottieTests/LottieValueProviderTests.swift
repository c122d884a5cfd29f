import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import StrataTestSupport
import Testing

/// A red square named `Group 1` (rectangle `Rectangle 1`, fill `Fill 1`) in shape layer `name`.
private func namedLayer(_ name: String, cx: Double = 50, opacity: Double = 100) -> String {
    shapeLayer(#"{"ty":"gr","nm":"Group 1","it":[{"ty":"rc","nm":"Rectangle 1","p":{"k":[\#(cx),50]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","nm":"Fill 1","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#,
               ks: #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":\#(opacity)}}"#,
               extra: #","nm":"\#(name)""#)
}

private func importing(_ data: Data, _ values: [String]) throws -> Scene {
    try LottieImporter.decode(data, file: "test.json", baseURL: nil, name: "test",
                              values: try values.map { try LottieValueProvider(parsing: $0) })
}

@Suite("Lottie value providers (lottie-ios's setValueProvider)") struct LottieValueProviderTests {
    @Test func textIsReadAsKeypathAndValue() throws {
        let colour = try LottieValueProvider(parsing: "**.Fill 1.Color=#ff000080")
        #expect(colour.keypath == ["**", "Fill 1", "Color"])
        #expect(colour.keyframes == [.init(frame: 0, components: [1, 0, 0, 128.0 / 255])])
        let scale = try LottieValueProvider(parsing: "H2.Transform.Scale=200,150")
        #expect(scale.keyframes[0].components == [200, 150])
        let keys = try LottieValueProvider(parsing: "A.Fill 1.Color=0:0,0,0,1;75:0.76,0.76,0.76,1;150:#000000")
        #expect(keys.keyframes.map(\.frame) == [0, 75, 150])
        #expect(keys.description == "A.Fill 1.Color=0:0,0,0,1;75:0.76,0.76,0.76,1;150:0,0,0,1")
        for (bad, message) in [("**.Color", "expected KEYPATH=VALUE"), ("a..b=1", "keypath of names"), ("a=#ff00", "colour #rrggbb"),
                               ("a=nan", "expected a number"), ("a=1,,2", "expected a number"), ("a=5:1;2:1", "must increase"),
                               ("a=0:1;5:1,2", "as many components"), ("a=1e400", "out of range"), ("a=1e300", "out of range"),
                               ("a=3,-2e7", "-20000000 is out of range")] {
            #expect(throws: LottieValueProvider.ParseError.self, "\(bad)") { try LottieValueProvider(parsing: bad) }
            do {
                _ = try LottieValueProvider(parsing: bad)
            } catch {
                #expect(error.description.contains(message), "\(bad): \(error)")
            }
        }
    }

    @Test func aKeypathNamesLayersGroupsItemsAndTheProperty() throws {
        let data = lottie(namedLayer("Box", cx: 30) + "," + namedLayer("Other", cx: 70))
        #expect(try pixel(importing(data, []), atSeconds: 0, 30, 50) == [255, 0, 0, 255])
        // One layer by its full path: the other keeps the file's colour.
        let one = try importing(data, ["Box.Group 1.Fill 1.Color=0,0,1,1"])
        #expect(try pixel(one, atSeconds: 0, 30, 50) == [0, 0, 255, 255])
        #expect(try pixel(one, atSeconds: 0, 70, 50) == [255, 0, 0, 255])
        #expect(one.warnings.isEmpty)
        // ** stands for any number of names, * for one.
        let every = try importing(data, ["**.Color=0,1,0,1"])
        #expect(try pixel(every, atSeconds: 0, 30, 50) == [0, 255, 0, 255] && pixel(every, atSeconds: 0, 70, 50) == [0, 255, 0, 255])
        let star = try importing(data, ["*.Group 1.Fill 1.Color=0,1,0,1", "Other.*.Fill 1.Opacity=0"])
        #expect(try pixel(star, atSeconds: 0, 30, 50) == [0, 255, 0, 255])
        #expect(try pixel(star, atSeconds: 0, 70, 50)[3] == 0)
        // The layer's transform, and a later provider over an earlier one.
        let moved = try importing(data, ["Box.Transform.Position=0,20", "Box.Transform.Opacity=50", "Box.Transform.Opacity=100"])
        #expect(try pixel(moved, atSeconds: 0, 30, 50)[3] == 0)
        #expect(try pixel(moved, atSeconds: 0, 30, 70) == [255, 0, 0, 255])
        // Sixty ** before a name that is nowhere: matched by a table in a moment (a search that
        // tried every split of the path took minutes), and said to name nothing.
        let stars = try importing(data, [Array(repeating: "**", count: 60).joined(separator: ".") + ".Nope=1"])
        #expect(stars.warnings.count == 1 && stars.warnings[0].contains("names no property"))
        #expect(try pixel(importing(data, ["**.**.**.Fill 1.**.Color=0,0,1,1"]), atSeconds: 0, 30, 50) == [0, 0, 255, 255])
        // A keypath that names nothing is said.
        let none = try importing(data, ["Box.Group 2.Fill 1.Color=0,0,1,1"])
        #expect(none.warnings == ["test.json: the value provider Box.Group 2.Fill 1.Color=0,0,1,1 names no property of the file"])
    }

    @Test func aSolidLayersColourIsNamedToo() throws {
        let solid = ##"{"ty":1,"nm":"Back","ind":1,"ip":0,"op":20,"st":0,"sw":100,"sh":100,"sc":"#111111","ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"##
        #expect(try pixel(importing(lottie(solid), []), atSeconds: 0, 50, 50) == [0x11, 0x11, 0x11, 255])
        let scene = try importing(lottie(solid), ["**.Color=1,0,0,1"])
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
        #expect(scene.warnings.isEmpty)
    }

    @Test func aGradientsColoursAreStops() throws {
        // A red-to-blue linear gradient fill over a square; the provider makes both stops green.
        let fill = #"{"ty":"gr","nm":"Group 1","it":[{"ty":"rc","nm":"Rectangle 1","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"gf","nm":"Gradient Fill 1","o":{"k":100},"r":1,"t":1,"s":{"k":[30,50]},"e":{"k":[70,50]},"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let data = lottie(shapeLayer(fill, extra: #","nm":"Box""#))
        #expect(try pixel(importing(data, []), atSeconds: 0, 32, 50)[0] > 200)
        let green = try importing(data, ["**.Colors=0:0,1,0,1;1:0,1,0,1"])
        #expect(try pixel(green, atSeconds: 0, 32, 50) == [0, 255, 0, 255] && pixel(green, atSeconds: 0, 68, 50) == [0, 255, 0, 255])
        #expect(green.warnings.isEmpty, "\(green.warnings)")
    }

    @Test func aGradientProvidersOpacityIsDrawnTwiceAsCoreAnimationDrawsIt() throws {
        // White at half opacity on both stops: Core Animation's pictures (issue_1854) show such a
        // provider's alpha in the colours and again in the mask, so a quarter, not a half.
        let fill = #"{"ty":"gr","nm":"Group 1","it":[{"ty":"rc","nm":"Rectangle 1","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"gf","nm":"Gradient Fill 1","o":{"k":100},"r":1,"t":1,"s":{"k":[30,50]},"e":{"k":[70,50]},"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let data = lottie(shapeLayer(fill, extra: #","nm":"Box""#))
        let quarter = try pixel(importing(data, ["**.Colors=0:1,1,1,0.5;1:1,1,1,0.5"]), atSeconds: 0, 50, 50)
        #expect(quarter[3] >= 63 && quarter[3] <= 65, "\(quarter)")
        // From transparent to opaque: a quarter of the way along, alpha 0.25² rather than 0.25.
        let ramp = try importing(data, ["**.Colors=0:1,1,1,0;1:1,1,1,1"])
        let early = try pixel(ramp, atSeconds: 0, 40, 50)[3]
        #expect(early >= 14 && early <= 19, "\(early)")
        #expect(try pixel(ramp, atSeconds: 0, 69, 50)[3] > 240)
        // A hundred stops with opacity still read: fewer points per span.
        let many = (0..<100).map { "\(Double($0) / 99):1,1,1,\(Double($0 % 2))" }.joined(separator: ";")
        #expect(try pixel(importing(data, ["**.Colors=" + many]), atSeconds: 0, 50, 50)[3] < 255)
    }

    @Test func keyframedValuesAnimateLinearlyInTheCompositionsFrames() throws {
        let scene = try importing(lottie(namedLayer("Box")), ["**.Fill 1.Color=0:0,0,0,1;10:0,0,1,1"])
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [0, 0, 0, 255])
        let middle = try pixel(scene, atSeconds: 0.5, 50, 50)  // frame 5 at 10 fps: halfway
        #expect(middle[2] >= 126 && middle[2] <= 129 && middle[0] == 0, "\(middle)")
        #expect(try pixel(scene, atSeconds: 1.5, 50, 50) == [0, 0, 255, 255])
    }

    @Test func aPrecompositionPlacedTwiceIsChangedOnlyWhereTheKeypathNamesIt() throws {
        let asset = #"[{"id":"inner","layers":[\#(namedLayer("Box"))]}]"#
        func placement(_ name: String, x: Double) -> String {
            #"{"ty":0,"nm":"\#(name)","refId":"inner","ind":\#(name == "Left" ? 1 : 2),"ip":0,"op":20,"st":0,"w":100,"h":100,"ks":{"a":{"k":[0,0]},"p":{"k":[\#(x),0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
        }
        let data = lottie(placement("Left", x: -20) + "," + placement("Right", x: 20), assets: asset)
        let scene = try importing(data, ["Right.Box.Group 1.Fill 1.Color=0,0,1,1"])
        #expect(try pixel(scene, atSeconds: 0, 30, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 0, 70, 50) == [0, 0, 255, 255])
        // A precomposition that holds itself is still the importer's error, not a loop here.
        let cycle = #"[{"id":"loop","layers":[{"ty":0,"nm":"Again","refId":"loop","ip":0,"op":20,"st":0,"w":10,"h":10,"ks":{}}]}]"#
        let looped = lottie(#"{"ty":0,"nm":"Top","refId":"loop","ip":0,"op":20,"st":0,"w":10,"h":10,"ks":{}}"#, assets: cycle)
        #expect(throws: SceneError.self) { try importing(looped, ["**.Color=0,0,1,1"]) }
    }

    @Test func theCommandLineSetsValuesAndRefusesThemForAStrataScene() throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-values")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("box.json")
        try lottie(namedLayer("Box")).write(to: file)
        let scene = try Pipeline.loadScene(at: file.path, values: Pipeline.valueProviders(parsing: ["Box.Group 1.Fill 1.Color=#00ff00"]))
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [0, 255, 0, 255])
        #expect(throws: StrataError.self) { try Pipeline.valueProviders(parsing: ["Box.Color"]) }
        let yaml = folder.appendingPathComponent("scene.yaml")
        try Data("size: [10, 10]\nlayers: []\n".utf8).write(to: yaml)
        do {
            _ = try Pipeline.loadScene(at: yaml.path, values: Pipeline.valueProviders(parsing: ["a=1"]))
            Issue.record("a scene file took a value provider")
        } catch {
            #expect("\(error)".contains("a Lottie file for the value and text providers (--set, --text)"), "\(error)")
        }
    }
}
