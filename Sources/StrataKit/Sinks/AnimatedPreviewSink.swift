import Foundation
import StrataRaster

/// Where `FrameSequence` writes an APNG preview of a run (`strata render --preview FILE.png`).
public struct PreviewSettings: Sendable {
    /// The animated PNG to write.
    public var url: URL
    /// Pixels of the preview per frame pixel, in (0, 1].
    public var scale: Double

    /// Creates preview settings.
    public init(url: URL, scale: Double = 1) {
        self.url = url
        self.scale = scale
    }
}

/// An APNG preview as a sink of the run: each frame's PNG is the folder's file — handed over by
/// the folder sink as it writes it (`keep`), or encoded here with the same options (so the same
/// bytes) when no folder sink came first — and kept; at
/// the end the frames the run kept from an earlier one (`--skip-existing`) are read from their
/// files, and the animation is assembled with the manifest's times — the picture
/// `strata preview DIR` makes of the folder, byte for byte, without reading the frames back.
final class AnimatedPreviewSink: FrameSink, @unchecked Sendable {
    let settings: PreviewSettings
    let directory: URL
    let indices: [Int]
    let encoding: PNGCodec.EncodingOptions
    private let lock = NSLock()
    private var encoded: [Int: [UInt8]] = [:]

    var needsFramesInOrder: Bool { false }

    /// A preview of the frames `indices` (by slot); frames of the run's range
    /// that are not rendered are read from `directory`.
    init(_ settings: PreviewSettings, directory: URL, indices: [Int], encoding: PNGCodec.EncodingOptions) {
        self.settings = settings
        self.directory = directory
        self.indices = indices
        self.encoding = encoding
    }

    func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError) {
        guard lock.withLock({ encoded[indices[slot]] == nil }) else { return }
        // In full, not over the damage: this encoder may not have seen the thread's previous frame.
        let bytes = try Pipeline.encode(try frame.image(), options: encoding)
        keep(slot: slot, png: bytes)
    }

    /// Keeps the PNG of `slot`, as the folder wrote it.
    func keep(slot: Int, png: [UInt8]) {
        lock.withLock { encoded[indices[slot]] = png }
    }

    func fail(_ error: StrataError) {
        lock.withLock { encoded.removeAll() }
    }

    /// Writes the preview of `range`'s frames, timed by `manifest`; `overwrite` replaces the file.
    func finish(range: ClosedRange<Int>, manifest: Manifest, overwrite: Bool) throws(StrataError) -> AnimatedPreview.Summary {
        let times = Dictionary(manifest.frames.map { ($0.index, $0.time) }, uniquingKeysWith: { first, _ in first })
        var frames: [AnimatedPreview.Frame] = []
        for index in range {
            let url = directory.appendingPathComponent(Pipeline.frameFileName(index))
            var png = lock.withLock { encoded.removeValue(forKey: index) } ?? []
            if png.isEmpty { png = try AnimatedPreview.read(url) }
            guard let time = times[index] else {
                throw StrataError(.software, "the manifest has no time for frame \(index)")
            }
            frames.append(AnimatedPreview.Frame(png: png, time: time, file: url.path))
        }
        return try AnimatedPreview.assemble(frames, rate: manifest.fps, scale: settings.scale, to: settings.url, overwrite: overwrite)
    }
}
