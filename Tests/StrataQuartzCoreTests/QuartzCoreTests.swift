import Foundation
import StrataAnimation
import StrataKit
import StrataModel
import StrataQuartzCore
import StrataRender
import StrataTestSupport
import StrataUIKitShims
import Testing

/// Core Animation's names map onto Strata's model: the same tree built either way draws the same
/// bytes, and time, transactions and errors behave as Core Animation's.
@Suite struct QuartzCoreTests {
    /// A card with a shape, a gradient and a rotated sublayer, built with the CALayer API.
    static func card() -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        card.backgroundColor = UIColor.systemGray6.cgColor
        card.cornerRadius = 12
        card.borderWidth = 2
        card.borderColor = UIColor.systemBlue.cgColor
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 30, y: 30), radius: 24, startAngle: -.pi / 2, endAngle: .pi, clockwise: true).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemRed.cgColor
        ring.lineWidth = 6
        ring.lineCap = .round
        card.addSublayer(ring)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 80, y: 10, width: 30, height: 60)
        gradient.colors = [UIColor.systemYellow.cgColor, UIColor.systemGreen.cgColor]
        gradient.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        card.addSublayer(gradient)
        return card
    }

    @Test func aCALayerTreeDrawsAsTheSameStrataTree() throws {
        var ring = ShapeContent(path: Path(), fillColor: nil, strokeColor: Color(rgb: 0xFF3B30))
        var arc = Path()
        arc.addArc(center: Point(x: 30, y: 30), radius: 24, startAngle: -.pi / 2, endAngle: .pi, clockwise: true)
        ring.path = arc
        ring.lineWidth = 6
        ring.lineCap = .round
        var card = Layer(name: nil, frame: Rect(x: 0, y: 0, width: 120, height: 80))
        card.backgroundColor = Color(rgb: 0xF2F2F7)
        card.cornerRadius = 12
        card.borderWidth = 2
        card.borderColor = Color(rgb: 0x007AFF)
        var ringLayer = Layer(name: nil, frame: Rect(x: 10, y: 10, width: 60, height: 60))
        ringLayer.shape = ring
        card.addSublayer(ringLayer)
        var gradient = Layer(name: nil, frame: Rect(x: 80, y: 10, width: 30, height: 60))
        gradient.gradient = Gradient(colors: [Color(rgb: 0xFFCC00), Color(rgb: 0x34C759)])
        gradient.transform = .rotation(radians: .pi / 8, x: 0, y: 0, z: 1)
        card.addSublayer(gradient)
        let expected = try Renderer.render([card], size: Size(width: 120, height: 80), scale: 2, background: nil)
        let drawn = try render(Self.card(), scale: 2)
        #expect(drawn.pixels == expected)
        #expect(drawn.width == 240 && drawn.height == 160)
    }

    @Test func arcsTurnAsUIKitAndCoreGraphicsSay() {
        // UIKit's clockwise is the screen's; Core Graphics' is the other way in y-down space.
        let screen = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(screen.cgPath == cg)
        // A clockwise quarter on screen ends at the bottom (y down) through the lower right.
        #expect(abs(screen.currentPoint.y - 10) < 1e-9 && abs(screen.currentPoint.x) < 1e-9)
        #expect(screen.bounds.minY >= -1e-9 && screen.bounds.minX >= -1e-9)
    }

    @Test func geometryFollowsCoreAnimation() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 60, y: 45) && layer.bounds.size == CGSize(width: 100, height: 50))
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(layer.frame == CGRect(x: -40, y: -5, width: 200, height: 100))
        let rotation = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        #expect(rotation.strataTransform == Transform3D.rotation(radians: .pi / 3, x: 0, y: 0, z: 1))
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 5, 0, 0)
        #expect(t.m41 == 10)   // translated first, then scaled
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.5))) == CGAffineTransform(rotationAngle: 0.5))
        #expect(NSValue(caTransform3D: rotation).caTransform3DValue == rotation)
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        let child = CALayer()
        child.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        let parent = CALayer()
        parent.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        parent.addSublayer(child)
        // To the root's own coordinates (nil), and between two layers of one tree.
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 5, y: 5))
        let other = CALayer()
        other.frame = CGRect(x: 20, y: 0, width: 10, height: 10)
        parent.addSublayer(other)
        #expect(child.convert(CGPoint(x: 1, y: 1), to: other) == CGPoint(x: -14, y: 6))
        #expect(child.convert(CGPoint(x: -14, y: 6), from: other) == CGPoint(x: 1, y: 1))
        other.removeFromSuperlayer()
        #expect(parent.sublayers?.first === child && child.superlayer === parent)
        child.removeFromSuperlayer()
        #expect(parent.sublayers == nil && child.superlayer == nil)
    }

    @Test func explicitAnimationsRunOnTheMediaClock() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = CGFloat(100)
        slide.duration = 2
        slide.beginTime = CACurrentMediaTime() + 1      // a second from now
        slide.fillMode = .both
        slide.isRemovedOnCompletion = false               // so that forwards fill holds it
        layer.add(slide, forKey: "slide")
        slide.toValue = 1000                              // the layer holds a copy
        let scene = try layer.strataScene()
        let x = { (t: Double) in scene.presentation(atSeconds: t).layers[0].position.x }
        #expect(x(0.5) == 0 && abs(x(2) - 50) < 1e-9 && x(4) == 100)
        #expect(layer.animationKeys() == ["slide"] && (layer.animation(forKey: "slide") as? CABasicAnimation)?.toValue as? CGFloat == 100)
        layer.removeAnimation(forKey: "slide")
        #expect(layer.animationKeys() == nil)
    }

    @Test func aLayersOwnSpeedAndTimeOffsetPauseAndScrubItsAnimations() throws {
        try onThreadOfItsOwnSync {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            let dot = CALayer()
            card.addSublayer(dot)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 0
            slide.toValue = 100
            slide.duration = 1
            dot.add(slide, forKey: "slide")
            // Core Animation's pause: freeze the layer's time where it is.
            CAMediaClock.advance(to: 0.25)
            let paused = card.convertTime(CACurrentMediaTime(), from: nil)
            card.speed = 0
            card.timeOffset = paused
            let x = { (t: Double) in try card.strataScene().presentation(atSeconds: t).layers[0].sublayers[0].position.x }
            let (early, late) = (try x(0.5), try x(0.9))
            #expect(abs(early - 25) < 1e-9 && abs(late - 25) < 1e-9)
            // Scrubbing: timeOffset moves the paused time.
            card.timeOffset = 0.75
            let scrubbed = try x(0.1)
            #expect(abs(scrubbed - 75) < 1e-9)
            // Twice the speed, from the layer's beginTime: local time runs (t − 0.5) · 2.
            card.speed = 2
            card.timeOffset = 0
            card.beginTime = 0.5
            let fast = try x(0.6)
            #expect(abs(fast - 20) < 1e-9)
            #expect(abs(card.convertTime(0.6, from: nil) - 0.2) < 1e-12 && abs(card.convertTime(0.2, to: nil) - 0.6) < 1e-12)
        }
    }

    @Test func repeatCountHugeRepeatsForEver() throws {
        let pulse = CAKeyframeAnimation(keyPath: "opacity")
        pulse.values = [1, 0.2, 1]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 1
        pulse.repeatCount = HUGE
        let layer = CALayer()
        layer.add(pulse, forKey: nil)
        let scene = try layer.strataScene()
        #expect(abs(scene.presentation(atSeconds: 1000.5).layers[0].opacity - 0.2) < 1e-9)
    }

    @Test func aValueOfTheWrongTypeIsReportedWithTheLayerAndKeyPath() {
        let root = CALayer()
        let dot = CALayer()
        dot.name = "dot"
        root.addSublayer(dot)
        let bad = CABasicAnimation(keyPath: "position")
        bad.toValue = "far away"
        dot.add(bad, forKey: "move")
        let unknown = CABasicAnimation(keyPath: "contentsRect")
        unknown.toValue = CGRect.zero
        dot.add(unknown, forKey: "crop")
        #expect(dot.animationKeys() == nil)   // both refused when added
        #expect {
            _ = try render(root)
        } throws: { error in
            let text = "\(error)"
            return text.contains("root.sublayers[0] (\"dot\")") && text.contains("key path \"position\"") && text.contains("toValue is a String")
                && text.contains("expected a CGPoint") && text.contains("key path \"contentsRect\"") && text.contains("added as \"move\"")
                && text.contains("(not added)")
        }
    }

    @Test func implicitAnimationsStartOnceALayerHasBeenShown() throws {
        try onThreadOfItsOwnSync {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.opacity = 0.5                         // new: no animation
            #expect(layer.animationKeys() == nil)
            _ = try render(layer)                       // shown: committed
            layer.opacity = 0                           // implicit: 0.25 s, the default curve
            let implicit = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(implicit.duration == 0.25 && implicit.fromValue as? Float == 0.5)
            let halfway = try layer.strataScene().presentation(atSeconds: 0.125).layers[0].opacity
            #expect(halfway > 0 && halfway < 0.5)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 5, y: 5)
            CATransaction.commit()
            #expect(layer.animation(forKey: "position") == nil)
            layer.actions = ["cornerRadius": NSNull()]
            layer.cornerRadius = 4
            #expect(layer.animation(forKey: "cornerRadius") == nil)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            layer.backgroundColor = UIColor.red.cgColor
            CATransaction.commit()
            #expect(layer.animation(forKey: "backgroundColor")?.duration == 1)
        }
    }

    @Test func completionBlocksAndDelegatesRunAsTheClockPasses() throws {
        try onThreadOfItsOwnSync {
            final class Log: CAAnimationDelegate {
                var events: [String] = []
                func animationDidStart(_ anim: CAAnimation) { events.append("start \(CACurrentMediaTime())") }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(CACurrentMediaTime()) \(flag)") }
            }
            let log = Log()
            let layer = CALayer()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.events.append("done \(CACurrentMediaTime())") }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 0.5
            fade.beginTime = 0.25
            fade.delegate = log
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            #expect(log.events.isEmpty)
            var ticks: [Double] = []
            let link = CADisplayLink(clock: FrameClock(framesPerSecond: 10, seconds: 1)) { link in ticks.append(link.timestamp) }
            link.run()
            #expect(ticks.count == 11 && ticks.last == 1)
            #expect(log.events == ["start 0.3", "stop 0.8 true", "done 0.8"])
            #expect(layer.animationKeys() == nil)   // removed on completion
        }
    }

    @Test func presentationShowsTheAnimatedValues() throws {
        try onThreadOfItsOwnSync {
            let layer = CAShapeLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1
            layer.add(grow, forKey: nil)
            CAMediaClock.advance(to: 0.25)
            let presented = try #require(layer.presentation())
            #expect(abs(presented.strokeEnd - 0.25) < 1e-9 && layer.strokeEnd == 1)
            #expect(presented.model() === presented)
        }
    }

    @Test func framesAndSnapshotsOfACALayer() throws {
        let spinner = CAShapeLayer()
        spinner.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 32, height: 32), transform: nil)
        spinner.fillColor = nil
        spinner.strokeColor = UIColor.systemBlue.cgColor
        spinner.lineWidth = 4
        spinner.strokeEnd = 0.25
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * CGFloat.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try renderFrames(spinner, framesPerSecond: 10, seconds: 1, to: folder)
        #expect(summary.written == 11)
        let first = try Data(contentsOf: folder.appendingPathComponent(Pipeline.frameFileName(0)))
        let fifth = try Data(contentsOf: folder.appendingPathComponent(Pipeline.frameFileName(5)))
        #expect(first != fifth)
        #expect(try render(spinner, at: 1).pixels == render(spinner, at: 0).pixels)   // a whole turn
    }
}
