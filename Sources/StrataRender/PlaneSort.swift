import StrataModel

/// The back-to-front order of the planes of a transform layer: a BSP tree of their polygons, as
/// Chromium's compositor sorts preserve-3d layers (issue 37, item 12). Sorting whole planes by the
/// depth of their centres drew a long tilted plane over a small square in front of it; a BSP
/// orders planes that do not intersect correctly, and splits the ones that do along their line of
/// intersection, so that each part is drawn in its place.
///
/// The polygons live in the parent's space after the perspective divide, (x/w, y/w, z/w): the
/// divide keeps planes planar and turns the lines of sight into lines along z, so that nearer is
/// larger z wherever the planes overlap on screen. A plane's polygon is its layer's bounds (its
/// visual extent when the bounds are empty), clipped to w ≥ `Homography.minimumW` first (the part
/// behind the eye is never seen).
///
/// A part of a split plane is its whole drawing clipped by half-planes of the parent's 2-D space
/// (`Fragment.cuts`): the lines where its plane meets the planes that split it. The clip has hard
/// edges so that the parts of one plane tile without a seam; the plane's own edges stay
/// antialiased, drawn by the layer itself.
struct PlaneSort {
    /// A point of the parent's space after the divide.
    struct Point3: Equatable {
        var x, y, z: Double
    }

    /// a·x + b·y + c ≥ 0, in the parent's 2-D space (points).
    struct HalfPlane: Hashable, Sendable {
        var a, b, c: Double

        func value(_ point: Point) -> Double { a * point.x + b * point.y + c }
    }

    /// A plane, or a part of one, to draw.
    struct Fragment: Equatable {
        /// The index of the plane in the input.
        var plane: Int
        /// Where the part lies on screen; empty for a whole plane.
        var cuts: [HalfPlane]
    }

    /// Splits stop once this many parts per plane exist (2,000 planes that all intersect would
    /// make millions): a polygon that would be split further goes whole to the side its centre is on.
    static let maximumFragmentsPerPlane = 8

    /// The plane through a polygon: unit normal and offset (n·p + d = 0); nil when degenerate.
    struct Plane {
        var normal: Point3
        var offset: Double

        init?(_ points: [Point3]) {
            // Newell's method: robust for polygons that are nearly degenerate or not quite planar.
            var n = Point3(x: 0, y: 0, z: 0)
            var centre = Point3(x: 0, y: 0, z: 0)
            for (i, a) in points.enumerated() {
                let b = points[(i + 1) % points.count]
                n.x += (a.y - b.y) * (a.z + b.z)
                n.y += (a.z - b.z) * (a.x + b.x)
                n.z += (a.x - b.x) * (a.y + b.y)
                centre.x += a.x; centre.y += a.y; centre.z += a.z
            }
            let length = (n.x * n.x + n.y * n.y + n.z * n.z).squareRoot()
            let extent = points.reduce(0.0) { max($0, abs($1.x), abs($1.y), abs($1.z)) }
            // Twice the area: degenerate when tiny against the polygon's size.
            guard length.isFinite, length > 1e-9 * max(1, extent * extent) else { return nil }
            normal = Point3(x: n.x / length, y: n.y / length, z: n.z / length)
            let count = Double(points.count)
            offset = -(normal.x * centre.x + normal.y * centre.y + normal.z * centre.z) / count
        }

        func distance(_ p: Point3) -> Double { normal.x * p.x + normal.y * p.y + normal.z * p.z + offset }

        /// `self`'s sign on the plane `on`, as a half-plane of the 2-D space (nil when `on` is seen
        /// edge-on: it covers no area on screen).
        func halfPlane(on other: Plane, front: Bool) -> HalfPlane? {
            guard abs(other.normal.z) > 1e-12 else { return nil }
            // On `other`, z = -(n.x x + n.y y + d) / n.z.
            let k = normal.z / other.normal.z
            let plane = HalfPlane(a: normal.x - k * other.normal.x, b: normal.y - k * other.normal.y, c: offset - k * other.offset)
            return front ? plane : HalfPlane(a: -plane.a, b: -plane.b, c: -plane.c)
        }
    }

    private struct Piece {
        var points: [Point3]
        var plane: Int
        var cuts: [HalfPlane]
    }

    private final class Node {
        var plane: Plane
        var pieces: [Piece]   // coplanar with the splitter, in input order
        var front: Node?
        var back: Node?
        init(plane: Plane, pieces: [Piece]) { self.plane = plane; self.pieces = pieces }
    }

    /// The planes' polygons in the order they are given (tree order), nil for a plane that has
    /// none (degenerate or wholly behind the eye). Returns what to draw, back to front; planes
    /// without a polygon come first, whole, in their order.
    static func order(_ polygons: [[Point3]?]) -> [Fragment] {
        var result: [Fragment] = []
        var planes: [Plane?] = []
        var pieces: [Piece] = []
        for (index, polygon) in polygons.enumerated() {
            let plane = polygon.flatMap(Plane.init)
            planes.append(plane)
            if let polygon, plane != nil {
                pieces.append(Piece(points: polygon, plane: index, cuts: []))
            } else {
                result.append(Fragment(plane: index, cuts: []))
            }
        }
        guard !pieces.isEmpty else { return result }
        var budget = max(0, (maximumFragmentsPerPlane - 1) * pieces.count)

        // Build, without recursion (thousands of planes may nest deep).
        let root = Node(plane: planes[pieces[0].plane]!, pieces: [])
        var work: [(Node, [Piece])] = [(root, pieces)]
        while let (node, list) = work.popLast() {
            node.pieces = [list[0]]
            var front: [Piece] = [], back: [Piece] = []
            let splitter = node.plane
            for piece in list.dropFirst() {
                var extent = 0.0
                for point in piece.points { extent = max(extent, abs(point.x), abs(point.y), abs(point.z)) }
                let epsilon = 1e-7 * max(1, extent)
                // The sides first, without a list: most pieces lie on one side.
                var hasFront = false, hasBack = false
                for point in piece.points {
                    let s = splitter.distance(point)
                    if s > epsilon { hasFront = true } else if s < -epsilon { hasBack = true }
                }
                var distances: [Double] {
                    piece.points.map { d -> Double in
                        let s = splitter.distance(d)
                        return abs(s) <= epsilon ? 0 : s
                    }
                }
                switch (hasFront, hasBack) {
                case (false, false): node.pieces.append(piece)
                case (true, false): front.append(piece)
                case (false, true): back.append(piece)
                case (true, true):
                    guard budget > 0, let own = planes[piece.plane] else {
                        // Over the budget: whole, on the side of its centre.
                        (distances.reduce(0, +) >= 0 ? { front.append(piece) } : { back.append(piece) })()
                        continue
                    }
                    budget -= 1
                    let (f, b) = split(piece.points, distances)
                    var frontPiece = piece, backPiece = piece
                    frontPiece.points = f
                    backPiece.points = b
                    if let cut = splitter.halfPlane(on: own, front: true) {
                        frontPiece.cuts.append(cut)
                        backPiece.cuts.append(HalfPlane(a: -cut.a, b: -cut.b, c: -cut.c))
                    }
                    if f.count >= 3 { front.append(frontPiece) }
                    if b.count >= 3 { back.append(backPiece) }
                }
            }
            for (list, isFront) in [(front, true), (back, false)] where !list.isEmpty {
                // The first piece's plane splits its side (its own plane, even when it is a part).
                let child = Node(plane: planes[list[0].plane]!, pieces: [])
                if isFront { node.front = child } else { node.back = child }
                work.append((child, list))
            }
        }

        // Back to front: the viewer is at z = +∞, on a node's front side when its normal points
        // towards +z.
        enum Step { case visit(Node), emit(Node) }
        var steps: [Step] = [.visit(root)]
        while let step = steps.popLast() {
            switch step {
            case .emit(let node):
                result += node.pieces.map { Fragment(plane: $0.plane, cuts: $0.cuts) }
            case .visit(let node):
                let viewerInFront = node.plane.normal.z >= 0
                let (first, last) = viewerInFront ? (node.back, node.front) : (node.front, node.back)
                if let last { steps.append(.visit(last)) }
                steps.append(.emit(node))
                if let first { steps.append(.visit(first)) }
            }
        }
        return result
    }

    /// The two parts of a convex polygon on either side of a plane, given each point's distance
    /// to it (0 on it).
    private static func split(_ points: [Point3], _ distances: [Double]) -> (front: [Point3], back: [Point3]) {
        var front: [Point3] = [], back: [Point3] = []
        for i in points.indices {
            let j = (i + 1) % points.count
            let a = points[i], b = points[j], sa = distances[i], sb = distances[j]
            if sa >= 0 { front.append(a) }
            if sa <= 0 { back.append(a) }
            if (sa > 0 && sb < 0) || (sa < 0 && sb > 0) {
                let t = sa / (sa - sb)
                let p = Point3(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y), z: a.z + t * (b.z - a.z))
                front.append(p)
                back.append(p)
            }
        }
        return (front, back)
    }

    /// A plane's polygon in the parent's space after the divide: `rect` of its own coordinates
    /// through `placement`, clipped to w ≥ `Homography.minimumW`; nil when nothing is in front of the eye.
    static func polygon(of rect: Rect, placement: Transform3D) -> [Point3]? {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        let homogeneous = corners.map { placement.apply(x: $0.0, y: $0.1) }
        var result: [Point3] = []
        let minimum = Homography.minimumW
        for i in homogeneous.indices {
            let a = homogeneous[i], b = homogeneous[(i + 1) % homogeneous.count]
            let aIn = a.w >= minimum, bIn = b.w >= minimum
            if aIn { result.append(Point3(x: a.x / a.w, y: a.y / a.w, z: a.z / a.w)) }
            if aIn != bIn {
                let t = (minimum - a.w) / (b.w - a.w)
                let x = a.x + t * (b.x - a.x), y = a.y + t * (b.y - a.y), z = a.z + t * (b.z - a.z)
                result.append(Point3(x: x / minimum, y: y / minimum, z: z / minimum))
            }
        }
        guard result.count >= 3, result.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return nil }
        return result
    }

    /// The convex polygon of `region` (parent's 2-D space) cut by `cuts`; empty when nothing is left.
    static func clipPolygon(_ region: [Point], by cuts: [HalfPlane]) -> [Point] {
        var polygon = region
        for cut in cuts {
            var next: [Point] = []
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let sa = cut.value(a), sb = cut.value(b)
                if sa >= 0 { next.append(a) }
                if (sa >= 0) != (sb >= 0) {
                    let t = sa / (sa - sb)
                    next.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
                }
            }
            polygon = next
            if polygon.count < 3 { return [] }
        }
        return polygon
    }
}
