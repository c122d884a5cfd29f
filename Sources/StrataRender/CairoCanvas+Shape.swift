import CCairo
import StrataModel

// Shape layers on the Cairo canvas: the path filled with its rule, then stroked with its width,
// caps, joins, miter limit and dashes, cut to strokeStart…strokeEnd first (Strata's arc length,
// `Path.trimmed`); Cairo draws both.
extension CairoCanvas {
    func drawShape(_ shape: ShapeContent, alpha: Double) {
        guard !shape.path.isEmpty, shape.path.isFinite else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if shape.fills, let fill = shape.fillColor, !rasterFill(shape.path, rule: shape.fillRule, color: fill, alpha: alpha) {
            addFillPath(shape.path)
            cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(fill, alpha: alpha)
            cairo_fill(cr)
        }
        guard shape.strokes, let stroke = shape.strokeColor else { return }
        strokeOutline(of: shape, source: { setSource(stroke, alpha: alpha) },
                      opaqueSource: { cairo_set_source_rgb(cr, stroke.red, stroke.green, stroke.blue) },
                      rasterised: { rasterStroke($0, of: shape, color: stroke, alpha: alpha) }) {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, stroke.alpha * alpha)
        }
    }

    /// Strokes `shape`'s path as its stroke asks (width, caps, joins, miter limit, dashes, cut to
    /// strokeStart…strokeEnd) with the source `source` sets. Where the dashes must restart at a
    /// later subpath, the pieces are stroked into one group with `opaqueSource`, which
    /// `finishGroup` pops and draws once, so that overlaps are drawn once. An undashed stroke is
    /// first offered to `rasterised`, which draws the cut path itself or returns false.
    func strokeOutline(of shape: ShapeContent, source: () -> Void, opaqueSource: () -> Void,
                       rasterised: (Path) -> Bool = { _ in false }, finishGroup: () -> Void) {
        let (path, offset) = shape.path.trimmed(start: shape.strokeStart, end: shape.strokeEnd) {
            resources?.measuredSegments(of: shape.path) ?? shape.path.measuredSegments()
        }
        guard !path.isEmpty else { return }
        if shape.effectiveDashPattern == nil, rasterised(path) { return }
        addPath(path)
        cairo_set_line_width(cr, min(shape.lineWidth, Limits.maximumLineWidth))
        let cap: cairo_line_cap_t = switch shape.lineCap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        let join: cairo_line_join_t = switch shape.lineJoin {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_cap(cr, cap)
        cairo_set_line_join(cr, join)
        cairo_set_miter_limit(cr, max(1, shape.miterLimit.isFinite ? shape.miterLimit : 10))
        let phase = shape.lineDashPhase.isFinite ? shape.lineDashPhase : 0
        guard let pattern = shape.effectiveDashPattern else {
            source()
            cairo_stroke(cr)
            return
        }
        // Over the dash limit nothing is stroked: FrameRenderer refuses such a frame before
        // drawing it (RenderTree.overLimits), so only a caller that skips that check gets here.
        guard shape.dashCount <= Limits.maximumDashes else {
            cairo_new_path(cr)
            return
        }
        func dash(phase: Double) {
            pattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase) }
        }
        // Cairo restarts the pattern at every subpath with the one phase it is given. Only the first
        // kept subpath was cut at its front (by `offset` points), so when later subpaths follow
        // it, it is stroked with its own phase and the rest with the plain one, into one group
        // drawn once, so that the stroke's alpha is applied once where they overlap.
        let firstEnd = path.elements.dropFirst().firstIndex { if case .move = $0 { true } else { false } }
        guard offset != 0, let firstEnd else {
            dash(phase: phase + offset)
            source()
            cairo_stroke(cr)
            return
        }
        cairo_new_path(cr)
        cairo_push_group(cr)
        opaqueSource()
        addPath(Path(elements: Array(path.elements[..<firstEnd])))
        dash(phase: phase + offset)
        cairo_stroke(cr)
        addPath(Path(elements: Array(path.elements[firstEnd...])))
        dash(phase: phase)
        cairo_stroke(cr)
        finishGroup()
    }

    /// Appends `path` to the context's path, in user space: its curves for Cairo to flatten, or,
    /// given `flattening`, as that flattening's lines (`addFillPath`).
    func addPath(_ path: Path, flattening: AreaFlattening? = nil) {
        cairo_new_path(cr)
        let cr = self.cr
        Self.walk(path, flattening: flattening, move: { cairo_move_to(cr, $0.x, $0.y) }, line: { cairo_line_to(cr, $0, $1) },
                  curve: { cairo_curve_to(cr, $0.x, $0.y, $1.x, $1.y, $2.x, $2.y) }) {
            cairo_close_path(cr)
            // Strata's lines start from the subpath's own start; Cairo's curves from its current
            // point (the start, through its fixed-point device coordinates).
            var x = 0.0, y = 0.0
            cairo_get_current_point(cr, &x, &y)
            return Point(x: x, y: y)
        }
    }

    /// Walks `path` as moves, lines, cubics (a quadratic as the cubic with the same curve) and
    /// closes; given `flattening`, each curve as that flattening's lines. `close` returns where
    /// the next curve starts from (the subpath's start, as the sink has it).
    /// The controls of the cubic with the same curve as the quadratic from `p0` through control `c`
    /// to `p`: two thirds of the way from each end to the control.
    static func cubicControls(from p0: Point, quad c: Point, to p: Point) -> (Point, Point) {
        (Point(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
         Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)))
    }

    static func walk(_ path: Path, flattening: AreaFlattening?, move: (Point) -> Void, line: (Double, Double) -> Void,
                     curve: (Point, Point, Point) -> Void, close: () -> Point) {
        var current = Point(x: 0, y: 0), start = current
        func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
            if flattening?.forEachCorner(current, c1, c2, p, line) != true { curve(c1, c2, p) }
            current = p
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                move(p)
                current = p
                start = p
            case .line(let p):
                line(p.x, p.y)
                current = p
            case .quad(let c, let p):
                let (c1, c2) = cubicControls(from: current, quad: c, to: p)
                cubic(c1, c2, p)
            case .cubic(let c1, let c2, let p):
                cubic(c1, c2, p)
            case .close:
                let next = close()
                current = flattening == nil ? next : start
            }
        }
    }
}
