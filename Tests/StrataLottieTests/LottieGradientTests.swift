import Foundation
import StrataLottie
import StrataSnapshotTesting
import StrataTestSupport
import Testing

/// The radial gradient's highlight (`h` percent of the radius, `a` degrees from the start–end
/// direction): the first stop sits at the focal point, as After Effects draws it.
@Suite("Lottie: radial highlight") struct LottieGradientTests {
    @Test func theHighlightMovesTheFirstStopToTheFocalPoint() throws {
        // lottie-ae gradient-radial-highlight: centre (40, 40), end (40, 80), h 80, a 45°: the focal
        // point 0.8 × 40 along 135° (down and left) from the centre, at (17.4, 62.6). Red first.
        let corpus = AfterEffectsCorpus(folder: TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ae"))
        let picture = try #require(try corpus.pictures().first { $0.name == "gradient-radial-highlight" })
        let image = try corpus.render(picture, width: 80, height: 80)
        let focal = image[17, 62], centre = image[40, 40]
        #expect(focal.r > 200 && focal.b < 60, "red at the focal point: \(focal)")
        #expect(centre.r < focal.r && centre.b > focal.b, "the centre is further along the stops: \(centre)")
    }
}
