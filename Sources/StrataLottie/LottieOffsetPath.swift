import Foundation
import StrataModel

extension LottieShapes {
    /// The most pieces one side of a path is cut into before it is offset.
    static let maximumOffsetPieces = 64

    /// After Effects' Offset Paths (`op`) as a path: every contour moved `amount` points out
    /// (inwards when negative) — a closed contour away from its inside whichever way it runs, an
    /// open one to the left of its direction (as lottie-web's offset modifier moves every path) —
    /// its corners joined as `join` asks (1 miter up to `miterLimit` times the amount, else
    /// bevel; 2 round; 3 bevel) where the sides part, and met directly where they cross.
    ///
    /// Each side is cut into pieces turning by at most 30°, and each piece's control polygon is
    /// moved out leg by leg, its controls where the moved legs cross (Tiller and Hanson's
    /// construction, as lottie-web's offset modifier builds it): within a small fraction of the
    /// amount of the true offset curve for such pieces. What an inward offset folds over itself
    /// is left as it folds (the non-zero rule fills it once). A contour of one point, or an amount
    /// of zero or not finite, is left as it is.
    static func offset(_ path: Path, amount: Double, join: Int, miterLimit: Double) -> Path {
        guard amount != 0, amount.isFinite, abs(amount) < 1e7 else { return path }
        var result = Path()
        for contour in LottieContour.contours(of: path) {
            guard contour.vertices.count > 1 else {
                contour.append(to: &result)
                continue
            }
            OffsetContour(contour: contour, amount: amount, join: join, miterLimit: miterLimit).append(to: &result)
        }
        return result
    }
}

/// One contour offset (`LottieShapes.offset`).
private struct OffsetContour {
    let contour: LottieContour
    /// The offset along the left normal (y down: (dy, −dx)), in points.
    let left: Double
    let join: Int
    let miterLimit: Double

    /// A moved piece of a side: its four control points (a line has its controls at its ends)
    /// and its directions at its ends.
    struct Piece {
        var points: [Point]
        var startDirection: Point
        var endDirection: Point
        var straight: Bool
    }

    init(contour: LottieContour, amount: Double, join: Int, miterLimit: Double) {
        self.contour = contour
        self.join = join
        self.miterLimit = miterLimit
        // Out of a closed contour is to the left of a clockwise one (y down: positive area).
        var outwardIsLeft = true
        if contour.closed {
            outwardIsLeft = LottieShapes.signedArea(contour.vertices.flatMap { [$0.into, $0.point, $0.out] }) >= 0
        }
        left = outwardIsLeft ? amount : -amount
    }

    /// Whether the moved sides part at a corner turning by `cross` (the cross product of the
    /// directions before and after it): where it turns away from the side they were moved to.
    func parts(_ cross: Double) -> Bool { left > 0 ? cross > 0 : cross < 0 }

    func moved(_ p: Point, along d: Point) -> Point { Point(x: p.x + d.y * left, y: p.y - d.x * left) }

    /// The sides from vertex i to vertex i + 1, moved out, as pieces (none for a side of no length).
    func pieces(from u: LottieContour.Vertex, to w: LottieContour.Vertex) -> [Piece] {
        let p0 = u.point, c1 = u.out, c2 = w.into, p3 = w.point
        if c1 == p0, c2 == p3 {
            guard let d = LottieShapes.normalized(Point(x: p3.x - p0.x, y: p3.y - p0.y)) else { return [] }
            return [Piece(points: [moved(p0, along: d), moved(p3, along: d)], startDirection: d, endDirection: d, straight: true)]
        }
        // Cut where the control polygon has turned by 30°.
        var turn = 0.0, previous: Point?
        for (a, b) in [(p0, c1), (c1, c2), (c2, p3)] {
            guard let d = LottieShapes.normalized(Point(x: b.x - a.x, y: b.y - a.y)) else { continue }
            if let e = previous { turn += abs(atan2(e.x * d.y - e.y * d.x, e.x * d.x + e.y * d.y)) }
            previous = d
        }
        let count = min(LottieShapes.maximumOffsetPieces, max(1, Int(saturating: (turn / (Double.pi / 6)).rounded(.up))))
        var result: [Piece] = []
        for k in 0..<count {
            let q = Self.split((p0, c1, c2, p3), from: Double(k) / Double(count), to: Double(k + 1) / Double(count))
            if let piece = offsetPiece(q) { result.append(piece) }
        }
        return result
    }

    /// The part of the cubic between parameters t0 and t1, as a cubic.
    static func split(_ c: (Point, Point, Point, Point), from t0: Double, to t1: Double) -> [Point] {
        func at(_ t: Double) -> Point { LottieShapes.point(c, at: t) }
        // The derivative scaled by the part's length in t gives its inner controls.
        func derivative(_ t: Double) -> Point {
            let u = 1 - t
            return Point(x: 3 * (u * u * (c.1.x - c.0.x) + 2 * u * t * (c.2.x - c.1.x) + t * t * (c.3.x - c.2.x)),
                         y: 3 * (u * u * (c.1.y - c.0.y) + 2 * u * t * (c.2.y - c.1.y) + t * t * (c.3.y - c.2.y)))
        }
        let a = at(t0), b = at(t1), da = derivative(t0), db = derivative(t1), h = (t1 - t0) / 3
        return [a, Point(x: a.x + da.x * h, y: a.y + da.y * h), Point(x: b.x - db.x * h, y: b.y - db.y * h), b]
    }

    /// A piece of a side moved out: its ends along the normals of its end directions, its controls
    /// where its control polygon's legs, each moved out along its own normal, cross.
    func offsetPiece(_ q: [Point]) -> Piece? {
        let legs = [(q[0], q[1]), (q[1], q[2]), (q[2], q[3])].map { LottieShapes.normalized(Point(x: $0.1.x - $0.0.x, y: $0.1.y - $0.0.y)) }
        guard let start = legs.compactMap({ $0 }).first, let end = legs.compactMap({ $0 }).last else { return nil }
        let a = moved(q[0], along: start), d = moved(q[3], along: end)
        // A leg of no length takes the direction of the next (or previous) one.
        let l0 = legs[0] ?? legs[1] ?? start, l2 = legs[2] ?? legs[1] ?? end, l1 = legs[1] ?? Point(x: (l0.x + l2.x) / 2, y: (l0.y + l2.y) / 2)
        func crossing(_ p: Point, _ u: Point, _ r: Point, _ v: Point) -> Point? {
            let det = u.x * v.y - u.y * v.x
            guard abs(det) > 1e-9 else { return nil }
            let t = ((r.x - p.x) * v.y - (r.y - p.y) * v.x) / det
            return Point(x: p.x + u.x * t, y: p.y + u.y * t)
        }
        let middle = moved(q[1], along: l1)
        var b = legs[0] == nil ? a : (crossing(a, l0, middle, l1) ?? moved(q[1], along: l0))
        var c = legs[2] == nil ? d : (crossing(d, l2, middle, l1) ?? moved(q[2], along: l2))
        // A crossing far off (legs nearly parallel) is not a control: the leg moved out instead.
        let reach = 4 * (abs(left) + hypot(q[3].x - q[0].x, q[3].y - q[0].y))
        if hypot(b.x - a.x, b.y - a.y) > reach { b = moved(q[1], along: l0) }
        if hypot(c.x - d.x, c.y - d.y) > reach { c = moved(q[2], along: l2) }
        return Piece(points: [a, b, c, d], startDirection: start, endDirection: end, straight: false)
    }

    /// Joins the end of one moved side (`end`, going `from`) to the start of the next (`start`,
    /// going `to`) around the contour's vertex `corner`.
    func joinPoints(_ end: Point, from: Point, to start: Point, toward: Point, corner: Point, into path: inout Path) {
        guard hypot(start.x - end.x, start.y - end.y) > 1e-9 else { return }
        // The moved sides part where the corner turns away from the side they were moved to.
        let cross = from.x * toward.y - from.y * toward.x
        if parts(cross) {
            switch join {
            case 2:
                let r = abs(left)
                let a0 = atan2(end.y - corner.y, end.x - corner.x), a1 = atan2(start.y - corner.y, start.x - corner.x)
                var sweep = a1 - a0
                while sweep > Double.pi { sweep -= 2 * Double.pi }
                while sweep < -Double.pi { sweep += 2 * Double.pi }
                let steps = max(1, Int(saturating: (abs(sweep) / (Double.pi / 2)).rounded(.up)))
                let step = sweep / Double(steps), handle = 4.0 / 3 * tan(step / 4) * r
                for k in 0..<steps {
                    let s0 = a0 + step * Double(k), s1 = s0 + step
                    let p0 = Point(x: corner.x + r * cos(s0), y: corner.y + r * sin(s0))
                    let p1 = Point(x: corner.x + r * cos(s1), y: corner.y + r * sin(s1))
                    path.addCurve(to: k == steps - 1 ? start : p1,
                                  control1: Point(x: p0.x - handle * sin(s0), y: p0.y + handle * cos(s0)),
                                  control2: Point(x: p1.x + handle * sin(s1), y: p1.y - handle * cos(s1)))
                }
                return
            case 1:
                let det = from.x * toward.y - from.y * toward.x
                if abs(det) > 1e-12 {
                    let t = ((start.x - end.x) * toward.y - (start.y - end.y) * toward.x) / det
                    let miter = Point(x: end.x + from.x * t, y: end.y + from.y * t)
                    if hypot(miter.x - corner.x, miter.y - corner.y) <= miterLimit * abs(left) { path.addLine(to: miter) }
                }
            default:
                break
            }
        }
        path.addLine(to: start)
    }

    func append(to path: inout Path) {
        let vertices = contour.vertices
        let sideCount = contour.closed ? vertices.count : vertices.count - 1
        var sides: [(pieces: [Piece], corner: Point)] = []
        for i in 0..<sideCount {
            let pieces = pieces(from: vertices[i], to: vertices[(i + 1) % vertices.count])
            if !pieces.isEmpty { sides.append((pieces, vertices[(i + 1) % vertices.count].point)) }
        }
        guard !sides.isEmpty else {
            contour.append(to: &path)
            return
        }
        // Where two straight moved sides cross at a corner, both end at the crossing.
        let corners = contour.closed ? sides.count : sides.count - 1
        for index in 0..<corners {
            let next = (index + 1) % sides.count
            guard let end = sides[index].pieces.last, let start = sides[next].pieces.first, end.straight, start.straight else { continue }
            let cross = end.endDirection.x * start.startDirection.y - end.endDirection.y * start.startDirection.x
            guard !parts(cross), abs(cross) > 1e-9 else { continue }
            let a = end.points[0], e = end.points[1], s = start.points[0], b = start.points[1]
            let u = Point(x: e.x - a.x, y: e.y - a.y), v = Point(x: b.x - s.x, y: b.y - s.y)
            let det = u.x * v.y - u.y * v.x
            guard abs(det) > 1e-12 else { continue }
            let t = ((s.x - a.x) * v.y - (s.y - a.y) * v.x) / det, w = ((s.x - a.x) * u.y - (s.y - a.y) * u.x) / det
            guard t > 0, t <= 1, w >= 0, w < 1 else { continue }
            let crossing = Point(x: a.x + u.x * t, y: a.y + u.y * t)
            sides[index].pieces[sides[index].pieces.count - 1].points[1] = crossing
            sides[next].pieces[0].points[0] = crossing
        }
        let first = sides[0].pieces[0]
        path.move(to: first.points[0])
        for (index, side) in sides.enumerated() {
            for (k, piece) in side.pieces.enumerated() {
                if k > 0 {
                    let before = side.pieces[k - 1]
                    if hypot(piece.points[0].x - before.points[3].x, piece.points[0].y - before.points[3].y) > 1e-9 { path.addLine(to: piece.points[0]) }
                }
                if piece.straight { path.addLine(to: piece.points[1]) } else {
                    path.addCurve(to: piece.points[3], control1: piece.points[1], control2: piece.points[2])
                }
            }
            let isLast = index == sides.count - 1
            guard !isLast || contour.closed else { continue }
            let next = isLast ? sides[0] : sides[index + 1]
            let end = side.pieces[side.pieces.count - 1], start = next.pieces[0]
            joinPoints(end.points[end.points.count - 1], from: end.endDirection, to: start.points[0], toward: start.startDirection,
                       corner: side.corner, into: &path)
        }
        if contour.closed { path.append(.close) }
    }
}
