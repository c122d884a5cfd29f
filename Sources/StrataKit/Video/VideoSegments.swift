import Foundation
import StrataAnimation
import StrataModel
import StrataRaster
import StrataScene

extension Scene {
    /// True when every frame is opaque: the background is opaque and no layer blends with xor
    /// (the one blend mode that can clear an opaque backdrop). Videos of it carry no alpha.
    public var isOpaque: Bool {
        guard let background, background.alpha >= 1 else { return false }
        func blendsAway(_ layer: Layer) -> Bool {
            layer.compositingFilter == .xor || layer.sublayers.contains(where: blendsAway)
        }
        return !layers.contains(where: blendsAway)
    }
}

/// A sharded run's video: each shard encodes its chunk of the frames as a segment in
/// `DIR/video/` (`segment-A-B.<ext>`, A..B its displayed frames), under `DIR/video/segments.json`,
/// which records the run's fingerprint and the video settings, the same bytes from every shard.
/// `strata encode DIR --video FILE` joins the segments without re-encoding (ffmpeg's concat
/// demuxer, each segment given its exact duration), into a video with the frame count and timing
/// of a one-process encode (docs/farm.md).
public enum VideoSegments {
    /// The folder in the run's folder.
    public static let folderName = "video"

    /// What `segments.json` records.
    public struct Record: Codable, Hashable, Sendable {
        public var format = "strata-video-segments-1"
        /// The run's fingerprint id (as the manifest's).
        public var fingerprint: String
        public var codec: String
        public var container: String
        public var crf: Int?
        public var preset: String?
        public var pixelFormat: String?
        /// The displayed frames the whole video covers, [first, last].
        public var frames: [Int]
        /// The frame rate, n/d.
        public var rate: String
    }

    /// The segment of displayed frames `range`.
    public static func segmentURL(in directory: URL, range: ClosedRange<Int>, container: String) -> URL {
        directory.appendingPathComponent(folderName)
            .appendingPathComponent(String(format: "segment-%05d-%05d.", range.lowerBound, range.upperBound) + container)
    }

    /// The name a segment goes by in the run's frame records (relative to `directory`, as
    /// `sha256sum -c` reads it there) with the digest of its bytes.
    static func recordLine(of segment: URL, in directory: URL) throws(StrataError) -> [String: String] {
        guard let bytes = try AtomicFile.readRegularFile(segment) else {
            throw StrataError(.ioError, "\(segment.path) vanished after it was written")
        }
        return ["\(folderName)/\(segment.lastPathComponent)": SHA256.hex(bytes)]
    }

    /// Checks that `segment` holds the bytes a shard recorded for it under `fingerprint`: a
    /// segment renamed into another's place, truncated or left by another run is a data error
    /// naming it, before ffmpeg reads it.
    static func checkRecorded(_ segment: URL, in directory: URL, recorded: [String: Set<String>]) throws(StrataError) {
        let name = "\(folderName)/\(segment.lastPathComponent)"
        guard let digests = recorded[name] else {
            throw StrataError(.dataError, "\(segment.path) has no record under the manifest's fingerprint in \(directory.path)/\(FrameRecords.folderName) (a segment of another run, or one written before segments were recorded); render its shard again or pass --from-frames")
        }
        guard let bytes = try AtomicFile.readRegularFile(segment) else {
            throw StrataError(.noInput, "\(segment.path) is missing")
        }
        guard digests.contains(SHA256.hex(bytes)) else {
            throw StrataError(.dataError, "\(segment.path) is not the segment its shard recorded (\(bytes.count) bytes whose SHA-256 differs: truncated, changed or swapped with another); render its shard again or pass --from-frames")
        }
    }

    static func recordURL(in directory: URL) -> URL {
        directory.appendingPathComponent(folderName).appendingPathComponent("segments.json")
    }

    /// Video frames per displayed frame of `range`: from its tick to the next displayed frame's
    /// (the end of the clock after the last), so a dropped tick holds the frame before it.
    public static func repeats(of range: ClosedRange<Int>, ticks: [Int], tickCount: Int) -> [Int] {
        range.map { index in (index + 1 < ticks.count ? ticks[index + 1] : tickCount) - ticks[index] }
    }

    /// Makes the segment folder for a shard and its record (or finds the same one there), and
    /// returns the settings that write this shard's segment. Another run's record is refused unless
    /// `overwrite`, which removes its segments.
    static func claim(directory: URL, settings: VideoSettings, fingerprint: RunFingerprint, requested: ClosedRange<Int>,
                      range: ClosedRange<Int>, rate: VideoFrameRate, overwrite: Bool) throws(StrataError) -> VideoSettings {
        guard settings.codec != .gif else {
            throw StrataError(.usage, "a GIF has one palette for the whole scene, so it is not made in segments: render the frames with --shard, then strata encode \(directory.path) --video \(settings.url.lastPathComponent)")
        }
        let folder = directory.appendingPathComponent(folderName)
        try AtomicFile.createDirectory(folder)
        let record = Record(fingerprint: fingerprint.id, codec: settings.codec.rawValue, container: settings.container, crf: settings.crf,
                            preset: settings.preset, pixelFormat: settings.pixelFormat,
                            frames: [requested.lowerBound, requested.upperBound], rate: rate.description)
        let url = recordURL(in: directory)
        if let data = FileManager.default.contents(atPath: url.path), let existing = try? JSONDecoder().decode(Record.self, from: data),
           existing != record {
            guard overwrite else {
                throw StrataError(.dataError, "\(folder.path) holds segments of another run or other video settings (\(existing.codec) .\(existing.container), frames \(existing.frames.map(String.init).joined(separator: "..")), fingerprint \(existing.fingerprint.prefix(12))…); pass --overwrite to replace them")
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix("segment-") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let bytes = try? encoder.encode(record) else { throw StrataError(.software, "cannot encode \(url.path)") }
        try AtomicFile.write(bytes + [0x0A], to: url, overwrite: true)
        var segment = settings
        segment.url = segmentURL(in: directory, range: range, container: settings.container)
        return segment
    }

    /// The segments recorded in `directory`: the record and the ranges of the segment files there.
    /// Nil when the folder has no segment record.
    public static func read(_ directory: URL) throws(StrataError) -> (record: Record, segments: [ClosedRange<Int>])? {
        let url = recordURL(in: directory)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let record: Record
        do { record = try JSONDecoder().decode(Record.self, from: data) } catch {
            throw StrataError(.dataError, "\(url.path) is not a Strata segment record: \(error)")
        }
        guard record.frames.count == 2, record.frames[0] >= 0, record.frames[0] <= record.frames[1],
              VideoSettings.containers.values.contains(where: { $0.contains(record.container) }) else {
            throw StrataError(.dataError, "\(url.path) is not a Strata segment record: frames \(record.frames), container \(record.container.prefix(20))")
        }
        let folder = directory.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let ranges = names.compactMap { name -> ClosedRange<Int>? in
            guard name.hasPrefix("segment-"), name.hasSuffix("." + record.container) else { return nil }
            let parts = name.dropFirst("segment-".count).dropLast(record.container.count + 1).split(separator: "-")
            guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), low <= high else { return nil }
            return low...high
        }
        return (record, ranges.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// The displayed frames of `frames` no segment covers, as ranges.
    public static func missing(_ frames: ClosedRange<Int>, segments: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var covered = Set<Int>()
        for segment in segments {
            let low = max(segment.lowerBound, frames.lowerBound), high = min(segment.upperBound, frames.upperBound)
            if low <= high { covered.formUnion(low...high) }
        }
        return FolderCheck.ranges(frames.filter { !covered.contains($0) })
    }

    /// Segments that follow each other from the first frame of `frames` to its last, each starting
    /// where the one before ended (segments of runs split differently may overlap); nil when none do.
    public static func tiling(_ frames: ClosedRange<Int>, segments: [ClosedRange<Int>]) -> [ClosedRange<Int>]? {
        // From the last start to the first: the segment to take at each start that reaches the end.
        var choice: [Int: ClosedRange<Int>] = [:]
        let inside = segments.filter { frames.contains($0.lowerBound) && $0.upperBound <= frames.upperBound }
        for segment in inside.sorted(by: { ($0.lowerBound, $0.upperBound) > ($1.lowerBound, $1.upperBound) })
        where choice[segment.lowerBound] == nil && (segment.upperBound == frames.upperBound || choice[segment.upperBound + 1] != nil) {
            choice[segment.lowerBound] = segment
        }
        var chain: [ClosedRange<Int>] = []
        var start = frames.lowerBound
        while let segment = choice[start] {
            chain.append(segment)
            if segment.upperBound == frames.upperBound { return chain }
            start = segment.upperBound + 1
        }
        return nil
    }
}
