import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataRaster
import StrataScene
import StrataTestSupport
import Testing

/// JPEG image assets in Lottie files, as players draw them: embedded (whatever MIME type the data
/// URL claims), beside the JSON, and missing (a warning, the rest drawn).
@Suite("Lottie: JPEG images") struct LottieJPEGTests {
    static let jpeg = try! Data(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg/orientation-6.jpg"))
    /// The image layer scaled ×3 over a 96 × 72 canvas: each quadrant is 48 × 36.
    static let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[300,300]},"r":{"k":0},"o":{"k":100}}}"#

    static func expectQuadrants(_ scene: Scene) throws {
        for (x, y, colour) in [(24, 18, [255, 0, 0]), (72, 18, [0, 160, 0]), (24, 54, [0, 0, 255]), (72, 54, [255, 255, 255])] {
            let found = try pixel(scene, atSeconds: 0, x, y)
            #expect(zip(found, colour).allSatisfy { abs(Int($0) - $1) <= 8 } && found[3] == 255, "\(x),\(y): \(found)")
        }
    }

    @Test func anEmbeddedJPEGIsDrawnUprightWhateverTheMIMETypeSays() throws {
        for mime in ["image/jpeg", "image/png", "application/octet-stream"] {
            let assets = #"[{"id":"img","w":32,"h":24,"e":1,"p":"data:\#(mime);base64,\#(Self.jpeg.base64EncodedString())"}]"#
            let scene = try importLottie(lottie(Self.layer, assets: assets, w: 96, h: 72))
            #expect(scene.warnings.isEmpty, "\(mime): \(scene.warnings)")
            try Self.expectQuadrants(scene)
        }
    }

    @Test func aJPEGFileBesideTheAnimationIsDrawnAndAMissingOneWarns() throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-lottie-jpeg")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.jpeg.write(to: folder.appendingPathComponent("images/photo.jpg"))
        try Self.jpeg.write(to: folder.appendingPathComponent("images/named-png.png"))
        for name in ["photo.jpg", "named-png.png"] {
            let assets = #"[{"id":"img","w":32,"h":24,"e":0,"u":"images/","p":"\#(name)"}]"#
            let scene = try LottieImporter.decode(lottie(Self.layer, assets: assets, w: 96, h: 72), file: "a.json", baseURL: folder, name: "a")
            #expect(scene.warnings.isEmpty, "\(name): \(scene.warnings)")
            try Self.expectQuadrants(scene)
        }
        // Missing: the rest of the animation draws, the warning names the JSON path.
        let assets = #"[{"id":"img","w":32,"h":24,"e":0,"u":"images/","p":"gone.jpg"}]"#
        let scene = try LottieImporter.decode(lottie(Self.layer + "," + shapeLayer(redSquare()), assets: assets, w: 96, h: 72),
                                              file: "a.json", baseURL: folder, name: "a")
        #expect(scene.warnings.contains { $0.contains("assets[0].p") && $0.contains("gone.jpg") }, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])
    }

    /// Image layers sample as Core Animation samples a layer's contents by default: bilinear
    /// however small they are drawn (`CALayer.minificationFilter`, kCAFilterLinear), and fill
    /// their asset's box as lottie-ios's image providers have them do.
    @Test func imageLayersSampleAsCoreAnimationsDefault() throws {
        let assets = #"[{"id":"img","w":32,"h":24,"e":1,"p":"data:image/jpeg;base64,\#(Self.jpeg.base64EncodedString())"}]"#
        let scene = try importLottie(lottie(Self.layer, assets: assets, w: 96, h: 72))
        func images(_ layers: [Layer]) -> [Layer] { layers.flatMap { ($0.contents == nil ? [] : [$0]) + images($0.sublayers) } }
        let found = images(scene.layers)
        #expect(!found.isEmpty && found.allSatisfy { $0.minificationFilter == .linear })
        // Stretched to the asset's box, as lottie-ios's own image providers draw an image
        // (`contentsGravity` `.resize`): an image of another aspect ratio is not cropped.
        #expect(found.allSatisfy { $0.contentsGravity == .resize })
    }

    @Test func aCMYKOrTruncatedJPEGIsRefusedWithItsPath() throws {
        for (name, words) in [("cmyk.jpg", "CMYK"), ("truncated.jpg", "ends early")] {
            let bytes = try Data(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg/\(name)"))
            let assets = #"[{"id":"img","w":32,"h":24,"e":1,"p":"data:image/jpeg;base64,\#(bytes.base64EncodedString())"}]"#
            do {
                _ = try LottieImporter.decode(lottie(Self.layer, assets: assets), file: "a.json", baseURL: nil, name: "a")
                Issue.record("\(name) was drawn")
            } catch {
                #expect(error.keyPath == "assets[0].p" && "\(error)".contains(words), "\(error)")
            }
        }
    }
}
