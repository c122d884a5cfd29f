import Foundation
import StrataModel
import StrataQuartzCore
import StrataRaster
import StrataTestSupport
import StrataUIKitShims
import Testing

/// The corpus of Core Animation code by others (Tests/Fixtures/quartzcore), compiled into this
/// target with only its imports rewritten, and drawn.
@Suite struct CorpusTests {
    /// Every NVActivityIndicatorView animation, by the name its type gives.
    static let animations: [(String, NVActivityIndicatorAnimationDelegate)] = [
        ("AudioEqualizer", NVActivityIndicatorAnimationAudioEqualizer()), ("BallBeat", NVActivityIndicatorAnimationBallBeat()),
        ("BallClipRotate", NVActivityIndicatorAnimationBallClipRotate()),
        ("BallClipRotateMultiple", NVActivityIndicatorAnimationBallClipRotateMultiple()),
        ("BallClipRotatePulse", NVActivityIndicatorAnimationBallClipRotatePulse()),
        ("BallDoubleBounce", NVActivityIndicatorAnimationBallDoubleBounce()), ("BallGridBeat", NVActivityIndicatorAnimationBallGridBeat()),
        ("BallGridPulse", NVActivityIndicatorAnimationBallGridPulse()), ("BallPulse", NVActivityIndicatorAnimationBallPulse()),
        ("BallPulseRise", NVActivityIndicatorAnimationBallPulseRise()), ("BallPulseSync", NVActivityIndicatorAnimationBallPulseSync()),
        ("BallRotate", NVActivityIndicatorAnimationBallRotate()), ("BallRotateChase", NVActivityIndicatorAnimationBallRotateChase()),
        ("BallScale", NVActivityIndicatorAnimationBallScale()), ("BallScaleMultiple", NVActivityIndicatorAnimationBallScaleMultiple()),
        ("BallScaleRipple", NVActivityIndicatorAnimationBallScaleRipple()),
        ("BallScaleRippleMultiple", NVActivityIndicatorAnimationBallScaleRippleMultiple()),
        ("BallSpinFadeLoader", NVActivityIndicatorAnimationBallSpinFadeLoader()),
        ("BallTrianglePath", NVActivityIndicatorAnimationBallTrianglePath()), ("BallZigZag", NVActivityIndicatorAnimationBallZigZag()),
        ("BallZigZagDeflect", NVActivityIndicatorAnimationBallZigZagDeflect()),
        ("CircleStrokeSpin", NVActivityIndicatorAnimationCircleStrokeSpin()),
        ("CubeTransition", NVActivityIndicatorAnimationCubeTransition()), ("LineScale", NVActivityIndicatorAnimationLineScale()),
        ("LineScaleParty", NVActivityIndicatorAnimationLineScaleParty()),
        ("LineScalePulseOut", NVActivityIndicatorAnimationLineScalePulseOut()),
        ("LineScalePulseOutRapid", NVActivityIndicatorAnimationLineScalePulseOutRapid()),
        ("LineSpinFadeLoader", NVActivityIndicatorAnimationLineSpinFadeLoader()), ("Orbit", NVActivityIndicatorAnimationOrbit()),
        ("Pacman", NVActivityIndicatorAnimationPacman()), ("SemiCircleSpin", NVActivityIndicatorAnimationSemiCircleSpin()),
        ("SquareSpin", NVActivityIndicatorAnimationSquareSpin()), ("TriangleSkewSpin", NVActivityIndicatorAnimationTriangleSkewSpin()),
    ]

    /// The indicator as NVActivityIndicatorView sets it up: a 60 × 60 animation in a 60 × 60 layer.
    static func indicator(_ animation: NVActivityIndicatorAnimationDelegate, side: CGFloat = 60, size: CGFloat = 60) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        animation.setUpAnimation(in: layer, size: CGSize(width: size, height: size), color: .systemBlue)
        return layer
    }

    @Test func atLeastNinetyPercentOfTheFilesCompileWithOnlyTheirImportsChanged() {
        let files = QuartzCoreCorpusManifest.files
        let compiling = files.filter(\.compiles)
        // At least 40 files from more than one source (the floor); each source is
        // drawn by its own suite (this one, and SwiftyCoreAnimationTests in its own target).
        #expect(files.count >= 40)
        #expect(Set(files.map { $0.path.prefix { $0 != "/" } }).count >= 2)
        #expect(Double(compiling.count) >= 0.9 * Double(files.count), "\(compiling.count) of \(files.count) files compile")
        // A file left out says what it needs.
        for file in files where !file.compiles { #expect(!file.needed.isEmpty, "\(file.path) is left out without a reason") }
        // Every animation type of the corpus is drawn below.
        let animationFiles = files.filter { $0.path.hasPrefix("NVActivityIndicatorView/") && $0.path.contains("/Animations/") && $0.compiles }
        #expect(animationFiles.count == Self.animations.count + 1)   // + Blank, which draws nothing
    }

    /// Each animation draws, moves, and is drawn without a problem reported; the frames are the
    /// same bytes every time.
    @Test(arguments: animations.map(\.0))
    func everyAnimationDrawsAndMoves(_ name: String) throws {
        let animation = Self.animations.first { $0.0 == name }!.1
        let layer = Self.indicator(animation)
        let scene = try layer.strataScene(scale: 2)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let times = [0.0, 0.15, 0.3, 0.45, 0.6, 0.9]
        let frames = try times.map { try render(layer, scale: 2, at: $0).pixels }
        // Something of the indicator's colour is on the canvas in every frame but the first of
        // animations that start from nothing.
        let drawn = frames.map { $0.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 } }
        #expect(drawn.filter { $0 }.count >= times.count - 2, "\(name): drawn at \(drawn)")
        #expect(Set(frames).count >= 3, "\(name) shows \(Set(frames).count) different frames in \(times)")
        #expect(try render(layer, scale: 2, at: 0.3).pixels == frames[2])
    }

    /// A sheet of every animation at four times, for looking at (written to .artifacts/).
    @Test func contactSheet() throws {
        let cell = 60, times = [0.1, 0.3, 0.5, 0.7]
        var sheet = try PixelBuffer(width: cell * times.count * 2, height: cell * Self.animations.count * 2)
        for (row, (_, animation)) in Self.animations.enumerated() {
            let layer = Self.indicator(animation)
            for (column, time) in times.enumerated() {
                let frame = try render(layer, scale: 2, at: time, background: .white).pixels
                for y in 0..<frame.height {
                    let from = y * frame.width * 4, to = ((row * cell * 2 + y) * sheet.width + column * cell * 2) * 4
                    sheet.pixels.replaceSubrange(to..<to + frame.width * 4, with: frame.pixels[from..<from + frame.width * 4])
                }
            }
        }
        let url = TestPaths.artifacts.appendingPathComponent("quartzcore-corpus.png")
        try FileManager.default.createDirectory(at: TestPaths.artifacts, withIntermediateDirectories: true)
        try Data(PNGCodec.encode(sheet)).write(to: url)
        // The README's strip (docs/quartzcore-strip.png): two animations, six frames each, on white.
        var strip = try PixelBuffer(width: 6 * 80 * 2, height: 2 * 80 * 2)
        for (row, name) in ["SquareSpin", "BallClipRotateMultiple"].enumerated() {
            let indicator = Self.indicator(Self.animations.first { $0.0 == name }!.1, side: 80, size: 44)
            for column in 0..<6 {
                let frame = try render(indicator, scale: 2, at: 0.2 * Double(column), background: .white).pixels
                for y in 0..<frame.height {
                    let from = y * frame.width * 4, to = ((row * 160 + y) * strip.width + column * 160) * 4
                    strip.pixels.replaceSubrange(to..<to + frame.width * 4, with: frame.pixels[from..<from + frame.width * 4])
                }
            }
        }
        try Data(PNGCodec.encode(strip)).write(to: TestPaths.artifacts.appendingPathComponent("quartzcore-strip.png"))
    }
}
