import Foundation
import StrataKit
import StrataLottie
import StrataScene
import StrataTestSupport
import Testing

/// A file with a missing part still draws, as lottie-ios draws it: the part is left out with a
/// warning naming its JSON path (an error only under --strict); a reference cycle stays an error.
@Suite("Lottie: missing parts") struct LottieMissingPartsTests {
    static let transform = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}"#

    @Test func layersNamingNoAssetOrOfUnknownTypeAreLeftOutWithAWarning() throws {
        let layers = [
            #"{"ty":0,"ind":2,"refId":"nowhere","w":100,"h":100,"ip":0,"op":20,"st":0,"ks":\#(Self.transform)}"#,
            #"{"ty":2,"ind":3,"refId":"no-image","ip":0,"op":20,"st":0,"ks":\#(Self.transform)}"#,
            #"{"ty":9,"ind":4,"ip":0,"op":20,"st":0,"ks":\#(Self.transform)}"#,
            #"{"ty":42,"ind":5,"ip":0,"op":20,"st":0,"ks":\#(Self.transform)}"#,
            shapeLayer(redSquare() + #",{"ty":"xx","nm":"unknown"}"#),
        ].joined(separator: ",")
        let scene = try importLottie(lottie(layers))
        let warnings = scene.warnings.joined(separator: "\n")
        for part in ["layers[0].refId", "\"nowhere\" names no precomposition", "layers[1].refId", "\"no-image\" names no image",
                     "layers[2].ty", "layer type 9 (a video) is not drawn", "layers[3].ty", "layer type 42 is not drawn", "layers[4].shapes[1]"] {
            #expect(warnings.contains(part), "\(part) in:\n\(warnings)")
        }
        // The rest is drawn: the red square.
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
    }

    @Test func aPrecompositionThatContainsItselfStaysAnError() throws {
        // A precomposition that contains itself is an error with or without --strict.
        let cycle = #"[{"id":"loop","layers":[{"ty":0,"ind":1,"refId":"loop","ip":0,"op":20,"st":0,"w":10,"h":10,"ks":{}}]}]"#
        do {
            _ = try LottieImporter.decode(lottie(#"{"ty":0,"ind":1,"refId":"loop","ip":0,"op":20,"st":0,"w":10,"h":10,"ks":{}}"#, assets: cycle),
                                          file: "cycle.json", baseURL: nil, name: "cycle")
            Issue.record("a cycle was imported")
        } catch {
            #expect(error.keyPath.hasSuffix("refId") && error.expected.contains("does not contain itself"), "\(error)")
        }
    }
}
