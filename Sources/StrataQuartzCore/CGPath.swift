import Foundation
import StrataModel

/// An immutable path (`CGPath`), in points, y down as UIKit draws: a Strata `Path` inside.
/// Arcs are built as Strata builds them (four cubics each).
open class CGPath: Hashable, @unchecked Sendable {
    /// The elements, as Strata draws them.
    public internal(set) var strataPath: Path

    /// A path holding `path`.
    public init(_ path: Path) { strataPath = path }
    init() { strataPath = Path() }

    /// A closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Self.transformed(CGPath.building { $0.addRect(rect.strataRect) }, transform))
    }
    /// A closed ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Self.transformed(CGPath.building { $0.addEllipse(in: rect.strataRect) }, transform))
    }
    /// A closed rectangle with corners of radii `cornerWidth` × `cornerHeight` (points).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Self.transformed(CGPath.building { Self.addRoundedRect(&$0, rect.strataRect, Double(cornerWidth), Double(cornerHeight)) }, transform))
    }

    static func building(_ body: (inout Path) -> Void) -> Path {
        var path = Path()
        body(&path)
        return path
    }
    static func transformed(_ path: Path, _ transform: UnsafePointer<CGAffineTransform>?) -> Path {
        guard let transform else { return path }
        return path.applying(transform.pointee.strataTransform)
    }

    /// The smallest rectangle holding every point, control points included (`boundingBox`).
    public var boundingBox: CGRect { strataPath.isEmpty ? .null : CGRect(strataPath.controlBounds) }
    /// The same as `boundingBox` (Strata does not compute the tighter curve bounds).
    public var boundingBoxOfPath: CGRect { boundingBox }
    public var isEmpty: Bool { strataPath.isEmpty }
    public var currentPoint: CGPoint { strataPath.currentPoint.map { CGPoint($0) } ?? .zero }

    public func copy() -> CGPath? { CGPath(strataPath) }
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(strataPath) }
    /// The path with every point mapped by `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? { CGPath(Self.transformed(strataPath, transform)) }
    /// The path with every point mapped by `transform` (points and control points).
    public func applying(_ transform: CGAffineTransform) -> CGPath { CGPath(strataPath.applying(transform.strataTransform)) }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.strataPath == rhs.strataPath }
    public func hash(into hasher: inout Hasher) { hasher.combine(strataPath) }

    /// A closed rectangle with `corners` rounded by quarter ellipses of radii `rx` × `ry` (points,
    /// each at most half the side; κ = 0.5523 cubics), clockwise on screen from the top edge: the
    /// one rounded-rectangle builder behind `CGPath(roundedRect:…)`, `UIBezierPath(roundedRect:…)`
    /// and `maskedCorners`.
    static func addRoundedRect(_ path: inout Path, _ rect: Rect, _ rx: Double, _ ry: Double, corners: CACornerMask = CACornerMask.all) {
        let rx = max(0, min(rx.isFinite ? rx : 0, rect.width / 2)), ry = max(0, min(ry.isFinite ? ry : 0, rect.height / 2))
        guard rx > 0, ry > 0, !corners.isEmpty else { return path.addRect(rect) }
        let k = 0.5522847498
        func radii(_ corner: CACornerMask) -> (Double, Double) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        let (tl, tr, br, bl) = (radii(.layerMinXMinYCorner), radii(.layerMaxXMinYCorner), radii(.layerMaxXMaxYCorner), radii(.layerMinXMaxYCorner))
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        path.move(to: Point(x: x0 + tl.0, y: y0))
        path.addLine(to: Point(x: x1 - tr.0, y: y0))
        if tr.0 > 0 {
            path.addCurve(to: Point(x: x1, y: y0 + tr.1), control1: Point(x: x1 - tr.0 + k * tr.0, y: y0), control2: Point(x: x1, y: y0 + tr.1 - k * tr.1))
        }
        path.addLine(to: Point(x: x1, y: y1 - br.1))
        if br.0 > 0 {
            path.addCurve(to: Point(x: x1 - br.0, y: y1), control1: Point(x: x1, y: y1 - br.1 + k * br.1), control2: Point(x: x1 - br.0 + k * br.0, y: y1))
        }
        path.addLine(to: Point(x: x0 + bl.0, y: y1))
        if bl.0 > 0 {
            path.addCurve(to: Point(x: x0, y: y1 - bl.1), control1: Point(x: x0 + bl.0 - k * bl.0, y: y1), control2: Point(x: x0, y: y1 - bl.1 + k * bl.1))
        }
        path.addLine(to: Point(x: x0, y: y0 + tl.1))
        if tl.0 > 0 {
            path.addCurve(to: Point(x: x0 + tl.0, y: y0), control1: Point(x: x0, y: y0 + tl.1 - k * tl.1), control2: Point(x: x0 + tl.0 - k * tl.0, y: y0))
        }
        path.closeSubpath()
    }
}

/// A path being built (`CGMutablePath`). Every builder takes an optional `transform` applied to
/// what it adds. `clockwise` in `addArc` is Core Graphics': in UIKit's y-down space a clockwise
/// arc runs counterclockwise on screen (UIBezierPath's `clockwise` is the one seen on screen).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() { super.init() }
    public override init(_ path: Path) { super.init(path) }

    private func add(_ transform: CGAffineTransform, _ body: (inout Path) -> Void) {
        if transform.isIdentity {
            body(&strataPath)
            return
        }
        // Built in the transform's source space, then mapped and appended (the current point
        // mapped back so that a line from it joins).
        var part = Path()
        if let current = strataPath.currentPoint {
            part.move(to: transform.inverted().strataTransform.apply(to: current))
        }
        body(&part)
        let mapped = part.applying(transform.strataTransform).elements
        let joined = strataPath.currentPoint != nil ? mapped.dropFirst() : mapped[...]
        for element in joined { strataPath.append(element) }
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        add(transform) { $0.move(to: point.strataPoint) }
    }
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        add(transform) { $0.currentPoint == nil ? $0.move(to: point.strataPoint) : $0.addLine(to: point.strataPoint) }
    }
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        add(transform) {
            $0.move(to: first.strataPoint)
            for point in points.dropFirst() { $0.addLine(to: point.strataPoint) }
        }
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addCurve(to: end.strataPoint, control1: control1.strataPoint, control2: control2.strataPoint) }
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addQuadCurve(to: end.strataPoint, control: control.strataPoint) }
    }
    /// An arc about `center` from `startAngle` to `endAngle` (radians, 0 along +x, growing toward +y).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        add(transform) {
            $0.addArc(center: center.strataPoint, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
                      clockwise: !clockwise)
        }
    }
    /// An arc of `delta` radians from `startAngle` (positive: angles growing).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta, clockwise: delta < 0, transform: transform)
    }
    /// A line toward `tangent1End` and an arc of `radius` tangent to the lines from the current
    /// point to `tangent1End` and from there to `tangent2End` (`CGContextAddArcToPoint`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        add(transform) { path in
            let p1 = tangent1End.strataPoint, p2 = tangent2End.strataPoint, r = Double(radius)
            guard let p0 = path.currentPoint else { return path.move(to: p1) }
            let u = Point(x: p0.x - p1.x, y: p0.y - p1.y), v = Point(x: p2.x - p1.x, y: p2.y - p1.y)
            let lu = (u.x * u.x + u.y * u.y).squareRoot(), lv = (v.x * v.x + v.y * v.y).squareRoot()
            let cross = u.x * v.y - u.y * v.x
            guard lu > 0, lv > 0, r > 0, r.isFinite, abs(cross) > 1e-12 * lu * lv else { return path.addLine(to: p1) }
            let (ux, uy, vx, vy) = (u.x / lu, u.y / lu, v.x / lv, v.y / lv)
            let angle = acos(max(-1, min(1, ux * vx + uy * vy)))          // between the two lines at p1
            let along = r / tan(angle / 2)
            let t1 = Point(x: p1.x + ux * along, y: p1.y + uy * along), t2 = Point(x: p1.x + vx * along, y: p1.y + vy * along)
            let bx = ux + vx, by = uy + vy, lb = (bx * bx + by * by).squareRoot()
            let out = r / sin(angle / 2)
            let center = Point(x: p1.x + bx / lb * out, y: p1.y + by / lb * out)
            let a0 = atan2(t1.y - center.y, t1.x - center.x), a1 = atan2(t2.y - center.y, t2.x - center.x)
            var sweep = a1 - a0
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            path.addLine(to: t1)
            path.addArc(center: center, radius: r, startAngle: a0, endAngle: a0 + sweep, clockwise: sweep > 0)
        }
    }
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addRect(rect.strataRect) }
    }
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        add(transform) { $0.addEllipse(in: rect.strataRect) }
    }
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        add(transform) { CGPath.addRoundedRect(&$0, rect.strataRect, Double(cornerWidth), Double(cornerHeight)) }
    }
    /// A rectangle with only `corners` rounded (Strata's, for `UIBezierPath(roundedRect:byRoundingCorners:…)`).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, corners: CACornerMask) {
        CGPath.addRoundedRect(&strataPath, rect.strataRect, Double(cornerWidth), Double(cornerHeight), corners: corners)
    }
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let mapped = transform.isIdentity ? path.strataPath : path.strataPath.applying(transform.strataTransform)
        for element in mapped.elements { strataPath.append(element) }
    }
    public func closeSubpath() { strataPath.closeSubpath() }
}

extension CGMutablePath {
    /// Replaces every element with `path`'s (for builders such as `UIBezierPath.removeAllPoints`).
    public func strataReplace(with path: Path) { strataPath = path }
}
