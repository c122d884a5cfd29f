import StrataTestSupport
import Foundation
import StrataAnimation
import StrataFilters
import StrataKit
import StrataModel
import StrataRaster
import StrataRender
@testable import StrataScene  // YAMLEvents, with a small limit
import Testing

/// Bad input gets a clear error, never a trap, a hang or an unbounded allocation (issue 12).
@Suite("Hostile input")
struct HostileInputTests {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308]

    @Test("Int(saturating:) never traps: NaN → 0, ±∞ and ±1e308 clamp, rounding rules hold")
    func saturatingConversions() {
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: Double.infinity) == Int.max)
        #expect(Int(saturating: -Double.infinity) == Int.min)
        #expect(Int(saturating: 1e308) == Int.max)
        #expect(Int(saturating: -1e308) == Int.min)
        #expect(Int(saturating: 9.223372036854775807e18) == Int.max)  // 2^63 itself
        #expect(Int(saturating: 2.5, .up) == 3)
        #expect(Int(saturating: -2.5, .down) == -3)
        #expect(Int(saturating: 2.5, .toNearestOrAwayFromZero) == 3)
        #expect(UInt8(saturating: 300.0) == 255)
        #expect(UInt8(saturating: -4.0) == 0)
        #expect(UInt16(saturating: Float.nan) == 0)
        // UInt8's concrete Float and Double conversions (inner loops) agree with the generic one.
        for value in [Float.nan, .infinity, -.infinity, -0.5, 0.4999999, 0.5, 1.5, 2.5, 254.5, 254.49998, 255.4, 1e30] {
            for rule in [FloatingPointRoundingRule.towardZero, .toNearestOrAwayFromZero, .up, .down] {
                #expect(UInt8(saturating: value, rule) == UInt8(truncatingIfNeeded: Int(saturating: value, rule).clamped(0, 255)), "\(value) \(rule)")
                #expect(UInt8(saturating: Double(value), rule) == UInt8(truncatingIfNeeded: Int(saturating: Double(value), rule).clamped(0, 255)), "\(value) \(rule)")
            }
        }
        #expect(Int32(saturating: Float.infinity) == Int32.max)
        // Int's concrete Double conversion (geometry, every frame) agrees with the generic one
        // (Int64 takes it), at the bounds too.
        for value in [Double.nan, .infinity, -.infinity, 0, -0.0, 0.5, -0.5, 1.5, -2.5, 1e18, -1e18, 9.223372036854774784e18,
                      9.223372036854775808e18, -9.223372036854775808e18, -9.223372036854777856e18, 1e308, -1e308] {
            for rule in [FloatingPointRoundingRule.towardZero, .toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .awayFromZero] {
                #expect(Int(saturating: value, rule) == Int(Int64(saturating: value, rule)), "\(value) \(rule)")
            }
        }
    }

    @Test("every conversion site meets NaN, ±∞ and ±1e308 without trapping", arguments: extremes)
    func conversionSitesSurviveExtremes(_ value: Double) throws {
        // Kernels whose sizes and taps are computed from the value.
        let image = try PixelBuffer(width: 3, height: 2)
        _ = GaussianBlur.outset(sigma: value)
        _ = MotionBlur.outset(radius: value, angle: value)
        _ = try? MotionBlur.apply(image, radius: min(abs(value), 4), angle: value, samples: 2)
        _ = try? FilterKernels.apply(.boxBlur(radius: value.isNaN ? 0 : min(max(value, 0), 3)), to: image)
        _ = try? ColorMatrix.apply(image, matrix: [Double](repeating: value, count: 20))
        // Animated parameters are clamped where animation writes them.
        for filter in [Filter.gaussianBlur(radius: 1), .boxBlur(radius: 1), .variableBlur(maxRadius: 1, mask: .shape(.linear(startX: 0, startY: 0, endX: 0, endY: 1, easing: .linear)))] {
            let radius = try #require(filter.setting("radius", to: value)?.value(of: "radius"))
            #expect((0...Limits.maximumBlurRadius).contains(radius))
            #expect(filter.setting("radius", to: value)!.outset.x.isFinite)
        }
        let motion = try #require(Filter.motionBlur(radius: 1, angle: 0, samples: 2).setting("angle", to: value))
        #expect(motion.value(of: "angle")!.isFinite)
        // Colours, clocks and frame lookups.
        _ = Color(red: value, green: value, blue: value, alpha: value).description
        let clock = FrameClock(framesPerSecond: 60, seconds: value.isNaN ? 0 : min(abs(value), 1))
        _ = clock.displayedFrames.index(atSeconds: value.isFinite ? value : 0)
        // A layer of that size, position and corner radius renders (or is culled) in bounded time.
        var layer = Layer(name: "hostile", frame: Rect(x: 0, y: 0, width: 40, height: 30))
        layer.bounds = Rect(x: 0, y: 0, width: abs(value), height: abs(value))
        layer.cornerRadius = abs(value)
        layer.backgroundColor = .white
        _ = try? Renderer.render([layer], size: Size(width: 20, height: 20), scale: 1, background: nil)
    }

    @Test("a 1e300-point layer with a 1e300 corner radius renders at once")
    func hugeRoundedLayerRenders() throws {
        var layer = Layer(name: "huge", frame: Rect(x: 10, y: 10, width: 1e300, height: 1e300))
        layer.cornerRadius = 1e300
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let image = try Renderer.render([layer], size: Size(width: 40, height: 30), scale: 1, background: nil)
        // At 1e300 the layer's 10-point origin is lost to rounding (position − size/2 is 0): its
        // top-left corner is the canvas's, rounded with the radius clamped to 10⁶ px, whose arc
        // passes ~4·10⁵ px beyond the canvas — so the whole canvas lies in the cut-away corner
        // (it read 255 here when the rectangle's far edges overflowed Cairo's fixed point).
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 0 })
        // With a 10-point radius only the corner is cut away and the rest is covered.
        layer.cornerRadius = 10
        let small = try Renderer.render([layer], size: Size(width: 40, height: 30), scale: 1, background: nil)
        #expect(small.pixels[(20 * 40 + 20) * 4 + 3] == 255 && small.pixels[(29 * 40 + 39) * 4 + 3] == 255)
        #expect(small.pixels[3] == 0)
    }

    /// Found by the long fuzz run (seed 2612, scene 4892): an image layer 1e308 points wide made
    /// Cairo refuse its matrix ("not invertible", exit 70).
    @Test("image contents at extreme sizes and offsets render, bounded, without Cairo errors")
    func extremeImageContents() throws {
        // A 2×1 image: red on the left, blue on the right.
        let image = try PixelBuffer(width: 2, height: 1, straightRGBA: [255, 0, 0, 255, 0, 0, 255, 255])
        for (frame, gravity) in [(Rect(x: 0, y: 0, width: 1e308, height: 20), ContentsGravity.resizeAspectFill),
                                 (Rect(x: 0, y: 0, width: 1e308, height: 20), .resize),
                                 (Rect(x: -1e12, y: 0, width: 2e12, height: 20), .resize),
                                 (Rect(x: 0, y: 0, width: 1e-300, height: 20), .resize)] {
            var layer = Layer(name: "photo", frame: frame)
            layer.contents = image
            layer.contentsGravity = gravity
            let drawn = try Renderer.render([layer], size: Size(width: 40, height: 20), scale: 1, background: nil)
            let pixel = drawn[10, 10]
            if frame.width < 1 {
                #expect(pixel.a == 0, "an image squeezed below a millionth of a pixel draws nothing")
            } else {
                // One image pixel is millions of canvas pixels wide: a solid colour of the image.
                #expect(pixel.a == 255 && (pixel.r == 255 || pixel.b == 255) && pixel.g == 0, "\(frame) \(gravity): \(pixel)")
            }
        }
        // Where a single image pixel spans 10¹² canvas pixels, the visible part is one colour (the
        // image pixel under its corner: documented, not interpolated), and every pixel is the same.
        var layer = Layer(name: "seam", frame: Rect(x: 20 - 1e12, y: 0, width: 2e12, height: 20))
        layer.contents = image
        layer.contentsGravity = .resize
        let seam = try Renderer.render([layer], size: Size(width: 40, height: 20), scale: 1, background: nil)
        // (Typed: the one-line form took the type checker 14 s.)
        let seamColours: Set<[UInt8]> = Set(stride(from: 0, to: seam.pixels.count, by: 4).map { (i: Int) -> [UInt8] in Array(seam.pixels[i..<(i + 4)]) })
        #expect(seamColours.count == 1)
        // 10⁵ canvas pixels per image pixel (Cairo's own path) and 10⁸ (bounded): both opaque, both
        // a mix of the red and blue pixels (bilinear filtering blends them over the whole width).
        func wide(_ width: Double) throws -> PixelBuffer {
            var layer = Layer(name: "wide", frame: Rect(x: 20 - width / 2, y: 0, width: width, height: 20))
            layer.contents = image
            layer.contentsGravity = .resize
            return try Renderer.render([layer], size: Size(width: 40, height: 20), scale: 1, background: nil)
        }
        let near = try wide(2e5), far = try wide(2e8)
        for pixel in [near[5, 10], near[35, 10], far[5, 10], far[35, 10]] {
            #expect(pixel.a == 255 && pixel.g == 0 && (250...260).contains(Int(pixel.r) + Int(pixel.b)), "\(pixel)")
        }
    }

    @Test("a radial gradient whose points coincide fills with its last colour")
    func degenerateRadialGradient() throws {
        var layer = Layer(name: "dot", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.gradient = Gradient(kind: .radial, colors: [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 1)],
                                  startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0.5))
        let image = try Renderer.render([layer], size: Size(width: 10, height: 10), scale: 1, background: nil)
        let centre = (5 * 10 + 5) * 4
        let pixel: [UInt8] = Array(image.pixels[centre..<(centre + 4)])
        #expect(pixel == [0, 0, 255, 255])
    }

    @Test("a filter that grows past 64 Mpx is a data error naming the layer, from validate and render alike")
    func grownExtentOverTheLimit() throws {
        let scene = try SceneLoader.decode(Data("""
            version: 1
            description: a blur that grows a large canvas past the limits
            size: [8000, 8000]
            layers:
              - {name: wall, frame: [0, 0, 8000, 8000], backgroundColor: red, filters: [{gaussianBlur: {radius: 500}}]}
            """.utf8), format: .yaml, file: "grown.yaml", baseURL: PackagePaths.scenes, defaultName: "grown")
        let renderer = try FrameRenderer(scene: scene)
        let error = try #require(throws: StrataError.self) { try renderer.checkRenderable() }
        #expect(error.exitCode == 65)
        #expect(error.message.contains("layer \"wall\"") && error.message.contains("11000×11000"))
        #expect(throws: StrataError.self) { try renderer.render(displayedIndex: 0) }
    }

    @Test("frames are checked on several threads and the error names the first frame at fault, whatever the jobs")
    func firstFrameAtFaultWhateverTheJobs() throws {
        // The blur grows with time: from frame 4 on (σ 37), the 8000 px wall grown by 3σ on each
        // side passes 64 Mpx.
        let scene = try SceneLoader.decode(Data("""
            version: 1
            description: a blur that grows past the limits part-way
            size: [8000, 8000]
            clock: {fps: 10, frames: 12}
            layers:
              - name: wall
                frame: [0, 0, 8000, 8000]
                backgroundColor: red
                filters: [{name: blur, gaussianBlur: {radius: 1}}]
                animations:
                  - {keyPath: filters.blur.radius, from: 1, to: 100, duration: 1.1}
            """.utf8), format: .yaml, file: "growing.yaml", baseURL: PackagePaths.scenes, defaultName: "growing")
        let renderer = try FrameRenderer(scene: scene)
        let messages = try [1, 2, 5].map { jobs in
            try #require(throws: StrataError.self) { try renderer.checkRenderable(jobs: jobs) }.message
        }
        #expect(messages[0].contains("frame ") && messages[0].contains("layer \"wall\""), "\(messages[0])")
        #expect(Set(messages).count == 1, "\(messages)")
        // Frames before the one named pass: the message names the first at fault.
        let named = try #require(messages[0].split(separator: " ").drop { $0 != "frame" }.dropFirst().first)
        let first = try #require(Int(named.dropLast()))
        #expect(first == 4)
    }

    @Test("a YAML alias bomb is refused at once, without expanding it")
    func aliasBomb() throws {
        var text = "version: 1\ndescription: d\nsize: [10, 10]\nlayers: []\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        var thrown: SceneError?
        let spent = threadCPUTime {
            do { _ = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "bomb.yaml", baseURL: PackagePaths.scenes, defaultName: "bomb") }
            catch { thrown = error as? SceneError }
        }
        let error = try #require(thrown)
        #expect(error.found.contains("alias"))
        #expect(spent < .seconds(5))  // 10^10 values if expanded; this thread's CPU time, not the load's
    }

    @Test("the layer limit is checked on YAML's events, before anything is composed")
    func layerLimitBeforeComposing() throws {
        // One root layer with 100,000 sublayers: the 100,001st layer is sublayers[99999].
        let text = "version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - name: root\n    sublayers:\n"
            + String(repeating: "      - {}\n", count: Limits.maximumLayers)
        var thrown: SceneError?
        let spent = threadCPUTime {
            do { _ = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "many.yaml", baseURL: PackagePaths.scenes, defaultName: "many") }
            catch { thrown = error as? SceneError }
        }
        let error = try #require(thrown)
        #expect(error.keyPath == "layers[0].sublayers[99999]", "\(error.keyPath)")
        #expect(error.expected.contains("at most 100000 layers") && error.line == 100_006, "\(error)")
        // Composing 100,001 layers with Yams takes seconds and hundreds of MB; the event pass does not
        // (this thread's CPU time, which the machine's load does not stretch).
        #expect(spent < .seconds(5))
        // Flow style, aliases and other keys named "layers" (scalars) are counted as layers only
        // where they are mappings in a layers/sublayers list.
        let flow = "version: 1\ndescription: d\nsize: [10, 10]\nlayers: [{name: a, sublayers: [{}, {}]}, {}]\nx: &x {layers: [a, b, c]}\ny: *x\n"
        let three = try #require(throws: SceneError.self) {
            try YAMLEvents.checkLayerCount(flow, file: "f.yaml", limit: 3)
        }
        #expect(three.keyPath == "layers[1]", "\(three.keyPath)")
        #expect(throws: Never.self) {
            try YAMLEvents.checkLayerCount(flow, file: "f.yaml", limit: 4)
        }
    }

    @Test("JSON: duplicate keys and trailing commas are errors; syntax errors give line and column")
    func strictJSON() throws {
        func error(_ text: String) throws -> SceneError {
            try #require(throws: SceneError.self) {
                try SceneLoader.decode(Data(text.utf8), format: .json, file: "s.json", baseURL: PackagePaths.scenes, defaultName: "s")
            }
        }
        let duplicate = try error(#"{"version": 1, "description": "d", "size": [1, 1], "size": [2, 2], "layers": []}"#)
        #expect(duplicate.keyPath == "size" && duplicate.found == "a duplicate key")
        #expect(try error(#"{"version": 1, "layers": [],}"#).expected.contains("no trailing comma"))
        #expect(try error("{\"version\": 1,\n \"size\": [1 2]}").found.contains("line 2, column"))
        #expect(try error(String(repeating: "[", count: 100_000)).expected.contains("nesting"))
    }

    @Test("image paths stay inside the assets folder, with one message whether or not the target exists")
    func assetPathsAreConfined() throws {
        func message(_ path: String) throws -> String {
            let error = try #require(throws: SceneError.self) {
                try SceneLoader.decode(Data("version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - {contents: \(path)}\n".utf8),
                                       format: .yaml, file: "s.yaml", baseURL: PackagePaths.scenes, defaultName: "s")
            }
            return error.expected
        }
        let outside = PackagePaths.root.appendingPathComponent("Tests/Fixtures/pngsuite/basn0g08.png").path
        let refusals = [try message(outside), try message("/no/such/file.png"), try message("../Tests/Fixtures/pngsuite/basn0g08.png"),
                        try message("../no/such/file.png"), try message("assets/../../Package.swift")]
        #expect(Set(refusals).count == 1)
        #expect(refusals[0].contains("inside the scene's assets folder"))
    }

    @Test("PngSuite: every valid image decodes at its size, every corrupt one is refused cleanly")
    func pngSuite() throws {
        let folder = PackagePaths.root.appendingPathComponent("Tests/Fixtures/pngsuite")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files.count == 175)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            if file.hasPrefix("x") {
                #expect(throws: RasterError.self, "\(file) is corrupt and must be refused") { try PNGCodec.decode(bytes) }
            } else {
                let image = try PNGCodec.decode(bytes)
                let (width, height) = try PNGCodec.headerSize(of: bytes)
                #expect(image.width == width && image.height == height, "\(file)")
            }
        }
    }

    @Test("a chunk that declares more bytes than the file holds is refused before it is allocated")
    func lyingChunkLength() throws {
        var bytes = try [UInt8](Data(contentsOf: PackagePaths.root.appendingPathComponent("Tests/Fixtures/pngsuite/basn0g08.png")))
        bytes = Array(bytes[0..<33])  // signature + IHDR
        bytes += [0x40, 0x00, 0x00, 0x00] + Array("tEXt".utf8) + [0x41, 0x42, 0x43]  // 1 GiB declared
        let error = try #require(throws: RasterError.self) { try PNGCodec.decode(bytes) }
        #expect(error.description.contains("declares 1073741824 bytes of data"))
    }

    @Test("a 16-bit PNG without colour-space chunks is read as sRGB: 50 % grey stays 128")
    func sixteenBitGreyIsSRGB() throws {
        let image = try PNGCodec.decode(Self.sixteenBitGreyPNG(width: 2, height: 2, value: 0x8080))
        #expect(Array(image.pixels[0..<4]) == [128, 128, 128, 255])
    }

    @Test("one file reports every broken layer, not only the first")
    func everyIndependentProblem() throws {
        let text = "version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - {opacty: 1}\n  - {frame: [0, 0, 1, 1], cornerRadius: big}\n"
            + "  - {backgroundColor: red}\n  - name: ok\n    sublayers:\n      - {backgroundColor: \"#12345z\"}\n"
        let error = try #require(throws: SceneError.self) {
            try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "s.yaml", baseURL: PackagePaths.scenes, defaultName: "s")
        }
        #expect(error.all.map(\.keyPath) == ["layers[0].opacty", "layers[1].cornerRadius", "layers[3].sublayers[0].backgroundColor"])
        #expect(StrataError(error).message.components(separatedBy: "\nstrata: error: ").count == 3)
    }

    /// A 16-bit greyscale PNG with no ancillary chunk, its pixels in a stored (uncompressed)
    /// deflate block: written by hand so that no encoder adds a gAMA chunk.
    static func sixteenBitGreyPNG(width: Int, height: Int, value: UInt16) -> [UInt8] {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return ~crc
        }
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + Array(repeating: [UInt8(value >> 8), UInt8(value & 0xFF)], count: width).flatMap { $0 } }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(raw.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw + be32(b << 16 | a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [16, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}

private extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
