import Foundation
import StrataQuartzCore
import StrataTestSupport
import StrataUIKitShims
import Testing

/// Layer code can hand Strata any number: nothing traps, hangs or allocates without bound.
@Suite struct HostileValueTests {
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, 1e300, -1e300])
    func nonFiniteAndHugeGeometryDrawsOrFailsCleanly(_ value: CGFloat) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let child = CAShapeLayer()
        child.frame = CGRect(x: value, y: 5, width: 10, height: value)
        child.path = CGPath(ellipseIn: CGRect(x: 0, y: value, width: value, height: 10), transform: nil)
        child.lineWidth = value
        child.cornerRadius = value
        child.opacity = Float(value)
        child.transform = CATransform3DMakeRotation(value, 0, 0, 1)
        child.shadowOpacity = 1
        child.shadowRadius = value
        root.addSublayer(child)
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = Int.max
        replicator.instanceDelay = Double(value)
        replicator.addSublayer(CALayer())
        root.addSublayer(replicator)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = value
        move.toValue = 0
        move.duration = Double(value)
        move.repeatCount = Float(value)
        move.speed = Float(value)
        child.add(move, forKey: "move")
        let text = CATextLayer()
        text.string = String(repeating: "wide ", count: 2_000)
        text.fontSize = value
        text.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(text)
        // Drawn, or refused with a message: either way it returns.
        do {
            let image = try render(root, scale: 1, at: Double(value))
            #expect(image.width == 40 && image.height == 40)
        } catch {
            #expect(!"\(error)".isEmpty)
        }
    }

    @Test func cyclesAreRefusedAndDeepTreesReportedNotOverflowed() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        grandchild.addSublayer(root)          // a cycle
        child.mask = root                     // another
        root.mask = root
        #expect(grandchild.sublayers == nil && child.mask == nil && root.mask == nil)
        #expect { try render(root) } throws: { "\($0)".contains("(a cycle)") }
        // 100,000 layers deep: an error naming the limit, not a stack overflow.
        let top = CALayer()
        var bottom = top
        for _ in 0..<100_000 {
            let next = CALayer()
            bottom.addSublayer(next)
            bottom = next
        }
        #expect { try render(top, size: CGSize(width: 4, height: 4)) } throws: { "\($0)".contains("at most 256 layers deep") }
    }

    @Test func aHugeCanvasIsRefusedBeforeAllocation() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 1e9)
        #expect(throws: (any Error).self) { try render(layer) }
        #expect(throws: (any Error).self) { try render(CALayer(), size: CGSize(width: CGFloat.nan, height: 10)) }
    }
}

/// Random sequences of Core Animation calls, with hostile numbers among them: every render returns
/// (an image or a `QuartzCoreError`), never traps or hangs. Seeded, so a failure repeats.
@Suite struct RandomCallTests {
    @Test func randomCallsNeverTrap() {
        var drawn = 0, refused = 0
        for seed in 1...64 as ClosedRange<UInt64> { run(seed: seed, drawn: &drawn, refused: &refused) }
        // Both ends were reached: pictures, and problems reported.
        #expect(drawn > 10 && refused > 10, "\(drawn) drawn, \(refused) refused")
    }

    func run(seed: UInt64, drawn: inout Int, refused: inout Int) {
        var random = SplitMix(seed: seed)
        func number() -> CGFloat {
            let hostile: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -1, 1e-300]
            return random.next() % 5 == 0 ? hostile[Int(random.next() % UInt64(hostile.count))] : CGFloat(Double(random.next() % 2000) / 10 - 50)
        }
        func any() -> Any {
            switch random.next() % 9 {
            case 0: return number()
            case 1: return CGPoint(x: number(), y: number())
            case 2: return CGSize(width: number(), height: number())
            case 3: return UIColor(red: number(), green: number(), blue: number(), alpha: number()).cgColor
            case 4: return CATransform3DMakeRotation(number(), number(), number(), number())
            case 5: return UIBezierPath(ovalIn: CGRect(x: number(), y: number(), width: number(), height: number())).cgPath
            case 6: return (0..<Int(random.next() % 4)).map { _ in number() }
            case 7: return [UIColor.red.cgColor, UIColor(white: number(), alpha: number()).cgColor]
            default: return "text"
            }
        }
        let keyPaths = ["position", "position.x", "opacity", "bounds", "bounds.size", "transform", "transform.rotation.z", "transform.scale",
                        "backgroundColor", "cornerRadius", "strokeEnd", "path", "fillColor", "shadowOpacity", "instanceCount", "zPosition",
                        "transform.translation", "contents", "anchorPoint",
                        // Key-value coding of every class, and keys of the app's own.
                        "lineDashPattern", "locations", "colors", "instanceDelay", "transform.scale.y", "sublayerTransform.rotation",
                        "fontSize", "lineCap", "startPoint.x", "shadowOffset.width", "maskedCorners", "progress", "position.q"]
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        var layers: [CALayer] = [root]
        for _ in 0..<60 {
            let target = layers[Int(random.next() % UInt64(layers.count))]
            switch random.next() % 8 {
            case 0:
                let kinds: [CALayer] = [CALayer(), CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer(), CATextLayer(), CATransformLayer()]
                let child = kinds[Int(random.next() % UInt64(kinds.count))]
                child.frame = CGRect(x: number(), y: number(), width: number(), height: number())
                target.addSublayer(child)
                layers.append(child)
            case 1:
                let keyPath = keyPaths[Int(random.next() % UInt64(keyPaths.count))]
                target.setValue(any(), forKeyPath: keyPath)
                _ = target.value(forKeyPath: keyPath)
            case 2:
                let animation = CABasicAnimation(keyPath: keyPaths[Int(random.next() % UInt64(keyPaths.count))])
                (animation.fromValue, animation.toValue) = (any(), any())
                (animation.duration, animation.repeatCount, animation.speed) = (Double(number()), Float(number()), Float(number()))
                target.add(animation, forKey: random.next() % 2 == 0 ? "a" : nil)
            case 3:
                let keyframes = CAKeyframeAnimation(keyPath: keyPaths[Int(random.next() % UInt64(keyPaths.count))])
                keyframes.values = (0..<Int(random.next() % 4)).map { _ in any() }
                keyframes.keyTimes = (0..<Int(random.next() % 4)).map { _ in NSNumber(value: Double(number())) }
                keyframes.calculationMode = ([.linear, .discrete, .paced, .cubic, .cubicPaced] as [CAAnimationCalculationMode])[Int(random.next() % 5)]
                target.add(keyframes, forKey: nil)
            case 4: target.removeFromSuperlayer()
            case 5: (target.speed, target.timeOffset, target.beginTime) = (Float(number()), Double(number()), Double(number()))
            case 6: (target as? CAReplicatorLayer)?.instanceCount = Int(random.next() % 50)
            default: target.mask = layers[Int(random.next() % UInt64(layers.count))]
            }
            if random.next() % 10 == 0 {
                do {
                    let image = try render(root, size: CGSize(width: 40, height: 40), at: Double(number()))
                    #expect(image.width == 40 && image.height == 40)
                    drawn += 1
                } catch {
                    #expect(!"\(error)".isEmpty)
                    refused += 1
                }
            }
        }
    }
}
