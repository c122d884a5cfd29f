import Foundation
import StrataKit
import StrataModel
import StrataScene
@testable import StrataLottie
import Testing

/// Offset Paths as a path (`LottieShapes.offset`): what a stroke of an offset path follows, and a
/// fill whose amount changes sign.
@Suite("Lottie offset path as a path") struct LottieOffsetPathTests {
    /// The square 40…60 drawn clockwise on screen, or the other way round.
    static func square(clockwise: Bool) -> Path {
        var path = Path()
        let corners = [Point(x: 40, y: 40), Point(x: 60, y: 40), Point(x: 60, y: 60), Point(x: 40, y: 60)]
        let ordered = clockwise ? corners : Array(corners.reversed())
        path.move(to: ordered[0])
        for p in ordered.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
        return path
    }

    static func extent(_ path: Path) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .quad(let c, let p): xs += [c.x, p.x]; ys += [c.y, p.y]
            case .cubic(let a, let b, let p): xs += [a.x, b.x, p.x]; ys += [a.y, b.y, p.y]
            case .close: break
            }
        }
        return (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
    }

    @Test func aClosedPathGrowsOutwardsWhicheverWayItRuns() {
        for clockwise in [true, false] {
            let grown = Self.extent(LottieShapes.offset(Self.square(clockwise: clockwise), amount: 5, join: 1, miterLimit: 4))
            #expect(grown.minX == 35 && grown.maxX == 65 && grown.minY == 35 && grown.maxY == 65, "clockwise \(clockwise): \(grown)")
            let shrunk = Self.extent(LottieShapes.offset(Self.square(clockwise: clockwise), amount: -5, join: 1, miterLimit: 4))
            #expect(shrunk.minX == 45 && shrunk.maxX == 55 && shrunk.minY == 45 && shrunk.maxY == 55, "clockwise \(clockwise): \(shrunk)")
        }
    }

    @Test func cornersAreJoinedAsTheJoinAsks() {
        // Miter: the corner point 5 out on both axes; over the limit and bevel: cut across;
        // round: an arc of radius 5 about the corner, whose middle lies 5 from it.
        let miter = LottieShapes.offset(Self.square(clockwise: true), amount: 5, join: 1, miterLimit: 4)
        #expect(miter.elements.contains(.line(Point(x: 35, y: 35))))
        for (join, limit) in [(3, 4.0), (1, 1.0)] {
            let cut = LottieShapes.offset(Self.square(clockwise: true), amount: 5, join: join, miterLimit: limit)
            #expect(!cut.elements.contains(.line(Point(x: 35, y: 35))), "join \(join), limit \(limit)")
            #expect(cut.elements.contains(.line(Point(x: 40, y: 35))) || cut.elements.contains(.move(Point(x: 40, y: 35))), "\(cut.elements)")
        }
        let round = LottieShapes.offset(Self.square(clockwise: true), amount: 5, join: 2, miterLimit: 4)
        let arcs = round.elements.compactMap { element -> Point? in if case .cubic(_, _, let p) = element { p } else { nil } }
        #expect(arcs.count == 4 && arcs.allSatisfy { p in [40.0, 60].contains { abs(p.x - $0) < 1e-9 } || [40.0, 60].contains { abs(p.y - $0) < 1e-9 } })
    }

    @Test func aCurveMovesOutAlongItsNormalWithinASmallFractionOfTheAmount() {
        // A circle of radius 20 (four cubics) moved out by 10: every point of the result within
        // 0.1 of radius 30.
        let circle = LottieShapes.ellipse(center: Point(x: 50, y: 50), size: Size(width: 40, height: 40), reversed: false)
        let grown = LottieShapes.offset(circle, amount: 10, join: 1, miterLimit: 4)
        var worst = 0.0, current = Point(x: 0, y: 0)
        for element in grown.elements {
            switch element {
            case .move(let p), .line(let p): current = p
            case .cubic(let a, let b, let p):
                for k in 0...16 {
                    let q = LottieShapes.point((current, a, b, p), at: Double(k) / 16)
                    worst = max(worst, abs(hypot(q.x - 50, q.y - 50) - 30))
                }
                current = p
            default: break
            }
        }
        #expect(worst < 0.1, "\(worst)")
    }

    @Test func aStrokeOfAnOffsetPathFollowsTheOffsetOutline() throws {
        // The square 30…70 moved out by 5 and stroked 2 wide: the stroke at 25, nothing at 30.
        let shapes = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"op","a":{"k":5},"lj":1,"ml":{"k":4}},"#
            + #"{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":2},"lc":2,"lj":1},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(shapes)))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 25, 50) == [0, 0, 255, 255])
        #expect(try pixel(scene, atSeconds: 0, 30, 50)[3] == 0)
        #expect(try pixel(scene, atSeconds: 0, 25, 25)[3] == 255, "the miter corner")
    }

    @Test func aFillWhoseAmountChangesSignShrinksThenGrows() throws {
        // −5 at frame 0 to +5 at frame 10, on the square 30…70.
        let amount = #"{"a":1,"k":[{"t":0,"s":[-5],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[5]}]}"#
        let shapes = #"{"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"op","a":\#(amount),"lj":1,"ml":{"k":4}},"#
            + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
        let scene = try importLottie(lottie(shapeLayer(shapes)))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 33, 50)[3] == 0, "inset by 5 at first")
        #expect(try pixel(scene, atSeconds: 0, 37, 50) == [255, 0, 0, 255])
        #expect(try pixel(scene, atSeconds: 1, 27, 50) == [255, 0, 0, 255], "grown by 5 at frame 10")
    }

    @Test func hostileAmountsAndPathsLeaveThePathOrAFinitePath() {
        var dot = Path()
        dot.move(to: Point(x: 10, y: 10))
        dot.addLine(to: Point(x: 10, y: 10))
        dot.addCurve(to: Point(x: 10, y: 10), control1: Point(x: 10, y: 10), control2: Point(x: 10, y: 10))
        for amount in [1e6, -1e6, 1e-300, .nan, .infinity, 1e8] {
            for path in [Self.square(clockwise: true), dot, LottieShapes.ellipse(center: .zero, size: Size(width: 1e-9, height: 1e-9), reversed: false)] {
                let result = LottieShapes.offset(path, amount: amount, join: 2, miterLimit: 1e9)
                let finite = result.elements.allSatisfy { element in
                    switch element {
                    case .move(let p), .line(let p): p.x.isFinite && p.y.isFinite
                    case .quad(let c, let p): c.x.isFinite && c.y.isFinite && p.x.isFinite && p.y.isFinite
                    case .cubic(let a, let b, let p): [a.x, a.y, b.x, b.y, p.x, p.y].allSatisfy(\.isFinite)
                    case .close: true
                    }
                }
                #expect(finite, "amount \(amount)")
            }
        }
    }
}
