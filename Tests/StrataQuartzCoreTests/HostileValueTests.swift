import Foundation
import StrataQuartzCore
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
