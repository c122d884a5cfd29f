import Foundation
import StrataModel

/// How a path is painted (`CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// A drawing context (`CGContext`) for a layer's `draw(in:)`: it records what is painted as Strata
/// shape layers in the layer's coordinates — paths filled and stroked with the current colours,
/// line settings and alpha, through the current transform — and images. Painting is what Strata
/// draws; `clip()` and blend modes are not (listed in the scene's warnings).
open class CGContext {
    struct GState {
        var ctm = Transform2D.identity
        var fill = Color.black
        var stroke = Color.black
        var lineWidth = 1.0
        var cap = LineCap.butt
        var join = LineJoin.miter
        var miterLimit = 10.0
        var dash: [Double] = []
        var phase = 0.0
        var alpha = 1.0
    }
    var state = GState()
    var saved: [GState] = []
    /// The current path, in the layer's coordinates (points are mapped as they are added, as
    /// Core Graphics maps them).
    let path = CGMutablePath()
    /// What has been painted, in order.
    var painted: [Layer] = []
    var unsupported: Set<String> = []
    let bounds: Rect

    init(bounds: Rect) { self.bounds = bounds }

    // MARK: State

    public func saveGState() { saved.append(state) }
    public func restoreGState() { if let last = saved.popLast() { state = last } }
    public var ctm: CGAffineTransform {
        CGAffineTransform(a: state.ctm.a, b: state.ctm.b, c: state.ctm.c, d: state.ctm.d, tx: state.ctm.tx, ty: state.ctm.ty)
    }
    public func concatenate(_ t: CGAffineTransform) { state.ctm = t.strataTransform.concatenating(state.ctm) }
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    public func setFillColor(_ color: CGColor) { state.fill = color.strataColor }
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.strataColor }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha)) }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha)) }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = Double(width) }
    public func setLineCap(_ cap: CGLineCap) { state.cap = cap == .round ? .round : cap == .square ? .square : .butt }
    public func setLineJoin(_ join: CGLineJoin) { state.join = join == .round ? .round : join == .bevel ? .bevel : .miter }
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = Double(limit) }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { (state.phase, state.dash) = (Double(phase), lengths.map(Double.init)) }
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Double(alpha) }
    public func setShouldAntialias(_ flag: Bool) {}
    public func setAllowsAntialiasing(_ flag: Bool) {}
    public func clip() { unsupported.insert("clip()") }
    public func clip(to rect: CGRect) { unsupported.insert("clip(to:)") }

    // MARK: The path

    private var device: CGAffineTransform { ctm }
    public func beginPath() { path.strataReplace(with: Path()) }
    public func move(to point: CGPoint) { path.move(to: point, transform: device) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: device) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: device) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { path.addCurve(to: end, control1: control1, control2: control2, transform: device) }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: device) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, transform: device)
    }
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: device)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: device) }
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: device) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: device) }
    public func addPath(_ other: CGPath) { path.addPath(other, transform: device) }
    public func closePath() { path.closeSubpath() }
    public var isPathEmpty: Bool { path.isEmpty }
    public var boundingBoxOfPath: CGRect { path.boundingBox }

    // MARK: Painting

    /// Paints the current path and empties it, as Core Graphics does.
    public func drawPath(using mode: CGPathDrawingMode) {
        defer { beginPath() }
        guard !path.isEmpty else { return }
        let fills = mode != .stroke, strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        var content = ShapeContent(path: path.strataPath, fillColor: fills ? state.fill.withAlphaMultiplied(by: state.alpha) : nil,
                                   fillRule: mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .nonZero,
                                   strokeColor: strokes ? state.stroke.withAlphaMultiplied(by: state.alpha) : nil)
        // The width through the transform (a uniform scale's; Strata strokes in the layer's space).
        let scale = abs(state.ctm.a * state.ctm.d - state.ctm.b * state.ctm.c).squareRoot()
        content.lineWidth = state.lineWidth * (scale.isFinite ? scale : 1)
        content.lineCap = state.cap
        content.lineJoin = state.join
        content.miterLimit = state.miterLimit
        content.lineDashPattern = state.dash.map { $0 * scale }
        content.lineDashPhase = state.phase * scale
        var layer = Layer(name: nil, bounds: bounds, position: Point(x: bounds.midX, y: bounds.midY))
        layer.shape = content
        painted.append(layer)
    }
    public func fillPath(using rule: CGPathFillRule = .winding) { drawPath(using: rule == .evenOdd ? .eoFill : .fill) }
    public func strokePath() { drawPath(using: .stroke) }
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    public func stroke(_ rect: CGRect, width: CGFloat) { saveGState(); setLineWidth(width); stroke(rect); restoreGState() }
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[pair])
            addLine(to: points[pair + 1])
        }
        strokePath()
    }
    /// Draws `image` into `rect` (through an axis-aligned transform; a turned one draws it in
    /// the rectangle's bounding box).
    public func draw(_ image: CGImage, in rect: CGRect) {
        let box = rect.applying(ctm).strataRect
        var layer = Layer(name: nil, bounds: Rect(origin: .zero, size: box.size), position: Point(x: box.midX, y: box.midY))
        layer.contents = image.pixels
        layer.opacity = state.alpha
        painted.append(layer)
    }
}

extension CGContext {
    /// `draw(in:)` of `layer` recorded: the layers painted, in its coordinates, and what was not drawn.
    static func record(_ layer: CALayer) -> (painted: [Layer], unsupported: Set<String>) {
        let context = CGContext(bounds: layer.bounds.strataRect)
        layer.draw(in: context)
        layer.delegate?.draw(layer, in: context)
        return (context.painted, context.unsupported)
    }
}
