import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene

/// lottie-ios's test samples with the pictures Core Animation drew of them, and lottie-ios's pass
/// rule (`criteria.json`): what Strata's Lottie import is measured against.
///
/// The folder holds `samples/NAME.json|.lottie`, `snapshots/NAME/progress-PPP.png` (the frame at
/// PPP % of the animation, fitted within the picture's size) and `criteria.json`
/// (`perceptualPrecision`, `defaultPrecision`, `precision[NAME]`).
public struct LottieCorpus: Sendable {
    /// One picture Core Animation drew: the sample, the progress 0…1, the PNG.
    public struct Picture: Sendable, Hashable {
        public var sample: String
        public var progress: Double
        public var snapshot: URL
        /// The sample's group: the folder under `samples/` ("top level" for none).
        public var group: String { sample.contains("/") ? String(sample.split(separator: "/")[0]) : "top level" }
    }

    /// The outcome for one picture.
    public struct Outcome: Sendable {
        public var picture: Picture
        /// The fraction of pixels within the perceptual precision; nil when nothing was drawn
        /// (the reason says why).
        public var matching: Double?
        /// The precision the rule asks of this sample.
        public var required: Double
        public var failure: String?
        public var matches: Bool { (matching ?? 0) >= required }

        /// An outcome measured elsewhere (a peer's picture judged by the same rule).
        public init(picture: Picture, matching: Double?, required: Double, failure: String? = nil) {
            self.picture = picture
            self.matching = matching
            self.required = required
            self.failure = failure
        }
    }

    public let folder: URL
    public let perceptualPrecision: Double
    public let defaultPrecision: Double
    public let precision: [String: Double]
    /// The value providers lottie-ios's test sets on a sample before drawing it
    /// (`value-providers.json`: sample → `KEYPATH=VALUE` texts, as `strata --set` reads them).
    public let valueProviders: [String: [String]]
    /// The text providers lottie-ios's test sets on a sample (`text-providers.json`: sample →
    /// `KEYPATH=TEXT` texts, as `strata --text` reads them; its `HardcodedTextProvider` is `**=TEXT`).
    public let textProviders: [String: [String]]
    /// The part of the animation lottie-ios's test shows of a sample (its `viewportFrame`;
    /// `viewports.json`: sample → [x, y, width, height] in points).
    public let viewports: [String: Rect]
    /// The contents gravity of the image provider lottie-ios's test gives a sample
    /// (`image-providers.json`: sample → a `ContentsGravity` name), for its image layers; lottie-ios's
    /// own providers, and Strata's import, stretch an image to its asset's box (`resize`).
    public let imageGravity: [String: ContentsGravity]

    /// Reads `criteria.json` (and `value-providers.json`, `text-providers.json`, `viewports.json` and
    /// `image-providers.json` when there are) in `folder`.
    public init(folder: URL) throws {
        self.folder = folder
        let data = try Data(contentsOf: folder.appendingPathComponent("criteria.json"))
        let criteria = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        perceptualPrecision = criteria["perceptualPrecision"] as? Double ?? 0.97
        defaultPrecision = criteria["defaultPrecision"] as? Double ?? 0.985
        precision = criteria["precision"] as? [String: Double] ?? [:]
        let providers = try? Data(contentsOf: folder.appendingPathComponent("value-providers.json"))
        valueProviders = providers.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [String]] } ?? [:]
        textProviders = (try? Data(contentsOf: folder.appendingPathComponent("text-providers.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [String]] } ?? [:]
        let frames = (try? Data(contentsOf: folder.appendingPathComponent("viewports.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [Double]] } ?? [:]
        viewports = frames.compactMapValues { $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
        let gravities = (try? Data(contentsOf: folder.appendingPathComponent("image-providers.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] } ?? [:]
        imageGravity = gravities.compactMapValues { ContentsGravity(rawValue: $0) }
    }

    /// Every picture, sorted by sample and progress.
    public func pictures() throws -> [Picture] {
        let root = folder.appendingPathComponent("snapshots")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [Picture] = []
        for case let url as URL in walker where url.pathExtension == "png" {
            let name = url.deletingPathExtension().lastPathComponent
            guard name.hasPrefix("progress-"), let percent = Double(name.dropFirst("progress-".count)) else { continue }
            let sample = url.deletingLastPathComponent().path.dropFirst(root.path.count + 1)
            result.append(Picture(sample: String(sample), progress: percent / 100, snapshot: url))
        }
        return result.sorted { ($0.sample, $0.progress) < ($1.sample, $1.progress) }
    }

    /// The sample's file: `samples/NAME.json`, else `.lot` (lottie-ios's test loads that
    /// extension too: its DotLotExtension sample), else `.lottie`.
    public func sampleFile(_ sample: String) -> URL {
        for suffix in ["json", "lot"] {
            let file = folder.appendingPathComponent("samples/\(sample).\(suffix)")
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        return folder.appendingPathComponent("samples/\(sample).lottie")
    }

    /// Renders `picture`'s sample at its progress and size and applies the rule.
    public func measure(_ picture: Picture) -> Outcome {
        measure([picture])[0]
    }

    /// Measures `pictures`, reading each sample once for all its pictures.
    public func measure(_ pictures: [Picture]) -> [Outcome] {
        var scenes: [String: Result<Scene, Error>] = [:]
        return pictures.map { picture in
            if scenes[picture.sample] == nil {
                scenes[picture.sample] = Result { try load(picture.sample) }
            }
            return measure(picture, scene: scenes[picture.sample]!)
        }
    }

    /// The sample's scene, with the value and text providers lottie-ios's test sets on it.
    public func load(_ sample: String) throws -> Scene {
        var scene = try Pipeline.loadScene(at: sampleFile(sample).path, assets: folder.appendingPathComponent("samples/Images").path,
                                           values: try Pipeline.valueProviders(parsing: valueProviders[sample] ?? [],
                                                                               texts: textProviders[sample] ?? []))
        if let gravity = imageGravity[sample] {
            func apply(_ layers: inout [Layer]) {
                for index in layers.indices {
                    if layers[index].contents != nil { layers[index].contentsGravity = gravity }
                    apply(&layers[index].sublayers)
                }
            }
            apply(&scene.layers)
        }
        return scene
    }

    private func measure(_ picture: Picture, scene: Result<Scene, Error>) -> Outcome {
        let required = precision[picture.sample] ?? defaultPrecision
        do {
            let expected = try PNGCodec.decode(contentsOf: picture.snapshot)
            let actual = try render(picture, scene: try scene.get(), width: expected.width, height: expected.height)
            let matching = PerceptualDifference.matchingFraction(expected, actual, maximumDeltaE: (1 - perceptualPrecision) * 100)
            return Outcome(picture: picture, matching: matching, required: required, failure: matching == nil ? "size differs" : nil)
        } catch {
            return Outcome(picture: picture, matching: nil, required: required, failure: "\(error)")
        }
    }

    /// The sample drawn as the snapshot was: at its progress, fitted within width × height.
    public func render(_ picture: Picture, width: Int, height: Int) throws -> PixelBuffer {
        try render(picture, scene: try load(picture.sample), width: width, height: height)
    }

    /// `scene` (the picture's sample, read) drawn as the snapshot was.
    public func render(_ picture: Picture, scene: Scene, width: Int, height: Int) throws -> PixelBuffer {
        let shown = viewports[picture.sample].map { scene.cropped(to: $0) } ?? scene
        let fitted = shown.fitted(into: Size(width: Double(width), height: Double(height)), centred: false)
        return try FrameRenderer(scene: fitted, scale: 1).render(atSeconds: scene.seconds(atProgress: picture.progress)).image
    }

    /// Which half of the corpus a sample is in, 0 or 1, by the first byte of the SHA-256 of its
    /// name: the split for holding out (change a rule while looking at half 0, confirm on half 1).
    public static func half(of sample: String) -> Int {
        Int(SHA256.hex(sample).prefix(2).reduce(0) { $0 * 16 + Int(String($1), radix: 16)! } & 1)
    }

    /// Matches per half (0 and 1).
    public static func halves(_ outcomes: [Outcome]) -> [(half: Int, matched: Int, total: Int)] {
        (0...1).map { half in
            let mine = outcomes.filter { Self.half(of: $0.picture.sample) == half }
            return (half: half, matched: mine.filter(\.matches).count, total: mine.count)
        }
    }

    /// Match rates per group ("all" included), in percent.
    public static func rates(_ outcomes: [Outcome]) -> [(group: String, matched: Int, total: Int)] {
        tally(outcomes.map { ($0.picture.group, $0.matches) }).map { (group: $0.group, matched: $0.matched, total: $0.total) }
    }

    /// Matched and judged per group, and in all ("all"), groups in name order: what both
    /// corpora's rates count.
    static func tally(_ judged: [(group: String, matched: Bool)]) -> [(group: String, matched: Int, total: Int)] {
        var groups: [String: (Int, Int)] = [:]
        for (group, matched) in judged {
            for key in [group, "all"] {
                groups[key, default: (0, 0)].0 += matched ? 1 : 0
                groups[key, default: (0, 0)].1 += 1
            }
        }
        return groups.keys.sorted().map { (group: $0, matched: groups[$0]!.0, total: groups[$0]!.1) }
    }
}
