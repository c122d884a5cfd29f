import Foundation
import StrataRaster

/// An animated PNG (APNG) of a folder of frames, to look at a motion in a browser, on GitHub or in
/// a file viewer instead of opening frames one by one.
///
/// At scale 1 each frame's compressed data is copied from its PNG file, so the preview shows
/// exactly the frames (Strata's encoders write 8-bit RGB(A); other PNGs are decoded and
/// re-encoded with the fast encoder). The frames of an APNG share one colour type: when some
/// frames are RGBA, the opaque frames that Strata wrote as RGB are re-encoded as RGBA. Below 1 each frame is downscaled by area averaging and
/// encoded with the fast encoder. Consecutive identical frames become one longer frame. Frame
/// delays come from the folder's manifest (the displayed frames' times, so dropped frames last
/// longer), or from `framesPerSecond`; they are exact fractions of a second when the rate is a
/// whole number, otherwise milliseconds rounded so that the error never accumulates.
public enum AnimatedPreview {
    /// What was written.
    public struct Summary: Hashable, Sendable {
        /// Frames read from the folder.
        public var framesRead: Int
        /// Frames in the animation (after merging identical neighbours).
        public var framesWritten: Int
        /// Size of the animation, in pixels.
        public var width: Int
        public var height: Int
        /// Size of the file, in bytes.
        public var bytes: Int
    }

    /// Writes an APNG of the frames of `directory` to `output`, atomically.
    ///
    /// - Parameters:
    ///   - indices: only these displayed frames (`frame-NNNNN.png`); nil for every frame file.
    ///   - scale: 0 < scale ≤ 1; the preview's pixels per frame pixel.
    ///   - framesPerSecond: the rate to play at; nil to take the times from `directory/manifest.json`.
    ///   - overwrite: replace an existing `output`.
    @discardableResult
    public static func write(frames directory: URL, indices: ClosedRange<Int>? = nil, to output: URL, scale: Double = 1,
                             framesPerSecond: Double? = nil, overwrite: Bool) throws(StrataError) -> Summary {
        try check(output: output, scale: scale, overwrite: overwrite)
        if let framesPerSecond, !(framesPerSecond > 0 && framesPerSecond <= 1000) {
            throw StrataError(.usage, "--fps must be in (0, 1000], found \(framesPerSecond)")
        }
        let files = try frameFiles(directory, indices: indices)
        let (times, rate) = try timing(of: files, in: directory, framesPerSecond: framesPerSecond)
        var frames: [Frame] = []
        for (url, time) in zip(files, times) { frames.append(Frame(png: try read(url), time: time, file: url.path)) }
        return try assemble(frames, rate: rate, scale: scale, to: output, overwrite: overwrite)
    }

    /// One frame of a preview: its PNG file's bytes, its display time in seconds, and where it
    /// came from (for errors).
    struct Frame {
        var png: [UInt8]
        var time: Double
        var file: String
    }

    /// Refuses a scale out of (0, 1] and an `output` that exists without `overwrite`.
    static func check(output: URL, scale: Double, overwrite: Bool) throws(StrataError) {
        guard scale.isFinite, scale > 0, scale <= 1 else {
            throw StrataError(.usage, "a preview scale must be in (0, 1] (0.5 halves each side), found \(scale)")
        }
        if !overwrite && FileManager.default.fileExists(atPath: output.path) {
            throw StrataError(.cannotCreate, "\(output.path) exists; pass --overwrite to replace it")
        }
    }

    /// The APNG of `frames` (PNG files' bytes, in order, with their times; `rate`: the last one's
    /// frames per second), written atomically to `output`: the one assembly of `write(frames:)` and
    /// of `AnimatedPreviewSink`.
    static func assemble(_ frames: [Frame], rate: Double, scale: Double, to output: URL,
                         overwrite: Bool) throws(StrataError) -> Summary {
        let denominator = rate == rate.rounded() && rate <= 65535 ? rate : 1000
        func tick(_ seconds: Double) -> Int { Int(saturating: seconds * denominator, .toNearestOrAwayFromZero) }

        var builder = APNGBuilder()
        var pending: (png: [UInt8], start: Double)?
        var width = 0, height = 0
        func flush(until end: Double) throws(StrataError) {
            guard let (png, start) = pending else { return }
            let delay = APNGBuilder.Delay(numerator: UInt16(clamping: tick(end) - tick(start)), denominator: UInt16(denominator))
            do { try builder.append(png: png, delay: delay) } catch { throw StrataError(error, file: output.path) }
        }
        let keepsAlpha = frames.contains { $0.png.count <= 25 || $0.png[25] != rgbColourType }
        for (position, frame) in frames.enumerated() {
            let png = try previewPNG(frame.png, file: frame.file, scale: scale, keepsAlpha: keepsAlpha)
            if position == 0 { (width, height) = try size(of: png, file: frame.file) }
            if pending?.png == png { continue }
            try flush(until: frame.time)
            pending = (png, frame.time)
        }
        try flush(until: (frames.last?.time ?? 0) + 1 / rate)
        let file: [UInt8]
        do { file = try builder.finish() } catch { throw StrataError(error, file: output.path) }
        try AtomicFile.createDirectory(output.deletingLastPathComponent())
        try AtomicFile.write(file, to: output, overwrite: overwrite)
        return Summary(framesRead: frames.count, framesWritten: builder.frameCount, width: width, height: height, bytes: file.count)
    }

    // MARK: - Frames

    static func frameFiles(_ directory: URL, indices: ClosedRange<Int>?) throws(StrataError) -> [URL] {
        guard let indices else { return try ContactSheet.frameFiles(in: directory) }
        let files = indices.map { directory.appendingPathComponent(Pipeline.frameFileName($0)) }
        if let missing = files.first(where: { !FileManager.default.fileExists(atPath: $0.path) }) {
            throw StrataError(.noInput, "\(missing.path): no such frame for the preview")
        }
        return files
    }

    /// PNG colour type 2: 8-bit RGB, what Strata writes for opaque frames (6 is RGBA).
    static let rgbColourType: UInt8 = 2

    /// A frame file's bytes.
    static func read(_ url: URL) throws(StrataError) -> [UInt8] {
        do { return [UInt8](try Data(contentsOf: url)) } catch {
            throw StrataError(.noInput, "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// The PNG bytes the animation takes for one frame's PNG: RGBA when `keepsAlpha`, else RGB.
    static func previewPNG(_ bytes: [UInt8], file: String, scale: Double, keepsAlpha: Bool) throws(StrataError) -> [UInt8] {
        let wanted: UInt8 = keepsAlpha ? 6 : rgbColourType
        if scale == 1 && bytes.count > 25 && bytes[25] == wanted && APNGBuilder.canCopy(bytes) { return bytes }
        var options = PNGCodec.EncodingOptions.fast
        options.keepsAlpha = keepsAlpha
        do throws(RasterError) {
            return try PNGCodec.encode(try PNGCodec.decode(bytes).scaled(by: scale), options: options)
        } catch {
            throw StrataError(error, file: file)
        }
    }

    static func size(of png: [UInt8], file: String) throws(StrataError) -> (Int, Int) {
        do { return try PNGCodec.headerSize(of: png) } catch { throw StrataError(error, file: file) }
    }

    /// Each file's display time in seconds, and the rate (frames per second) of the last frame.
    static func timing(of files: [URL], in directory: URL, framesPerSecond: Double?) throws(StrataError) -> ([Double], Double) {
        if let framesPerSecond {
            return (files.indices.map { Double($0) / framesPerSecond }, framesPerSecond)
        }
        let manifestURL = directory.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else {
            throw StrataError(.usage, "\(directory.path) has no manifest.json to take frame times from; give --fps")
        }
        let manifest: Manifest
        do { manifest = try JSONDecoder().decode(Manifest.self, from: data) } catch {
            throw StrataError(.dataError, "\(manifestURL.path) is not a Strata manifest (\(error)); give --fps to ignore it")
        }
        guard manifest.fps.isFinite, manifest.fps > 0, manifest.fps <= 1000 else {
            throw StrataError(.dataError, "\(manifestURL.path): fps must be in (0, 1000], found \(manifest.fps)")
        }
        let times = Dictionary(manifest.frames.map { ($0.file, $0.time) }, uniquingKeysWith: { first, _ in first })
        var result: [Double] = []
        for url in files {
            guard let time = times[url.lastPathComponent], time.isFinite, time >= (result.last ?? 0) else {
                throw StrataError(.dataError, "\(manifestURL.path) gives no usable time for \(url.lastPathComponent); give --fps")
            }
            result.append(time)
        }
        return (result, manifest.fps)
    }
}
