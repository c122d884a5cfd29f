import Foundation
import StrataLottie
import StrataScene
import StrataTestSupport
import Testing

/// Lottie files are untrusted: every bad file is refused with the JSON path, what was expected
/// and what was found, before anything large is built.
@Suite("Lottie import: hostile files") struct LottieHostileTests {
    func error(_ data: Data, file: String = "bad.json") -> SceneError? {
        do {
            _ = try LottieImporter.decode(data, file: file, baseURL: nil, name: "bad")
            return nil
        } catch {
            return error
        }
    }

    @Test func aPrecompositionThatContainsItselfIsRefused() throws {
        let layer = #"{"ty":0,"ind":1,"refId":"loop","ip":0,"op":20,"st":0,"w":10,"h":10,"ks":{}}"#
        let assets = #"[{"id":"loop","layers":[\#(layer)]}]"#
        let found = try #require(error(lottie(layer, assets: assets)))
        #expect(found.keyPath == "assets[0].layers[0].refId" || found.keyPath.hasSuffix("refId"))
        #expect(found.expected.contains("does not contain itself"))
    }

    @Test func aParentCycleIsRefused() throws {
        let a = #"{"ty":3,"ind":1,"parent":2,"ip":0,"op":20,"ks":{}}"#, b = #"{"ty":4,"ind":2,"parent":1,"ip":0,"op":20,"ks":{},"shapes":[]}"#
        let found = try #require(error(lottie(a + "," + b)))
        #expect(found.expected.contains("without a cycle"))
    }

    @Test func numbersOutOfRangeNameTheirPath() throws {
        let ks = #"{"p":{"k":[1e300,0]}}"#
        let found = try #require(error(lottie(shapeLayer(redSquare(), ks: ks))))
        #expect(found.keyPath == "layers[0].ks.p.k[0]")
        #expect(found.found.contains("1e+300") || found.found.contains("1000000"))
        let rate = try #require(error(Data(#"{"fr":0,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#.utf8)))
        #expect(rate.keyPath == "fr")
        let size = try #require(error(Data(#"{"fr":30,"ip":0,"op":1,"w":100000,"h":1,"layers":[]}"#.utf8)))
        #expect(size.keyPath == "w")
        let frames = try #require(error(Data(#"{"fr":30,"ip":0,"op":1e8,"w":1,"h":1,"layers":[]}"#.utf8)))
        #expect(frames.keyPath == "op")
    }

    /// A timeline longer than `Limits.maximumFrames` (lottie-android's full_screen: 324,000 frames)
    /// is drawn for its first 100,000 frames, with a warning naming `op`; nothing is sampled past them.
    @Test func aLongTimelineIsDrawnForItsFirstFrames() throws {
        let scene = try importLottie(Data(#"{"v":"4.6.0","fr":30,"ip":0,"op":1e7,"w":10,"h":10,"layers":[\#(shapeLayer(redSquare()))]}"#.utf8))
        #expect(scene.clock.tickCount == 100_000)
        #expect(scene.warnings.contains { $0.contains(": op: a timeline of 10000000 frames: its first 100000 are drawn") }, "\(scene.warnings)")
    }

    @Test func keyframesGoingBackInTimeAreRefused() throws {
        let ks = #"{"o":{"a":1,"k":[{"t":5,"s":[0]},{"t":2,"s":[100]}]}}"#
        let found = try #require(error(lottie(shapeLayer(redSquare(), ks: ks))))
        #expect(found.keyPath == "layers[0].ks.o.k[1].t")
    }

    /// A keyframe's plain numbers are read straight from the document; anything else the long
    /// way, which names it: both ways mean the same, and a bad value names its own path.
    @Test func keyframeFieldsMeanTheSameHoweverTheyAreWritten() throws {
        func opacity(_ keyframes: String) -> String { #"{"o":{"a":1,"k":\#(keyframes)}}"# }
        let lists = opacity(#"[{"t":0,"s":[0],"h":0,"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},{"t":10,"s":[100]}]"#)
        let scalars = opacity(#"[{"t":0,"s":[0],"h":false,"o":{"x":0.5,"y":0},"i":{"x":0.5,"y":1}},{"t":10,"s":[100]}]"#)
        let a = try importLottie(lottie(shapeLayer(redSquare(), ks: lists))), b = try importLottie(lottie(shapeLayer(redSquare(), ks: scalars)))
        for seconds in [0.1, 0.2, 0.25] {
            #expect(try pixel(a, atSeconds: seconds, 50, 50) == pixel(b, atSeconds: seconds, 50, 50))
        }
        let held = try importLottie(lottie(shapeLayer(redSquare(), ks: opacity(#"[{"t":0,"s":[0],"h":true},{"t":10,"s":[100]}]"#))))
        #expect(try pixel(held, atSeconds: 0.2, 50, 50)[3] == 0, "held by a flag written true")
        let cases: [(String, String)] = [
            (opacity(#"[{"t":"x","s":[0]},{"t":10,"s":[100]}]"#), "layers[0].ks.o.k[0].t"),
            (opacity(#"[{"t":0,"s":[0],"h":2},{"t":10,"s":[100]}]"#), "layers[0].ks.o.k[0].h"),
            (opacity(#"[{"t":0,"s":[0],"o":{"x":"a","y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#), "layers[0].ks.o.k[0].o.x"),
            (opacity(#"[{"t":0,"s":[0],"o":{"x":[],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#), "layers[0].ks.o.k[0]"),
            (#"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[1]},{"t":10,"s":[9,9]}]}}"#, "layers[0].ks.p.k[0].to"),
        ]
        for (ks, path) in cases {
            let found = try #require(error(lottie(shapeLayer(redSquare(), ks: ks))), "\(ks)")
            #expect(found.keyPath == path, "\(ks): \(found)")
        }
    }

    @Test func deeplyNestedGroupsAreRefusedWithoutRecursingForever() throws {
        var group = redSquare()
        for _ in 0..<80 { group = #"{"ty":"gr","it":[\#(group)]}"# }
        let found = try #require(error(lottie(shapeLayer(group))))
        #expect(found.expected.contains("nested at most"))
    }

    /// Bytes that are no image format are a missing part (warned, nothing drawn for the layer, as
    /// lottie-ios's UIImage(data:) gives nil); bytes that start as PNG and are broken are an error.
    @Test func aBadEmbeddedImageIsWarnedOrRefused() throws {
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"ks":{}}"#
        let garbage = #"[{"id":"img","w":10,"h":10,"e":1,"p":"data:image/png;base64,AAAAAAAA"}]"#
        let scene = try importLottie(lottie(layer, assets: garbage))
        #expect(scene.warnings.contains { $0.contains("assets[0].p") && $0.contains("PNG, JPEG or WebP") }, "\(scene.warnings)")
        let brokenPNG = #"[{"id":"img","w":10,"h":10,"e":1,"p":"data:image/png;base64,iVBORw0KGgoAAAAAAAAAAAAA"}]"#
        let found = try #require(error(lottie(layer, assets: brokenPNG)))
        #expect(found.keyPath == "assets[0].p")
        #expect(found.expected.contains("PNG"))
    }

    @Test func aTruncatedOrHugeWebPIsRefusedBeforeItIsDecoded() throws {
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"ks":{}}"#
        // A 2 × 2 lossless WebP cut short, and a header that claims 16,384 × 16,384 pixels.
        for (webp, what) in [("UklGRiwAAABXRUJQVlA4TB8AAAAvAUAAAB8gEEjeHzqN+RcQFPwf3fxH", "truncated or corrupt"),
                             ("UklGRiUAAABXRUJQVlA4TBkAAAAv////DwAAAAAAAAAAAAAAAAAAAAAAAAAA", "over the limit")] {
            let assets = #"[{"id":"img","w":10,"h":10,"e":1,"p":"data:image/webp;base64,\#(webp)"}]"#
            let found = try #require(error(lottie(layer, assets: assets)))
            #expect(found.keyPath == "assets[0].p")
            #expect(found.expected.contains("WebP") && found.expected.contains(what), "\(found)")
        }
    }

    @Test func anImageFileOutsideTheFolderIsRefused() throws {
        // The name itself leads out (a folder `u` that does is not looked in: see below).
        let assets = #"[{"id":"img","w":10,"h":10,"e":0,"u":"","p":"../secret.png"}]"#
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"ks":{}}"#
        do {
            _ = try LottieImporter.decode(lottie(layer, assets: assets), file: "bad.json", baseURL: TestPaths.temporaryDirectory(), name: "bad")
            Issue.record("an image path with .. was read")
        } catch {
            #expect(error.keyPath == "assets[0].p")
        }
    }

    @Test func anImageLinkLeadingOutOfTheFolderIsRefused() throws {
        // ../shared/repro/v4/outside-read-image-symlink.sh: a file link and a folder link, each to a
        // 16 × 16 green PNG outside the animation's folder (drawn, exit 0, before).
        let root = TestPaths.temporaryDirectory(prefix: "strata-lottie-links")
        let anim = root.appendingPathComponent("anim"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: anim, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let green = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAFklEQVR42mNg+E8hHDVg1IBRA4aLAQAxtf4QMgjAXQAAAABJRU5ErkJggg=="
        try Data(base64Encoded: green)!.write(to: outside.appendingPathComponent("secret.png"))
        try Data(base64Encoded: green)!.write(to: anim.appendingPathComponent("inside.png"))
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("img.png").path, withDestinationPath: "../outside/secret.png")
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("sub").path, withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("passwd.png").path, withDestinationPath: "/etc/passwd")
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"ks":{}}"#
        func decode(_ folder: String, _ name: String) throws(SceneError) {
            let assets = #"[{"id":"img","w":10,"h":10,"e":0,"u":"\#(folder)","p":"\#(name)"}]"#
            _ = try LottieImporter.decode(lottie(layer, assets: assets), file: "anim.json", baseURL: anim, name: "anim")
        }
        try decode("", "inside.png")  // the same image inside the folder is drawn
        // A folder `u` that leads out is not looked in; the name alone is, inside the folder (as
        // lottie-ios's provider falls back to the name): not there, so the file draws without it.
        for folder in ["sub/", "../outside/", "/etc/"] {
            let assets = #"[{"id":"img","w":10,"h":10,"e":0,"u":"\#(folder)","p":"secret.png"}]"#
            let scene = try LottieImporter.decode(lottie(layer, assets: assets), file: "anim.json", baseURL: anim, name: "anim")
            #expect(scene.warnings.contains { $0.contains("assets[0].p") && $0.contains("not read") }, "\(folder): \(scene.warnings)")
            #expect(try pixel(scene, atSeconds: 0, 5, 5)[3] == 0, "\(folder): nothing outside is drawn")
        }
        // An absolute name (lottie-docs' examples: "/lottie-docs/static/examples/blep.png") is not
        // read either: not there, with a warning.
        let absolute = try LottieImporter.decode(lottie(layer, assets: #"[{"id":"img","w":10,"h":10,"e":1,"u":"","p":"/etc/passwd"}]"#),
                                                 file: "anim.json", baseURL: anim, name: "anim")
        #expect(absolute.warnings.contains { $0.contains("assets[0].p") && $0.contains("absolute path") }, "\(absolute.warnings)")
        let found = try LottieImporter.decode(lottie(layer, assets: #"[{"id":"img","w":10,"h":10,"e":0,"u":"/elsewhere/","p":"inside.png"}]"#),
                                              file: "anim.json", baseURL: anim, name: "anim")
        #expect(try pixel(found, atSeconds: 0, 5, 5) == [0, 255, 0, 255], "the name alone, found inside the folder")
        for (folder, name) in [("", "img.png"), ("", "passwd.png"), ("", "../outside/secret.png"), ("sub/", "../../outside/secret.png")] {
            do {
                try decode(folder, name)
                Issue.record("\(folder)\(name) was read")
            } catch {
                #expect(error.keyPath == "assets[0].p")
                #expect(error.expected.contains("no link leading out"), "\(error)")
                #expect(!error.found.contains("signature"), "nothing outside is read: \(error)")
            }
        }
    }

    @Test(arguments: [("hang-nested-repeaters-1e9.json", "1000 × 1000 = 1000000"), ("memcap-nested-repeaters-1e8.json", "10000 × 100 = 1000000"),
                      ("slow-nested-repeaters-1e7.json", "1000 × 10000 = 10000000")])
    func nestedRepeatersCountTheirProductAgainstTheLayerLimit(file: String, product: String) throws {
        // ../shared/repro/v4: 10⁹ copies hung, 10⁸ aborted at 2 GB, 10⁷ "validated" after 27 s.
        let url = PackagePaths.root.appendingPathComponent("Tests/Fixtures/hostile/lottie-v4/\(file)")
        let found = try #require(error(try Data(contentsOf: url), file: file))
        #expect(found.keyPath.hasPrefix("layers[0].shapes[0].it[0]") && found.keyPath.hasSuffix(".c"), "\(found)")
        #expect(found.found == "\(product) copies", "\(found)")
        #expect(found.expected.contains("at most 100000 copies"))
    }

    @Test func nestedRepeatersWithinTheLimitAreDrawnAndAnOvershootingEaseCounts() throws {
        func repeater(_ copies: String) -> String {
            #"{"ty":"rp","c":\#(copies),"o":{"k":0},"m":1,"tr":{"p":{"k":[1,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"so":{"k":100},"eo":{"k":100}}}"#
        }
        let inner = #"{"ty":"gr","it":[\#(redSquare()),\#(repeater(#"{"k":100}"#))]}"#
        // 100 × 99 = 9,900 copies of a group, a shape and its fill: imported.
        _ = try LottieImporter.decode(lottie(shapeLayer(#"{"ty":"gr","it":[\#(inner),\#(repeater(#"{"k":99}"#))]}"#)), file: "ok.json", baseURL: nil, name: "ok")
        // 100 × 999 copies are within the copies' limit, but not their layers'.
        let layers = try #require(error(lottie(shapeLayer(#"{"ty":"gr","it":[\#(inner),\#(repeater(#"{"k":999}"#))]}"#))))
        #expect(layers.expected.contains("layers once precompositions are expanded and repeaters' copies counted"))
        // Keyframes 10 → 500 whose ease overshoots to 5 × the way (y 5): up to 2,460 copies.
        let eased = #"{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0.5],"y":[5]},"i":{"x":[0.5],"y":[1]}},{"t":10,"s":[500]}]}"#
        let found = try #require(error(lottie(shapeLayer(#"{"ty":"gr","it":[\#(inner),\#(repeater(eased))]}"#))))
        #expect(found.found == "2460 × 100 = 246000 copies", "\(found)")
    }

    /// A zip of one entry `name` holding `content`, stored, with `claimedSize` in its headers.
    func zip(_ name: String, _ content: [UInt8], method: UInt16 = 0, claimedSize: Int? = nil, packed: [UInt8]? = nil,
             flags: Int = 0, localName: String? = nil) -> Data {
        zip([(name, content)], method: method, claimedSize: claimedSize, packed: packed, flags: flags, localName: localName)
    }

    /// A zip of `entries`, stored (or `method` with `packed` as the data of each).
    func zip(_ entries: [(name: String, content: [UInt8])], method: UInt16 = 0, claimedSize: Int? = nil, packed: [UInt8]? = nil,
             flags: Int = 0, localName: String? = nil) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16 & 0xFFFF) }
        var locals: [UInt8] = [], central: [UInt8] = []
        for (name, content) in entries {
            let data = packed ?? content
            let size = claimedSize ?? content.count
            let nameBytes = Array(name.utf8), localNameBytes = Array((localName ?? name).utf8)
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in content {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            let offset = locals.count
            locals += u32(0x0403_4B50) + u16(20) + u16(flags) + u16(Int(method)) + u16(0) + u16(0) + u32(Int(crc)) + u32(data.count) + u32(size)
                + u16(localNameBytes.count) + u16(0) + localNameBytes + data
            central += u32(0x0201_4B50) + u16(20) + u16(20) + u16(flags) + u16(Int(method)) + u16(0) + u16(0) + u32(Int(crc)) + u32(data.count) + u32(size)
                + u16(nameBytes.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset) + nameBytes
        }
        let end = u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(central.count) + u32(locals.count) + u16(0)
        return Data(locals + central + end)
    }

    func archiveError(_ data: Data) -> SceneError? {
        do {
            _ = try LottieImporter.decodeArchive(data, file: "bad.lottie", name: "bad")
            return nil
        } catch {
            return error
        }
    }

    @Test func aDotLottieArchiveIsReadAndItsEntriesChecked() throws {
        let animation = [UInt8](lottie(shapeLayer(redSquare())))
        let good = zip("animations/a.json", animation)
        let scene = try LottieImporter.decodeArchive(good, file: "good.lottie", name: "good")
        #expect(scene.size.width == 100)

        let traversal = try #require(archiveError(zip("../animations/a.json", animation)))
        #expect(traversal.expected.contains("entry names inside the archive"))
        // A bomb: a tiny entry claiming 60 MB.
        let bomb = try #require(archiveError(zip("animations/a.json", [0x03, 0x00], method: 8, claimedSize: 60 << 20)))
        #expect(bomb.expected.contains("times their compressed size"))
        let corrupt = try #require(archiveError(zip("animations/a.json", animation, method: 8)))
        #expect(corrupt.found.contains("corrupt"))
        var flipped = [UInt8](good)
        flipped[60] ^= 0x01  // inside the stored JSON: the CRC no longer matches
        let crc = try #require(archiveError(Data(flipped)))
        #expect(crc.expected.contains("CRC-32"))
        let truncated = try #require(archiveError(good.prefix(good.count - 30)))
        #expect(truncated.expected.contains("end-of-directory") || truncated.expected.contains("directory"))
    }

    @Test func aDotLottieIsReadAsPlayersReadItAndWhatIsHiddenIsRefused() throws {
        let animation = [UInt8](lottie(shapeLayer(redSquare())))
        // No manifest, or one that is not a manifest: the archive's first animation, warned.
        let bare = try LottieImporter.decodeArchive(zip("animations/b.json", animation), file: "bare.lottie", name: "bare")
        #expect(bare.size.width == 100)
        #expect(bare.warnings.first?.contains("no manifest.json") == true, "\(bare.warnings)")
        for manifest in ["{garbage", #"{"animations":"none"}"#, "[]"] {
            let data = zip([("manifest.json", Array(manifest.utf8)), ("animations/b.json", animation), ("animations/c.json", animation)])
            let scene = try LottieImporter.decodeArchive(data, file: "odd.lottie", name: "odd")
            #expect(scene.warnings.first?.contains("manifest.json lists no animation") == true, "\(manifest): \(scene.warnings)")
            #expect(scene.source?.file == "odd.lottie")
        }
        let good = zip([("manifest.json", Array(#"{"animations":[{"id":"c"}]}"#.utf8)), ("animations/c.json", animation)])
        #expect(try LottieImporter.decodeArchive(good, file: "good.lottie", name: "good").warnings.isEmpty)
        // Encrypted entries, and a local header that names another file, are refused.
        let encrypted = try #require(archiveError(zip("animations/a.json", animation, flags: 1)))
        #expect(encrypted.expected.contains("not encrypted") && encrypted.found.contains("animations/a.json"))
        let renamed = try #require(archiveError(zip("animations/a.json", animation, localName: "animations/evil.json")))
        #expect(renamed.expected.contains("local header with the central directory's name"), "\(renamed)")
    }

    @Test func anExpandedMaskIsBoundedByItsPoints() throws {
        // ../shared/repro/v4/slow-mask-expansion.py: 100,000 points expanded took 18 s a frame.
        func file(points: Int) -> Data {
            let v = (0..<points).map { "[\(($0 * 37) % 200),\(($0 * 11) % 200)]" }.joined(separator: ",")
            let z = Array(repeating: "[0,0]", count: points).joined(separator: ",")
            let mask = #"{"mode":"a","pt":{"k":{"i":[\#(z)],"o":[\#(z)],"v":[\#(v)],"c":true}},"o":{"k":100},"x":{"k":10}}"#
            return Data(#"{"fr":30,"ip":0,"op":10,"w":200,"h":200,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"masksProperties":[\#(mask)],"shapes":[\#(redSquare())]}]}"#.utf8)
        }
        _ = try LottieImporter.decode(file(points: 2000), file: "ok.json", baseURL: nil, name: "ok")
        let found = try #require(error(file(points: 20_001)))
        #expect(found.keyPath == "layers[0].masksProperties[0].pt")
        #expect(found.expected.contains("at most 20000 points") && found.found == "20001 points", "\(found)")
    }

    @Test func aLottieJSONDocumentIsBoundedBeforeItIsParsed() throws {
        let huge = Data(count: LottieImporter.maximumJSONBytes + 1)
        let found = try #require(error(huge))
        #expect(found.expected.contains("at most 67108864 bytes") && found.found == "67108865 bytes", "\(found)")
    }

    @Test(arguments: ["pb", "op"])
    func pathsSampledAtEveryFrameAreBounded(modifier: String) throws {
        // A path of 5,000 curved vertices under a modifier that changes (pucker & bloat, an offset
        // path) over 100,000 frames: sampled at each, 2 GB and a kill before (pucker), or over a
        // minute (offset). Now a clean error naming the style, within the budget's work.
        let vertices = (0..<5000).map { k -> String in
            let a = 2 * Double.pi * Double(k) / 5000
            return "[\(50 + 40 * cos(a)),\(50 + 40 * sin(a))]"
        }.joined(separator: ",")
        let tangents = (0..<5000).map { _ in "[1,1]" }.joined(separator: ",")
        let animated = #"{"a":1,"k":[{"t":0,"s":[-5],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":100000,"s":[5]}]}"#
        let item = modifier == "op" ? #"{"ty":"op","a":\#(animated),"lj":2,"ml":4}"# : #"{"ty":"pb","a":\#(animated)}"#
        let shapes = #"{"ty":"gr","it":[{"ty":"sh","ks":{"k":{"c":true,"v":[\#(vertices)],"i":[\#(tangents)],"o":[\#(tangents)]}}},\#(item),"#
            + #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":1}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":100000,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":100000,"st":0,"ks":{},"shapes":[\#(shapes)]}]}"#
        let found = try #require(error(Data(json.utf8)))
        #expect(found.keyPath == "layers[0].shapes[0].it[2]", "\(found)")
        #expect(found.expected.contains("at most 4000000 path elements"), "\(found)")
    }
}
