import StrataTestSupport
import Foundation
import Testing
import StrataModel
import StrataScene
import StrataRender

@Suite("Scene files")
struct SceneTests {
    func decode(_ text: String, format: SceneLoader.Format = .yaml, base: URL = PackagePaths.scenes) throws(SceneError) -> Scene {
        try SceneLoader.decode(Data(text.utf8), format: format, file: "test.\(format == .yaml ? "yaml" : "json")",
                               baseURL: base, defaultName: "test")
    }

    func error(_ text: String, format: SceneLoader.Format = .yaml, base: URL = PackagePaths.scenes) -> SceneError? {
        do {
            _ = try decode(text, format: format, base: base)
            return nil
        } catch {
            return error
        }
    }

    let header = "version: 1\ndescription: d\nsize: [100, 80]\n"

    @Test func minimalSceneDecodes() throws {
        let scene = try decode(header + "layers:\n  - frame: [10, 20, 30, 40]\n    backgroundColor: '#ff0000'\n    cornerRadius: 4\n")
        #expect(scene.name == "test")
        #expect(scene.size == Size(width: 100, height: 80))
        #expect(scene.layers[0].frame == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(scene.layers[0].backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(scene.layers[0].cornerRadius == 4)
    }

    @Test func jsonAndYAMLShareOneSchema() throws {
        let yaml = try decode(header + "layers:\n  - {frame: [1, 2, 3, 4], opacity: 0.5, text: {string: hi, size: 12}}\n")
        let json = try decode(#"{"version": 1, "description": "d", "size": [100, 80], "layers": [{"frame": [1, 2, 3, 4], "opacity": 0.5, "text": {"string": "hi", "size": 12}}]}"#, format: .json)
        #expect(yaml.layers == json.layers)
        #expect(yaml.size == json.size)
    }

    @Test func wrongTypeNamesFileKeyPathExpectedAndFound() throws {
        let failure = try #require(error(header + "layers:\n  - frame: [0, 0, 10, 10]\n  - frame: [0, 0, 10, 10]\n  - sublayers:\n      - cornerRadius: big\n"))
        #expect(failure.keyPath == "layers[2].sublayers[0].cornerRadius")
        #expect(failure.expected == "a number ≥ 0")
        #expect(failure.found == "\"big\"")
        #expect(failure.line == 8)
        #expect(failure.description == "test.yaml:8: layers[2].sublayers[0].cornerRadius: expected a number ≥ 0, found \"big\"")
    }

    @Test func unknownKeySuggestsTheNearestKnownOne() throws {
        let failure = try #require(error(header + "layers:\n  - {frame: [0, 0, 1, 1], cornerRadus: 3}\n"))
        #expect(failure.keyPath == "layers[0].cornerRadus")
        #expect(failure.expected.contains("did you mean \"cornerRadius\"?"))
        let top = try #require(error(header + "layer: []\n"))
        #expect(top.expected.contains("did you mean \"layers\"?"))
    }

    @Test func missingVersionAndDescriptionAreErrors() throws {
        #expect(error("description: d\nsize: [1, 1]\nlayers: []\n")?.keyPath == "version")
        #expect(error("version: 2\ndescription: d\nsize: [1, 1]\nlayers: []\n")?.keyPath == "version")
        #expect(error("version: 1\nsize: [1, 1]\nlayers: []\n")?.keyPath == "description")
    }

    @Test func outOfRangeValuesAreErrors() throws {
        #expect(error(header + "layers:\n  - {opacity: 1.5}\n")?.keyPath == "layers[0].opacity")
        #expect(error(header + "scale: 4\nlayers: []\n")?.keyPath == "scale")
        #expect(error("version: 1\ndescription: d\nsize: [20000, 10]\nlayers: []\n")?.keyPath == "size")
        #expect(error(header + "layers:\n  - {contentsGravity: centre}\n")?.expected.contains("did you mean \"center\"?") == true)
        #expect(error(header + "layers:\n  - {gradient: {colors: [red, blue], locations: [0.5, 0.2]}}\n")?.keyPath == "layers[0].gradient.locations[1]")
        #expect(error(header + "layers:\n  - {frame: [0, 0, 1, 1], position: [1, 1]}\n")?.keyPath == "layers[0].frame")
    }

    @Test func minificationFilterIsReadAndChecked() throws {
        #expect(try decode(header + "layers:\n  - {frame: [0, 0, 4, 4]}\n").layers[0].minificationFilter == .box)
        #expect(try decode(header + "layers:\n  - {frame: [0, 0, 4, 4], minificationFilter: linear}\n").layers[0].minificationFilter == .linear)
        #expect(try decode(header + "layers:\n  - {frame: [0, 0, 4, 4], minificationFilter: nearest}\n").layers[0].minificationFilter == .nearest)
        let failure = error(header + "layers:\n  - {minificationFilter: trilinear}\n")
        #expect(failure?.keyPath == "layers[0].minificationFilter" && failure?.expected.contains("linear") == true, "\(String(describing: failure))")
    }

    @Test func curveToleranceIsReadCheckedAndDrawsTheTrueOutline() throws {
        #expect(try decode(header + "layers: []\n").curveTolerance == CurveTolerance.standard)
        #expect(try decode(header + "curveTolerance: 0.01\nlayers: []\n").curveTolerance == 0.01)
        for bad in ["0", "2", "-0.1", ".nan", "fine"] {
            let failure = error(header + "curveTolerance: \(bad)\nlayers: []\n")
            #expect(failure?.keyPath == "curveTolerance", "\(bad)")
            #expect(failure?.expected.contains("0.001…1") == true, "\(bad)")
        }
        // A circle of radius 20 px: its true area is 400π px². Flattened within 0.1 px its chords
        // cut off some of it; within 0.01 px the edge pixels carry the true coverage.
        var circle = Layer(frame: Rect(x: 10.25, y: 10.5, width: 40, height: 40))
        circle.backgroundColor = .black
        circle.cornerRadius = 20
        func area(_ tolerance: Double) throws -> Double {
            let image = try Renderer.render([circle], size: Size(width: 60, height: 60), scale: 1, background: nil, curveTolerance: tolerance)
            return stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) } / 255
        }
        let exact = 400 * Double.pi
        let coarse = try area(CurveTolerance.standard), fine = try area(CurveTolerance.exact)
        #expect(coarse < exact - 1, "within 0.1 px: \(coarse) px² of \(exact)")
        #expect(abs(fine - exact) < 0.5, "within 0.01 px: \(fine) px² of \(exact)")
    }

    @Test func extremeNumbersAreErrorsOrNothingNotCrashes() throws {
        #expect(error("version: 1\ndescription: d\nsize: [1e308, 1]\nlayers: []\n")?.keyPath == "size")
        #expect(error("version: 1\ndescription: d\nsize: [.nan, 1]\nlayers: []\n")?.keyPath == "size[0]")
        let scene = try decode(header + """
            layers:
              - {frame: [0, 0, 5, 5], transform: {scale: 0}, backgroundColor: red}
              - {frame: [0, 0, 5, 5], transform: {scale: 1e300}, backgroundColor: red}
              - {frame: [0, 0, 1e300, 1e300], backgroundColor: red}

            """)
        let tree = StrataRender.RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers)
        #expect(tree.roots.map(\.name).count == 1, "only the huge frame is drawable (clipped to the canvas)")
        _ = try StrataRender.Renderer.render(tree)
    }

    @Test func syntaxErrorsAreSceneErrors() throws {
        #expect(error("version: [1\n")?.expected == "valid YAML")
        #expect(error("{\"version\": ", format: .json)?.expected.hasPrefix("valid JSON") == true)
    }

    /// A JPEG image layer (as a browser shows it: EXIF orientation 6 turned upright), named .jpg or .png.
    @Test func aJPEGImageLayerIsDecodedByItsBytes() throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-scene-jpeg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg/orientation-6.jpg"))
        try jpeg.write(to: folder.appendingPathComponent("photo.jpg"))
        try jpeg.write(to: folder.appendingPathComponent("photo.png"))
        for name in ["photo.jpg", "photo.png"] {
            let scene = try decode(header + "layers:\n  - {frame: [0, 0, 32, 24], contents: \(name)}\n", base: folder)
            let image = try #require(scene.layers[0].contents)
            #expect(image.width == 32 && image.height == 24, "\(name): upright, 32 × 24")
            let topLeft = image[8, 6]
            #expect(topLeft.r > 240 && topLeft.g < 16 && topLeft.b < 16, "\(name): red top left, found \(topLeft)")
        }
        try Data(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg/cmyk.jpg")).write(to: folder.appendingPathComponent("cmyk.jpg"))
        let refused = try #require(error(header + "layers:\n  - {contents: cmyk.jpg}\n", base: folder))
        #expect(refused.keyPath == "layers[0].contents" && refused.found.contains("CMYK"), "\(refused)")
    }

    @Test func imagePathsResolveRelativeToTheScene() throws {
        let scene = try decode(header + "layers:\n  - {frame: [0, 0, 48, 32], contents: assets/photo.png}\n")
        #expect(scene.layers[0].contents?.width == 48)
        let missing = try #require(error(header + "layers:\n  - {contents: assets/nothing.png}\n"))
        #expect(missing.keyPath == "layers[0].contents")
        #expect(missing.found.contains("no file at"))
    }

    @Test func depthLimitIsEnforced() throws {
        var text = header + "layers:\n"
        var indent = "  "
        for _ in 0..<260 {
            text += indent + "- sublayers:\n"
            indent += "    "
        }
        text += indent + "- {}\n"
        let failure = try #require(error(text))
        #expect(failure.expected.contains("at most 256 layers deep"))
    }

    @Test func transformsComposeInTheWrittenOrder() throws {
        let scene = try decode(header + "layers:\n  - transform: [{translate: [10, 0]}, {scale: 2}]\n  - transform: {translate: [10, 0], scale: 2}\n")
        #expect(scene.layers[0].transform == Transform3D(Transform2D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 2))))
        #expect(scene.layers[1].transform == Transform3D(Transform2D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))))
    }

    @Test func missingFileIsInputMissing() {
        do {
            _ = try SceneLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/scene.yaml"))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .inputMissing)
        }
    }
}
