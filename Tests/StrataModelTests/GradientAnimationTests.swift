import StrataAnimation
import StrataModel
import StrataTestSupport
import Testing

/// `CAGradientLayer`'s animatable properties: start and end points, and the stops one at a time.
@Suite("Gradient animations")
struct GradientAnimationTests {
    func layer() -> Layer {
        var layer = Layer(name: "g", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.gradient = Gradient(colors: [.black, .white], locations: [0, 1])
        return layer
    }

    func basic(_ keyPath: AnimationKeyPath, _ from: AnimationValue, _ to: AnimationValue) -> Animation {
        Animation(keyPath: keyPath, kind: .basic(from: from, to: to, by: nil), timing: MediaTiming(duration: 1))
    }

    @Test func keyPathsAreSpelledAsCoreAnimationSpellsThem() {
        #expect(AnimationKeyPath("startPoint") == .startPoint)
        #expect(AnimationKeyPath("colors[1]") == .gradientColor(1))
        #expect(AnimationKeyPath("locations[0]") == .gradientLocation(0))
        #expect(AnimationKeyPath("colors[-1]") == nil)
        #expect(AnimationKeyPath("colors[999999]") == nil)
        #expect(AnimationKeyPath.gradientColor(3).description == "colors[3]")
    }

    @Test func pointsAndStopsMove() throws {
        var layer = layer()
        try layer.add(basic(.startPoint, .point(Point(x: 0, y: 0)), .point(Point(x: 1, y: 0))), forKey: "s")
        try layer.add(basic(.gradientColor(1), .color(.white), .color(Color(red: 1, green: 0, blue: 0))), forKey: "c")
        try layer.add(basic(.gradientLocation(0), .number(0), .number(0.5)), forKey: "l")
        try layer.add(basic(.gradientColor(7), .color(.white), .color(.black)), forKey: "beyond")
        let shown = try #require(PresentationTree(evaluating: [layer], atSeconds: 0.5).layers.first?.gradient)
        #expect(shown.startPoint == Point(x: 0.5, y: 0))
        #expect(shown.colors.count == 2)
        #expect(abs(shown.colors[1].green - 0.5) < 1e-9 && shown.colors[1].red == 1)
        #expect(shown.resolvedLocations == [0.25, 1])
    }
}
