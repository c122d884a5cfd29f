import StrataTestSupport
import Foundation
import Testing
@testable import StrataAnimation  // Timeline(animations:), the engine's internal view
import StrataModel

@Suite("Animations and the presentation tree")
struct AnimationTests {
    let layer = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))

    func position(_ animations: [Animation], at seconds: Double, model: Layer? = nil) -> Point {
        let timeline = Timeline(animations: [LayerPath([0]): animations])
        return timeline.evaluate([model ?? layer], atSeconds: seconds).layers[0].position
    }

    func x(_ animation: Animation, at seconds: Double) -> Double {
        position([animation], at: seconds).x
    }

    func slide(duration: Double = 1, _ configure: (inout MediaTiming) -> Void = { _ in }) -> Animation {
        var animation = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: duration)
        configure(&animation.timing)
        return animation
    }

    /// Values of different kinds (a colour to a point) stopped the process with "Index out of
    /// range"; now they never trap: no blend (the first value until the end), and no arithmetic.
    @Test func mismatchedValueKindsDoNotTrap() {
        let white = AnimationValue.color(Color(red: 1, green: 1, blue: 1)), point = AnimationValue.point(Point(x: 3, y: 4))
        #expect(white.interpolated(to: point, fraction: 0.5) == white)
        #expect(white.interpolated(to: point, fraction: 1) == point)
        #expect(point.adding(white) == point && point.subtracting(white) == point && point.distance(to: white) == 0)
        #expect(AnimationValue.make(.color, [0.5]) == .color(Color(red: 0.5, green: 0, blue: 0, alpha: 1)))
        for animation in [Animation.basic(.positionX, from: .color(Color(red: 1, green: 1, blue: 1)), to: .point(Point(x: 1, y: 2)), duration: 1),
                          Animation.basic(.position, from: .number(1), to: .size(Size(width: 1, height: 1)), duration: 1)] {
            for seconds in [0, 0.5, 1, 2] { _ = position([animation], at: seconds) }
        }
    }

    @Test func basicLinearSlide() {
        #expect(x(slide(), at: 0) == 0)
        #expect(x(slide(), at: 0.25) == 25)
        #expect(x(slide(), at: 0.5) == 50)
        // Removed on completion: the model value (5, the centre of the 10-pt box) afterwards.
        #expect(x(slide(), at: 1.5) == 5)
    }

    @Test func fillModesAndRemovedOnCompletion() {
        let late = slide { $0.beginTime = 1 }
        #expect(x(late, at: 0.5) == 5)
        #expect(x(slide { $0.beginTime = 1; $0.fillMode = .backwards }, at: 0.5) == 0)
        #expect(x(slide { $0.fillMode = .forwards }, at: 2) == 5, "still removed on completion")
        #expect(x(slide { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }, at: 2) == 100)
        #expect(x(slide { $0.fillMode = .both; $0.isRemovedOnCompletion = false; $0.beginTime = 1 }, at: 0) == 0)
    }

    @Test func repeatAutoreverseSpeedAndTimeOffset() {
        let reversing = slide { $0.autoreverses = true; $0.repeatCount = 2 }
        #expect(x(reversing, at: 0.5) == 50)
        #expect(x(reversing, at: 1.25) == 75)
        #expect(x(reversing, at: 2.5) == 50)
        #expect(x(reversing, at: 3.75) == 25)
        #expect(reversing.timing.activeDuration == 4)
        let fractional = slide { $0.repeatCount = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(x(fractional, at: 1.25) == 25)
        #expect(x(fractional, at: 5) == 50, "ends half-way through the second play")
        #expect(x(slide { $0.repeatDuration = 2.5 }, at: 2.25) == 25)
        #expect(x(slide { $0.speed = 2 }, at: 0.25) == 50)
        #expect(x(slide { $0.speed = 2 }, at: 0.6) == 5, "over after 0.5 s")
        let offset = slide { $0.timeOffset = 0.5 }
        #expect(x(offset, at: 0) == 50)
        #expect(x(offset, at: 0.75) == 25, "wraps around to the start")
        #expect(x(slide { $0.repeatCount = .infinity }, at: 1000.25) == 25)
    }

    @Test func fromToByRules() {
        let model = layer  // position.x is 5
        func value(from: Double? = nil, to: Double? = nil, by: Double? = nil, additive: Bool = false) -> Double {
            var animation = Animation.basic(.positionX, from: from.map { .number($0) }, to: to.map { .number($0) },
                                            by: by.map { .number($0) }, duration: 1)
            animation.isAdditive = additive
            return position([animation], at: 0.5, model: model).x
        }
        #expect(value(from: 0, to: 100) == 50)
        #expect(value(from: 10, by: 20) == 20)
        #expect(value(to: 30, by: 20) == 20)
        #expect(value(from: 15) == 10)
        #expect(value(to: 25) == 15)
        #expect(value(by: 10) == 10)
        #expect(value(from: 0, to: 10, additive: true) == 10, "5 + 5")
    }

    @Test func severalAnimationsComposeInTheOrderAdded() {
        let move = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: 1)
        var shake = Animation.basic(.positionX, from: .number(0), to: .number(10), duration: 1)
        shake.isAdditive = true
        #expect(position([move, shake], at: 0.5).x == 55)
        #expect(position([shake, move], at: 0.5).x == 50, "a later non-additive animation replaces")
    }

    @Test func timingFunctionShapesProgress() {
        let eased = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: 2, timingFunction: .easeInEaseOut)
        #expect(abs(x(eased, at: 1) - 50) < 1e-6)
        #expect(abs(x(eased, at: 0.5) - 100 * TimingFunction.easeInEaseOut.value(at: 0.25)) < 1e-9)
    }

    @Test func keyframesWithKeyTimesAndSegmentCurves() {
        let keyframes = Keyframes(values: [.number(0), .number(100), .number(40)], keyTimes: [0, 0.25, 1],
                                  timingFunctions: [.linear, .easeIn])
        let animation = Animation(keyPath: .positionX, kind: .keyframe(keyframes), timing: MediaTiming(duration: 2))
        #expect(x(animation, at: 0.25) == 50)
        #expect(x(animation, at: 0.5) == 100)
        let expected = 100 + (40 - 100) * TimingFunction.easeIn.value(at: 0.5)
        #expect(abs(x(animation, at: 1.25) - expected) < 1e-9)
        // Default key times are even.
        let even = Animation(keyPath: .positionX, kind: .keyframe(Keyframes(values: [.number(0), .number(10), .number(30)])), timing: MediaTiming(duration: 1))
        #expect(x(even, at: 0.75) == 20)
    }

    @Test func discretePacedAndCubicModes() {
        func value(_ mode: CalculationMode, _ values: [Double], at seconds: Double) -> Double {
            let keyframes = Keyframes(values: values.map { .number($0) }, calculationMode: mode)
            return x(Animation(keyPath: .positionX, kind: .keyframe(keyframes), timing: MediaTiming(duration: 1)), at: seconds)
        }
        #expect(value(.discrete, [0, 10, 20, 30], at: 0.3) == 10)
        #expect(value(.discrete, [0, 10, 20, 30], at: 0.99) == 30)
        // Paced: 0 → 10 → 40 covers 40 at constant speed: at 0.5, 20.
        #expect(abs(value(.paced, [0, 10, 40], at: 0.5) - 20) < 1e-9)
        // Cubic passes through the keyframes and is smooth between them.
        #expect(value(.cubic, [0, 10, 40], at: 0.5) == 10)
        let midway = value(.cubic, [0, 10, 40], at: 0.25)
        #expect(midway > 0 && midway < 10 && midway != 5)
    }

    @Test func pathKeyframesFollowTheCurve() {
        let path = KeyframePath(start: Point(x: 0, y: 0), segments: [
            .line(to: Point(x: 100, y: 0)),
            .curve(control1: Point(x: 100, y: 50), control2: Point(x: 100, y: 50), to: Point(x: 100, y: 100)),
        ])
        let animation = Animation(keyPath: .position, kind: .keyframe(Keyframes(values: [], path: path)), timing: MediaTiming(duration: 2))
        #expect(position([animation], at: 0.5) == Point(x: 50, y: 0))
        #expect(position([animation], at: 1) == Point(x: 100, y: 0))
        #expect(position([animation], at: 1.5) == Point(x: 100, y: 50))
    }

    /// `rotationMode` turns the layer to the path's direction, after its own transform:
    /// along +x no turn, down the curve's end a quarter turn clockwise, a half turn more reversed.
    @Test func rotationModeTurnsTheLayerAlongThePath() {
        let path = KeyframePath(start: Point(x: 0, y: 0), segments: [
            .line(to: Point(x: 100, y: 0)),
            .curve(control1: Point(x: 150, y: 0), control2: Point(x: 200, y: 50), to: Point(x: 200, y: 100)),
        ])
        func transform(_ mode: RotationMode?, at seconds: Double) -> Transform2D {
            let animation = Animation(keyPath: .position, kind: .keyframe(Keyframes(values: [], path: path, rotationMode: mode)),
                                      timing: MediaTiming(duration: 2, fillMode: .both, isRemovedOnCompletion: false))
            var model = layer
            model.transform = Transform3D(Transform2D.scale(x: 2, y: 1))
            let timeline = Timeline(animations: [LayerPath([0]): [animation]])
            return timeline.evaluate([model], atSeconds: seconds).layers[0].transform.affine
        }
        func close(_ a: Transform2D, _ b: Transform2D) -> Bool {
            abs(a.a - b.a) < 1e-6 && abs(a.b - b.b) < 1e-6 && abs(a.c - b.c) < 1e-6 && abs(a.d - b.d) < 1e-6
        }
        let stretched = Transform2D.scale(x: 2, y: 1)
        #expect(close(transform(nil, at: 1.99), stretched))
        #expect(close(transform(.auto, at: 0.5), stretched))
        // At the curve's end it runs straight down (+y): the stretch, then a quarter turn.
        #expect(close(transform(.auto, at: 2), stretched.concatenating(.rotation(radians: .pi / 2))))
        #expect(close(transform(.autoReverse, at: 2), stretched.concatenating(.rotation(radians: -.pi / 2))))
        // Half way along the curve it has turned part of the way.
        let middle = transform(.auto, at: 1.5)
        let angle = atan2(middle.b, middle.a)
        #expect(angle > 0.2 && angle < .pi / 2 - 0.2)
    }

    /// The shadow's key paths, as `CALayer`'s: a layer without a shadow animates from Core
    /// Animation's defaults; values are kept in range.
    @Test func shadowKeyPathsAnimateTheShadow() {
        func shadow(_ animations: [Animation], at seconds: Double) -> Shadow? {
            Timeline(animations: [LayerPath([0]): animations]).evaluate([layer], atSeconds: seconds).layers[0].shadow
        }
        let fade = Animation.basic(.shadowOpacity, from: .number(0), to: .number(1), duration: 1)
        let move = Animation.basic(.shadowOffset, from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 10, height: 20)), duration: 1)
        let tint = Animation.basic(.shadowColor, to: .color(Color(red: 1, green: 0, blue: 0)), duration: 1)
        let grow = Animation.basic(.shadowRadius, from: .number(0), to: .number(-8), duration: 1)
        #expect(shadow([], at: 0.5) == nil)
        let half = shadow([fade, move, tint, grow], at: 0.5)
        #expect(half?.opacity == 0.5 && half?.offset == Size(width: 5, height: 10) && half?.radius == 0)
        #expect(half?.color == Color(red: 0.5, green: 0, blue: 0))
        #expect(AnimationKeyPath("shadowOffset") == .shadowOffset && AnimationKeyPath.shadowOffset.valueKind == .size)
    }

    @Test func springClosedFormAndSettling() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(spring.displacement(atSeconds: 0) == 1)
        // Underdamped: ζ = 0.5, ω₀ = 10, ω_d = 10·√0.75.
        let t = 0.3, omegaD = 10 * 0.75.squareRoot()
        let expected = exp(-5 * t) * (cos(omegaD * t) + 5 / omegaD * sin(omegaD * t))
        #expect(abs(spring.displacement(atSeconds: t) - expected) < 1e-12)
        #expect(spring.displacement(atSeconds: 0.4) < 0, "it overshoots")
        let settle = spring.settlingDuration
        #expect(settle > 1 && settle < 2)
        #expect(abs(spring.displacement(atSeconds: settle)) < 0.001)
        // Critically damped and overdamped start at 1 with the right slope and never cross 0.
        let critical = Spring(mass: 1, stiffness: 100, damping: 20), heavy = Spring(mass: 1, stiffness: 100, damping: 40)
        for s in [critical, heavy] {
            #expect(abs((s.displacement(atSeconds: 1e-6) - 1) / 1e-6) < 1e-3)
            #expect((1...100).allSatisfy { s.displacement(atSeconds: Double($0) / 20) > 0 })
        }
        let animation = Animation(keyPath: .positionX, kind: .spring(spring, from: .number(0), to: .number(100), by: nil),
                                  timing: MediaTiming(duration: settle))
        #expect(abs(x(animation, at: 0.3) - 100 * (1 - expected)) < 1e-9)
    }

    @Test func groupsRunTheirChildrenInTheGroupsTime() {
        let child = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: 1, beginTime: 0.5)
        let group = Animation(keyPath: nil, kind: .group([child]), timing: MediaTiming(beginTime: 1, duration: 2))
        #expect(x(group, at: 1.25) == 5, "child not started in group time 0.25")
        #expect(x(group, at: 2) == 50, "group time 1 → child time 0.5")
        #expect(x(group, at: 3.5) == 5, "group over")
    }

    @Test func everyKeyPathAppliesToThePresentation() {
        var model = layer
        model.backgroundColor = Color(red: 0, green: 0, blue: 0)
        let animations: [Animation] = [
            .basic(.position, to: .point(Point(x: 20, y: 40)), duration: 1),
            .basic(.boundsSize, to: .size(Size(width: 30, height: 30)), duration: 1),
            .basic(.opacity, to: .number(0), duration: 1),
            .basic(.transformScale, to: .number(3), duration: 1),
            .basic(.transformRotation, to: .number(.pi), duration: 1),
            .basic(.cornerRadius, to: .number(8), duration: 1),
            .basic(.backgroundColor, to: .color(Color(red: 1, green: 1, blue: 1)), duration: 1),
        ]
        let presented = Timeline(animations: [LayerPath([0]): animations]).evaluate([model], atSeconds: 0.5).layers[0]
        #expect(presented.position == Point(x: 12.5, y: 22.5))
        #expect(presented.bounds.size == Size(width: 20, height: 20))
        #expect(presented.opacity == 0.5)
        #expect(presented.cornerRadius == 4)
        #expect(presented.backgroundColor == Color(red: 0.5, green: 0.5, blue: 0.5))
        let expectedTransform = Transform2D.rotation(radians: .pi / 2).concatenating(.scale(x: 2, y: 2))
        #expect(abs(presented.transform.m11 - expectedTransform.a) < 1e-12 && abs(presented.transform.m12 - expectedTransform.b) < 1e-12)
        // The model is untouched.
        #expect(model.position == Point(x: 5, y: 5))
    }

    @Test func evaluationIsPureAndOrderIndependent() {
        let timeline = Timeline(animations: [LayerPath([0, 1]): [slide(duration: 2)]])
        var parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.sublayers = [layer, layer]
        let times = (0..<30).map { Double($0) / 10 }
        let forward = times.map { timeline.evaluate([parent], atSeconds: $0) }
        let backward = times.reversed().map { timeline.evaluate([parent], atSeconds: $0) }.reversed()
        #expect(forward == Array(backward))
        #expect(forward[10].layer(at: LayerPath([0, 1]))?.position.x == 50)
        #expect(forward[10].layer(at: LayerPath([0, 0]))?.position.x == 5)
    }

    @Test func frameClockTimesAreExactAndDropsSkipTicks() {
        let clock = FrameClock(framesPerSecond: 60, seconds: 2, droppedFrames: .every(3))
        #expect(clock.tickCount == 121)
        #expect(clock.seconds(ofTick: 7) == 7.0 / 60)
        #expect(clock.seconds(ofTick: 120) == 2)
        #expect(Array(clock.displayedTicks.prefix(5)) == [0, 1, 3, 4, 6])
        #expect(FrameClock(tickCount: 5, droppedFrames: .ticks([0, 2])).displayedTicks == [0, 1, 3, 4])
    }

    @Test func displayedFramesConvertIndexTickAndSeconds() {
        let frames = FrameClock(framesPerSecond: 60, seconds: 2, droppedFrames: .every(3)).displayedFrames
        #expect(frames.count == 81 && frames.tick(ofFrame: 2) == 3 && frames.seconds(ofFrame: 2) == 3.0 / 60)
        // The frame shown at a time is the last displayed one at or before it.
        #expect(frames.index(atSeconds: 2.0 / 60) == 1, "tick 2 is dropped: frame 1 (tick 1) is still shown")
        #expect(frames.index(atSeconds: 3.0 / 60) == 2)
        #expect(frames.index(atSeconds: 3.0 / 60 - 1e-12) == 2, "within 1e-9 s counts as reached")
        #expect(frames.index(atSeconds: -1) == 0 && frames.index(atSeconds: .nan) == 0)
        #expect(frames.index(atSeconds: 1e9) == 80)
        #expect(frames.indices.allSatisfy { frames.index(atSeconds: frames.seconds(ofFrame: $0)) == $0 })
    }

    @Test func displayLinkTicksPauseAndInvalidate() {
        var ticks: [DisplayLink.Tick] = []
        let link = DisplayLink(clock: FrameClock(framesPerSecond: 60, tickCount: 10, droppedFrames: .ticks([4]))) { link, tick in
            ticks.append(tick)
            if tick.frameIndex == 7 { link.invalidate() }
        }
        link.run()
        #expect(ticks.map(\.frameIndex) == [0, 1, 2, 3, 5, 6, 7])
        #expect(ticks[4].timestamp == 5.0 / 60 && ticks[4].targetTimestamp == 6.0 / 60)
        #expect(ticks[0].duration == 1.0 / 60)
        #expect(!link.isValid)

        var slow: [Int] = []
        let thirty = DisplayLink(clock: FrameClock(framesPerSecond: 60, tickCount: 8)) { _, tick in slow.append(tick.frameIndex) }
        thirty.preferredFramesPerSecond = 30
        thirty.run()
        #expect(slow == [0, 2, 4, 6])
        #expect(thirty.duration == 2.0 / 60)

        var none = 0
        let paused = DisplayLink(clock: FrameClock(tickCount: 5)) { _, _ in none += 1 }
        paused.isPaused = true
        paused.run()
        #expect(none == 0)
    }

    @Test func droppedFrameDoublesTheNextDisplacement() {
        let clock = FrameClock(framesPerSecond: 60, tickCount: 10, droppedFrames: .ticks([5]))
        let timeline = Timeline(animations: [LayerPath([0]): [Animation.basic(.positionX, from: .number(0), to: .number(60), duration: 1)]])
        var previous: Double? = nil
        var deltas: [Int: Double] = [:]
        let link = DisplayLink(clock: clock) { _, tick in
            let x = timeline.evaluate([layer], atSeconds: tick.timestamp).layers[0].position.x
            if let previous { deltas[tick.frameIndex] = x - previous }
            previous = x
        }
        link.run()
        #expect(abs(deltas[4]! - 1) < 1e-9)
        #expect(abs(deltas[6]! - 2) < 1e-9)
    }
}
