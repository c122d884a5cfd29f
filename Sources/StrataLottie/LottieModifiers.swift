import StrataModel

/// A path's contour as After Effects' shape modifiers see it: vertices, each with the absolute
/// positions of its in and out control points (equal to the vertex where the side is straight),
/// and whether it is closed. A closed contour does not repeat its first vertex at its end.
struct LottieContour {
    struct Vertex: Equatable {
        var point: Point
        var into: Point
        var out: Point
    }

    var vertices: [Vertex]
    var closed: Bool

    /// The contours of `path`, one per `move`.
    static func contours(of path: Path) -> [LottieContour] {
        func mix(_ a: Point, _ b: Point, _ f: Double) -> Point { Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
        var result: [LottieContour] = []
        var current: LottieContour?
        func finish() {
            guard var contour = current else { return }
            if contour.closed, contour.vertices.count > 1, contour.vertices[contour.vertices.count - 1].point == contour.vertices[0].point {
                contour.vertices[0].into = contour.vertices.removeLast().into
            }
            result.append(contour)
            current = nil
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current = LottieContour(vertices: [Vertex(point: p, into: p, out: p)], closed: false)
            case .line(let p):
                current?.vertices.append(Vertex(point: p, into: p, out: p))
            case .quad(let c, let p):
                guard let last = current?.vertices.last?.point else { continue }
                current!.vertices[current!.vertices.count - 1].out = mix(last, c, 2.0 / 3)
                current!.vertices.append(Vertex(point: p, into: mix(p, c, 2.0 / 3), out: p))
            case .cubic(let c1, let c2, let p):
                guard current != nil else { continue }
                current!.vertices[current!.vertices.count - 1].out = c1
                current!.vertices.append(Vertex(point: p, into: c2, out: p))
            case .close:
                current?.closed = true
                finish()
            }
        }
        finish()
        return result
    }

    /// Appends the contour: straight sides as lines, the others as cubics.
    func append(to path: inout Path) {
        guard let first = vertices.first else { return }
        func side(_ u: Vertex, _ w: Vertex) {
            if u.out == u.point && w.into == w.point { path.addLine(to: w.point) } else { path.addCurve(to: w.point, control1: u.out, control2: w.into) }
        }
        path.move(to: first.point)
        for index in vertices.indices.dropFirst() { side(vertices[index - 1], vertices[index]) }
        if closed {
            // A straight closing side is the close itself.
            let last = vertices[vertices.count - 1]
            if !(last.out == last.point && first.into == first.point) { side(last, first) }
            path.append(.close)
        }
    }
}

extension LottieShapes {
    /// After Effects' Pucker & Bloat (`pb`, `a` in percent, −100…100): the vertices move toward the
    /// mean of all the vertices by `amount` % (away for a negative amount, bloat) and their control
    /// points the other way by the same fraction, so that straight sides bow: inwards for pucker,
    /// outwards for bloat. Sources: the Lottie documentation's rendering notes (`pucker_bloat`),
    /// confirmed on After Effects' renders (lottie-ae pucker-00 and bloat-00, a five-sided polygon).
    static func puckeredAndBloated(_ path: Path, amount: Double) -> Path {
        guard amount != 0, amount.isFinite else { return path }
        // After Effects' control goes from −100 to 100; an animated or hostile value past ±1000
        // would only throw the points far away.
        let fraction = Swift.max(-10, Swift.min(10, amount / 100))
        // The centre is the mean of every vertex of every path the modifier collects (the Lottie
        // documentation's rendering notes, `pucker_bloat`), not one per contour.
        let contours = LottieContour.contours(of: path)
        let all = contours.flatMap(\.vertices)
        guard !all.isEmpty else { return path }
        let count = Double(all.count)
        let center = Point(x: all.reduce(0) { $0 + $1.point.x } / count, y: all.reduce(0) { $0 + $1.point.y } / count)
        func moved(_ p: Point, _ f: Double) -> Point { Point(x: p.x + (center.x - p.x) * f, y: p.y + (center.y - p.y) * f) }
        var result = Path()
        for var contour in contours {
            for index in contour.vertices.indices {
                let vertex = contour.vertices[index]
                contour.vertices[index] = LottieContour.Vertex(point: moved(vertex.point, fraction), into: moved(vertex.into, -fraction),
                                                              out: moved(vertex.out, -fraction))
            }
            contour.append(to: &result)
        }
        return result
    }
}
