import StrataTestSupport
import Testing
import StrataAnimation

@Suite("Timing functions")
struct TimingFunctionTests {
    // Chromium's cc/animation cubic_bezier_unittest.cc, BasicUse: (0.25, 0, 0.75, 1).
    @Test(arguments: [
        (0.0, 0.0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803), (0.25, 0.18235),
        (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238),
        (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021),
        (0.95, 0.98863), (1.0, 1.0),
    ])
    func chromiumTable(x: Double, expected: Double) {
        let curve = TimingFunction.cubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(abs(curve.value(at: x) - expected) < 1.5e-4)
    }

    @Test(arguments: [
        (TimingFunction.cubicBezier(x1: 0.5, y1: 1, x2: 0.5, y2: 1), 0.875),
        (.cubicBezier(x1: 0.5, y1: 2, x2: 0.5, y2: 2), 1.625),
        (.cubicBezier(x1: 0.5, y1: -1, x2: 0.5, y2: -1), -0.625),
    ])
    func exactValuesAtOneHalf(curve: TimingFunction, expected: Double) {
        #expect(abs(curve.value(at: 0.5) - expected) < 1e-6)
    }

    @Test func solverIsAccurateToOneMillionth() {
        // For every named curve, x(t) evaluated at the solved t returns the input within 1e-6:
        // check via the symmetric ease-in-ease-out, whose value at 1 − x is 1 − value at x.
        for step in 0...100 {
            let x = Double(step) / 100
            let a = TimingFunction.easeInEaseOut.value(at: x), b = TimingFunction.easeInEaseOut.value(at: 1 - x)
            #expect(abs(a + b - 1) < 2e-6)
        }
        #expect(TimingFunction.linear.value(at: 0.3) == 0.3 || abs(TimingFunction.linear.value(at: 0.3) - 0.3) < 1e-7)
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        #expect(TimingFunction.named["easeIn"] == .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingFunction.named["easeOut"] == .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.named["easeInEaseOut"] == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.named["default"] == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(TimingFunction.easeIn.value(at: 0.5) < 0.5 && TimingFunction.easeOut.value(at: 0.5) > 0.5)
    }

    @Test func outsideZeroToOneExtrapolatesAlongTheEndTangents() {
        // ease-in starts flat (slope 0 from (0,0) to (0.42, 0)); ends with slope (1−1)/(1−1) → uses p1.
        #expect(TimingFunction.easeIn.value(at: -0.5) == 0)
        let overshoot = TimingFunction.cubicBezier(x1: 0.5, y1: 2, x2: 0.5, y2: 2)
        #expect(abs(overshoot.value(at: -0.1) - (-0.4)) < 1e-9)  // slope 2/0.5 = 4
        #expect(abs(overshoot.value(at: 1.1) - (1 + 0.1 * (2 - 1) / (0.5 - 1))) < 1e-9)
        #expect(TimingFunction.linear.value(at: 1.5) == 1.5)
    }

    @Test(arguments: [
        (TimingFunction.StepPosition.jumpEnd, [0.0, 0.0, 0.25, 0.5, 0.75, 1.0]),
        (.jumpStart, [0.25, 0.25, 0.5, 0.75, 1.0, 1.0]),
        (.jumpNone, [0.0, 0.0, 1.0 / 3, 2.0 / 3, 1.0, 1.0]),
        (.jumpBoth, [0.2, 0.2, 0.4, 0.6, 0.8, 1.0]),
    ])
    func stepsFollowCSS(position: TimingFunction.StepPosition, expected: [Double]) {
        let steps = TimingFunction.steps(count: 4, position: position)
        let inputs = [0.0, 0.1, 0.3, 0.55, 0.8, 1.0]
        for (x, value) in zip(inputs, expected) {
            #expect(abs(steps.value(at: x) - value) < 1e-12, "steps(4, \(position)) at \(x)")
        }
    }
}
