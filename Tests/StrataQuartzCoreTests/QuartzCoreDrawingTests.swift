import Foundation
import StrataKit
import StrataModel
import StrataQuartzCore
import StrataRender
import StrataTestSupport
import StrataUIKitShims
import Testing

/// What StrataQuartzCore draws beyond geometry and time: some corners rounded, image contents,
/// fonts and colour spaces, transitions and emitters.
@Suite struct QuartzCoreDrawingTests {
    @Test func maskedCornersRoundOnlyTheCornersNamed() throws {
        let sheet = CALayer()
        sheet.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        sheet.backgroundColor = UIColor.red.cgColor
        sheet.cornerRadius = 20
        sheet.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]   // the top ones, y down
        sheet.masksToBounds = true
        let fill = CALayer()
        fill.frame = CGRect(x: 0, y: 30, width: 100, height: 30)
        fill.backgroundColor = UIColor.blue.cgColor
        sheet.addSublayer(fill)
        let scene = try sheet.strataScene()
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let image = try render(sheet).pixels
        try FileManager.default.createDirectory(at: TestPaths.artifacts, withIntermediateDirectories: true)
        try render(sheet, scale: 3).writePNG(to: TestPaths.artifacts.appendingPathComponent("quartzcore-masked-corners.png"))
        #expect(image[2, 2].a == 0 && image[97, 2].a == 0)              // top corners cut
        #expect(image[50, 2] == (255, 0, 0, 255))                       // the top edge between them drawn
        #expect(image[1, 58] == (0, 0, 255, 255) && image[98, 58] == (0, 0, 255, 255))   // bottom corners square
        // With every corner named it is the layer's own corner radius.
        sheet.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        #expect(try render(sheet).pixels[1, 58].a == 0)
    }

    /// A ring drawn in `draw(in:)` with Core Graphics, as progress views draw one.
    final class RingLayer: CALayer {
        var progress: CGFloat = 0.75
        override func draw(in ctx: CGContext) {
            ctx.setStrokeColor(UIColor.systemRed.cgColor)
            ctx.setLineWidth(6)
            ctx.setLineCap(.round)
            ctx.addArc(center: CGPoint(x: 30, y: 30), radius: 24, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
            ctx.strokePath()
            ctx.saveGState()
            ctx.translateBy(x: 25, y: 25)
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.restoreGState()
        }
    }

    @Test func drawInContextPaintsWhatCoreGraphicsWould() throws {
        let ring = RingLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        #expect(try render(ring).pixels.pixels.allSatisfy { $0 == 0 })   // not asked to display: nothing
        ring.setNeedsDisplay()
        let drawn = try render(ring, scale: 2).pixels
        // The same painting as two shape layers.
        let expected = CALayer()
        expected.frame = ring.frame
        let arc = CAShapeLayer()
        arc.frame = ring.bounds
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 30, y: 30), radius: 24, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * 0.75, clockwise: false)
        arc.path = path
        arc.fillColor = nil
        arc.strokeColor = UIColor.systemRed.cgColor
        arc.lineWidth = 6
        arc.lineCap = .round
        let square = CAShapeLayer()
        square.frame = ring.bounds
        square.path = CGPath(rect: CGRect(x: 25, y: 25, width: 10, height: 10), transform: nil)
        square.fillColor = UIColor.blue.cgColor
        expected.addSublayer(arc)
        expected.addSublayer(square)
        #expect(drawn == (try render(expected, scale: 2).pixels))
        #expect(drawn[60, 60] == (0, 0, 255, 255) && drawn[60, 12].a == 255)   // the square; the ring at noon
        // Kept until asked again: a changed property shows after setNeedsDisplay().
        ring.progress = 0.25
        #expect(try render(ring, scale: 2).pixels == drawn)
        ring.setNeedsDisplay()
        #expect(try render(ring, scale: 2).pixels != drawn)
    }

    /// A layer whose class asks for display when its bounds change (`needsDisplay(forKey:)`).
    final class SizedRing: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool { key == "bounds" || super.needsDisplay(forKey: key) }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fillEllipse(in: bounds)
        }
    }

    @Test func aClassThatNeedsDisplayForAKeyRedrawsWhenItChanges() throws {
        let ring = SizedRing()
        ring.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let small = try render(ring, size: CGSize(width: 40, height: 40)).pixels
        ring.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let large = try render(ring, size: CGSize(width: 40, height: 40)).pixels
        #expect(small[10, 10].b == 255 && small[30, 30].a == 0 && large[30, 20].b == 255)
    }

    /// A CALayer's animation as a video through Kit's video sink (ffmpeg).
    @Test(.tags(.ffmpeg), Oracle.ffmpeg.trait) func aLayersAnimationAsAVideo() throws {
        let ring = RingLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        ring.setNeedsDisplay()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * CGFloat.pi
        spin.duration = 1
        ring.add(spin, forKey: "spin")
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = try VideoSettings(url: folder.appendingPathComponent("ring.mp4"))
        let summary = try renderFrames(ring, scale: 2, framesPerSecond: 20, seconds: 1, to: folder, video: video)
        #expect(summary.written == 21 && summary.video?.videoFrames == 21)
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("ring.mp4").path)[.size] as? Int ?? 0
        #expect(size > 1_000)
    }

    @Test func imageContentsFromJPEGAndPNGFiles() throws {
        // The four-colour JPEG fixture: red, green, blue and white quadrants, 32 × 24 pixels.
        let path = TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg/quadrants.jpg").path
        let image = try #require(UIImage(contentsOfFile: path)?.cgImage)
        #expect(image.width == 32 && image.height == 24)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.contents = image
        layer.contentsGravity = .resizeAspect                 // 64 × 48, centred: 8 points above and below
        let drawn = try render(layer).pixels
        #expect(drawn[10, 4].a == 0 && drawn[10, 60].a == 0)   // the letterbox
        let red = drawn[8, 16], white = drawn[56, 48]
        #expect(red.r > 240 && red.g < 20 && red.b < 20, "\(red)")
        #expect(white.r > 240 && white.g > 240 && white.b > 240, "\(white)")
        // PNG bytes out and in again: the same pixels.
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.png")
        try render(layer).writePNG(to: file)
        #expect(try CGImage.load(contentsOfFile: file.path).pixels == drawn)
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path) == nil)
    }

    @Test func textInAUIFontAndColoursInAColourSpace() throws {
        let label = CATextLayer()
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 30)
        label.string = "Hello"
        label.font = UIFont.boldSystemFont(ofSize: 40)      // Core Animation takes the face, not the size
        label.fontSize = 20
        label.foregroundColor = CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0.2, 0.4, 0.6, 1])
        var text = TextContent(string: "Hello", fontSize: 20, color: Color(red: 0.2, green: 0.4, blue: 0.6))
        text.weight = 700
        var expected = Layer(name: nil, frame: Rect(x: 0, y: 0, width: 120, height: 30))
        expected.text = text
        #expect(try render(label, scale: 2).pixels == Renderer.render([expected], size: Size(width: 120, height: 30), scale: 2, background: nil))
        let grey = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 1]))
        #expect(grey.strataColor == Color(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test func emittersAndTransitionsWithoutABeforeAreListed() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let fade = CATransition()
        fade.type = .push
        fade.subtype = .fromRight
        root.add(fade, forKey: kCATransition)
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 10
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        let warnings = try root.strataScene().warnings
        #expect(warnings.contains { $0.contains("CATransition on a layer not drawn before") } && warnings.contains { $0.contains("particles are not drawn") })
        #expect(throws: QuartzCoreError.self) { try render(root, strict: true) }
    }

    @Test func aFadeTransitionCrossesFromTheStateLastDrawn() throws {
        try onThreadOfItsOwnSync {
            let tile = CALayer()
            tile.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            tile.backgroundColor = UIColor.red.cgColor
            _ = try render(tile)                              // drawn red: the state before
            let fade = CATransition()
            fade.type = .fade
            fade.duration = 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)            // no implicit colour animation
            tile.backgroundColor = UIColor.blue.cgColor
            tile.add(fade, forKey: kCATransition)
            CATransaction.commit()
            let start = try render(tile, at: 0).pixels[10, 10], middle = try render(tile, at: 0.5).pixels[10, 10]
            let end = try render(tile, at: 1.5).pixels[10, 10]
            #expect(start == (255, 0, 0, 255) && end == (0, 0, 255, 255))
            #expect(middle.r > 100 && middle.r < 155 && middle.b > 100, "\(middle)")   // half red over blue
            // Pushed from the right, the old state leaves to the left.
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 1
            tile.backgroundColor = UIColor.green.cgColor
            tile.add(push, forKey: kCATransition)
            let halfway = try render(tile, at: 0.5).pixels
            #expect(halfway[2, 10] == (0, 0, 255, 255) && halfway[18, 10] == (0, 255, 0, 255), "\(halfway[2, 10]) \(halfway[18, 10])")
        }
    }
}
