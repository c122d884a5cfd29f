import StrataModel
import StrataScene

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
    /// centre of the path's outline (the middle of its tight bounds, the curves' extremes and not
    /// their control points) by `amount` % and their control points away from it by the same
    /// fraction. A positive amount bloats (vertices in, sides bowing out: lobes), a negative one
    /// puckers (vertices out, sides bowing in: spikes). Sources: the Lottie documentation's
    /// rendering notes (`pucker_bloat`) for the motion; Skia's Skottie (`PuckerBloatEffect`, its
    /// centre `computeTightBounds`' middle) for the centre, confirmed on After Effects' renders
    /// (lottie-ae pucker-00 at −40 and bloat-00 at 40, a five-sided polygon, whose bounds' middle
    /// lies 0.0955 × radius above the mean of its vertices that the documentation names: bloat-00
    /// 0.954 → 0.987 of pixels within ΔE 3, pucker-00 0.944 → 0.972).
    static func puckeredAndBloated(_ path: Path, amount: Double) -> Path {
        guard amount != 0, amount.isFinite else { return path }
        // After Effects' control goes from −100 to 100; an animated or hostile value past ±1000
        // would only throw the points far away.
        let fraction = Swift.max(-10, Swift.min(10, amount / 100))
        // One centre for every contour of the path: the middle of its outline's bounds.
        let contours = LottieContour.contours(of: path)
        guard contours.contains(where: { !$0.vertices.isEmpty }) else { return path }
        let bounds = path.tightBounds
        guard bounds.midX.isFinite, bounds.midY.isFinite else { return path }
        let center = Point(x: bounds.midX, y: bounds.midY)
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

extension LottieShapes {
    /// The most points a zig-zag makes of one path (the mask expansion's bound).
    static let maximumZigZagPoints = 20_000

    /// After Effects' Zig Zag (`zz`: `s` size in points, `r` ridges per segment, `pt` 1 corner or
    /// 2 smooth points). Along every segment (vertex to vertex) `ridges` points are spaced evenly
    /// by length; with the vertices they alternate sides of the path, starting at the first vertex
    /// on the right of the direction of travel (inwards on a clockwise outline), each moved `size`
    /// along the path's normal there (at a vertex, the mean of the two sides' normals). Corner
    /// points join with lines; smooth points with curves whose handles follow the path, each half
    /// the way to the neighbouring point on its side (lottie-web's `ZigZagModifier`: a handle of
    /// the segment's length / (2 × (ridges + 1))). Sources: After Effects' renders (lottie-ae
    /// zig-zag-00 and zig-zag-smooth-00: 5 ridges on each side of a pentagon make 15 spikes out,
    /// the vertices in; smooth-00 0.914 of pixels within ΔE 3 with handles a third of the way,
    /// 0.965 half the way, 0.943 at 0.6) and lottie-web.
    static func zigZagged(_ path: Path, size: Double, ridges: Double, smooth: Bool) -> Path {
        guard size.isFinite, ridges.isFinite, size != 0 else { return path }
        let perSegment = Swift.max(0, Swift.min(maximumZigZagPoints, Int(saturating: ridges, .down)))
        var result = Path()
        for contour in LottieContour.contours(of: path) {
            let count = contour.vertices.count
            let segments = contour.closed ? count : count - 1
            guard segments > 0, count * (perSegment + 1) <= maximumZigZagPoints else {
                contour.append(to: &result)
                continue
            }
            // Each segment as a cubic.
            let cubics: [(Point, Point, Point, Point)] = (0..<segments).map { i in
                let a = contour.vertices[i], b = contour.vertices[(i + 1) % count]
                return (a.point, a.out, b.into, b.point)
            }
            // `before` and `after`: the spacing of the points on the segments either side (a vertex
            // stands between two segments; a point inside one has the same on both sides).
            struct Placed { var point: Point; var tangent: Point; var before: Double; var after: Double }
            var placed: [Placed] = []
            // Each segment's length table, once: a vertex's spacing before it is the segment before's.
            let tables = cubics.map(Self.lengths)
            let spacings = tables.map { ($0.last ?? 0) / Double(perSegment + 1) }
            for (index, cubic) in cubics.enumerated() {
                let table = tables[index]
                let length = table.last ?? 0
                let spacing = spacings[index]
                // The vertex: the mean of the normals of the sides meeting there.
                var tangent = Self.unitTangent(cubic, at: 0), spacingBefore = spacing
                if index > 0 || contour.closed {
                    let before = (index + segments - 1) % segments
                    let incoming = Self.unitTangent(cubics[before], at: 1)
                    tangent = Self.normalized(Point(x: tangent.x + incoming.x, y: tangent.y + incoming.y)) ?? tangent
                    spacingBefore = spacings[before]
                }
                placed.append(Placed(point: cubic.0, tangent: tangent, before: spacingBefore, after: spacing))
                for j in stride(from: 1, through: perSegment, by: 1) {
                    let t = Self.parameter(table, atLength: length * Double(j) / Double(perSegment + 1))
                    placed.append(Placed(point: Self.point(cubic, at: t), tangent: Self.unitTangent(cubic, at: t), before: spacing, after: spacing))
                }
            }
            if !contour.closed, let last = cubics.last, let spacing = spacings.last {
                placed.append(Placed(point: last.3, tangent: Self.unitTangent(last, at: 1), before: spacing, after: spacing))
            }
            // Alternate sides: the right of the direction of travel first.
            var zigged: [LottieContour.Vertex] = []
            for (k, p) in placed.enumerated() {
                let side = k % 2 == 0 ? -1.0 : 1.0
                let normal = Point(x: p.tangent.y, y: -p.tangent.x)
                let moved = Point(x: p.point.x + normal.x * size * side, y: p.point.y + normal.y * size * side)
                if smooth {
                    let into = p.before / 2, out = p.after / 2
                    zigged.append(LottieContour.Vertex(point: moved, into: Point(x: moved.x - p.tangent.x * into, y: moved.y - p.tangent.y * into),
                                                       out: Point(x: moved.x + p.tangent.x * out, y: moved.y + p.tangent.y * out)))
                } else {
                    zigged.append(LottieContour.Vertex(point: moved, into: moved, out: moved))
                }
            }
            LottieContour(vertices: zigged, closed: contour.closed).append(to: &result)
        }
        return result
    }

    static func point(_ c: (Point, Point, Point, Point), at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
        return Point(x: a * c.0.x + b * c.1.x + d * c.2.x + e * c.3.x, y: a * c.0.y + b * c.1.y + d * c.2.y + e * c.3.y)
    }

    /// The unit direction of travel at `t`; along the chord where the derivative vanishes.
    static func unitTangent(_ c: (Point, Point, Point, Point), at t: Double) -> Point {
        let u = 1 - t
        let dx = 3 * u * u * (c.1.x - c.0.x) + 6 * u * t * (c.2.x - c.1.x) + 3 * t * t * (c.3.x - c.2.x)
        let dy = 3 * u * u * (c.1.y - c.0.y) + 6 * u * t * (c.2.y - c.1.y) + 3 * t * t * (c.3.y - c.2.y)
        return normalized(Point(x: dx, y: dy)) ?? normalized(Point(x: c.3.x - c.0.x, y: c.3.y - c.0.y)) ?? Point(x: 1, y: 0)
    }

    static func normalized(_ v: Point) -> Point? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return length > 1e-12 && length.isFinite ? Point(x: v.x / length, y: v.y / length) : nil
    }

    /// Cumulative lengths at t = 0, 1/32, …, 1.
    static func lengths(_ c: (Point, Point, Point, Point)) -> [Double] {
        var table = [0.0], last = c.0
        for step in 1...32 {
            let p = point(c, at: Double(step) / 32)
            table.append(table[table.count - 1] + ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot())
            last = p
        }
        return table
    }

    /// The parameter at which the table's length reaches `distance` (linear between samples).
    static func parameter(_ table: [Double], atLength distance: Double) -> Double {
        guard let index = table.firstIndex(where: { $0 >= distance }), index > 0 else { return 0 }
        let span = table[index] - table[index - 1]
        let f = span > 0 ? (distance - table[index - 1]) / span : 0
        return (Double(index - 1) + f) / Double(table.count - 1)
    }
}

extension LottieShapeBuilder {
    /// Offset Path (`op`) under a fill, as After Effects draws it (lottie-ae offset-path-00 and
    /// offset-path-round-00): the region within `amount` points of the paths, and inside their
    /// closed contours — drawn as the fill of the closed contours and, in the fill's colour, a
    /// stroke of twice the amount along every path, with the offset's join (its ends square for a
    /// miter or bevel join, round for a round one). Nil when no path is offset, or when it is
    /// drawn as any path is. An inset (a
    /// negative amount) is drawn by `insetLayers`; a stroke or a gradient of an offset path, or an
    /// amount that changes sign, along the offset path (`LottieShapes.offset`).
    func offsetLayers(_ sources: [Source], style: Style, trims: [Trim], solid: Bool) throws(SceneError) -> [Layer]? {
        var offset: OffsetPath?
        let inner = sources.map { source -> Source in
            guard case .offsetPath(let path, let amount, let join, let miterLimit) = source else { return source }
            offset = offset ?? (amount, join, miterLimit)
            return path
        }
        guard let offset else { return nil }
        let amounts = offset.amount.keyframes.map { $0.value[0] }
        if !style.isStroke, !style.gradient, amounts.allSatisfy({ $0 <= 0 && $0.isFinite }), amounts.contains(where: { $0 < 0 }) {
            return try insetLayers(inner, offset: offset, style: style, trims: trims, solid: solid)
        }
        // A stroke or a gradient, or an amount that changes sign: drawn as any path, the offset
        // path itself (`Source.path(atFrame:)`).
        guard !style.isStroke, !style.gradient, amounts.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let fills = try shapeLayers(inner.map { Source.closedOnly($0) }, style: style, trims: trims, solid: solid)
        var bands = try shapeLayers(inner, style: style, trims: trims, solid: solid)
        for index in bands.indices {
            guard var shape = bands[index].shape, let color = shape.fillColor else { continue }
            if color.alpha < 1 || bands[index].opacity < 1 {
                context.warn(style.node.path, "an offset path of a translucent fill draws its band over the fill, darker where they overlap")
            }
            shape.strokeColor = color
            bands[index].shape = shape
            if var animation = bands[index].animation(forKey: "fillColor") {
                animation.keyPath = .strokeColor
                bands[index].removeAnimation(forKey: "fillColor")
                try context.add(animation, forKey: "strokeColor", to: &bands[index], at: style.node.path + ".c")
            }
            try strokeBand(&bands[index], offset: offset, style: style) { $0 }
        }
        return fills + bands
    }

    /// An Offset Path's amount (points, animated), line join (1 miter, 2 round, 3 bevel) and miter limit.
    typealias OffsetPath = (amount: LottieProperty<[Double]>, join: Int, miterLimit: Double)

    /// Makes `band`'s path a stroke of twice `distance(amount)` points with the offset's join
    /// (its ends square for a miter or bevel join, round for a round one) and miter limit, the
    /// width following an animated amount.
    func strokeBand(_ band: inout Layer, offset: OffsetPath, style: Style,
                    distance: @escaping (Double) -> Double) throws(SceneError) {
        let width = { (amount: Double) in Swift.min(Limits.maximumLineWidth, 2 * Swift.max(0, distance(amount))) }
        guard var shape = band.shape else { return }
        shape.fillColor = nil
        shape.lineWidth = width(offset.amount.first[0])
        shape.lineJoin = [1: .miter, 2: .round, 3: .bevel][offset.join] ?? .miter
        shape.lineCap = offset.join == 2 ? .round : .butt
        shape.miterLimit = offset.miterLimit
        band.shape = shape
        if offset.amount.isAnimated {
            try context.add(offset.amount.animation(.lineWidth, time: time, clock: context.clock) { .number(width($0[0])) },
                            forKey: "lineWidth", to: &band, at: style.node.path)
        }
    }

    /// Offset Path inwards (every amount ≤ 0, one below): the region inside the closed contours
    /// and farther than |amount| from every path — the fill, masked by the inverse of a band of
    /// twice |amount| along the paths (the band XOR an opaque plane, as a shrinking mask
    /// expansion is drawn: 1 − band, exactly, where the fill's own edge pixels keep their
    /// coverage). The band's joins are the offset's (After Effects' line join and miter limit),
    /// which shape the inset at concave corners; at convex ones the inset's corners are sharp, as
    /// the inner side of a stroke is. The fill's colour and opacity stay its own (the mask is opaque).
    func insetLayers(_ inner: [Source], offset: OffsetPath, style: Style,
                     trims: [Trim], solid: Bool) throws(SceneError) -> [Layer] {
        let fills = try shapeLayers(inner.map { Source.closedOnly($0) }, style: style, trims: trims, solid: solid)
        let plane = try shapeLayers([LottieLayerBuilder.everywhere], style: style, trims: [], solid: true)
        var bands = try shapeLayers(inner, style: style, trims: trims, solid: true)
        for index in bands.indices {
            bands[index].shape?.strokeColor = .black
            try strokeBand(&bands[index], offset: offset, style: style) { -$0 }
        }
        var cut = LottieLayerBuilder.container(bands, name: "inset band")
        cut.compositingFilter = .xor
        var holder = LottieLayerBuilder.container(fills, name: try style.node.string("nm"))
        holder.mask = LottieLayerBuilder.container(plane + [cut], name: "inset")
        return [holder]
    }
}
