import StrataTestSupport
import Foundation
import Testing
import StrataKit
import StrataRaster
import StrataScene

@Suite("Render farms: shards, fingerprints, records, check")
struct FarmTests {
    func scene(_ name: String) throws -> Scene {
        try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
    }

    func frameFiles(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".png") || name == "manifest.json" {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    func options(_ directory: URL, shard: FrameShard? = nil, fps: Double? = nil, scale: Double? = nil,
                 skipExisting: Bool = false, overwrite: Bool = false) -> FrameSequence.Options {
        var options = FrameSequence.Options(directory: directory, framesPerSecond: fps, scale: scale, overwrite: overwrite,
                                            skipExisting: skipExisting, jobs: 2)
        options.shard = shard
        return options
    }

    @Test func sha256MatchesPublishedDigestsOnEveryPath() throws {
        let long = String(repeating: "a", count: 1_000_000)
        for path in SHA256.Path.allCases {
            #expect(SHA256.hex(Array("".utf8), path: path) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
            #expect(SHA256.hex(Array("abc".utf8), path: path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), path: path)
                    == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
            #expect(SHA256.hex(Array(long.utf8), path: path) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        }
        // Every tail length (the padding spills into a second block from 56 bytes on): both paths agree.
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        for count in 0...bytes.count {
            #expect(SHA256.hex(Array(bytes[0..<count]), path: .portable) == SHA256.hex(Array(bytes[0..<count]), path: .auto))
        }
    }

    @Test func shardsAreContiguousChunksThatCoverEveryFrameOnce() throws {
        for total in [1, 2, 7, 60, 61, 1000] {
            for count in [1, 2, 3, 4, 7, 64] {
                var covered: [Int] = []
                for index in 0..<count {
                    if let chunk = try FrameShard(index: index, count: count).chunk(of: 10...(9 + total)) {
                        #expect(chunk.count >= total / count && chunk.count <= total / count + 1)
                        covered += Array(chunk)
                    }
                }
                #expect(covered == Array(10...(9 + total)), "\(total) frames over \(count) shards")
            }
        }
        #expect(throws: StrataError.self) { try FrameShard(index: 4, count: 4) }
        #expect(throws: StrataError.self) { try FrameShard(index: 0, count: FrameShard.maximumCount + 1) }
        // The largest count on the largest sequence: no overflow, the last chunk ends at the end.
        let last = try FrameShard(index: FrameShard.maximumCount - 1, count: FrameShard.maximumCount).chunk(of: 0...(Limits.maximumFrames - 1))
        #expect(last == nil || last?.upperBound == Limits.maximumFrames - 1)
    }

    /// A shard with no frames (more shards than frames) writes the manifest and nothing else.
    @Test func aShardWithoutFramesWritesOnlyTheManifest() throws {
        let scene = try scene("slide-linear")
        let directory = PackagePaths.temporaryDirectory()
        let summary = try FrameSequence(scene: scene, options: options(directory, shard: try FrameShard(index: 500, count: 1000))).run()
        #expect(summary.range == nil && summary.written == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["manifest.json"])
    }

    @Test func schedulerVariablesNameTheShard() throws {
        #expect(try FrameShard.from(.slurm, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"]) == FrameShard(index: 2, count: 4))
        // Resubmitting one index (sbatch --array=2) makes an array of one task: --shards keeps the count.
        #expect(try FrameShard.from(.slurm, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "2",
                                                          "SLURM_ARRAY_TASK_COUNT": "1"], shards: 4) == FrameShard(index: 2, count: 4))
        #expect(try FrameShard.from(.k8s, environment: ["JOB_COMPLETION_INDEX": "5"], shards: 8) == FrameShard(index: 5, count: 8))
        for (scheduler, environment, shards, named) in [
            (FrameShard.Scheduler.slurm, ["SLURM_ARRAY_TASK_COUNT": "4"], nil as Int?, "SLURM_ARRAY_TASK_ID"),
            (.slurm, ["SLURM_ARRAY_TASK_ID": "1"], nil, "SLURM_ARRAY_TASK_COUNT"),
            (.slurm, ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"], nil, "SLURM_ARRAY_TASK_ID is \"x\""),
            (.slurm, ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4"], nil, "submit --array=0-3"),
            (.k8s, [:], 4, "JOB_COMPLETION_INDEX"),
            (.k8s, ["JOB_COMPLETION_INDEX": "1"], nil, "--shards"),
            (.k8s, ["JOB_COMPLETION_INDEX": "9"], 4, "shard 9 is not one of the 4 shards"),
        ] {
            do {
                _ = try FrameShard.from(scheduler, environment: environment, shards: shards)
                Issue.record("\(environment) was accepted")
            } catch {
                #expect(error.kind == .usage && error.message.contains(named), "\(error.message)")
            }
        }
    }

    /// Four shards into one folder write the same frames and manifest as one run, and the folder
    /// checks complete; the records name every frame's digest exactly once.
    @Test func shardsWriteTheBytesOfOneRun() throws {
        let scene = try scene("side-menu")
        let whole = PackagePaths.temporaryDirectory(), sharded = PackagePaths.temporaryDirectory()
        try FrameSequence(scene: scene, options: options(whole)).run()
        for index in [2, 0, 3, 1] {
            try FrameSequence(scene: scene, options: options(sharded, shard: try FrameShard(index: index, count: 4))).run()
        }
        #expect(try frameFiles(whole) == frameFiles(sharded))
        let check = try FolderCheck.run(sharded)
        #expect(check.isComplete && check.frameCount == 61)
        let records = FrameRecords.read(sharded)
        #expect(records.map(\.file.lastPathComponent) == ["frames-00000-00014.sha256", "frames-00015-00029.sha256",
                                                          "frames-00030-00044.sha256", "frames-00045-00060.sha256"])
        #expect(records.reduce(0) { $0 + $1.digests.count } == 61)
        for (file, digest) in records.flatMap(\.digests) {
            #expect(SHA256.hex(try Data(contentsOf: sharded.appendingPathComponent(file))) == digest)
        }
        // Overlapping ranges and a rerun of one index change no byte.
        try FrameSequence(scene: scene, options: options(sharded, shard: try FrameShard(index: 1, count: 3), overwrite: true)).run()
        let rerun = try FrameSequence(scene: scene, options: options(sharded, shard: try FrameShard(index: 1, count: 4), skipExisting: true)).run()
        #expect(rerun.written == 0 && rerun.skipped == 15)
        #expect(try frameFiles(whole) == frameFiles(sharded))
        #expect(try FolderCheck.run(sharded).isComplete)
    }

    /// The case from the issue: resuming with other --fps/--scale is refused (exit 65, both
    /// settings named) instead of keeping the old frames under a manifest of the new settings.
    @Test func anotherFingerprintIsRefusedUnlessOverwriting() throws {
        let scene = try scene("slide-linear")
        let directory = PackagePaths.temporaryDirectory()
        try FrameSequence(scene: scene, options: options(directory)).run()
        do {
            try FrameSequence(scene: scene, options: options(directory, fps: 24, scale: 2, skipExisting: true)).run()
            Issue.record("a folder of other settings was resumed")
        } catch {
            #expect(error.kind == .dataError)
            #expect(error.message.contains("fps 30 there, 24 here") && error.message.contains("scale 1 there, 2 here"), "\(error.message)")
            #expect(error.message.contains("--overwrite"))
        }
        let replaced = try FrameSequence(scene: scene, options: options(directory, fps: 24, scale: 2, overwrite: true)).run()
        #expect(replaced.skipped == 0)
        let check = try FolderCheck.run(directory)
        #expect(check.fingerprint.fps == 24 && check.fingerprint.scale == 2 && check.isComplete)
        #expect(FrameRecords.read(directory).allSatisfy { $0.fingerprint?.id == check.fingerprint.id })
    }

    /// A changed asset changes the fingerprint; the same scene, settings and assets give the same.
    @Test func fingerprintCoversSceneBytesAssetsAndSettings() throws {
        let scene = try scene("contents-gravity")
        let base = RunFingerprint(scene: scene, fps: 60, scale: 1, encoding: .fast, groundTruth: nil)
        #expect(!base.assets.isEmpty, "the scene reads images")
        #expect(base == RunFingerprint(scene: try self.scene("contents-gravity"), fps: 60, scale: 1, encoding: .fast, groundTruth: nil))
        var edited = scene
        edited.source?.assets[base.assets.keys.sorted()[0]] = String(repeating: "0", count: 64)
        let variants = [
            RunFingerprint(scene: edited, fps: 60, scale: 1, encoding: .fast, groundTruth: nil),
            RunFingerprint(scene: scene, fps: 30, scale: 1, encoding: .fast, groundTruth: nil),
            RunFingerprint(scene: scene, fps: 60, scale: 2, encoding: .fast, groundTruth: nil),
            RunFingerprint(scene: scene, fps: 60, scale: 1, encoding: .compact, groundTruth: nil),
            RunFingerprint(scene: scene, fps: 60, scale: 1, encoding: .fast, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 8)),
        ]
        #expect(Set(variants.map(\.id) + [base.id]).count == 6)
        #expect(variants[0].differences(from: base).first?.hasPrefix("asset ") == true)
    }

    /// --skip-existing keeps only frames whose bytes are recorded: a truncated frame, a frame
    /// written without a record (its process killed between the two) and a missing one are
    /// rendered again; check finds each first.
    @Test func skipExistingTrustsOnlyRecordedBytes() throws {
        let scene = try scene("slide-linear")
        let directory = PackagePaths.temporaryDirectory()
        try FrameSequence(scene: scene, options: options(directory)).run()
        let reference = try frameFiles(directory)
        let truncated = directory.appendingPathComponent("frame-00004.png")
        try Data(reference["frame-00004.png"]!.prefix(200)).write(to: truncated)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("frame-00009.png"))
        // An unrecorded frame: remove its line from the record.
        let record = FrameRecords.read(directory)[0].file
        let text = try String(contentsOf: record, encoding: .utf8)
        try text.split(separator: "\n").filter { !$0.hasSuffix("frame-00011.png") }.joined(separator: "\n").write(to: record, atomically: true, encoding: .utf8)
        let check = try FolderCheck.run(directory)
        #expect(check.problems == [4: .changed, 9: .missing, 11: .unrecorded])
        #expect(check.rangesToRender == [4...4, 9...9, 11...11])
        let resumed = try FrameSequence(scene: scene, options: options(directory, skipExisting: true)).run()
        #expect(resumed.written == 3)
        #expect(try frameFiles(directory) == reference)
        #expect(try FolderCheck.run(directory).isComplete)
    }

    /// check refuses to call a folder complete when there is nothing to check against.
    @Test func checkNeedsAManifestWithAFingerprint() throws {
        let directory = PackagePaths.temporaryDirectory()
        #expect(throws: StrataError.self) { try FolderCheck.run(directory.appendingPathComponent("absent")) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(throws: StrataError.self) { try FolderCheck.run(directory) }
        try Data("{\"scene\": \"old\"}".utf8).write(to: directory.appendingPathComponent("manifest.json"))
        #expect(throws: StrataError.self) { try FolderCheck.run(directory) }
        // A manifest that names a file outside the folder is refused before anything is read.
        let rendered = PackagePaths.temporaryDirectory()
        try FrameSequence(scene: try scene("slide-linear"), options: options(rendered)).run()
        let url = rendered.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"frame-00003.png\"", with: "\"../../../etc/passwd\"")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let error = try #require(throws: StrataError.self) { try FolderCheck.run(rendered) }
        #expect(error.message.contains("frames[3]") && error.message.contains("expected frame-00003.png"), "\(error.message)")
    }
}
