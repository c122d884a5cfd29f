import Foundation

/// A path as `CGPath` holds one: subpaths of lines and Bézier curves, in a layer's coordinates
/// (points, y down). Build one with `move(to:)`, `addLine(to:)`, `addCurve(to:control1:control2:)`,
/// `addQuadCurve(to:control:)`, `addArc(…)`, `addRect(_:)`, `addEllipse(in:)` and `closeSubpath()`,
/// or read SVG path data with `Path(svgData:)`.
///
/// Two paths have the same *structure* when their elements are of the same kinds in the same
/// order; only such paths interpolate (point by point, as Core Animation animates `path`).
public struct Path: Hashable, Sendable {
    /// One element: where it ends and, for curves, its control points.
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// A quadratic Bézier: control point, end point.
        case quad(Point, Point)
        /// A cubic Bézier: first control point, second control point, end point.
        case cubic(Point, Point, Point)
        /// Closes the current subpath with a line back to its start.
        case close

        /// The kind of element, for structure checks and messages.
        public var kind: String {
            switch self {
            case .move: "move"
            case .line: "line"
            case .quad: "quad"
            case .cubic: "cubic"
            case .close: "close"
            }
        }

        /// Its points, in order (controls, then the end).
        public var points: [Point] {
            switch self {
            case .move(let p), .line(let p): [p]
            case .quad(let c, let p): [c, p]
            case .cubic(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
        }

        func withPoints(_ points: [Point]) -> Element {
            switch self {
            case .move: .move(points[0])
            case .line: .line(points[0])
            case .quad: .quad(points[0], points[1])
            case .cubic: .cubic(points[0], points[1], points[2])
            case .close: .close
            }
        }
    }

    /// The elements, in order. Every subpath starts with `.move` (the builder adds one at the
    /// current point when a segment is added without it, as `CGMutablePath` requires).
    public internal(set) var elements: [Element] = []
    /// The start of the current subpath, and the current point.
    private var subpathStart = Point.zero
    /// The current point: the end of the last element (the subpath's start after `.close`).
    public internal(set) var currentPoint: Point? = nil

    /// An empty path.
    public init() {}

    /// A path of `elements` (a leading segment without a move starts at (0, 0)).
    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends one element, starting a subpath at the current point when a segment needs one.
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p):
            subpathStart = p
            currentPoint = p
        case .close:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        case .line, .quad, .cubic:
            if currentPoint == nil || elements.last == .close {
                let start = currentPoint ?? .zero
                elements.append(.move(start))
                subpathStart = start
            }
            currentPoint = element.points.last
        }
        elements.append(element)
    }

    /// Starts a subpath at `point`.
    public mutating func move(to point: Point) { append(.move(point)) }
    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: Point) { append(.line(point)) }
    /// A quadratic Bézier from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) { append(.quad(control, point)) }
    /// A cubic Bézier from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) { append(.cubic(control1, control2, point)) }
    /// Closes the current subpath.
    public mutating func closeSubpath() { append(.close) }

    /// A circular arc about `center` of `radius` points from `startAngle` to `endAngle`
    /// (radians; 0 along +x, growing toward +y, i.e. clockwise on screen), as cubic Béziers:
    /// always four, so that arcs of different sweeps keep the same structure. `clockwise` is
    /// screen clockwise (angles growing). Joined to the current point by a line, as `CGPath`.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        var sweep = endAngle - startAngle
        if clockwise, sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
        if !clockwise, sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi }
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPoint == nil || elements.last == .close { move(to: start) } else { addLine(to: start) }
        appendArcCurves(center: center, radii: (radius, radius), rotation: 0, startAngle: startAngle, sweep: sweep)
    }

    /// Four cubics approximating the elliptical arc (radii rx, ry, x axis turned by `rotation`)
    /// from parameter angle `startAngle` through `sweep` radians.
    mutating func appendArcCurves(center: Point, radii: (Double, Double), rotation: Double, startAngle: Double, sweep: Double) {
        let step = sweep / 4
        let k = 4.0 / 3.0 * tan(step / 4)
        let (cr, sr) = (cos(rotation), sin(rotation))
        func at(_ angle: Double) -> Point {
            let x = radii.0 * cos(angle), y = radii.1 * sin(angle)
            return Point(x: center.x + x * cr - y * sr, y: center.y + x * sr + y * cr)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -radii.0 * sin(angle), y = radii.1 * cos(angle)
            return Point(x: x * cr - y * sr, y: x * sr + y * cr)
        }
        for i in 0..<4 {
            let a0 = startAngle + Double(i) * step, a1 = a0 + step
            let p0 = at(a0), p1 = at(a1), d0 = derivative(a0), d1 = derivative(a1)
            addCurve(to: p1, control1: Point(x: p0.x + k * d0.x, y: p0.y + k * d0.y),
                     control2: Point(x: p1.x - k * d1.x, y: p1.y - k * d1.y))
        }
    }

    /// A closed rectangle, starting at its top-left corner, going clockwise on screen.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A closed ellipse inscribed in `rect`, starting at its right-most point, going clockwise on
    /// screen (as `CGPath(ellipseIn:)`).
    public mutating func addEllipse(in rect: Rect) {
        let center = Point(x: rect.midX, y: rect.midY)
        move(to: Point(x: rect.maxX, y: center.y))
        appendArcCurves(center: center, radii: (rect.width / 2, rect.height / 2), rotation: 0, startAngle: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// Every point of every element, in order.
    public var points: [Point] { elements.flatMap(\.points) }

    /// The kinds of the elements, in order: paths with equal structures interpolate.
    public var structure: [String] { elements.map(\.kind) }

    /// The smallest rectangle holding every point, controls included (so the curves too); zero
    /// for an empty path.
    public var controlBounds: Rect {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var any = false
        // Element by element, without a list of the points (this runs for every shape, every frame).
        forEachPoint { p in
            if !any {
                any = true
                minX = p.x; maxX = p.x; minY = p.y; maxY = p.y
            } else {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard any else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        var finite = true
        forEachPoint { p in if !(p.x.isFinite && p.y.isFinite) { finite = false } }
        return finite
    }

    /// Calls `body` with every point of the elements, in order (as `points` lists them).
    @inline(__always)
    func forEachPoint(_ body: (Point) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case .quad(let c, let p): body(c); body(p)
            case .cubic(let c1, let c2, let p): body(c1); body(c2); body(p)
            case .close: break
            }
        }
    }

    /// The path at `fraction` between `self` (0) and `other` (1), point by point; nil when the
    /// structures differ. Fractions outside 0…1 extrapolate.
    public func interpolated(to other: Path, fraction: Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        var result = Path()
        for (a, b) in zip(elements, other.elements) {
            guard a.kind == b.kind else { return nil }
            let points = zip(a.points, b.points).map { p, q in
                Point(x: p.x + (q.x - p.x) * fraction, y: p.y + (q.y - p.y) * fraction)
            }
            result.append(a.withPoints(points))
        }
        return result
    }

    /// The path with every point mapped by `transform`.
    public func applying(_ transform: Transform2D) -> Path {
        var result = Path()
        for element in elements {
            result.append(element.withPoints(element.points.map { transform.apply(to: $0) }))
        }
        return result
    }
}
