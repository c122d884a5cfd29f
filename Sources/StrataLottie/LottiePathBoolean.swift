import Foundation
import StrataModel

/// The outline of merged paths (`mm`): the area a merge mode keeps, as closed polygons — what a
/// stroke, a trim or a modifier after a merge follows in After Effects, which merges the paths'
/// areas and goes on with the merged outline (the Lottie specification's merge modes; lottie-android
/// does the same with `Path.op`). lottie-ios's Core Animation engine draws no merge at all, so this
/// is drawn only where a merge's outline is needed: a fill of merged paths with nothing after the
/// merge stays a mask (`LottieShapeBuilder.mergedFill`), which keeps the curves.
///
/// Each part is flattened into polygons (`tolerance` from the curves, in the layer's units) and
/// filled by the non-zero rule; every edge is cut where it meets another, and a piece is kept
/// where the mode's area lies on one side of it and not on the other, turned so that the area is
/// on its right (clockwise on the screen, as Strata turns added paths). Modes: 2 add (in any
/// part), 3 subtract (in one of the others, not in the last), 4 intersect (in one of the others
/// and in the last), 5 exclude intersections (in an odd number of parts): the same reading of the
/// parts as the mask fill's.
enum LottiePathBoolean {
    /// Most lines (all parts, after flattening) a merge is computed from; more is not merged
    /// (the caller warns): cutting every line against every other is quadratic.
    static let maximumEdges = 3_000
    /// How far a flattened curve may stray from the curve, in the layer's units.
    static let tolerance = 0.02
    /// Most lines one curve becomes.
    static let maximumStepsPerCurve = 64

    /// The merged outline of `parts` under `mode` (2…5), or nil when the parts have more than
    /// `maximumEdges` lines or a coordinate that is not finite.
    static func combine(_ parts: [Path], mode: Int) -> Path? {
        var curves: [Curve] = [], edges: [Piece] = [], polygons: [[[Point]]] = []
        for part in parts {
            let flat = flatten(part, into: &curves)
            polygons.append(flat.polygons)
            for edge in flat.edges {
                guard edge.a.x.isFinite, edge.a.y.isFinite else { return nil }
                if edge.a != edge.b { edges.append(edge) }
            }
            guard edges.count <= maximumEdges else { return nil }
        }
        guard (2...5).contains(mode), !edges.isEmpty else { return Path() }
        let pieces = cut(edges)
        let boxes = polygons.map(bounds)
        var scale = 1.0
        for box in boxes { scale = Swift.max(scale, abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)) }
        func inside(_ p: Point) -> Bool {
            var inParts = 0, inOthers = false, inLast = false
            for (k, part) in polygons.enumerated() where holds(boxes[k], p) && winding(p, part) != 0 {
                inParts += 1
                if k == polygons.count - 1 { inLast = true } else { inOthers = true }
            }
            switch mode {
            case 2: return inParts > 0
            case 3: return inOthers && !inLast
            case 4: return inOthers && inLast
            default: return inParts % 2 == 1
            }
        }
        // Each piece tested just beside its middle on both sides.
        var kept: [Piece] = []
        for piece in pieces {
            let (a, b) = (piece.a, piece.b)
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let step = Swift.max(scale * 1e-9, Swift.min(length * 1e-3, scale * 1e-6))
            let nx = -dy / length * step, ny = dx / length * step
            let m = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let right = inside(Point(x: m.x + nx, y: m.y + ny)), left = inside(Point(x: m.x - nx, y: m.y - ny))
            if right == left { continue }
            kept.append(right ? piece : Piece(a: b, b: a, curve: piece.curve, ta: piece.tb, tb: piece.ta))
        }
        return linked(kept, curves)
    }

    /// How many lines `paths` become when flattened (without making them).
    static func lineCount(_ paths: [Path]) -> Int {
        var count = 0
        for path in paths {
            var last = Point.zero
            for element in path.elements {
                switch element {
                case .move(let p): last = p
                case .line(let p): count += 1; last = p
                case .quad(_, let p), .cubic(_, _, let p): count += steps(from: last, element); last = p
                case .close: count += 1
                }
            }
        }
        return count
    }

    /// A line or curve of a part, from `start`: what a piece of the outline is a stretch of.
    struct Curve {
        var start: Point
        var element: Path.Element
        /// Its point and its derivative at parameter t.
        func at(_ t: Double) -> (Point, Point) {
            let s = start, u = 1 - t
            switch element {
            case .quad(let c, let p):
                return (Point(x: u * u * s.x + 2 * u * t * c.x + t * t * p.x, y: u * u * s.y + 2 * u * t * c.y + t * t * p.y),
                        Point(x: 2 * (u * (c.x - s.x) + t * (p.x - c.x)), y: 2 * (u * (c.y - s.y) + t * (p.y - c.y))))
            case .cubic(let c1, let c2, let p):
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                let point = Point(x: a * s.x + b * c1.x + c * c2.x + d * p.x, y: a * s.y + b * c1.y + c * c2.y + d * p.y)
                let tangent = Point(x: 3 * (u * u * (c1.x - s.x) + 2 * u * t * (c2.x - c1.x) + t * t * (p.x - c2.x)),
                                    y: 3 * (u * u * (c1.y - s.y) + 2 * u * t * (c2.y - c1.y) + t * t * (p.y - c2.y)))
                return (point, tangent)
            case .line(let p):
                return (Point(x: s.x + (p.x - s.x) * t, y: s.y + (p.y - s.y) * t), Point(x: p.x - s.x, y: p.y - s.y))
            case .move, .close:
                return (s, .zero)
            }
        }
        var isLine: Bool { if case .line = element { true } else { false } }
    }

    /// A line of the flattened parts, or a piece of one: from `a` to `b`, the stretch `ta`…`tb`
    /// of curve `curve`.
    struct Piece {
        var a: Point, b: Point
        var curve: Int
        var ta: Double, tb: Double
    }

    /// The closed polygons of a path (for the winding numbers) and their lines, each with the
    /// curve it follows (appended to `curves`).
    static func flatten(_ path: Path, into curves: inout [Curve]) -> (polygons: [[Point]], edges: [Piece]) {
        var polygons: [[Point]] = [], edges: [Piece] = [], current: [Point] = [], currentEdges: [Piece] = []
        func finish() {
            if current.count > 2 {
                // Closed with a line back to the start, as a fill closes it.
                let last = current[current.count - 1], first = current[0]
                if last != first {
                    curves.append(Curve(start: last, element: .line(first)))
                    currentEdges.append(Piece(a: last, b: first, curve: curves.count - 1, ta: 0, tb: 1))
                }
                polygons.append(current)
                edges += currentEdges
            }
            current = []
            currentEdges = []
        }
        var last = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current = [p]
                last = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if current.isEmpty { current = [last] }
                let curve = Curve(start: last, element: element)
                curves.append(curve)
                let count = steps(from: last, element)
                var from = last, t0 = 0.0
                for k in 1...count {
                    let t = Double(k) / Double(count)
                    let to = k == count ? p : curve.at(t).0
                    currentEdges.append(Piece(a: from, b: to, curve: curves.count - 1, ta: t0, tb: t))
                    current.append(to)
                    from = to
                    t0 = t
                }
                last = p
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return (polygons, edges)
    }

    /// The lines a curve from `start` becomes: Wang's bound, one for a line or a curve whose
    /// controls lie on its chord (Lottie's straight sides).
    private static func steps(from start: Point, _ element: Path.Element) -> Int {
        func onChord(_ c: Point, _ end: Point) -> Bool {
            let dx = end.x - start.x, dy = end.y - start.y, length = (dx * dx + dy * dy).squareRoot()
            let along = (c.x - start.x) * dx + (c.y - start.y) * dy
            if length == 0 { return c == start }
            return abs((c.x - start.x) * dy - (c.y - start.y) * dx) / length <= tolerance / 4 && along >= 0 && along <= length * length
        }
        switch element {
        case .quad(let c, let p):
            return onChord(c, p) ? 1 : steps(hypot(start.x - 2 * c.x + p.x, start.y - 2 * c.y + p.y) * 0.25)
        case .cubic(let c1, let c2, let p):
            if onChord(c1, p), onChord(c2, p) { return 1 }
            return steps(Swift.max(hypot(start.x - 2 * c1.x + c2.x, start.y - 2 * c1.y + c2.y), hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)) * 0.75)
        default:
            return 1
        }
    }

    private static func steps(_ bound: Double) -> Int {
        guard bound.isFinite, bound > 0 else { return 1 }
        return Swift.max(1, Swift.min(maximumStepsPerCurve, Int(saturating: (bound / tolerance).squareRoot(), .up)))
    }

    private static func bounds(_ polygons: [[Point]]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                minX = Swift.min(minX, p.x)
                minY = Swift.min(minY, p.y)
                maxX = Swift.max(maxX, p.x)
                maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func holds(_ box: Rect, _ p: Point) -> Bool {
        p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY
    }

    /// The winding number of `p` against closed polygons.
    static func winding(_ p: Point, _ polygons: [[Point]]) -> Int {
        var number = 0
        for polygon in polygons {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y {
                    if b.y > p.y, side > 0 { number += 1 }
                } else if b.y <= p.y, side < 0 {
                    number -= 1
                }
                a = b
            }
        }
        return number
    }

    /// The edges cut where they cross or touch one another (a point where two meet is computed
    /// once and given to both, so that the pieces meet exactly), each piece once.
    private static func cut(_ edges: [Piece]) -> [Piece] {
        var splits = [[(s: Double, p: Point)]](repeating: [], count: edges.count)
        let order = edges.indices.sorted { Swift.min(edges[$0].a.x, edges[$0].b.x) < Swift.min(edges[$1].a.x, edges[$1].b.x) }
        for (rank, i) in order.enumerated() {
            let e = edges[i], maxX = Swift.max(e.a.x, e.b.x)
            let minY = Swift.min(e.a.y, e.b.y), maxY = Swift.max(e.a.y, e.b.y)
            for j in order[(rank + 1)...] {
                let f = edges[j]
                if Swift.min(f.a.x, f.b.x) > maxX { break }
                if Swift.max(f.a.y, f.b.y) < minY || Swift.min(f.a.y, f.b.y) > maxY { continue }
                meet(i, e, j, f, &splits)
            }
        }
        var pieces: [Piece] = []
        var seen = Set<[UInt64]>()
        for (index, edge) in edges.enumerated() {
            // The edge's points in order, each with its parameter along the edge's curve.
            var points = [(p: edge.a, t: edge.ta)]
            for split in splits[index].sorted(by: { $0.s < $1.s }) where split.p != points[points.count - 1].p && split.p != edge.b {
                points.append((split.p, edge.ta + (edge.tb - edge.ta) * split.s))
            }
            points.append((edge.b, edge.tb))
            for k in 1..<points.count {
                let a = points[k - 1].p, b = points[k].p
                let key = a.x < b.x || (a.x == b.x && a.y < b.y) ? [a.x.bitPattern, a.y.bitPattern, b.x.bitPattern, b.y.bitPattern]
                    : [b.x.bitPattern, b.y.bitPattern, a.x.bitPattern, a.y.bitPattern]
                if a != b, seen.insert(key).inserted {
                    pieces.append(Piece(a: a, b: b, curve: edge.curve, ta: points[k - 1].t, tb: points[k].t))
                }
            }
        }
        return pieces
    }

    /// Where edges i and j meet: a crossing, an end of one on the other, or a stretch they share.
    private static func meet(_ i: Int, _ e: Piece, _ j: Int, _ f: Piece, _ splits: inout [[(s: Double, p: Point)]]) {
        let rx = e.b.x - e.a.x, ry = e.b.y - e.a.y, sx = f.b.x - f.a.x, sy = f.b.y - f.a.y
        let qx = f.a.x - e.a.x, qy = f.a.y - e.a.y
        let denominator = rx * sy - ry * sx
        let lengthE = (rx * rx + ry * ry).squareRoot(), lengthF = (sx * sx + sy * sy).squareRoot()
        let near = 1e-9
        // The parameter of `p` along an edge, when p lies on it (within a hair of its length).
        func along(_ p: Point, _ a: Point, _ dx: Double, _ dy: Double, _ length: Double) -> Double? {
            let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (length * length)
            let off = abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length
            return t > near && t < 1 - near && off <= near * Swift.max(1, length) ? t : nil
        }
        // An end of one edge on the other cuts it there, at the end's own point.
        for p in [f.a, f.b] { if let t = along(p, e.a, rx, ry, lengthE) { splits[i].append((t, p)) } }
        for p in [e.a, e.b] { if let t = along(p, f.a, sx, sy, lengthF) { splits[j].append((t, p)) } }
        guard abs(denominator) > 1e-12 * lengthE * lengthF else { return }  // parallel: shared stretches are cut by the ends above
        let t = (qx * sy - qy * sx) / denominator, u = (qx * ry - qy * rx) / denominator
        guard t > near, t < 1 - near, u > near, u < 1 - near else { return }
        let p = Point(x: e.a.x + t * rx, y: e.a.y + t * ry)
        splits[i].append((t, p))
        splits[j].append((u, p))
    }

    /// The kept pieces joined end to start into closed contours, in the order they were found.
    /// Consecutive pieces of the same curve become one stretch of it again (a cubic through the
    /// pieces' ends with the curve's tangents there), so that the outline keeps the parts' curves
    /// and their segments (what a modifier after the merge works on).
    private static func linked(_ pieces: [Piece], _ curves: [Curve]) -> Path {
        var starting: [Point: [Int]] = [:]
        for (index, piece) in pieces.enumerated() { starting[piece.a, default: []].append(index) }
        var used = [Bool](repeating: false, count: pieces.count)
        var path = Path()
        for first in pieces.indices where !used[first] {
            used[first] = true
            var contour = [pieces[first]]
            while contour[contour.count - 1].b != contour[0].a {
                guard let next = starting[contour[contour.count - 1].b]?.first(where: { !used[$0] }) else { break }
                used[next] = true
                contour.append(pieces[next])
            }
            guard contour.count > 1 else { continue }
            // Runs of one curve, each piece starting where the one before ended on it.
            var runs: [Piece] = []
            for piece in contour {
                if var run = runs.last, run.curve == piece.curve, run.tb == piece.ta {
                    run.b = piece.b
                    run.tb = piece.tb
                    runs[runs.count - 1] = run
                } else {
                    runs.append(piece)
                }
            }
            path.move(to: runs[0].a)
            for run in runs {
                let curve = curves[run.curve]
                if curve.isLine {
                    path.addLine(to: run.b)
                    continue
                }
                let k = (run.tb - run.ta) / 3, d0 = curve.at(run.ta).1, d1 = curve.at(run.tb).1
                path.append(.cubic(Point(x: run.a.x + d0.x * k, y: run.a.y + d0.y * k), Point(x: run.b.x - d1.x * k, y: run.b.y - d1.y * k), run.b))
            }
            path.closeSubpath()
        }
        return path
    }
}
