import Foundation
import StrataModel
import StrataScene

/// What an import shares: the file, the root clock, the precompositions by id, the warnings.
final class LottieContext {
    let file: String
    let clock: LottieClock
    /// The root composition's frames: first and end (exclusive), in root frames.
    let firstFrame: Double
    let endFrame: Double
    /// Precomposition assets by id (their `layers`).
    var precomps: [String: LottieNode] = [:]
    /// Image assets by id.
    var images: [String: LottieNode] = [:]
    /// Where image files beside the JSON are looked up.
    let baseURL: URL?
    /// Fonts by name (`fonts.list[].fName`): family and style.
    var fonts: [String: (family: String, style: String, ascent: Double)] = [:]
    /// Glyph outlines from `chars`, by family, style and character.
    var glyphs: [String: LottieGlyph] = [:]
    /// The dotLottie archive the animation came from, whose entries hold its images.
    var archive: LottieArchive?
    /// The user's fonts (`--font DIR`), for texts whose glyphs the file lacks.
    var userFonts: LottieUserFonts?
    /// The user's font files used, by font name → SHA-256 (recorded in the scene's overrides).
    var usedUserFonts: [String: String] = [:]
    /// What was skipped, in document order, each once.
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []
    /// The names of the wrappers of layers with After Effects' motion blur (`mb`).
    var motionBlurNames: Set<String> = []
    /// Layers made so far (checked against `Limits.maximumLayers`).
    var layerCount = 0
    /// The work of the merged outlines computed so far (`LottiePathBoolean`): lines × lines ×
    /// frames, at most `maximumMergeWork` (a merge past it is drawn as its paths, warned).
    var mergeWork = 0
    static let maximumMergeWork = 1_000_000_000

    init(file: String, clock: LottieClock, firstFrame: Double, endFrame: Double, baseURL: URL?) {
        self.file = file
        self.clock = clock
        self.firstFrame = firstFrame
        self.endFrame = endFrame
        self.baseURL = baseURL
    }

    /// Records that `what` at `path` is not drawn as After Effects would draw it.
    func warn(_ path: String, _ what: String) {
        let text = "\(file): \(path): \(what)"
        if warned.insert(text).inserted { warnings.append(text) }
    }

    /// Adds `animation` (when there is one) to `layer`, an error at `path` if it does not fit.
    /// (`path` is spelled out only then.)
    func add(_ animation: Animation?, forKey key: String, to layer: inout Layer, at path: @autoclosure () -> String) throws(SceneError) {
        guard let animation else { return }
        do {
            try layer.add(animation, forKey: key)
        } catch {
            throw SceneError(file: file, keyPath: path(), expected: "values an animation of \(key) can take", found: "\(error)")
        }
    }

    /// How many times each layer made now is drawn: the product of the copies of the repeaters
    /// it is inside (each at the most it is animated to).
    private(set) var copies = 1
    /// Character states (characters × sampled frames) text animators were evaluated for so far
    /// (`LottieLayerBuilder.maximumAnimatedGlyphStates` in a file).
    var animatedGlyphStates = 0

    /// Path elements of the paths sampled at every frame so far (modifiers or several paths that
    /// move: `LottieShapeBuilder.addPathAnimation`).
    private(set) var sampledPathElements = 0
    /// The most path elements a file's sampled paths may hold in all (about 220 MB of them).
    static let maximumSampledPathElements = 4_000_000

    /// Counts `count` more elements of a sampled path at `path`, refusing a file whose sampled
    /// paths would hold more than `maximumSampledPathElements` (a path of 5,000 vertices puckered
    /// over 100,000 frames took 2 GB and was killed).
    func countSampledPath(_ count: Int, frames: Int, at path: String) throws(SceneError) {
        sampledPathElements += Swift.max(0, Swift.min(Self.maximumSampledPathElements + 1, count))
        guard sampledPathElements <= Self.maximumSampledPathElements else { throw tooManySampled(count, frames: frames, at: path) }
    }

    /// Refuses, before sampling, a path of `count` elements a frame over `frames` frames that
    /// would take the sampled paths past the limit.
    func checkSampledPath(_ count: Int, frames: Int, at path: String) throws(SceneError) {
        let (total, overflow) = count.multipliedReportingOverflow(by: frames)
        guard overflow || total > Self.maximumSampledPathElements - sampledPathElements else { return }
        throw tooManySampled(count, frames: frames, at: path)
    }

    private func tooManySampled(_ count: Int, frames: Int, at path: String) -> SceneError {
        SceneError(file: file, keyPath: path, expected: "paths that change over the frames (sampled at each) of at most \(Self.maximumSampledPathElements) path elements in all",
                   found: "more (\(count) elements a frame over \(frames) frames)")
    }

    /// Counts `count` more layers, each drawn `copies` times, refusing a file that would make
    /// more than the limit.
    func count(_ count: Int, at path: @autoclosure () -> String) throws(SceneError) {
        layerCount += count * copies
        guard layerCount <= Limits.maximumLayers else {
            throw SceneError(file: file, keyPath: path(), expected: "at most \(Limits.maximumLayers) layers once precompositions are expanded and repeaters' copies counted",
                             found: "more")
        }
    }

    /// Builds what a repeater of at most `count` copies (at `path`) repeats: the product of the
    /// nested repeaters' copies is checked against the layer limit before anything is built.
    func repeating<T>(_ count: Int, at path: String, _ build: () throws(SceneError) -> T) throws(SceneError) -> T {
        let product = copies.multipliedReportingOverflow(by: count)
        guard !product.overflow, product.partialValue <= Limits.maximumLayers else {
            throw SceneError(file: file, keyPath: path, expected: "nested repeaters of at most \(Limits.maximumLayers) copies in all (the layer limit)",
                             found: "\(copies) × \(count) = \(product.overflow ? "more" : "\(product.partialValue)") copies")
        }
        let saved = copies
        copies = product.partialValue
        defer { copies = saved }
        return try build()
    }

    /// The root frames every displayed frame lies on (first … end − 1), for sampled animations.
    var rootFrames: [Double] {
        let count = max(1, min(Limits.maximumFrames, Int(saturating: endFrame - firstFrame, .up)))
        return (0...count).map { firstFrame + Double($0) }
    }
}
