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
        addPath(path, flattening: AreaFlattening(tolerance: curveTolerance, linear: (matrix.xx, matrix.yx, matrix.xy, matrix.yy)))
    }
}
