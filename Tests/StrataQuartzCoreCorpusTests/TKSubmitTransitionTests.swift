import Foundation
import StrataQuartzCore
import StrataRaster
import StrataTestSupport
import StrataUIKitShims
import Testing

/// TKSubmitTransition's spinner (Tests/Fixtures/quartzcore/TKSubmitTransition, MIT): the layer
/// its submit button shows while it waits, compiled verbatim and drawn as the button drives it.
@Suite struct TKSubmitTransitionTests {
    @Test func theSubmitSpinnerTurnsWhileItRunsAndHidesWhenStopped() throws {
        try onThreadOfItsOwnSync {
            let spinner = SpinerLayer(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            spinner.spinnerColor = .white
            #expect(spinner.bounds == CGRect(x: 0, y: 0, width: 40, height: 40))
            let hidden = try render(spinner, scale: 2, at: 0).pixels
            #expect(!hidden.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 })
            spinner.animation()
            // A 0.4 s turn, linear: a quarter turn apart, the arc is somewhere else; a whole turn
            // apart, it is where it was.
            let frames = try [0.0, 0.1, 0.2, 0.3].map { try render(spinner, scale: 2, at: $0).pixels }
            #expect(Set(frames).count == 4)
            // For looking at: the four frames on black (.artifacts/quartzcore-submit-spinner.png).
            var strip = try PixelBuffer(width: 4 * 80, height: 80)
            for (column, frame) in frames.enumerated() {
                for y in 0..<80 {
                    let to = (y * 320 + column * 80) * 4
                    strip.pixels.replaceSubrange(to..<to + 320, with: frame.pixels[y * 320..<(y + 1) * 320])
                }
            }
            for i in stride(from: 3, to: strip.pixels.count, by: 4) { strip.pixels[i] = 255 }
            try FileManager.default.createDirectory(at: TestPaths.artifacts, withIntermediateDirectories: true)
            try Data(PNGCodec.encode(strip)).write(to: TestPaths.artifacts.appendingPathComponent("quartzcore-submit-spinner.png"))
            #expect(frames[0].pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 128 })
            #expect(try render(spinner, scale: 2, at: 0.4).pixels == frames[0])
            spinner.stopAnimation()
            #expect(try render(spinner, scale: 2, at: 0.5).pixels == hidden)
        }
    }
}
