import Foundation
import StrataModel
import StrataQuartzCore

/// Corners of a rectangle (`UIRectCorner`), y down: top is min-Y.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1), topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4), bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path builder (`UIBezierPath`) in UIKit's y-down space: `clockwise` in arcs is as seen on
/// screen. `cgPath` hands the path to a shape layer.
open class UIBezierPath {
    let path = CGMutablePath()
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
    open var flatness: CGFloat = 0.6

    public init() {}
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }
    /// A rectangle with `corners` rounded by `cornerRadii` (each corner's quarter ellipse).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let rx = max(0, min(cornerRadii.width, rect.width / 2)), ry = max(0, min(cornerRadii.height, rect.height / 2))
        func r(_ corner: UIRectCorner) -> (CGFloat, CGFloat) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        let k: CGFloat = 0.5522847498
        let (tl, tr, br, bl) = (r(.topLeft), r(.topRight), r(.bottomRight), r(.bottomLeft))
        path.move(to: CGPoint(x: rect.minX + tl.0, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr.0, y: rect.minY))
        if tr.0 > 0 {
            path.addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + tr.1), control1: CGPoint(x: rect.maxX - tr.0 + k * tr.0, y: rect.minY),
                          control2: CGPoint(x: rect.maxX, y: rect.minY + tr.1 - k * tr.1))
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br.1))
        if br.0 > 0 {
            path.addCurve(to: CGPoint(x: rect.maxX - br.0, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - br.1 + k * br.1),
                          control2: CGPoint(x: rect.maxX - br.0 + k * br.0, y: rect.maxY))
        }
        path.addLine(to: CGPoint(x: rect.minX + bl.0, y: rect.maxY))
        if bl.0 > 0 {
            path.addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - bl.1), control1: CGPoint(x: rect.minX + bl.0 - k * bl.0, y: rect.maxY),
                          control2: CGPoint(x: rect.minX, y: rect.maxY - bl.1 + k * bl.1))
        }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl.1))
        if tl.0 > 0 {
            path.addCurve(to: CGPoint(x: rect.minX + tl.0, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + tl.1 - k * tl.1),
                          control2: CGPoint(x: rect.minX + tl.0 - k * tl.0, y: rect.minY))
        }
        path.closeSubpath()
    }
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path, for `CAShapeLayer.path`.
    open var cgPath: CGPath { path.copy()! }
    open var bounds: CGRect { path.isEmpty ? .zero : path.boundingBox }
    open var currentPoint: CGPoint { path.currentPoint }
    open var isEmpty: Bool { path.isEmpty }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// An arc; `clockwise` as seen on screen (y down), as UIKit.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path.strataReplace(with: Path()) }
    open func append(_ other: UIBezierPath) { path.addPath(other.path) }
    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) { path.strataReplace(with: path.applying(transform).strataPath) }
    open func copy() -> Any {
        let copy = UIBezierPath(cgPath: path)
        (copy.lineWidth, copy.lineCapStyle, copy.lineJoinStyle, copy.miterLimit, copy.usesEvenOddFillRule) =
            (lineWidth, lineCapStyle, lineJoinStyle, miterLimit, usesEvenOddFillRule)
        return copy
    }
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {}
}
