import ArgumentParser
import Foundation
import StrataKit

/// `strata encode DIR --video FILE`: a video from a folder already rendered.
struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Make a video from a rendered folder: join its shards' segments, or encode its frames at the manifest's times.",
        discussion: """
            When DIR/video/ holds segments written by `strata render --shard … --video`, covering the run's \
            frames under the manifest's fingerprint, they are joined without re-encoding. Otherwise the PNG \
            frames are encoded (each held for the ticks it lasts: dropped ticks repeat the frame before). \
            ffmpeg does the encoding; the file appears only when it succeeded. Codecs: docs/video.md.
            """)

    @Argument(help: "The folder `strata render --out` wrote.")
    var directory: String

    @OptionGroup var videoOptions: VideoOptions

    @Flag(help: "Encode the PNG frames even when the folder has segments.")
    var fromFrames = false



    @OptionGroup var work: RunOptions

    func validate() throws {
        if videoOptions.video == nil { throw ValidationError("strata encode needs --video FILE (.mp4, .webm, .mov, .gif or .mkv)") }
    }

    func run() throws {
        guard let settings = try videoOptions.settings() else { return }
        try runReportingErrors { () throws(StrataError) in
            let cancellation = CancellationFlag()
            let interrupt = InterruptHandler(cancellation: cancellation)
            defer { interrupt.remove() }
            let outcome = try FolderVideo.make(from: URL(fileURLWithPath: directory), settings: settings, codecGiven: videoOptions.codec != nil,
                                               overwrite: work.overwrite, fromFrames: fromFrames, jobs: work.jobs, cancellation: cancellation)
            for note in outcome.notes { FileHandle.standardError.write(Data("strata: note: \(note)\n".utf8)) }
            if !work.quiet {
                let how = outcome.joined ? "joined the segments of \(directory) (not re-encoded)" : "encoded the frames of \(directory)"
                print(videoLine(outcome.result, settings: outcome.settings, path: settings.url.path) + "; " + how)
            }
        }
    }
}
