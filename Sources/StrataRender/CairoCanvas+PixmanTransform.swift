import CCairo
import CStrataKernels

// The 16.16 transform and offset with which Cairo hands a placed image to pixman: the pattern
// matrix Cairo builds from the context's matrix (`drawPlaced` sets the device matrix shifted to
// the intermediate, then translates and scales), converted as Cairo converts it — a translation
// of whole pixels moved into the composite's offset to keep the fixed-point numbers small, each
// entry rounded to 1/65,536, and the translation then corrected (up to five times) so that
// pixman's matrix maps the composite's centre where Cairo's does. Each step is Cairo 1.16's
// arithmetic in its order (through Cairo's own public matrix functions where it calls them), so
// that `strata_bilinear_affine_pad` samples every pixel where pixman does.
extension CairoCanvas {
    /// Cairo's double → 16.16 conversion: the value plus 1.5 · 2³⁶, whose low 32 bits are the
    /// fixed-point number (rounded to nearest, ties to even).
    static func fixed16(_ value: Double) -> Int32 {
        let sum = value + 103_079_215_104.0
        return Int32(truncatingIfNeeded: Int64(bitPattern: sum.bitPattern))
    }

    /// pixman's transform (its first two rows: xx xy x0 yx yy y0, 16.16) and the composite's source
    /// offset for an image drawn by `drawPlaced` into an intermediate of `width × height` pixels;
    /// nil where Cairo would not take this route (a pure translation, a matrix it refuses, or
    /// numbers beyond pixman's range), so that the caller lets Cairo draw it.
    static func pixmanTransform(shifted: cairo_matrix_t, destination: (x: Double, y: Double), scale: (x: Double, y: Double),
                                width: Int, height: Int) -> (transform: [Int32], offsetX: Int32, offsetY: Int32)? {
        // The context: cairo_set_matrix, cairo_translate, cairo_scale (the inverse kept alongside).
        var inverse = shifted
        let isIdentity = shifted.xx == 1 && shifted.yx == 0 && shifted.xy == 0 && shifted.yy == 1 && shifted.x0 == 0 && shifted.y0 == 0
        if isIdentity {
            cairo_matrix_init_identity(&inverse)
        } else if cairo_matrix_invert(&inverse) != CAIRO_STATUS_SUCCESS {
            return nil
        }
        var step = cairo_matrix_t()
        // (Cairo multiplies into a temporary, so a copy of an operand gives the same numbers.)
        var before = inverse
        cairo_matrix_init_translate(&step, -destination.x, -destination.y)
        cairo_matrix_multiply(&inverse, &before, &step)
        guard scale.x * scale.y != 0, scale.x.isFinite, scale.y.isFinite else { return nil }
        cairo_matrix_init_scale(&step, 1 / scale.x, 1 / scale.y)
        before = inverse
        cairo_matrix_multiply(&inverse, &before, &step)
        // The source pattern at (0, 0), then transformed by the inverse.
        var source = cairo_matrix_t(), pattern = cairo_matrix_t()
        cairo_matrix_init_translate(&source, -0.0, -0.0)
        cairo_matrix_multiply(&pattern, &inverse, &source)
        // A translation is composited at an offset (or with its own filter path): Cairo's business.
        if pattern.xx == 1, pattern.yx == 0, pattern.xy == 0, pattern.yy == 1 { return nil }
        // _cairo_matrix_to_pixman_matrix_offset: whole pixels of the translation into the offset.
        var m = pattern
        cairo_matrix_translate(&m, 0, 0)
        var offsetX: Int32 = 0, offsetY: Int32 = 0
        if m.x0 != 0 || m.y0 != 0 {
            var tx = m.x0, ty = m.y0
            var norm = max(abs(tx), abs(ty))
            for i in [-1.0, 1.0] {
                for j in [-1.0, 1.0] {
                    var den = (m.xx + i) * (m.yy + j) - m.xy * m.yx
                    if abs(den) < Double.ulpOfOne { continue }
                    var x = m.y0 * m.xy - m.x0 * (m.yy + j)
                    var y = m.x0 * m.yx - m.y0 * (m.xx + i)
                    den = 1 / den
                    x *= den
                    y *= den
                    let newNorm = max(abs(x), abs(y))
                    if norm > newNorm {
                        norm = newNorm
                        tx = x
                        ty = y
                    }
                }
            }
            tx = tx.rounded(.down)
            ty = ty.rounded(.down)
            guard abs(tx) < 1e9, abs(ty) < 1e9 else { return nil }
            offsetX = Int32(-tx)
            offsetY = Int32(-ty)
            cairo_matrix_translate(&m, tx, ty)
        }
        // _cairo_matrix_to_pixman_matrix.
        let limit = 32_767.0
        guard [m.xx, m.xy, m.x0, m.yx, m.yy, m.y0].allSatisfy({ $0.isFinite && abs($0) <= limit }) else { return nil }
        var t = [fixed16(m.xx), fixed16(m.xy), fixed16(m.x0), fixed16(m.yx), fixed16(m.yy), fixed16(m.y0)]
        let determinant = m.xx * m.yy - m.yx * m.xy
        let epsilon = 1.0 / 256
        if abs(determinant * determinant - 1) < epsilon,
           (abs(m.xy) < epsilon && abs(m.yx) < epsilon) || (abs(m.xx) < epsilon && abs(m.yy) < epsilon) {
            return (t, offsetX, offsetY)
        }
        var inv = m
        guard cairo_matrix_invert(&inv) == CAIRO_STATUS_SUCCESS else { return (t, offsetX, offsetY) }
        let xc = Double(width) / 2, yc = Double(height) / 2
        for _ in 0..<5 {
            var px: Int32 = 0, py: Int32 = 0
            guard strata_transform_point_16_16(t, Int64(fixed16(xc)), Int64(fixed16(yc)), &px, &py) == 1 else { return (t, offsetX, offsetY) }
            var x = Double(px) / 65_536, y = Double(py) / 65_536
            cairo_matrix_transform_point(&inv, &x, &y)
            x -= xc
            y -= yc
            cairo_matrix_transform_distance(&m, &x, &y)
            let dx = fixed16(x), dy = fixed16(y)
            t[2] = t[2] &- dx
            t[5] = t[5] &- dy
            if dx == 0 && dy == 0 { break }
        }
        return (t, offsetX, offsetY)
    }
}
