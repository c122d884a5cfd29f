import Foundation
import StrataRaster
import StrataSnapshotTesting
import StrataTestSupport
import Testing

/// After Effects' own renders of LottieFiles' feature files (Tests/Fixtures/lottie-ae): files this
/// project's rules were not fitted to. The floors are what holds today, per category; a change
/// that loses a render fails here with the renders it lost.
@Suite("Lottie: After Effects' renders") struct LottieAfterEffectsTests {
    static let corpus = AfterEffectsCorpus(folder: TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ae"))

    /// Renders matched at least, per category (of how many). Since imported shapes are drawn with
    /// their exact coverage (strata_raster.h), shapes/bezier and shape-modifiers/round-corners
    /// fall just below the rule at their stroked edges, which After Effects draws about 0.03 px
    /// outside the exact outline, and properties/position-path-auto-orient@0 rises above it
    /// (docs/lottie.md, "Measured against After Effects").
    static let floors: [String: Int] = [
        "layers": 27, "properties": 61, "shape-modifiers": 2,
        "shape-style": 6, "shapes": 7, "transform": 13,
    ]

    @Test func everyCategoryKeepsItsMatches() throws {
        let pictures = try Self.corpus.pictures()
        #expect(pictures.count == 143, "the corpus holds 143 renders of 80 examples")
        let outcomes = Self.corpus.measure(pictures)
        let rates = AfterEffectsCorpus.rates(outcomes)
        let summary = rates.map { "\($0.category) \($0.matched)/\($0.total)" }.joined(separator: ", ")
        let misses = outcomes.filter { !$0.matches }.map { "\($0.picture.id) \($0.failure ?? String(format: "%.4f", $0.matching ?? 0))" }
        print("After Effects' renders: \(summary)\n  misses: \(misses.joined(separator: "\n          "))")
        for rate in rates where rate.category != "all" {
            #expect(rate.matched >= (Self.floors[rate.category] ?? rate.total), "\(rate.category): \(rate.matched) of \(rate.total); \(summary)")
        }
    }

    /// Pucker & Bloat, Zig Zag and Offset Path as After Effects draws them, judged where it matters: on the pixels where
    /// After Effects' render differs from the same file without the modifier, Strata's render
    /// agrees with After Effects' within 40 of 255 (the whole-picture rule also counts every
    /// anti-aliased edge of the stroke, where Cairo and After Effects differ everywhere a little).
    @Test(arguments: [("pucker", "pb"), ("bloat", "pb"), ("zig-zag", "zz"), ("zig-zag-smooth", "zz"), ("offset-path", "op"), ("offset-path-round", "op")])
    func modifiersMoveTheOutlineAsAfterEffectsDoes(name: String, item: String) throws {
        let picture = try #require(try Self.corpus.pictures().first { $0.name == name })
        let expected = try PNGCodec.decode(contentsOf: picture.reference)
        let actual = try Self.corpus.render(picture, width: expected.width, height: expected.height)
        // The same file without its `pb` item.
        let text = try String(contentsOf: picture.file, encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        func strip(_ value: Any) -> Any {
            if let list = value as? [Any] { return list.filter { ($0 as? [String: Any])?["ty"] as? String != item }.map(strip) }
            if let object = value as? [String: Any] { return object.mapValues(strip) }
            return value
        }
        let folder = TestPaths.temporaryDirectory(prefix: "strata-ae-modifier")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plainFile = folder.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: strip(json)).write(to: plainFile)
        var plainPicture = picture
        plainPicture.file = plainFile
        let plain = try Self.corpus.render(plainPicture, width: expected.width, height: expected.height)
        func grey(_ image: PixelBuffer, _ x: Int, _ y: Int) -> Int {
            let p = image[x, y]  // premultiplied, over white
            return (Int(p.r) + Int(p.g) + Int(p.b)) / 3 + (255 - Int(p.a))
        }
        var region = 0, agree = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width where abs(grey(expected, x, y) - grey(plain, x, y)) > 60 {
                region += 1
                if abs(grey(expected, x, y) - grey(actual, x, y)) <= 40 { agree += 1 }
            }
        }
        #expect(region > 100, "the modifier changes \(region) pixels")
        // The rest are edge pixels where the outlines lie up to half a pixel apart (docs/lottie.md).
        // Without the modifier, none would agree.
        print("\(name): \(agree) of the \(region) pixels the modifier changes agree")
        #expect(Double(agree) >= 0.8 * Double(region), "\(name): Strata agrees with After Effects on \(agree) of the \(region) pixels the modifier changes")
    }
}
