import CCairo
import StrataModel

// Filled paths on a canvas finer than Cairo's default tolerance: their curves are flattened here,
// in device pixels, into lines of the curve's own area (`AreaFlattening`), where Cairo's chords
// would fill them small. Strokes, rounded rectangles and text keep Cairo's flattening within the
// canvas's tolerance: a stroke's chords move both its edges the same way and keep its area.
extension CairoCanvas {
    /// Appends `path` to the context's path to be filled or clipped to: as `addPath`, but with
    /// its curves as lines of the same area when `CurveTolerance.fillsTrueArea` holds for the
    /// canvas.
    func addFillPath(_ path: Path) {
        guard CurveTolerance.fillsTrueArea(curveTolerance) else { return addPath(path) }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let flattening = AreaFlattening(tolerance: curveTolerance,
                                        linear: (matrix.xx, matrix.yx, matrix.xy, matrix.yy))
        let cr = self.cr
        cairo_new_path(cr)
        var current = Point(x: 0, y: 0), start = current
        func curve(_ c1: Point, _ c2: Point, _ p: Point) {
            if !flattening.forEachCorner(current, c1, c2, p, { cairo_line_to(cr, $0, $1) }) {
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            }
            current = p
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
                start = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let c, let p):
                // The cubic with the same curve: controls two thirds of the way to the control.
                curve(Point(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y)),
                      Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)), p)
            case .cubic(let c1, let c2, let p):
                curve(c1, c2, p)
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }
}
