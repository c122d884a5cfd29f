import Foundation
import Testing
import StrataModel

/// `AreaFlattening`: a curve's lines enclose its own area and stay within the tolerance of it.
struct AreaFlatteningTests {
    /// A quarter of a circle of radius `r` around the origin, as one cubic (the usual 0.5523 handles).
    static func quarter(_ r: Double) -> (Point, Point, Point, Point) {
        let k = 0.5522847498 * r
        return (Point(x: r, y: 0), Point(x: r, y: k), Point(x: k, y: r), Point(x: 0, y: r))
    }

    static func point(_ c: (Point, Point, Point, Point), _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
        return Point(x: a * c.0.x + b * c.1.x + d * c.2.x + e * c.3.x, y: a * c.0.y + b * c.1.y + d * c.2.y + e * c.3.y)
    }

    /// The area between the origin and a polyline from `start` through `points` (shoelace).
    static func area(from start: Point, _ points: [Point]) -> Double {
        var sum = 0.0, previous = start
        for p in points {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum / 2
    }

    @Test func aQuarterCircleKeepsItsAreaWhereChordsLoseIt() throws {
        for radius in [4.0, 20, 150] {
            let c = Self.quarter(radius)
            let flattening = AreaFlattening(tolerance: 0.03)
            var corners: [Point] = []
            #expect(flattening.forEachCorner(c.0, c.1, c.2, c.3) { corners.append(Point(x: $0, y: $1)) })
            let n = try #require(flattening.steps(c.0, c.1, c.2, c.3))
            #expect(corners.count == n && corners.last == c.3)
            // The curve's own area (against the origin), from 20,000 chords; and n chords'.
            let exact = Self.area(from: c.0, (1...20_000).map { Self.point(c, Double($0) / 20_000) })
            let chords = Self.area(from: c.0, (1...n).map { Self.point(c, Double($0) / Double(n)) })
            let flattened = Self.area(from: c.0, corners)
            let chordLoss = exact - chords, error = abs(flattened - exact)
            // Along the quarter's 0.5 π r of edge, chords 0.045 px deep lose about two thirds of that.
            #expect(chordLoss > 0.01 * radius, "radius \(radius): chords lose \(chordLoss) px²")
            // The two ends stay on the curve, so the chords beside them are half corrected: about
            // one chord's loss of n is left.
            #expect(error < 1.5 * chordLoss / Double(n), "radius \(radius): \(flattened) against \(exact) px²")
            // Every corner within the tolerance of the curve (its distance to the nearest of 20,000 points).
            let dense = (0...20_000).map { Self.point(c, Double($0) / 20_000) }
            for corner in corners {
                let distance = dense.map { hypot($0.x - corner.x, $0.y - corner.y) }.min()!
                #expect(distance <= 0.03, "radius \(radius): a corner \(distance) px off")
            }
        }
    }

    @Test func theStepsFollowTheDeviceScale() throws {
        let c = Self.quarter(20)
        let one = try #require(AreaFlattening(tolerance: 0.03).steps(c.0, c.1, c.2, c.3))
        let four = try #require(AreaFlattening(tolerance: 0.03, linear: (4, 0, 0, 4)).steps(c.0, c.1, c.2, c.3))
        // Steps grow with the square root of the size: four times as large, twice the lines.
        #expect(abs(Double(four) / Double(one) - 2) < 0.2, "\(one) and \(four)")
    }

    @Test func straightSidesAndHostileCurves() {
        let flattening = AreaFlattening(tolerance: 0.03, linear: (2, 0.5, -1, 3))
        // A straight side with zero tangents (Lottie's corners) is one line.
        let a = Point(x: 1, y: 2), b = Point(x: 40, y: 17)
        #expect(flattening.steps(a, a, b, b) == 1)
        #expect(flattening.steps(a, Point(x: 14, y: 7), Point(x: 27, y: 12), b) == 1)
        // Too large, or not finite: left to the rasteriser, nothing called.
        let far = Point(x: 1e12, y: -1e12)
        for c in [(a, far, b, b), (a, Point(x: .nan, y: 0), b, b), (a, Point(x: .infinity, y: 1), b, b)] {
            #expect(flattening.steps(c.0, c.1, c.2, c.3) == nil)
            #expect(!flattening.forEachCorner(c.0, c.1, c.2, c.3) { _, _ in Issue.record("called") })
        }
        #expect(AreaFlattening(tolerance: 0).steps(a, Point(x: 3, y: 30), b, b) == nil)
    }
}
