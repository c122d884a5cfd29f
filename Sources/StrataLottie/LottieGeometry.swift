import Foundation
import StrataModel
import StrataScene

/// A Lottie Bézier shape (`{c, v, i, o}`): vertices with in and out tangents relative to them.
struct LottieBezier: LottieInterpolable, Hashable {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]

    /// No path at all (what a `CAShapeLayer` whose path is not set draws: nothing).
    static let none = LottieBezier(closed: false, vertices: [], inTangents: [], outTangents: [])

    func interpolated(to other: LottieBezier, fractions: (Int) -> Double) -> LottieBezier {
        guard other.vertices.count == vertices.count else { return fractions(0) < 1 ? self : other }
        let f = fractions(0)
        func mix(_ a: [Point], _ b: [Point]) -> [Point] {
            zip(a, b).map { Point(x: $0.x + ($1.x - $0.x) * f, y: $0.y + ($1.y - $0.y) * f) }
        }
        return LottieBezier(closed: closed, vertices: mix(vertices, other.vertices),
                            inTangents: mix(inTangents, other.inTangents), outTangents: mix(outTangents, other.outTangents))
    }

    /// Appends the shape to `path` (reversed when `reversed`), in cubic segments.
    func append(to path: inout Path, reversed: Bool = false) {
        guard !vertices.isEmpty else { return }
        var v = vertices, i = inTangents, o = outTangents
        if reversed {
            v.reverse(); i.reverse(); o.reverse()
            swap(&i, &o)
        }
        path.move(to: v[0])
        let count = v.count
        let segments = closed ? count : count - 1
        for index in 0..<segments {
            let a = v[index], b = v[(index + 1) % count]
            let c1 = Point(x: a.x + o[index].x, y: a.y + o[index].y)
            let c2 = Point(x: b.x + i[(index + 1) % count].x, y: b.y + i[(index + 1) % count].y)
            path.addCurve(to: b, control1: c1, control2: c2)
        }
        if closed { path.closeSubpath() }
    }
}

extension LottieNode {
    /// A Bézier shape value `{c, v, i, o}` (or a list holding one).
    func bezier() throws(SceneError) -> LottieBezier {
        var node = self
        if node.isArray, let first = try node.array(max: 1).first { node = first }
        guard node.isObject else { throw node.error("a Bézier shape {c, v, i, o}") }
        func points(_ key: String) throws(SceneError) -> [Point] {
            guard let list = node[key] else { return [] }
            // Straight from the tape when every point is in range; else the long way, which names
            // the point at fault.
            if let pairs = list.value.pairs(maximumCount: Limits.maximumPathElements, magnitude: Lottie.maximumMagnitude) {
                return pairs.map { Point(x: $0.x, y: $0.y) }
            }
            var result: [Point] = []
            for element in try list.array(max: Limits.maximumPathElements) {
                let v = try element.vector()
                guard v.count >= 2 else { throw element.error("a point [x, y]") }
                result.append(Point(x: v[0], y: v[1]))
            }
            return result
        }
        let vertices = try points("v")
        var inTangents = try points("i"), outTangents = try points("o")
        if inTangents.count != vertices.count || outTangents.count != vertices.count {
            guard inTangents.isEmpty && outTangents.isEmpty else {
                throw node.error("as many in (i) and out (o) tangents as vertices (\(vertices.count))")
            }
            inTangents = Array(repeating: .zero, count: vertices.count)
            outTangents = inTangents
        }
        let closed = try node["c"].map { n throws(SceneError) in try n.number(in: 0...1) == 1 } ?? false
        return LottieBezier(closed: closed, vertices: vertices, inTangents: inTangents, outTangents: outTangents)
    }
}

/// The paths of Lottie's parametric shapes, as After Effects draws them (clockwise from the top
/// unless reversed).
enum LottieShapes {
    /// `path` with every contour running the same way round (clockwise on screen, y down): a
    /// contour whose signed area (of its points and control points) is negative is reversed. The
    /// non-zero rule then fills the union of the contours, as merge paths' "add" asks.
    /// Twice the signed area of the closed polygon through `points` (the shoelace sum): positive
    /// when it runs clockwise on screen (y down).
    static func signedArea(_ points: [Point]) -> Double {
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area
    }

    static func clockwise(_ path: Path) -> Path {
        var result = Path()
        var contour: [Path.Element] = []
        func flush() {
            defer { contour = [] }
            guard case .move(let start)? = contour.first else { return }
            var points = [start]
            for element in contour.dropFirst() {
                switch element {
                case .line(let p): points.append(p)
                case .quad(let c, let p): points += [c, p]
                case .cubic(let c1, let c2, let p): points += [c1, c2, p]
                case .move, .close: break
                }
            }
            guard signedArea(points) < 0 else {
                for element in contour { result.append(element) }
                return
            }
            // Reversed: from the last point back to the start, each segment's controls swapped.
            let closed = contour.last == .close
            var ends: [Point] = [start]
            for element in contour.dropFirst() {
                switch element {
                case .line(let p), .quad(_, let p), .cubic(_, _, let p): ends.append(p)
                case .move, .close: break
                }
            }
            result.append(.move(ends[ends.count - 1]))
            var index = ends.count - 1
            for element in contour.dropFirst().reversed() {
                switch element {
                case .line: result.append(.line(ends[index - 1]))
                case .quad(let c, _): result.append(.quad(c, ends[index - 1]))
                case .cubic(let c1, let c2, _): result.append(.cubic(c2, c1, ends[index - 1]))
                case .move, .close: continue
                }
                index -= 1
            }
            if closed { result.append(.close) }
        }
        for element in path.elements {
            if case .move = element { flush() }
            contour.append(element)
        }
        flush()
        return result
    }

    /// `path` with every sharp corner rounded as After Effects' Round Corners does (and lottie-web,
    /// lottie-android and lottie-ios after it): a vertex without tangents is split into two, each
    /// moved toward its neighbour by the radius (at most half the way), joined by a cubic whose
    /// handles reach 0.5519 of the way back to the corner. Vertices with tangents, and an open
    /// path's ends, stay.
    static func roundingCorners(of path: Path, radius: Double) -> Path {
        guard radius > 0, radius.isFinite else { return path }
        struct Vertex { var point: Point; var into: Point; var out: Point }
        func mix(_ a: Point, _ b: Point, _ f: Double) -> Point { Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
        var result = Path()
        func round(_ elements: ArraySlice<Path.Element>) {
            guard case .move(let start)? = elements.first else { return }
            var vertices = [Vertex(point: start, into: start, out: start)]
            var closed = false
            for element in elements.dropFirst() {
                let last = vertices[vertices.count - 1].point
                switch element {
                case .line(let p):
                    vertices.append(Vertex(point: p, into: p, out: p))
                case .quad(let c, let p):
                    vertices[vertices.count - 1].out = mix(last, c, 2.0 / 3)
                    vertices.append(Vertex(point: p, into: mix(p, c, 2.0 / 3), out: p))
                case .cubic(let c1, let c2, let p):
                    vertices[vertices.count - 1].out = c1
                    vertices.append(Vertex(point: p, into: c2, out: p))
                case .close: closed = true
                case .move: break
                }
            }
            if closed, vertices.count > 1, vertices[vertices.count - 1].point == vertices[0].point {
                vertices[0].into = vertices.removeLast().into
            }
            let count = vertices.count
            guard count > 1 else {
                for element in elements { result.append(element) }
                return
            }
            var rounded: [Vertex] = []
            for (index, vertex) in vertices.enumerated() {
                let sharp = vertex.into == vertex.point && vertex.out == vertex.point
                guard sharp, closed || (index > 0 && index < count - 1) else { rounded.append(vertex); continue }
                func toward(_ other: Point) -> Point {
                    let d = ((other.x - vertex.point.x) * (other.x - vertex.point.x) + (other.y - vertex.point.y) * (other.y - vertex.point.y)).squareRoot()
                    return d > 0 ? mix(vertex.point, other, min(d / 2, radius) / d) : vertex.point
                }
                let a = toward(vertices[(index + count - 1) % count].point), b = toward(vertices[(index + 1) % count].point)
                rounded.append(Vertex(point: a, into: a, out: mix(a, vertex.point, 0.5519)))
                rounded.append(Vertex(point: b, into: mix(b, vertex.point, 0.5519), out: b))
            }
            func segment(_ u: Vertex, _ w: Vertex) {
                if u.out == u.point && w.into == w.point { result.addLine(to: w.point) } else { result.addCurve(to: w.point, control1: u.out, control2: w.into) }
            }
            result.move(to: rounded[0].point)
            for index in 1..<rounded.count { segment(rounded[index - 1], rounded[index]) }
            if closed {
                segment(rounded[rounded.count - 1], rounded[0])
                result.append(.close)
            }
        }
        var start = path.elements.startIndex
        for index in path.elements.indices where index > start {
            if case .move = path.elements[index] {
                round(path.elements[start..<index])
                start = index
            }
        }
        if start < path.elements.endIndex { round(path.elements[start...]) }
        return result
    }

    /// The magic number of a cubic quarter circle.
    static let kappa = 0.5522847498307936

    /// A rectangle centred at `center`, `size` wide and high, corners rounded by `radius`;
    /// starting at the top right corner, as After Effects does.
    static func rectangle(center: Point, size: Size, radius: Double, reversed: Bool) -> Path {
        let w = abs(size.width) / 2, h = abs(size.height) / 2
        let r = max(0, min(radius, w, h))
        let left = center.x - w, right = center.x + w, top = center.y - h, bottom = center.y + h
        let c = r * (1 - kappa)
        var path = Path()
        if r == 0 {
            let corners = [Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom), Point(x: left, y: top)]
            let ordered = reversed ? [corners[0], corners[3], corners[2], corners[1]] : corners
            path.move(to: ordered[0])
            for corner in ordered.dropFirst() { path.addLine(to: corner) }
            path.closeSubpath()
            return path
        }
        // Clockwise from the top of the right edge; each corner is a cubic quarter.
        var bezier = LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: [])
        func add(_ point: Point, in tangent: Point, out: Point) {
            bezier.vertices.append(point); bezier.inTangents.append(tangent); bezier.outTangents.append(out)
        }
        let k = r - c
        add(Point(x: right, y: top + r), in: .zero, out: .zero)
        add(Point(x: right, y: bottom - r), in: .zero, out: Point(x: 0, y: k))
        add(Point(x: right - r, y: bottom), in: Point(x: k, y: 0), out: .zero)
        add(Point(x: left + r, y: bottom), in: .zero, out: Point(x: -k, y: 0))
        add(Point(x: left, y: bottom - r), in: Point(x: 0, y: k), out: .zero)
        add(Point(x: left, y: top + r), in: .zero, out: Point(x: 0, y: -k))
        add(Point(x: left + r, y: top), in: Point(x: -k, y: 0), out: .zero)
        add(Point(x: right - r, y: top), in: .zero, out: Point(x: k, y: 0))
        add(Point(x: right, y: top + r), in: Point(x: 0, y: -k), out: .zero)
        bezier.vertices.removeLast(); bezier.inTangents[0] = bezier.inTangents.removeLast(); bezier.outTangents.removeLast()
        bezier.append(to: &path, reversed: reversed)
        return path
    }

    /// An ellipse centred at `center` of `size`, starting at the top, clockwise unless reversed.
    static func ellipse(center: Point, size: Size, reversed: Bool) -> Path {
        // From the top (noon), clockwise; reversed, from the top anticlockwise, as After Effects
        // and lottie-ios build it (the mirror image, not the clockwise path walked backwards from
        // its last corner: a trim's 0 % stays at the top).
        let rx = abs(size.width) / 2 * (reversed ? -1 : 1), ry = abs(size.height) / 2
        let kx = rx * kappa, ky = ry * kappa
        let bezier = LottieBezier(
            closed: true,
            vertices: [Point(x: center.x, y: center.y - ry), Point(x: center.x + rx, y: center.y),
                       Point(x: center.x, y: center.y + ry), Point(x: center.x - rx, y: center.y)],
            inTangents: [Point(x: -kx, y: 0), Point(x: 0, y: -ky), Point(x: kx, y: 0), Point(x: 0, y: ky)],
            outTangents: [Point(x: kx, y: 0), Point(x: 0, y: ky), Point(x: -kx, y: 0), Point(x: 0, y: -ky)])
        var path = Path()
        bezier.append(to: &path)
        return path
    }

    /// A star (`inner` given) or polygon of `points` corners around `center`, rotated by
    /// `rotation` degrees, with After Effects' roundness (percent) turned into tangents — built as
    /// lottie-ios builds the paths its Core Animation engine draws (`BezierPath.star`,
    /// `BezierPath.polygon`), whose first point is at the top (turned by `rotation`):
    /// - a tangent is perpendicular to the radius, r × roundness × 0.47829 long for a star and
    ///   × 0.25 for a polygon, whatever the number of points (`StarNode.PolystarConstant`,
    ///   `PolygonNode.PolygonConstant`). lottie-web and the Lottie documentation give
    ///   2π·r·roundness / (4 × points) instead; Core Animation's pictures of pr_1536 and TypeFace/L,
    ///   and After Effects' renders lottie-ae polygon-round-00 and star-round-00, are compared in
    ///   docs/lottie.md;
    /// - a fractional number of points (an animated `pt`) grows a star's last point out of its
    ///   inner radius: the point at the start lies `fraction` of the way from the inner radius to the
    ///   outer, both its half-turns are `fraction` of a half-turn and its tangents `fraction` as
    ///   long; a polygon takes ⌈points⌉ steps of 360° / points, its last side closing the gap;
    /// - reversed (`d` 3), the same points from the first the other way round.
    static func star(center: Point, points: Double, rotation: Double, outerRadius: Double, innerRadius: Double?,
                     outerRoundness: Double, innerRoundness: Double, reversed: Bool) -> Path {
        guard points.isFinite, points >= 2 else { return Path() }
        let count = min(1000, points)
        let perPoint = 2 * Double.pi / count
        var angle = (rotation - 90) * Double.pi / 180
        var bezier = LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: [])
        /// A vertex at `radius` and the current angle, its tangents `length` long (0: none).
        func add(radius: Double, length: Double) {
            let tangent = Point(x: -sin(angle) * length, y: cos(angle) * length)
            bezier.vertices.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
            bezier.inTangents.append(Point(x: -tangent.x, y: -tangent.y))
            bezier.outTangents.append(tangent)
        }
        if let innerRadius {
            let constant = 0.47829
            let fraction = count - count.rounded(.down)
            let half = perPoint / 2
            let corners = Int(saturating: count, .up) * 2
            func length(outer: Bool) -> Double { (outer ? outerRadius * outerRoundness : innerRadius * innerRoundness) / 100 * constant }
            if fraction > 0 {
                angle += half * (1 - fraction)
                add(radius: innerRadius + fraction * (outerRadius - innerRadius), length: length(outer: true) * fraction)
                angle += perPoint * fraction / 2
            } else {
                add(radius: outerRadius, length: length(outer: true))
                angle += half
            }
            // Inner and outer corners in turn; the last lands on the first (dropped below).
            for index in 0..<corners - 1 {
                let outer = index % 2 == 1
                add(radius: outer ? outerRadius : innerRadius, length: length(outer: outer))
                angle += fraction > 0 && index == corners - 2 ? perPoint * fraction / 2 : half
            }
        } else {
            let length = outerRadius * outerRoundness / 100 * 0.25
            add(radius: outerRadius, length: length)
            let steps = Int(saturating: count, .up)
            // The last step lands on the first point for a whole number of points.
            let whole = count == count.rounded(.down)
            for _ in 1..<(whole ? steps : steps + 1) {
                angle += perPoint
                add(radius: outerRadius, length: length)
            }
            if !whole {
                // The closing side, from past the first point back to it, is straight.
                bezier.inTangents[0] = .zero
                bezier.outTangents[bezier.outTangents.count - 1] = .zero
            }
        }
        var path = Path()
        if reversed {
            // From the first point the other way round, each vertex's tangents swapped.
            let order = [0] + bezier.vertices.indices.dropFirst().reversed()
            LottieBezier(closed: true, vertices: order.map { bezier.vertices[$0] }, inTangents: order.map { bezier.outTangents[$0] },
                         outTangents: order.map { bezier.inTangents[$0] }).append(to: &path)
        } else {
            bezier.append(to: &path)
        }
        return path
    }
}
