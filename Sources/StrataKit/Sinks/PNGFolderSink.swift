import Foundation
import StrataRaster
import StrataScene

/// A rendered folder as a sink: each frame as `frame-00012.png` (written atomically, encoded from
/// the frame's pixels in place with its damage), its digest appended to this process's record as it
/// lands; at the end the record sorted, the manifest and the overlays' curve (docs/farm.md).
final class PNGFolderSink: FrameSink, @unchecked Sendable {
    let directory: URL
    /// Displayed frame index of each slot.
    let indices: [Int]
    let encoding: PNGCodec.EncodingOptions
    private let record: FrameRecordWriter?
    /// One encoder a render thread: each follows the damage of the frames its thread draws.
    private let encoders: [PNGEncoder]

    var needsFramesInOrder: Bool { false }

    /// Told each file's bytes as it is written (slot, bytes): a sink after this one that wants the
    /// same PNG (the preview) takes them instead of encoding the frame again. Set before the run.
    var written: (@Sendable (Int, [UInt8]) -> Void)?

    /// Writes the frames `indices` into `directory` on `workers` threads, recording them in the
    /// record of `range` (nil: no record).
    init(directory: URL, indices: [Int], range: ClosedRange<Int>?, fingerprint: RunFingerprint, kept: [String: String],
         encoding: PNGCodec.EncodingOptions, workers: Int) throws(StrataError) {
        self.directory = directory
        self.indices = indices
        self.encoding = encoding
        encoders = (0..<max(1, workers)).map { _ in PNGEncoder() }
        record = try range.map { (range) throws(StrataError) in
            try FrameRecordWriter(url: FrameRecords.url(in: directory, range: range), fingerprint: fingerprint, kept: kept)
        }
    }

    func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError) {
        let url = directory.appendingPathComponent(Pipeline.frameFileName(indices[slot]))
        let bytes = try encoders[worker].encode(frame, options: encoding)
        try AtomicFile.write(bytes, to: url, overwrite: true)
        try record?.append(file: url.lastPathComponent, digest: SHA256.hex(bytes))
        written?(slot, bytes)
    }

    func fail(_ error: StrataError) {}

    /// Rewrites the record sorted (its bytes then do not depend on the threads' order), with
    /// `adding` (a shard's video segment and its digest).
    func finishRecord(adding extra: [String: String] = [:]) throws(StrataError) {
        try record?.finish(adding: extra)
    }

    /// Writes the manifest and, when the scene has motion-blur overlays, their curve.
    func finish(manifest: Manifest, scene: Scene) throws(StrataError) {
        try AtomicFile.write(try manifest.encodedData(), to: directory.appendingPathComponent("manifest.json"), overwrite: true)
        if !scene.effects.motionBlurOverlays.isEmpty {
            try AtomicFile.write(Array(manifest.curveCSV().utf8), to: directory.appendingPathComponent("curve.csv"), overwrite: true)
        }
    }
}

extension VideoSink: FrameSink {
    public var needsFramesInOrder: Bool { true }

    public func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError) {
        var scratch = scratchBuffers.take(worker)
        defer { scratchBuffers.give(scratch, to: worker) }
        try submit(slot: slot, frame: frame, scratch: &scratch)
    }
}

/// One conversion buffer a render thread, kept between frames (a video frame is converted into it).
final class ScratchBuffers: @unchecked Sendable {
    private let lock = NSLock()
    private var buffers: [Int: [UInt8]] = [:]

    func take(_ worker: Int) -> [UInt8] {
        lock.withLock { buffers.removeValue(forKey: worker) ?? [] }
    }

    func give(_ buffer: [UInt8], to worker: Int) {
        lock.withLock { buffers[worker] = buffer }
    }
}
