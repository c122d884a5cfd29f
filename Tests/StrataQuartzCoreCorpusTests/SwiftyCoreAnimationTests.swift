import Foundation
import StrataAnimation
import StrataQuartzCore
import StrataRaster
import StrataTestSupport
import StrataUIKitShims
import Testing

/// SwiftyCoreAnimation (Tests/Fixtures/quartzcore/SwiftyCoreAnimation: Franklyn Weber's
/// Swift-style wrapper of Core Animation, MIT), compiled into this target with only its imports
/// rewritten, and used as its README uses it.
@Suite struct SwiftyCoreAnimationTests {
    static let files = QuartzCoreCorpusManifest.files.filter { $0.path.hasPrefix("SwiftyCoreAnimation/") }

    @Test func everyFileButTheTwoLinuxCannotHaveCompiles() throws {
        #expect(Self.files.count == 130)
        let left = Self.files.filter { !$0.compiles }
        #expect(left.map { ($0.path as NSString).lastPathComponent }.sorted() == ["ActionLayer.swift", "Properties.SceneKit.swift"])
        for file in left { #expect(!file.needed.isEmpty, "\(file.path) is left out without a reason") }
        // Every file of the library's folder is in the manifest: none was left out by hand.
        let folder = TestPaths.root.appendingPathComponent("Tests/Fixtures/quartzcore/SwiftyCoreAnimation/CoreAnimation")
        let onDisk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
            .compactMap { ($0 as? URL)?.pathExtension == "swift" ? $0 : nil }.count
        #expect(onDisk == Self.files.count)
    }

    /// `set` and `get` go through `setValue(_:forKeyPath:)` and `value(forKeyPath:)` with the
    /// boxed values Core Animation returns (numbers as NSNumber, geometry as NSValue).
    @Test func propertiesSetAndReadThroughTheirKeyPaths() throws {
        try onThreadOfItsOwnSync {
            let shape = CAShapeLayer()
            shape.set(FillColor(.red))
            #expect(shape.fillColor == UIColor.red.cgColor)
            #expect(shape.get(FillColor.self) == .red)
            shape.set(LineWidth(4))
            #expect(shape.lineWidth == 4 && shape.get(LineWidth.self) == 4)
            shape.set(LineDashPattern([2, 5, 3]))
            #expect(shape.lineDashPattern == [2, 5, 3])
            shape.set(Position(CGPoint(x: 10, y: 20)))
            #expect(shape.position == CGPoint(x: 10, y: 20) && shape.get(Position.Y.self) == 20)
            shape.set(Transform.Scale(2))
            shape.set(Transform.Rotation.Z(.pi / 2))
            let angle = try #require(shape.get(Transform.Rotation.Z.self))
            // The rotation is set in the decomposed matrix: the scale stays.
            #expect(abs(angle - .pi / 2) < 1e-9 && abs(shape.get(Transform.Scale.X.self)! - 2) < 1e-9)
            let gradient = CAGradientLayer()
            gradient.set(Locations([0, 0.25, 1]))
            #expect(gradient.get(Locations.self) == [0, 0.25, 1])
            gradient.set(Colors([.red, .blue]))
            #expect(gradient.get(Colors.self) == [.red, .blue])
            // A key of the app's own is kept, as CALayer keeps it.
            shape.setValue(3, forKey: "progress")
            #expect(shape.value(forKey: "progress") as? Int == 3)
            // A component the property does not have changes nothing.
            #expect(!shape.setValue(1, forKeyPath: "position.z"))
        }
    }

    /// The README's example: a shape whose fill colour and line width change in sequence (with
    /// waits and actions between), while it moves round an ellipse and turns; all driven by the
    /// library's own delegates as the display link's clock passes.
    @Test func theReadmesSequenceRunsOnTheDisplayLink() throws {
        try onThreadOfItsOwnSync {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 160, height: 160)
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 60, y: 60, width: 40, height: 40)
            root.addSublayer(shape)
            shape.set(Path(UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40))))
            shape.set(FillColor(.yellow))
            shape.set(StrokeColor(.green))
            var events: [String] = []
            let wait = Descriptor.Wait(for: 2)
            let setPurple = Descriptor.Action {
                events.append("purple at \(CACurrentMediaTime())")
                shape.set(FillColor(.purple))
            }
            let fill = Descriptor.Basic<FillColor>.from(.yellow, to: .purple, duration: 2)
            let widen = Descriptor.Basic<LineWidth>.from(1, to: 10, duration: 2)
            let sequence = Descriptor.Group.Sequential(using: [wait, setPurple, fill, wait, widen])
            let ellipse = UIBezierPath(ovalIn: CGRect(x: 20, y: 40, width: 120, height: 80))
            let move = Descriptor.KeyFrame<Position>.path(ellipse, duration: 8, otherAnimationProperties: [Properties.KeyFrameAnimation.calculationMode(.paced)])
            let turn = Descriptor.Basic<Transform.Rotation>.from(0, to: CGFloat.pi * 4, duration: 8)
            let moveAndTurn = Descriptor.Group.Concurrent(using: [move, turn])
            let group = Descriptor.Group.Concurrent(using: [sequence, moveAndTurn])
            try shape.addAnimationsGroup(describedBy: group) { _, _ in events.append("done at \(CACurrentMediaTime())") }

            var frames: [Double: [UInt8]] = [:]
            let link = CADisplayLink(clock: FrameClock(framesPerSecond: 10, seconds: 9)) { link in
                if [1.0, 3.0, 5.0, 7.0].contains(link.timestamp) {
                    frames[link.timestamp] = try? render(root, at: link.timestamp).pixels.pixels
                }
            }
            link.run()
            // For looking at: the four frames side by side (.artifacts/quartzcore-swifty-sequence.png).
            var strip = try PixelBuffer(width: 4 * 160, height: 160)
            for (column, time) in [1.0, 3.0, 5.0, 7.0].enumerated() {
                guard let pixels = frames[time] else { continue }
                for y in 0..<160 {
                    strip.pixels.replaceSubrange((y * 640 + column * 160) * 4..<(y * 640 + column * 160 + 160) * 4, with: pixels[y * 640..<(y + 1) * 640])
                }
            }
            try FileManager.default.createDirectory(at: TestPaths.artifacts, withIntermediateDirectories: true)
            try Data(PNGCodec.encode(strip)).write(to: TestPaths.artifacts.appendingPathComponent("quartzcore-swifty-sequence.png"))
            // The action runs when the two-second wait ends; the group ends with its longest part.
            #expect(events.first == "purple at 2.0")
            #expect(events.contains { $0.hasPrefix("done at ") })
            #expect(frames.count == 4 && Set(frames.values).count == 4)
            // The shape goes round the ellipse: its painted pixels are somewhere else each time.
            let centres = try [1.0, 3.0, 5.0, 7.0].map { time -> CGPoint in
                let pixels = try #require(frames[time])
                var sum = CGPoint.zero, count = 0.0
                for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] > 128 {
                    sum.x += CGFloat((i / 4) % 160)
                    sum.y += CGFloat((i / 4) / 160)
                    count += 1
                }
                return CGPoint(x: sum.x / count, y: sum.y / count)
            }
            for (a, b) in zip(centres, centres.dropFirst()) { #expect(hypot(a.x - b.x, a.y - b.y) > 10, "\(centres)") }
        }
    }

    /// A transition described by the library: the layer's old state slides out as the new one comes in.
    @Test func aPushTransitionDescriptorSlidesTheOldStateOut() throws {
        try onThreadOfItsOwnSync {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.set(BackgroundColor(.red))
            let before = try render(layer, at: 0).pixels
            layer.set(BackgroundColor(.blue))
            layer.addTransition(describedBy: Descriptor.Transition(type: .push, subtype: .fromBottom, duration: 1))
            let halfway = try render(layer, at: 0.5).pixels
            let after = try render(layer, at: 1.5).pixels
            #expect(halfway != before && halfway != after && after != before)
        }
    }
}
