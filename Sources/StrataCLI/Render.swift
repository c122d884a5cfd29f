import ArgumentParser
import Dispatch
import Foundation
import StrataEffects
import StrataKit

/// `--frames`: an inclusive range of displayed frame indices — `A..B`, `A..` (to the last frame),
/// `..B` (from the first) or `A` (one frame). Parsed leniently so that a mistake gets a message
/// that says what is accepted (`problem`), not ArgumentParser's bare "value is invalid".
struct FrameRangeArgument: ExpressibleByArgument {
    let text: String
    let lower: Int?
    let upper: Int?
    /// What is wrong with the text, or nil.
    let problem: String?

    init?(argument: String) {
        text = argument
        let forms = "write A..B, A.., ..B or A with frame numbers from 0"
        func number(_ part: String) -> Int?? {
            if part.isEmpty { return .some(nil) }
            guard let value = Int(part) else { return nil }
            return .some(value)
        }
        let parts = argument.components(separatedBy: "..")
        var lower: Int?, upper: Int?, problem: String?
        switch parts.count {
        case 1:
            if let value = Int(argument) {
                lower = value; upper = value
            } else {
                let dashed = argument.split(separator: "-").count == 2 && argument.split(separator: "-").allSatisfy { Int($0) != nil }
                problem = "--frames \(argument) is not a frame range: \(forms)" + (dashed ? " (A..B, not A-B)" : "")
            }
        case 2:
            if let low = number(parts[0]), let high = number(parts[1]), low != nil || high != nil {
                lower = low; upper = high
            } else {
                problem = "--frames \(argument) is not a frame range: \(forms)"
            }
        default:
            problem = "--frames \(argument) is not a frame range: \(forms)"
        }
        if problem == nil, let value = [lower, upper].compactMap({ $0 }).first(where: { $0 < 0 }) {
            problem = "--frames \(argument): frame numbers start at 0, found \(value)"
        } else if problem == nil, let lower, let upper, lower > upper {
            problem = "--frames \(argument) runs backwards: write the first frame first (\(upper)..\(lower))"
        }
        (self.lower, self.upper, self.problem) = (lower, upper, problem)
    }

    /// The range among `count` displayed frames; an open end is the first or last frame. Throws
    /// a usage error naming the scene's frames when the range leaves them.
    func range(frameCount count: Int) throws(StrataError) -> ClosedRange<Int> {
        let low = lower ?? 0, high = upper ?? count - 1
        guard low <= high, high < count else {
            throw StrataError(.usage, "--frames \(text) is outside the scene's frames 0..\(count - 1)")
        }
        return low...high
    }
}

/// `strata render SCENE --out DIR`: every frame as DIR/frame-00000.png … and DIR/manifest.json.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene's frames as DIR/frame-00000.png … with DIR/manifest.json, or as a video (--video).",
        discussion: """
            Frames are rendered on --jobs threads; the bytes are the same whatever the number of jobs \
            or the ranges a run is split into. Ctrl-C stops after the frames in flight (exit 130); \
            --skip-existing then finishes the run.
            """)

    @OptionGroup var options: SceneOptions
    @OptionGroup var imports: ImportOptions
    @OptionGroup var pngOptions: PNGOptions
    @OptionGroup var shapeOptions: ShapeOptions

    @Option(name: .shortAndLong, help: "Folder for the frames (created if missing; default out, or none with --video).")
    var out: String?

    @OptionGroup var videoOptions: VideoOptions

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Only these frames: an inclusive range A..B of frame indices, A.. (to the last), ..B (from the first) or one index A.", valueName: "A..B"))
    var frames: FrameRangeArgument?

    @Option(name: .long, help: "Frames per second; overrides the scene's clock, keeping its duration.")
    var fps: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Render one of N contiguous chunks of the frames: K/N (K from 0), or slurm (a job array task's SLURM_ARRAY_TASK_ID and _COUNT) or k8s (an Indexed Job pod's JOB_COMPLETION_INDEX, with --shards).", valueName: "K/N|slurm|k8s"))
    var shard: String?

    @Option(help: "Number of shards for --shard k8s (the Job's completions); overrides SLURM_ARRAY_TASK_COUNT for --shard slurm.")
    var shards: Int?


    @Flag(help: "Keep existing frames and render only the missing ones (resume an interrupted run).")
    var skipExisting = false


    @OptionGroup var work: RunOptions

    @Flag(help: "Draw every frame in full rather than only what changed since the thread's previous frame (the same bytes; for measuring).")
    var noDamage = false

    @Option(help: "Render true motion blur: shutter angle in degrees (with --subframes).")
    var shutter: Double?

    @Option(help: "Evaluations per frame for --shutter (default 16).")
    var subframes: Int?

    @Option(help: ArgumentHelp("Replace a motion-blur overlay's curve: ID=CURVE (log2:5, linear:0.05, smoothstep:0:8, table:…); repeatable. Recorded in the run's fingerprint.", valueName: "id=curve"))
    var curve: [String] = []

    @Option(help: ArgumentHelp("Replace the clock's dropped ticks: none, every:N or ticks:A,B,… (as Strata Studio exports it).", valueName: "ticks"))
    var drop: String?

    @Option(help: ArgumentHelp("Replace a motion-blur overlay's blur length: ID=POINTS; repeatable.", valueName: "id=points"))
    var overlayRadius: [String] = []

    @Option(help: ArgumentHelp("Replace a motion-blur overlay's blur angle: ID=DEGREES; repeatable.", valueName: "id=degrees"))
    var overlayAngle: [String] = []

    @Option(help: ArgumentHelp("Replace a motion-blur overlay's reference rate: ID=HZ (0: none); repeatable.", valueName: "id=hz"))
    var overlayRate: [String] = []

    @Option(help: ArgumentHelp("Also write an animated PNG of the frames rendered (strata preview).", valueName: "file.png"))
    var preview: String?

    @Option(help: "Pixels of the --preview per frame pixel, in (0, 1] (default 1: the frames exactly).")
    var previewScale: Double?

    /// `--curve ID=CURVE` arguments, parsed.
    /// The `--curve ID=CURVE` overrides (the ids are checked against the scene once it is read).
    func curveOverrides() throws -> CurveOverrides {
        do { return try CurveOverrides(arguments: curve) } catch { throw ValidationError(error.message) }
    }

    func validate() throws {
        _ = try curveOverrides()
        _ = try sceneTweaks()
        if let problem = frames?.problem { throw ValidationError(problem) }
        if work.overwrite && skipExisting { throw ValidationError("--overwrite and --skip-existing exclude each other") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be in (0, 1000], found \(fps)") }
        if let shutter, !(shutter > 0 && shutter <= 360) { throw ValidationError("--shutter must be in (0, 360] degrees, found \(shutter)") }
        if let subframes, !(1...1000).contains(subframes) { throw ValidationError("--subframes must be in 1…1000, found \(subframes)") }
        if subframes != nil && shutter == nil { throw ValidationError("--subframes needs --shutter") }
        if previewScale != nil && preview == nil { throw ValidationError("--preview-scale needs --preview FILE.png") }
        if let previewScale, !(previewScale > 0 && previewScale <= 1) {
            throw ValidationError("--preview-scale must be in (0, 1], found \(previewScale)")
        }
        if preview != nil && out == nil && videoOptions.video != nil {
            throw ValidationError("--preview is made from the PNG frames: give --out DIR as well as --video")
        }
        if preview != nil && shard != nil {
            throw ValidationError("--preview shows the whole run: make it after the shards with strata preview DIR --out FILE.png")
        }
        if shards != nil && shard == nil { throw ValidationError("--shards needs --shard k8s or --shard slurm") }
        if let shards, shards < 1 { throw ValidationError("--shards must be at least 1, found \(shards)") }
        if let shard, shard.contains("/") {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
                throw ValidationError("--shard \(shard) is not a shard: write K/N with 0 ≤ K < N (e.g. 0/4 … 3/4), slurm or k8s")
            }
            if shards != nil { throw ValidationError("--shards goes with --shard k8s or slurm; K/N already says the number of shards") }
        } else if let shard, FrameShard.Scheduler(rawValue: shard) == nil {
            throw ValidationError("--shard \(shard) is not a shard: write K/N with 0 ≤ K < N (e.g. 0/4 … 3/4), slurm or k8s")
        }
    }

    /// `--drop` and `--overlay-radius|angle|rate`, parsed.
    func sceneTweaks() throws -> SceneTweaks {
        do { return try SceneTweaks(drop: drop, radius: overlayRadius, angle: overlayAngle, rate: overlayRate) } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let overrides = try curveOverrides()
        let tweaks = try sceneTweaks()
        try runReportingErrors { () throws(StrataError) in
            let scene = try shapeOptions.shape().applied(to: try tweaks.applied(to: try overrides.applied(to: try options.load(imports))))
            let out = self.out ?? "out"
            var settings = FrameSequence.Options(
                directory: URL(fileURLWithPath: out), frames: nil, framesPerSecond: fps, scale: options.scale,
                overwrite: work.overwrite, skipExisting: skipExisting, jobs: work.jobs, encoding: pngOptions.png.options)
            if let frames {
                let clock = try FrameSequence(scene: scene, options: settings).checkedClock()
                settings.frames = try frames.range(frameCount: clock.displayedFrames.count)
            }
            settings.shard = try frameShard()
            do { settings.video = try videoOptions.settings() } catch { throw StrataError(.usage, "\(error)") }
            settings.writesFrames = self.out != nil || settings.video == nil
            settings.drawsDamage = !noDamage
            if let shutter { settings.groundTruth = GroundTruth(shutterDegrees: shutter, subframes: subframes ?? 16) }
            settings.preview = preview.map { PreviewSettings(url: URL(fileURLWithPath: $0), scale: previewScale ?? 1) }
            let sequence = FrameSequence(scene: scene, options: settings)
            let cancellation = CancellationFlag()
            let interrupt = InterruptHandler(cancellation: cancellation,
                                             resume: settings.writesFrames ? "run again with --skip-existing to finish \(out)" : nil)
            defer { interrupt.remove() }
            let summary = try sequence.run(progress: work.quiet ? nil : TerminalProgress(label: scene.name), cancellation: cancellation)
            for note in summary.videoNotes { FileHandle.standardError.write(Data("strata: note: \(note)\n".utf8)) }
            if !work.quiet, !settings.writesFrames {
                print("rendered \(summary.written) frame\(summary.written == 1 ? "" : "s") of \(scene.name)")
            } else if !work.quiet {
                var line = "rendered \(summary.written) frame\(summary.written == 1 ? "" : "s") of \(scene.name) to \(out)/"
                if let shard = settings.shard {
                    line += summary.range.map { " (shard \(shard): frames \($0.lowerBound)..\($0.upperBound))" } ?? " (shard \(shard) has no frames)"
                }
                if summary.skipped > 0 { line += " (\(summary.skipped) existing kept)" }
                print(line + "; manifest in \(out)/manifest.json")
            }
            if !work.quiet, let video = summary.video, let wanted = settings.video {
                print(settings.shard == nil ? videoLine(video, settings: wanted, path: wanted.url.path)
                      : videoLine(video, settings: wanted, path: "\(out)/\(VideoSegments.folderName)/\(video.url.lastPathComponent)") + "; join the segments with strata encode \(out) --video \(wanted.url.path)")
            }
            if !work.quiet, let made = summary.preview, let path = preview { print(previewLine(made, path: path)) }
        }
    }
}

extension Render {
    /// The shard `--shard` names, read from the scheduler's variables when it names one.
    func frameShard() throws(StrataError) -> FrameShard? {
        guard let shard else { return nil }
        if let scheduler = FrameShard.Scheduler(rawValue: shard) {
            return try FrameShard.from(scheduler, environment: ProcessInfo.processInfo.environment, shards: shards)
        }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        return try FrameShard(index: parts[0], count: parts[1])
    }
}

/// Turns signals into stops while a sequence renders or a video is made. The first Ctrl-C (SIGINT)
/// lets the frames in flight finish and kills ffmpeg at once (`CancellationFlag.interrupt`), exit
/// 130. SIGTERM — what `kill`, `scancel` and Kubernetes send — or a second Ctrl-C stops at once,
/// without waiting for a frame that may take minutes (`ImmediateStop`): exit 143 or 130. Either way
/// no partial or temporary file is left, and frames in place keep their records.
final class InterruptHandler {
    private static let signals = [SIGINT, SIGTERM]
    private let sources: [DispatchSourceSignal]

    /// `resume` says how to finish what an immediate stop leaves (nil: nothing can be resumed).
    init(cancellation: CancellationFlag, resume: String? = nil) {
        let interrupts = Counter()
        let after = "frames in flight are dropped, no temporary file is left" + (resume.map { "; \($0)" } ?? "")
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global())
            source.setEventHandler {
                if number == SIGTERM {
                    ImmediateStop.perform(status: 128 + SIGTERM, message: "\nstrata: terminated (SIGTERM): stopped at once; \(after)\n")
                }
                if interrupts.increment() > 1 {
                    ImmediateStop.perform(status: 128 + SIGINT, message: "\nstrata: interrupted again: stopped at once; \(after)\n")
                }
                FileHandle.standardError.write(Data("\nstrata: interrupted; finishing the frames in flight (Ctrl-C again stops at once)…\n".utf8))
                cancellation.interrupt()
            }
            source.resume()
            return source
        }
    }

    func remove() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() -> Int { lock.withLock { count += 1; return count } }
    }
}
