import CCairo
import Foundation
import StrataModel
import StrataRaster

// Conic gradients (Cairo has none): the colour at each device pixel of the shape's box is
// computed from its angle about the centre, into an image that is painted through the shape.
extension CairoCanvas {
    /// Largest side of a conic gradient's image, in pixels (the box is drawn coarser beyond it).
    static let maximumConicSide = 4096

    func drawConicGradient(_ gradient: Gradient, in shape: RoundedRect, center: Point, toward end: Point, alpha: Double) {
        var rect = shape.rect
        guard [rect.minX, rect.minY, rect.width, rect.height, center.x, center.y, end.x, end.y].allSatisfy(\.isFinite),
              rect.width > 0, rect.height > 0, let first = gradient.colors.first else { return }
        // Pixels per point along each axis of the layer, as the device sees them.
        var ux = 1.0, uy = 0.0, vx = 0.0, vy = 1.0
        cairo_user_to_device_distance(cr, &ux, &uy)
        cairo_user_to_device_distance(cr, &vx, &vy)
        let limit = Double(Self.maximumConicSide)
        // A box under a thousandth of a pixel across covers no pixel by a level: nothing to draw
        // (and its image's matrix would not be invertible).
        guard rect.width * hypot(ux, uy) >= 1e-3, rect.height * hypot(vx, vy) >= 1e-3 else { return }
        // A box larger than the image may be is computed only where the surface can show it (its
        // extents, not the clip's, so that a damaged region draws what a full frame draws), so
        // that the image's matrix stays bounded: a 1e308-point box made Cairo refuse it after
        // filling a 4096² image. Smaller boxes keep their whole image (the same bytes).
        if rect.width * hypot(ux, uy) > limit || rect.height * hypot(vx, vy) > limit {
            let visible = rect.intersection(Self.surfaceExtents(cr))
            guard !visible.isEmpty, [visible.minX, visible.minY, visible.width, visible.height].allSatisfy(\.isFinite),
                  visible.width * hypot(ux, uy) >= 1e-3, visible.height * hypot(vx, vy) >= 1e-3 else { return }
            rect = visible
        }
        let width = Int(saturating: min(limit, max(1, rect.width * hypot(ux, uy))), .up)
        let height = Int(saturating: min(limit, max(1, rect.height * hypot(vx, vy))), .up)
        let startAngle = end == center ? -Double.pi / 2 : atan2(end.y - center.y, end.x - center.x)
        let locations = gradient.resolvedLocations
        let stops = gradient.colors.enumerated().map { (index, color) in
            (location: index < locations.count ? locations[index] : 1, color: color)
        }
        func color(at t: Double) -> Color {
            guard t > stops[0].location else { return first }
            for i in 1..<stops.count where t <= stops[i].location {
                let a = stops[i - 1], b = stops[i]
                let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
                return Color(red: a.color.red + (b.color.red - a.color.red) * f, green: a.color.green + (b.color.green - a.color.green) * f,
                             blue: a.color.blue + (b.color.blue - a.color.blue) * f, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
            }
            return stops[stops.count - 1].color
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let stepX = rect.width / Double(width), stepY = rect.height / Double(height)
        for y in 0..<height {
            let py = rect.minY + (Double(y) + 0.5) * stepY - center.y
            for x in 0..<width {
                let px = rect.minX + (Double(x) + 0.5) * stepX - center.x
                var turn = (atan2(py, px) - startAngle) / (2 * .pi)
                turn -= turn.rounded(.down)
                let c = color(at: turn)
                let a = min(1, max(0, c.alpha))
                let i = (y * width + x) * 4
                func byte(_ v: Double) -> UInt8 { UInt8(clamping: Int(saturating: v * 255, .toNearestOrAwayFromZero)) }
                bytes[i] = byte(min(1, max(0, c.red)) * a)
                bytes[i + 1] = byte(min(1, max(0, c.green)) * a)
                bytes[i + 2] = byte(min(1, max(0, c.blue)) * a)
                bytes[i + 3] = byte(a)
            }
        }
        guard let buffer = try? PixelBuffer(width: width, height: height, premultipliedRGBA: bytes) else {
            return record(RenderError("a \(width)×\(height) conic gradient image could not be made"))
        }
        do throws(RenderError) {
            let image = try CairoSurface(image: buffer)
            cairo_save(cr)
            defer { cairo_restore(cr) }
            addPath(shape)
            cairo_clip(cr)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, stepX, stepY)
            cairo_set_source_surface(cr, image.pointer, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, alpha)
        } catch {
            record(error)
        }
    }
}
