import Foundation
import StrataAnimation
import StrataQuartzCore
import StrataTestSupport
import StrataUIKitShims
import Testing

/// Key-value coding as CALayer has it, and the Darwin names app code takes for granted
/// (module-qualified `UIKit.` names, `CTFont`, `NSMapTable`, optional delegate calls).
@Suite struct KeyValueCodingTests {
    @Test func everyLayerClassSetsAndReadsItsPropertiesBoxedAsCoreAnimationBoxesThem() throws {
        let shape = CAShapeLayer()
        #expect(shape.setValue(UIColor.red.cgColor, forKeyPath: "fillColor"))
        #expect(shape.fillColor == UIColor.red.cgColor)
        #expect(shape.setValue(NSNumber(value: 3.5), forKeyPath: "lineWidth") && shape.lineWidth == 3.5)
        #expect((shape.value(forKeyPath: "lineWidth") as? NSNumber)?.doubleValue == 3.5)
        #expect(shape.setValue([2, 5.5], forKeyPath: "lineDashPattern") && shape.lineDashPattern == [2, 5.5])
        #expect(shape.setValue("round", forKeyPath: "lineCap") && shape.lineCap == .round)
        #expect(shape.value(forKeyPath: "lineCap") as? String == "round")
        #expect(shape.setValue(NSValue(cgPoint: CGPoint(x: 4, y: 5)), forKeyPath: "position"))
        #expect((shape.value(forKeyPath: "position") as? NSValue)?.cgPointValue == CGPoint(x: 4, y: 5))
        #expect(shape.setValue(7, forKeyPath: "bounds.size.width") && shape.bounds.width == 7)
        // A value of the wrong type, or a component a property does not have, changes nothing.
        #expect(!shape.setValue("wide", forKeyPath: "lineWidth") && shape.lineWidth == 3.5)
        #expect(!shape.setValue(UIColor.red, forKeyPath: "strokeColor") && shape.strokeColor == nil)
        #expect(!shape.setValue(1, forKeyPath: "position.z"))

        let gradient = CAGradientLayer()
        #expect(gradient.setValue([0, 0.5, 1], forKeyPath: "locations") && gradient.locations == [0, 0.5, 1])
        #expect(gradient.setValue(0.25, forKeyPath: "startPoint.x") && gradient.startPoint.x == 0.25)
        let text = CATextLayer()
        #expect(text.setValue("Hi", forKeyPath: "string") && text.string as? String == "Hi")
        #expect(text.setValue(18, forKeyPath: "fontSize") && text.fontSize == 18)
        let replicator = CAReplicatorLayer()
        #expect(replicator.setValue(5, forKeyPath: "instanceCount") && replicator.instanceCount == 5)
        // A fraction is truncated, as NSNumber's integerValue does; what is not finite changes nothing.
        #expect(replicator.setValue(2.5, forKeyPath: "instanceCount") && replicator.instanceCount == 2)
        #expect(!replicator.setValue(Double.nan, forKeyPath: "instanceCount") && replicator.instanceCount == 2)
    }

    @Test func keysOfTheAppsOwnAreKeptAndDefaultFromTheClass() throws {
        final class Gauge: CALayer {
            override class func defaultValue(forKey key: String) -> Any? { key == "level" ? 0.5 : super.defaultValue(forKey: key) }
        }
        let gauge = Gauge()
        #expect(gauge.value(forKey: "level") as? Double == 0.5)
        #expect(gauge.setValue(0.75, forKey: "level") && gauge.value(forKey: "level") as? Double == 0.75)
        // A plain CALayer has no lineWidth: the key is the app's own there, as CALayer keeps it.
        let plain = CALayer()
        #expect(plain.setValue(2, forKeyPath: "lineWidth") && plain.value(forKeyPath: "lineWidth") as? Int == 2)
    }

    /// `transform.rotation.z`, `.scale` and `.translation` set one part of the decomposed matrix.
    @Test func transformComponentsChangeOnlyTheirPart() throws {
        let layer = CALayer()
        #expect(layer.setValue(2, forKeyPath: "transform.scale"))
        #expect(layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z"))
        #expect(layer.setValue(NSValue(cgSize: CGSize(width: 10, height: -4)), forKeyPath: "transform.translation"))
        let t = layer.transform
        #expect(abs(t.m11) < 1e-9 && abs(t.m12 - 2) < 1e-9 && abs(t.m21 + 2) < 1e-9 && t.m41 == 10 && t.m42 == -4)
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! NSNumber).doubleValue - .pi / 2) < 1e-9)
        #expect(abs((layer.value(forKeyPath: "transform.scale.x") as! NSNumber).doubleValue - 2) < 1e-9)
        #expect((layer.value(forKeyPath: "transform.translation") as? NSValue)?.cgSizeValue == CGSize(width: 10, height: -4))
        #expect(layer.setValue(3, forKeyPath: "transform.scale.y"))
        #expect(abs((layer.value(forKeyPath: "transform.scale.y") as! NSNumber).doubleValue - 3) < 1e-9)
        #expect(abs((layer.value(forKeyPath: "transform.scale.x") as! NSNumber).doubleValue - 2) < 1e-9)
        #expect(!layer.setValue("half", forKeyPath: "transform.rotation"))
    }

    /// An animation of a key of the app's own runs (its delegate is told) and draws nothing, with
    /// a warning; one of a component no property has is refused.
    @Test func anAnimationOfAnAppsOwnKeyRunsWithoutDrawing() throws {
        try onThreadOfItsOwnSync {
            final class Log: CAAnimationDelegate {
                var events: [String] = []
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(CACurrentMediaTime())") }
            }
            let log = Log()
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = UIColor.red.cgColor
            let wait = CABasicAnimation(keyPath: "wait")
            wait.fromValue = 0
            wait.toValue = 1
            wait.duration = 0.5
            wait.delegate = log
            layer.add(wait, forKey: "wait")
            #expect(layer.animation(forKey: "wait") != nil)
            let scene = try layer.strataScene()
            #expect(scene.warnings.contains { $0.contains("\"wait\"") && $0.contains("app's own") })
            CADisplayLink(clock: FrameClock(framesPerSecond: 10, seconds: 1)) { _ in }.run()
            #expect(log.events == ["stop 0.5"])
            let wrong = CABasicAnimation(keyPath: "position.q")
            wrong.toValue = 1
            layer.add(wrong, forKey: "wrong")
            #expect(layer.animation(forKey: "wrong") == nil)
            #expect(throws: QuartzCoreError.self) { try render(layer) }
        }
    }

    /// Objective-C's optional-method call, which Swift on Linux cannot declare, compiles and calls
    /// the method (or its empty default).
    @Test func optionalDelegateCallsCompileAndCall() {
        final class Forwarder: CAAnimationDelegate {
            weak var next: CAAnimationDelegate?
            var calls = 0
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                calls += 1
                next?.animationDidStop?(anim, finished: flag)
                next?.animationDidStart?(anim)
            }
        }
        let first = Forwarder(), second = Forwarder()
        first.next = second
        first.animationDidStop(CABasicAnimation(), finished: true)
        #expect(first.calls == 1 && second.calls == 1)
    }

    @Test func aMapTableForgetsWhatItHoldsWeakly() {
        final class Key {}
        final class Value {}
        let table = NSMapTable<Key, Value>(keyOptions: .weakMemory, valueOptions: .strongMemory)
        var key: Key? = Key()
        let kept = Key()
        table.setObject(Value(), forKey: key)
        table.setObject(Value(), forKey: kept)
        #expect(table.object(forKey: key) != nil && table.count == 2)
        key = nil
        #expect(table.count == 1 && table.object(forKey: kept) != nil)
        let weakValues = NSMapTable<Key, Value>.strongToWeakObjects()
        weakValues.setObject(Value(), forKey: kept)   // nothing else holds the value
        #expect(weakValues.object(forKey: kept) == nil)
    }

    /// `UIKit.CGColor` and the other module-qualified names; `CTFont` is `UIFont`, as bridged.
    @Test func moduleQualifiedNamesAndBridgedFonts() throws {
        let color: UIKit.CGColor = UIKit.UIColor.red.cgColor
        #expect(color == UIColor.red.cgColor)
        let ctFont = CTFontCreateWithName("Helvetica-Bold" as CFString, 14, nil)
        let uiFont = ctFont as UIFont
        #expect(uiFont.weight == .bold && uiFont.pointSize == 14 && (CTFontCopyPostScriptName(ctFont) as String) == "Helvetica-Bold")
        #expect(UIFont(name: "", size: 12) == nil && UIFont(name: "Helvetica", size: .nan) == nil)
        // A text layer draws a CGFont's family as it draws the same UIFont's.
        func drawn(_ font: Any) throws -> [UInt8] {
            let text = CATextLayer()
            text.bounds = CGRect(x: 0, y: 0, width: 80, height: 30)
            text.string = "Hello"
            text.fontSize = 16
            text.font = font
            let scene = try text.strataScene()
            #expect(scene.warnings.isEmpty, "\(scene.warnings)")
            return try render(text).pixels.pixels
        }
        let cgFont = try #require(CGFont("Helvetica-Bold" as CFString))
        #expect(try drawn(cgFont) == drawn(UIFont(name: "Helvetica-Bold", size: 30)!))
        #expect(try drawn(cgFont) != drawn(UIFont(name: "Helvetica", size: 30)!))
        #expect(CGFont("" as CFString) == nil)
    }
}
