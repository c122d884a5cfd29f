import StrataTestSupport
import Testing
import StrataModel

@Suite("Layer model")
struct ModelTests {
    @Test func frameIsDerivedFromBoundsPositionAndAnchor() {
        var layer = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100))
        #expect(layer.frame == Rect(x: 150, y: 75, width: 100, height: 50))
        layer.anchorPoint = Point(x: 0, y: 0)
        #expect(layer.frame == Rect(x: 200, y: 100, width: 100, height: 50))
        layer.setFrame(Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(layer.position == Point(x: 10, y: 20))
        #expect(layer.frame == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func transformAppliesAboutTheAnchorPoint() {
        var layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        layer.transform = .scale(x: 2, y: 2)
        #expect(layer.frame == Rect(x: -50, y: -25, width: 200, height: 100))
        layer.transform = .rotation(radians: .pi / 2)
        let frame = layer.frame
        #expect(abs(frame.minX - 25) < 1e-9 && abs(frame.minY - -25) < 1e-9)
        #expect(abs(frame.width - 50) < 1e-9 && abs(frame.height - 100) < 1e-9)
    }

    @Test func boundsOriginShiftsTheSublayerSpace() {
        var layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        layer.bounds.origin = Point(x: 20, y: 10)
        #expect(layer.affineTransformToSuperlayer.apply(to: Point(x: 20, y: 10)) == Point(x: 0, y: 0))
    }

    @Test func concatenationAppliesSelfFirst() {
        let t = Transform2D.translation(x: 10, y: 0).concatenating(.scale(x: 2, y: 2))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test(arguments: [
        (ContentsGravity.center, Rect(x: 30, y: 15, width: 40, height: 20)),
        (.top, Rect(x: 30, y: 0, width: 40, height: 20)),
        (.bottomRight, Rect(x: 60, y: 30, width: 40, height: 20)),
        (.resize, Rect(x: 0, y: 0, width: 100, height: 50)),
        (.resizeAspect, Rect(x: 0, y: 0, width: 100, height: 50)),
        (.resizeAspectFill, Rect(x: 0, y: 0, width: 100, height: 50)),
    ])
    func gravityPlacement(gravity: ContentsGravity, expected: Rect) {
        #expect(gravity.placement(of: Size(width: 40, height: 20), in: Rect(x: 0, y: 0, width: 100, height: 50)) == expected)
    }

    @Test func aspectGravitiesKeepTheImageAspect() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(ContentsGravity.resizeAspect.placement(of: Size(width: 40, height: 20), in: bounds) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(ContentsGravity.resizeAspectFill.placement(of: Size(width: 40, height: 20), in: bounds) == Rect(x: -50, y: 0, width: 200, height: 100))
    }

    @Test func hexColours() {
        #expect(Color(hex: "#ff0000") == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hex: "#0f08")?.alpha == Double(0x88) / 255)
        #expect(Color(hex: "red") == nil)
        #expect(Color(hex: "#12345") == nil)
    }
}

@Suite("Colours without force-unwrapping")
struct ColorLiteralTests {
    @Test func literalsAndThrowingParse() throws {
        #expect(Color(rgb: 0x1e88e5) == Color(hex: "#1e88e5"))
        #expect(Color(rgba: 0x1e88e580) == Color(hex: "#1e88e580"))
        #expect(Color(rgb: 0xFF_1e88e5) == Color(rgb: 0x1e88e5), "bits above 24 are ignored")
        #expect(Color(rgb: 0xffffff, alpha: 0.5).alpha == 0.5)
        #expect(try Color(parsing: "#fff") == .white)
        let error = try #require(throws: ColorError.self) { try Color(parsing: "#1e88ez") }
        #expect(error.description.contains("\"#1e88ez\""))
    }
}
