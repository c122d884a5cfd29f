import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene

/// LottieFiles' feature files with After Effects' own renders (Tests/Fixtures/lottie-ae, from
/// LottieFiles/test-files): `data/CATEGORY/NAME.json` exercises one feature, `NAME-FF.png` is After
/// Effects' render of the composition's frame FF. A render matches under lottie-ios's rule: at
/// least 98.5 % of pixels within CIE94 ΔE 3, both over white, at the render's pixel size.
public struct AfterEffectsCorpus: Sendable {
    /// One render of After Effects.
    public struct Picture: Sendable, Hashable {
        /// `shapes`, `shape-modifiers`, … (the folder under `data/`).
        public var category: String
        /// The example's name (its JSON file without `.json`).
        public var name: String
        /// The composition's frame After Effects rendered.
        public var frame: Int
        /// After Effects' PNG.
        public var reference: URL
        /// The Lottie file.
        public var file: URL
        /// `category/name@frame`.
        public var id: String { "\(category)/\(name)@\(frame)" }
    }

    /// A picture measured.
    public struct Outcome: Sendable {
        public var picture: Picture
        /// The fraction of pixels within ΔE 3; nil when nothing could be compared.
        public var matching: Double?
        /// Why there is no fraction (a render error, another size).
        public var failure: String?
        public var matches: Bool { (matching ?? 0) >= AfterEffectsCorpus.requiredFraction }

        public init(picture: Picture, matching: Double?, failure: String?) {
            self.picture = picture
            self.matching = matching
            self.failure = failure
        }
    }

    /// lottie-ios's pass rule, applied to After Effects' renders.
    public static let requiredFraction = 0.985
    public static let maximumDeltaE = 3.0

    /// The folder holding `data/`.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Every render, by category, name and frame (`asset` files are helpers, not examples).
    public func pictures() throws -> [Picture] {
        let data = folder.appendingPathComponent("data")
        var result: [Picture] = []
        for category in try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() {
            let dir = data.appendingPathComponent(category)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".png") && !file.hasPrefix("asset") {
                let stem = String(file.dropLast(4))
                guard let dash = stem.lastIndex(of: "-"), let frame = Int(stem[stem.index(after: dash)...]) else { continue }
                let name = String(stem[..<dash])
                let json = dir.appendingPathComponent(name + ".json")
                guard FileManager.default.fileExists(atPath: json.path) else { continue }
                result.append(Picture(category: category, name: name, frame: frame, reference: dir.appendingPathComponent(file), file: json))
            }
        }
        return result.sorted { ($0.category, $0.name, $0.frame) < ($1.category, $1.name, $1.frame) }
    }

    /// Renders each picture at its frame and size and applies the rule.
    public func measure(_ pictures: [Picture]) -> [Outcome] {
        pictures.map { picture in
            do {
                let expected = try PNGCodec.decode(contentsOf: picture.reference)
                let actual = try render(picture, width: expected.width, height: expected.height)
                let matching = PerceptualDifference.matchingFraction(expected, actual, maximumDeltaE: Self.maximumDeltaE)
                return Outcome(picture: picture, matching: matching, failure: matching == nil ? "size differs" : nil)
            } catch {
                return Outcome(picture: picture, matching: nil, failure: "\(error)")
            }
        }
    }

    /// The example drawn as After Effects rendered it: the composition's frame `frame` (seconds
    /// (frame − ip) / fr from Strata's time 0, which is frame ip), on a canvas of exactly
    /// `width` × `height` pixels (the scene fitted into it, as `--size`).
    public func render(_ picture: Picture, width: Int, height: Int) throws -> PixelBuffer {
        let scene = try Pipeline.loadScene(at: picture.file.path)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: picture.file)) as? [String: Any] ?? [:]
        let start = (root["ip"] as? NSNumber)?.doubleValue ?? 0
        let seconds = (Double(picture.frame) - start) / scene.clock.framesPerSecond
        let shaped = OutputShape(canvas: .size(Size(width: Double(width), height: Double(height)))).applied(to: scene)
        return try FrameRenderer(scene: shaped, scale: 1).render(atSeconds: seconds).image
    }

    /// Matches per category ("all" included).
    public static func rates(_ outcomes: [Outcome]) -> [(category: String, matched: Int, total: Int)] {
        LottieCorpus.tally(outcomes.map { ($0.picture.category, $0.matches) }).map { (category: $0.group, matched: $0.matched, total: $0.total) }
    }
}
