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
        var mask: CACornerMask = []
        if corners.contains(.topLeft) { mask.insert(.layerMinXMinYCorner) }
        if corners.contains(.topRight) { mask.insert(.layerMaxXMinYCorner) }
        if corners.contains(.bottomLeft) { mask.insert(.layerMinXMaxYCorner) }
        if corners.contains(.bottomRight) { mask.insert(.layerMaxXMaxYCorner) }
        path.addRoundedRect(in: rect, cornerWidth: cornerRadii.width, cornerHeight: cornerRadii.height, corners: mask)
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
