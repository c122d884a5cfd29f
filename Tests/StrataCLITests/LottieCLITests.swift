import Foundation
import StrataRaster
import StrataTestSupport
import Testing

/// Lottie files through the `strata` command, as a user runs it.
@Suite("strata command line: Lottie files")
struct LottieCLITests {
    let cli = CLITests()
    let samples = "Tests/Fixtures/lottie-ios/samples"

    @Test func frameAtAProgressFittedIntoACanvasIsCoreAnimationsPicture() throws {
        let file = cli.temporaryDirectory().appendingPathComponent("logo.png")
        let run = try cli.strata("frame", "\(samples)/LottieLogo1.json", "--progress", "0.5", "--size", "563x1000", "--out", file.path)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: file)
        #expect(image.width == 563 && image.height == 1000)
        let expected = try PNGCodec.decode(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/snapshots/LottieLogo1/progress-050.png"))
        // Core Animation's picture, by lottie-ios's rule.
        let matching = PerceptualDifference.matchingFraction(expected, image, maximumDeltaE: 3) ?? 0
        #expect(matching >= 0.985, "\(matching)")
    }

    @Test func renderWritesEveryFrameOfTheAnimation() throws {
        let out = cli.temporaryDirectory().appendingPathComponent("hamburger")
        let run = try cli.strata("render", "\(samples)/HamburgerArrow.json", "--out", out.path, "--frames", "0..4", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(names.count == 5)
    }

    @Test func dotLottieByAnimationIdAndStrictness() throws {
        let valid = try cli.strata("validate", "\(samples)/DotLottie/animation.lottie", "--animation", "lf20_gOmta2", "--strict")
        #expect(valid.status == 0, "\(valid.stderr)")
        let missing = try cli.strata("validate", "\(samples)/DotLottie/animation.lottie", "--animation", "nope")
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("nope") && missing.stderr.contains("lf20_gOmta2"))
        // A file with something Strata does not draw: a warning, and exit 65 with --strict.
        let warned = try cli.strata("validate", "\(samples)/Issues/issue_1735.json")
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning:") && warned.stderr.contains("layers["))
        #expect(try cli.strata("validate", "\(samples)/Issues/issue_1735.json", "--strict").status == 65)
    }

    @Test func valueProvidersRecolourAsLottieIOSDoes() throws {
        // lottie-ios's snapshot test draws keypathTest with these two providers: Core Animation's picture.
        let file = cli.temporaryDirectory().appendingPathComponent("keypath.png")
        let snapshot = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/snapshots/Nonanimating/keypathTest/progress-000.png")
        let expected = try PNGCodec.decode(contentsOf: snapshot)
        let run = try cli.strata("frame", "\(samples)/Nonanimating/keypathTest.json", "--size", "\(expected.width)x\(expected.height)", "--out", file.path,
                                 "--set", "**.Stroke 1.Color=#000000", "--set", "**.Fill 1.Color=#ff0000")
        #expect(run.status == 0, "\(run.stderr)")
        let matching = PerceptualDifference.matchingFraction(expected, try PNGCodec.decode(contentsOf: file), maximumDeltaE: 3) ?? 0
        #expect(matching >= 0.985, "\(matching)")
        let bad = try cli.strata("frame", "\(samples)/Nonanimating/keypathTest.json", "--out", file.path, "--overwrite", "--set", "**.Color=#ff")
        #expect(bad.status == 64 && bad.stderr.contains("--set **.Color=#ff: expected a colour #rrggbb"), "\(bad.stderr)")
        let unused = try cli.strata("validate", "\(samples)/Nonanimating/keypathTest.json", "--set", "Nothing.Color=1,0,0,1", "--strict")
        #expect(unused.status == 65 && unused.stderr.contains("names no property"), "\(unused.stderr)")
    }

    @Test func textProvidersReplaceTextAsLottieIOSDoes() throws {
        // lottie-ios's snapshot test draws issue_1722 with a HardcodedTextProvider of "Bounce-bounce"
        // for every text layer: Core Animation's picture shows that text, not the file's.
        let folder = cli.temporaryDirectory()
        let snapshot = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/snapshots/Issues/issue_1722/progress-050.png")
        let expected = try PNGCodec.decode(contentsOf: snapshot)
        func matching(_ arguments: [String]) throws -> Double {
            let file = folder.appendingPathComponent("issue_1722-\(arguments.count).png")
            let run = try cli.run(["frame", "\(samples)/Issues/issue_1722.json", "--progress", "0.5", "--size", "\(expected.width)x\(expected.height)",
                                      "--out", file.path] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return PerceptualDifference.matchingFraction(expected, try PNGCodec.decode(contentsOf: file), maximumDeltaE: 3) ?? 0
        }
        let own = try matching([]), provided = try matching(["--text", "**=Bounce-bounce"])
        #expect(own < 0.994 && provided > 0.996, "\(own) → \(provided)")
        let bad = try cli.strata("validate", "\(samples)/Issues/issue_1722.json", "--text", "no equals sign")
        #expect(bad.status == 64 && bad.stderr.contains("--text no equals sign: expected KEYPATH=TEXT"), "\(bad.stderr)")
    }

    @Test func aSeedEffectOnALottieLayerByName() throws {
        // A ball that moves 40 points a frame from frame 2 to 4, named as After Effects names it, drawn
        // in its layer's space about the anchor (the composition's centre), as After Effects writes it.
        let folder = cli.temporaryDirectory()
        let file = folder.appendingPathComponent("ball.json")
        let ball = #"{"ty":4,"nm":"Ball","ind":1,"ip":0,"op":8,"st":0,"ks":{"a":{"k":[70,50]},"p":{"a":1,"k":[{"t":2,"s":[20,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":4,"s":[100,50]}]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"shapes":[{"ty":"el","p":{"k":[70,50]},"s":{"k":[20,20]}},{"ty":"fl","c":{"k":[0.2,0.4,1,1]},"o":{"k":100}}]}"#
        try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":8,"w":140,"h":100,"layers":[\#(ball)]}"#.utf8).write(to: file)
        let plain = try cli.strata("render", file.path, "--out", folder.appendingPathComponent("plain").path, "--quiet")
        #expect(plain.status == 0, "\(plain.stderr)")
        let blurred = try cli.strata("render", file.path, "--out", folder.appendingPathComponent("blurred").path, "--quiet",
                                     "--effect", #"motionBlurOverlay: {layer: Ball, radius: 12, curve: "linear:0.05", angleFromMotion: true}"#)
        #expect(blurred.status == 0, "\(blurred.stderr)")
        let csv = try String(contentsOf: folder.appendingPathComponent("blurred/curve.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("frame,time,Ball.delta,Ball.opacity"), "\(csv)")
        // Frame 3 moves 40 points: opacity 0.05 × 40 = 1, the frame differs; frame 0 is still.
        #expect(csv.split(separator: "\n").dropFirst(4).first?.hasSuffix(",40,1") == true, "\(csv)")
        func frame(_ run: String, _ index: Int) throws -> Data {
            try Data(contentsOf: folder.appendingPathComponent("\(run)/frame-0000\(index).png"))
        }
        #expect(try frame("plain", 0) == frame("blurred", 0))
        #expect(try frame("plain", 3) != frame("blurred", 3))
        // Its opacity under other curves, charted by the layer's name.
        let chart = try cli.strata("curve", file.path, "--add-effect", "motionBlurOverlay: {layer: Ball}", "--curve", "log2:5", "--curve", "linear:0.02",
                                   "--out", folder.appendingPathComponent("curve").path)
        #expect(chart.status == 0, "\(chart.stderr)")
        let table = try String(contentsOf: folder.appendingPathComponent("curve/curve.csv"), encoding: .utf8)
        #expect(table.split(separator: "\n").count == 9 && table.contains("40"), "\(table)")
        let wrong = try cli.strata("frame", file.path, "--out", folder.appendingPathComponent("x.png").path, "--effect", "motionBlurOverlay: {layer: Bal}")
        #expect(wrong.status == 65 && wrong.stderr.contains("--effect") && wrong.stderr.contains("did you mean \"Ball\""), "\(wrong.stderr)")
    }

    @Test func aBadFileNamesItsJSONPath() throws {
        let folder = cli.temporaryDirectory()
        let file = folder.appendingPathComponent("bad.json")
        try Data(#"{"fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ks":{"p":{"k":[1e308,0]}},"shapes":[]}]}"#.utf8).write(to: file)
        let run = try cli.strata("frame", file.path, "--out", folder.appendingPathComponent("bad.png").path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("layers[0].ks.p.k[0]"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.png").path))
        #expect(try cli.strata("frame", file.path, "--progress", "1.5", "--out", folder.appendingPathComponent("x.png").path).status == 64)
        #expect(try cli.strata("frame", file.path, "--fit", "0x10", "--out", folder.appendingPathComponent("x.png").path).status == 64)
    }

    /// The generated reproducers of ../shared/repro/v4 (Tests/Fixtures/hostile/lottie-v4), at a
    /// smaller size, through the command as the campaign ran them.
    @Test func theGeneratedHostileLottieFilesAreReadOrRefusedCleanly() throws {
        let folder = cli.temporaryDirectory()
        let scripts = TestPaths.root.appendingPathComponent("Tests/Fixtures/hostile/lottie-v4").path
        // 3 MB of valid JSON (100 masks of in-range points), plain and in a dotLottie: valid.
        for name in ["big.json", "big.lottie"] {
            let out = folder.appendingPathComponent(name).path
            let made = try TestProcess.shell("python3 \(scripts)/memcap-large-lottie-json.py \(out) 3")
            #expect(made.status == 0, "\(made.stderr)")
            let run = try cli.strata("validate", out)
            #expect(run.status == 0 && run.stdout.contains("valid"), "\(name): \(run.stderr)")
        }
        // An expanded mask past the bound: exit 65 naming the path, at once.
        let mask = folder.appendingPathComponent("mask.json").path
        #expect(try TestProcess.shell("python3 \(scripts)/slow-mask-expansion.py \(mask) 20001").status == 0)
        let refused = try cli.strata("frame", mask, "--progress", "0.37", "--fit", "200x200", "--out", folder.appendingPathComponent("m.png").path)
        #expect(refused.status == 65 && refused.stderr.contains("masksProperties[0].pt") && refused.stderr.contains("at most 20000 points"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.png").path))
    }

    @Test func anImageLinkedFromOutsideIsRefusedByTheCommand() throws {
        // ../shared/repro/v4/outside-read-image-symlink.sh: the file link and the folder link.
        let root = cli.temporaryDirectory()
        let anim = root.appendingPathComponent("anim"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: anim, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let green = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAFklEQVR42mNg+E8hHDVg1IBRA4aLAQAxtf4QMgjAXQAAAABJRU5ErkJggg=="
        try Data(base64Encoded: green)!.write(to: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("img.png").path, withDestinationPath: "../outside/secret.png")
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("sub").path, withDestinationPath: "../outside")
        func write(_ u: String, _ p: String) throws -> String {
            let json = anim.appendingPathComponent("anim.json")
            try Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[{"id":"image_0","w":100,"h":100,"u":"\#(u)","p":"\#(p)","e":0}],"layers":[{"ty":2,"ind":1,"refId":"image_0","ip":0,"op":60,"st":0,"ks":{}}]}"#.utf8).write(to: json)
            return json.path
        }
        let json = try write("", "img.png")
        for command in [["validate", json], ["frame", json, "--progress", "0.37", "--fit", "200x200", "--out", root.appendingPathComponent("out.png").path]] {
            let run = try cli.run(command)
            #expect(run.status == 65 && run.stderr.contains("assets[0].p") && run.stderr.contains("no link leading out"), "\(command[0]): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out.png").path))
        // A folder `u` leading out is not looked in, and the name alone is not inside: a missing
        // image, drawn without it (exit 65 under --strict); nothing outside is read.
        let folderLink = try write("sub/", "secret.png"), out = root.appendingPathComponent("sub.png").path
        let run = try cli.run(["frame", folderLink, "--progress", "0.37", "--fit", "200x200", "--out", out])
        #expect(run.status == 0 && run.stderr.contains("assets[0].p") && run.stderr.contains("not read"), "\(run.stderr)")
        let drawn = try PNGCodec.decode(contentsOf: URL(fileURLWithPath: out))
        #expect(stride(from: 3, to: drawn.pixels.count, by: 4).allSatisfy { drawn.pixels[$0] == 0 }, "nothing drawn from outside")
        #expect(try cli.run(["validate", "--strict", folderLink]).status == 65)
    }

    /// A layer naming no precomposition: drawn without it, with a warning; `--strict` makes it exit 65.
    @Test func aMissingPartWarnsAndStrictRefusesIt() throws {
        let folder = cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("missing.json")
        let transform = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}"#
        let square = #"{"ty":4,"ind":2,"ip":0,"op":20,"st":0,"ks":\#(transform),"shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}"#
        try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"layers":[{"ty":0,"ind":1,"refId":"nowhere","w":100,"h":100,"ip":0,"op":20,"st":0,"ks":\#(transform)},\#(square)]}"#.utf8)
            .write(to: file)
        let out = folder.appendingPathComponent("missing.png")
        let plain = try cli.strata("frame", file.path, "--out", out.path)
        #expect(plain.status == 0 && plain.stderr.contains("layers[0].refId") && plain.stderr.contains("warning"), "\(plain.stderr)")
        #expect(try PNGCodec.decode(contentsOf: out)[50, 50].r == 255)
        let strict = try cli.strata("validate", file.path, "--strict")
        #expect(strict.status == 65 && strict.stderr.contains("layers[0].refId"), "\(strict.stderr)")
    }

    /// One warning shared by many layers (lottie-web's navidad demo: 120 layers with a layer
    /// style) is printed for its first three and then as one line counting the rest, in the
    /// order the importer met them (the bottom layer first); `validate` prints every one.
    @Test func aWarningManyLayersShareIsFoldedAfterItsFirstThree() throws {
        let folder = cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("styles.json")
        let transform = #"{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}"#
        let layers = (1...10).map { index in
            #"{"ty":4,"ind":\#(index),"ip":0,"op":5,"st":0,"ks":\#(transform),"sy":[{"ty":3,"nm":"Stroke"}],"shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0]},"o":{"k":100}}]}"#
        }
        try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#.utf8).write(to: file)
        let out = folder.appendingPathComponent("styles.png")
        let run = try cli.strata("frame", file.path, "--out", out.path)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(lines.count == 4, "\(run.stderr)")
        #expect(lines.prefix(3).allSatisfy { $0.contains(".sy[0]: layer styles") }, "\(run.stderr)")
        #expect(lines.last?.contains("the same at 7 more places (layers[6].sy[0], layers[5].sy[0], layers[4].sy[0], layers[3].sy[0], …") == true, "\(run.stderr)")
        let validate = try cli.strata("validate", file.path)
        #expect(validate.status == 0 && validate.stderr.split(separator: "\n").filter { $0.contains("warning:") }.count == 10, "\(validate.stderr)")
    }

    /// `--font DIR`: a text whose glyphs the file lacks is set in the user's file named for its
    /// font, not in Helvetica's design; a file that is not a font is an error naming it.
    @Test func fontFolderGivesTheUsersFont() throws {
        let folder = cli.temporaryDirectory()
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("Sources/StrataRender/Fonts/DejaVuSans-Bold.ttf"),
                                         to: fonts.appendingPathComponent("MyBrand-Bold.ttf"))
        let document = #"{"t":"Brand","f":"MyBrand-Bold","s":30,"j":0,"fc":[0,0,0]}"#
        let text = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,60]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
        let json = folder.appendingPathComponent("brand.json")
        try Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":200,"h":100,"assets":[],"fonts":{"list":[{"fName":"MyBrand-Bold","fFamily":"DejaVu Sans","fStyle":"Bold","ascent":75}]},"layers":[\#(text)]}"#.utf8).write(to: json)
        let plain = folder.appendingPathComponent("plain.png"), branded = folder.appendingPathComponent("branded.png")
        let without = try cli.strata("frame", json.path, "--out", plain.path)
        #expect(without.status == 0 && without.stderr.contains("Helvetica's design"), "\(without.stderr)")
        let with = try cli.strata("frame", json.path, "--font", fonts.path, "--out", branded.path)
        #expect(with.status == 0 && !with.stderr.contains("Helvetica's design"), "\(with.stderr)")
        #expect(try PNGCodec.decode(contentsOf: plain).pixels != PNGCodec.decode(contentsOf: branded).pixels, "the user's font draws other glyphs")
        // The font file is part of a run's fingerprint: frames of another font are not mixed in.
        let out = folder.appendingPathComponent("frames")
        #expect(try cli.strata("render", json.path, "--frames", "0", "--out", out.path, "--quiet").status == 0)
        let mixed = try cli.strata("render", json.path, "--frames", "0", "--font", fonts.path, "--out", out.path, "--quiet")
        #expect(mixed.status == 65 && mixed.stderr.contains("font.MyBrand-Bold"), "\(mixed.stderr)")
        // Not a font: an error naming the file.
        try Data("not a font at all".utf8).write(to: fonts.appendingPathComponent("MyBrand-Bold.ttf"))
        let broken = try cli.strata("frame", json.path, "--font", fonts.path, "--out", branded.path, "--overwrite")
        #expect(broken.status == 65 && broken.stderr.contains("MyBrand-Bold.ttf"), "\(broken.stderr)")
        // A scene file names its fonts itself.
        let scene = try cli.strata("validate", "Scenes/text.yaml", "--font", fonts.path)
        #expect(scene.status == 65 && scene.stderr.contains("--font"), "\(scene.stderr)")
    }
}
