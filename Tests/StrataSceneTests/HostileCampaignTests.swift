import StrataTestSupport
import Foundation
import StrataEffects
import StrataModel
import StrataRaster
@testable import StrataRender
@testable import StrataScene
import Testing

/// What the hostile campaign of issue 37 found, as rules: a curve spec is an error or a curve;
/// bidi controls never reach fribidi nested past its overflow; limits are on what layout and
/// dashes cost; dashes keep their place on every subpath while strokeStart cuts the path.
@Suite("Hostile campaign of issue 37")
struct HostileCampaignTests {
    // MARK: - Curves

    @Test("every curve spec with NaN or ±∞ anywhere is refused; tables built in Swift never trap or give NaN")
    func curveSpecsWithNonFiniteNumbers() {
        for bad in ["nan", "inf", "-inf", "1e309"] {
            for spec in ["table:\(bad)=1", "table:0=0,\(bad)=1", "table:0=\(bad)", "log2:\(bad)", "log2:5:\(bad)", "linear:\(bad)",
                         "smoothstep:\(bad):2", "smoothstep:0:\(bad)"] {
                #expect(OpacityCurve(parsing: spec) == nil, "\(spec)")
            }
        }
        for spec in ["table:", "table:1=", "table:=1", "table:1=2=3", "log2:5:", "table:2=0,1=1"] {
            #expect(OpacityCurve(parsing: spec) == nil, "\(spec)")
        }
        #expect(OpacityCurve(parsing: "table:0=0,32=1") == .table([.init(delta: 0, opacity: 0), .init(delta: 32, opacity: 1)]))
        // A table made in code may hold NaN: the opacity is still a number in 0…1.
        let curves: [OpacityCurve] = [.table([.init(delta: .nan, opacity: 1)]), .table([.init(delta: 0, opacity: .nan), .init(delta: 4, opacity: 1)]),
                                      .linear(slope: .nan), .log2(divisor: 0, offset: 0)]
        for curve in curves {
            for delta in [0.5, 1, 2, 8, 1e300] {
                let opacity = curve.opacity(forDelta: delta)
                #expect(opacity >= 0 && opacity <= 1, "\(curve) at \(delta)")
            }
        }
    }

    // MARK: - Bidi

    /// The depth of explicit embeddings and isolates open at once, by UAX #9's stack (no overflow).
    static func nestingDepth(_ string: String) -> Int {
        var stack: [Bool] = [], deepest = 0
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: stack.append(false)
            case 0x2066, 0x2067, 0x2068: stack.append(true)
            case 0x202C: if stack.last == false { stack.removeLast() }
            case 0x2069: if let open = stack.lastIndex(of: true) { stack.removeSubrange(open...) }
            case 0x0A, 0x2029: stack.removeAll()
            default: break
            }
            deepest = max(deepest, stack.count)
        }
        return deepest
    }

    @Test("bidi controls nested past 60 are removed with their terminators; shallower text is passed unchanged")
    func bidiNestingIsCapped() {
        var generator = SplitMix(seed: 37)
        let controls: [Unicode.Scalar] = [0x202A, 0x202B, 0x202D, 0x202E, 0x202C, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
            .map { Unicode.Scalar($0)! }
        let letters: [String] = ["a", "\u{628}", "1", " "]
        for _ in 0..<50 {
            var string = ""
            for _ in 0..<1000 {
                string.unicodeScalars.append(controls[Int(generator.next() % UInt64(controls.count))])
                string += letters[Int(generator.next() % 4)]
            }
            let capped = BidiNesting.capped(string)
            #expect(Self.nestingDepth(capped) <= BidiNesting.maximumDepth)
            // Only controls were removed: the letters are all there, in order.
            func withoutControls(_ text: String) -> String {
                String(String.UnicodeScalarView(text.unicodeScalars.filter { (scalar: Unicode.Scalar) -> Bool in !controls.contains(scalar) }))
            }
            #expect(withoutControls(capped) == withoutControls(string))
        }
        let shallow = String(repeating: "\u{2067}\u{628}", count: 60) + String(repeating: "\u{2069}", count: 60) + "\u{202B}x\u{202C}"
        #expect(BidiNesting.capped(shallow) == shallow)
        let deep = String(repeating: "\u{202B}a", count: 61) + String(repeating: "\u{202C}", count: 61)
        #expect(BidiNesting.capped(deep) == String(repeating: "\u{202B}a", count: 60) + "a" + String(repeating: "\u{202C}", count: 60))
        #expect(BidiNesting.capped("plain text, العربية") == "plain text, العربية")
    }

    @Test("the campaign's bidi string is laid out and drawn (fribidi crashed on it)")
    func bidiReproducerDraws() throws {
        let url = PackagePaths.root.appendingPathComponent("Tests/Fixtures/hostile/crash-fribidi-bidi-controls.json")
        let scene = try SceneLoader.load(contentsOf: url)
        let image = try Renderer.render(scene.layers, size: scene.size, scale: 1, background: nil)
        #expect(image.width == 160)
    }

    // MARK: - Layout cost

    @Test("text limits are on layout work: tabs, and unbroken runs in wrapped text; the decoder names the key path")
    func textLayoutCost() throws {
        #expect(TextContent(string: String(repeating: "\t", count: 2000)).layoutCostProblem == nil)
        #expect(TextContent(string: String(repeating: "\t", count: 2001)).layoutCostProblem?.found == "2001 tabs")
        let word = String(repeating: "W", count: 2001)
        #expect(TextContent(string: word).layoutCostProblem == nil)  // not wrapped: one line, linear
        #expect(TextContent(string: word, isWrapped: true).layoutCostProblem != nil)
        #expect(TextContent(string: String(repeating: "Wörter ", count: 10_000), isWrapped: true).layoutCostProblem == nil)
        #expect(TextContent(string: String(repeating: "漢", count: 10_000), isWrapped: true).layoutCostProblem == nil)
        do {
            _ = try SceneLoader.decode(Data("""
                version: 1
                description: x
                size: [40, 40]
                layers:
                  - {frame: [0, 0, 40, 40], text: {string: "\(word)", wrapped: true}}
                """.utf8), format: .yaml, file: "t.yaml", baseURL: PackagePaths.scenes, defaultName: "t")
            Issue.record("a 2,001-letter wrapped word was accepted")
        } catch {
            #expect(error.keyPath == "layers[0].text.string" && error.found.contains("2001 characters"), "\(error)")
        }
    }

    // MARK: - Dashes

    @Test("a dashed stroke's cost is its stroked length over the period; over the limit the render tree says so")
    func dashCount() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        var shape = ShapeContent(path: path, fillColor: nil, strokeColor: .white, lineDashPattern: [2, 3])
        #expect(shape.dashCount == 40)  // 100 / 5 periods × 2 entries
        shape.strokeEnd = 0.5
        #expect(shape.dashCount == 20)
        shape.lineDashPattern = [0, 0]
        #expect(shape.dashCount == 0 && shape.effectiveDashPattern == nil)
        path.addLine(to: Point(x: 1e7, y: 0))
        shape = ShapeContent(path: path, fillColor: nil, strokeColor: .white, lineDashPattern: [0.02, 0.02])
        #expect(shape.dashCount > Limits.maximumDashes)
        var layer = Layer(name: "dashes", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        layer.shape = shape
        let tree = RenderTreeBuilder(size: Size(width: 40, height: 40), scale: 1).build([layer])
        #expect(tree.overLimits()?.contains("layer \"dashes\": its dashed stroke") == true)
        // Deeper in the tree the message names the ancestors first, then the layer.
        var inner = Layer(name: "inner", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        inner.sublayers = [Layer(name: "fine", frame: Rect(x: 0, y: 0, width: 40, height: 40)), layer]
        // (Translucent: a layer that only holds one layer where it stands gets no node of its own.)
        var outer = Layer(name: nil, frame: Rect(x: 0, y: 0, width: 40, height: 40))
        outer.opacity = 0.9
        outer.sublayers = [inner]
        let nested = RenderTreeBuilder(size: Size(width: 40, height: 40), scale: 1).build([outer]).overLimits()
        #expect(nested?.hasPrefix("layer (unnamed) › \"inner\" › \"dashes\": its dashed stroke would be cut into") == true, "\(nested ?? "nil")")
    }

    @Test("strokeStart cuts only the first kept subpath's dashes; later subpaths keep their place")
    func trimOffsetIsPerSubpath() {
        var path = Path()
        path.move(to: Point(x: 30, y: 60)); path.addLine(to: Point(x: 370, y: 60))
        path.move(to: Point(x: 30, y: 140)); path.addLine(to: Point(x: 370, y: 140))
        #expect(path.trimmed(start: 0.2, end: 1).offset == 136)        // in the first line
        #expect(abs(path.trimmed(start: 0.6, end: 1).offset - 68) < 1e-9)  // 68 pt into the second
        #expect(path.trimmed(start: 0.5, end: 1).offset == 0)           // exactly at the second's start
    }

    /// Runs of lit pixels along row `y` of `image` (red channel over half), as [start, end) columns.
    static func runs(_ image: PixelBuffer, y: Int) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = [], start: Int?
        for x in 0...image.width {
            let lit = x < image.width && image[x, y].r > 128
            if lit, start == nil { start = x }
            if !lit, let s = start { result.append(s...(x - 1)); start = nil }
        }
        return result
    }

    @Test("the reproducer: with strokeStart 0.2 the second line's dashes are 30–50, 60–80, … as untrimmed (Chromium's too)")
    func dashesKeepTheirPlace() throws {
        let url = PackagePaths.root.appendingPathComponent("Tests/Fixtures/hostile/trim_dash_subpaths.yaml")
        for start in [0.2, 0.6] {
            var scene = try SceneLoader.load(contentsOf: url)
            scene.layers[0].shape?.strokeStart = start
            let image = try Renderer.render(scene.layers, size: scene.size, scale: 1, background: .black)
            // Independently: the pattern [20, 10] restarts at x = 30 on each line; the cut at
            // c = start × 680 pt keeps what lies past it on the untrimmed dashes.
            let cut = start * 680
            func expected(line: Int) -> [ClosedRange<Int>] {
                let lineStart = Double(line) * 340, keptFrom = max(0, cut - lineStart)
                guard keptFrom < 340 else { return [] }
                return stride(from: 0.0, to: 340, by: 30).compactMap { dash -> ClosedRange<Int>? in
                    let a = max(dash, keptFrom), b = min(dash + 20, 340)
                    return a < b ? Int(30 + a)...Int(30 + b - 1) : nil
                }
            }
            #expect(Self.runs(image, y: 60) == expected(line: 0), "strokeStart \(start), first line")
            #expect(Self.runs(image, y: 140) == expected(line: 1), "strokeStart \(start), second line")
        }
    }

    @Test("a font file that starts like a font but cannot be loaded is an error naming it (item 11)")
    func brokenFontFilesAreNamed() throws {
        let fonts = PackagePaths.root.appendingPathComponent("Sources/StrataRender/Fonts")
        let names = try FileManager.default.contentsOfDirectory(atPath: fonts.path).filter { $0.hasSuffix(".ttf") }.sorted()
        #expect(names.count >= 8)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: fonts.appendingPathComponent(name)))
            #expect(FontFileCheck.problem(bytes) == nil, "\(name) loads")
        }
        let real = [UInt8](try Data(contentsOf: fonts.appendingPathComponent("DejaVuSans.ttf")))
        var noHead = real, badMagic = real
        // The table records are sorted by tag; rename 'head' to 'heaD' and break its magic number.
        let count = Int(real[4]) << 8 | Int(real[5])
        for index in 0..<count {
            let record = 12 + 16 * index
            guard real[record..<(record + 4)].elementsEqual("head".utf8) else { continue }
            noHead[record + 3] = UInt8(ascii: "D")
            let offset = Int(real[record + 8]) << 24 | Int(real[record + 9]) << 16 | Int(real[record + 10]) << 8 | Int(real[record + 11])
            badMagic[offset + 12] = 0
        }
        let broken: [(String, [UInt8], String)] = [
            ("truncated", Array(real.prefix(real.count / 2)), "runs past the end of the file"),
            ("header only", Array(real.prefix(12)) + [UInt8](repeating: 0, count: 100), "do not fit"),
            ("true and noise", Array("true".utf8) + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }, "table"),
            ("no head", noHead, "no 'head' table"),
            ("bad magic", badMagic, "magic number"),
            ("empty collection", Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 0], "faces"),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (label, bytes, words) in broken {
            let problem = FontFileCheck.problem(bytes)
            #expect(problem?.contains(words) == true, "\(label): \(problem ?? "accepted")")
            try Data(bytes).write(to: folder.appendingPathComponent("Broken.ttf"))
            do {
                _ = try SceneLoader.decode(Data("""
                    version: 1
                    description: a word in a broken font
                    size: [100, 40]
                    layers:
                      - {frame: [0, 0, 100, 40], text: {string: "Hi", size: 20, fontFile: Broken.ttf}}
                    """.utf8), format: .yaml, file: "fonts.yaml", baseURL: folder, defaultName: "fonts")
                Issue.record("\(label) was accepted")
            } catch {
                #expect("\(error)".contains("fonts.yaml") && "\(error)".contains("layers[0].text.fontFile") && "\(error)".contains("Broken.ttf"),
                        "\(label): \(error)")
            }
        }
    }
}
