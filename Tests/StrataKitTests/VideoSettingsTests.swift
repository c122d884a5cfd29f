import StrataTestSupport
import Foundation
import Testing
@testable import StrataKit
import StrataScene

@Suite("Video settings, rates and segments")
struct VideoSettingsTests {
    @Test func ratesAreTheFractionsContainersStore() {
        let cases: [(Double, String)] = [(30, "30/1"), (60, "60/1"), (29.97, "30000/1001"), (23.976, "24000/1001"),
                                         (59.94, "60000/1001"), (30000.0 / 1001, "30000/1001"), (12.5, "25/2"),
                                         (1000.0 / 3, "1000/3"), (0.5, "1/2"), (7.123456, "7123/1000")]
        for (fps, expected) in cases {
            #expect(VideoFrameRate(fps: fps).description == expected, "\(fps)")
        }
        #expect(abs(VideoFrameRate(fps: 29.97).seconds(frames: 30) - 1.001) < 1e-12)
    }

    @Test func eachCodecGetsItsContainerAndDefaults() throws {
        let url = { (name: String) in URL(fileURLWithPath: "/tmp/\(name)") }
        #expect(try VideoSettings(url: url("a.mp4")).codec == .h264)
        #expect(try VideoSettings(url: url("a.webm")).codec == .vp9)
        #expect(try VideoSettings(url: url("a.MOV")).codec == .prores)
        #expect(try VideoSettings(url: url("a.gif")).codec == .gif)
        #expect(try VideoSettings(url: url("a.mkv")).codec == .ffv1)
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.avi")) }
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.webm"), codec: .h264) }
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.mp4"), crf: -1) }
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.mov"), crf: 10) }
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.mp4"), preset: "ludicrous") }
        #expect(throws: StrataError.self) { try VideoSettings(url: url("a.gif"), pixelFormat: "rgb24") }

        let h264 = try VideoSettings(url: url("a.mp4"))
        #expect(h264.summary == "h264, crf 18, preset medium")
        let odd = h264.invocation(width: 61, height: 41, sceneHasAlpha: true, rate: VideoFrameRate(fps: 30), output: "/tmp/x")
        #expect(odd.inputPixelFormat == "bgr0", "no alpha in yuv420p: Cairo's premultiplied bytes, the frame over black")
        #expect(odd.arguments.contains("pad=62:42:0:0,fillborders=right=1:bottom=1:mode=smear,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"))
        #expect(odd.notes.count == 1 && odd.alphaDroppedNote?.contains("carries no alpha") == true, "padding always; alpha dropped only if a frame has a transparent pixel")
        let even = h264.invocation(width: 60, height: 40, sceneHasAlpha: false, rate: VideoFrameRate(fps: 30), output: "/tmp/x")
        #expect(even.notes.isEmpty && !even.arguments.joined(separator: " ").contains("pad="))
        // Arguments are an array: a path with spaces and quotes is one argument, never split.
        let odd444 = try VideoSettings(url: url("a.mp4"), pixelFormat: "yuv444p")
            .invocation(width: 61, height: 41, sceneHasAlpha: false, rate: VideoFrameRate(fps: 30), output: "/tmp/it's a file.mp4")
        #expect(odd444.arguments.last == "/tmp/it's a file.mp4" && odd444.notes.isEmpty)
        let prores = try VideoSettings(url: url("a.mov")).invocation(width: 8, height: 8, sceneHasAlpha: true, rate: VideoFrameRate(fps: 24), output: "x")
        #expect(prores.inputPixelFormat == "bgra" && prores.arguments.contains("yuva444p10le") == false
                && prores.arguments.joined(separator: " ").contains("format=yuva444p10le -c:v prores_ks -profile:v 4"))
    }

    @Test func segmentsTileAndDroppedTicksRepeat() {
        // Ticks 0 1 _ 3 4 _ 6 (every third dropped), 7 ticks: frame 1 lasts ticks 1-2.
        let ticks = [0, 1, 3, 4, 6]
        #expect(VideoSegments.repeats(of: 0...4, ticks: ticks, tickCount: 7) == [1, 2, 1, 2, 1])
        #expect(VideoSegments.repeats(of: 3...4, ticks: ticks, tickCount: 8) == [2, 2])
        let segments = [0...9, 10...19, 20...30, 0...14, 15...30]
        #expect(VideoSegments.tiling(0...30, segments: segments) != nil)
        #expect(VideoSegments.tiling(0...30, segments: [0...9, 20...30]) == nil)
        #expect(VideoSegments.missing(0...30, segments: [0...9, 20...30, 40...50]) == [10...19])
        // Overlapping runs: a chain that follows on exists (0...14, 15...30) though 0...9 leads nowhere.
        #expect(VideoSegments.tiling(0...30, segments: [0...9, 0...14, 15...30, 12...30]) == [0...14, 15...30])
        // Many segments do not recurse.
        let many = (0..<50_000).map { $0...$0 }
        #expect(VideoSegments.tiling(0...49_999, segments: many)?.count == 50_000)
    }
}
