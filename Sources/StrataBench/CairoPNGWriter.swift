import CCairo
import StrataRaster

/// Cairo's own PNG writer (`cairo_surface_write_to_png`, libpng's default settings): the baseline
/// the bench measures Strata's encoder against. It lives with the bench because nothing else uses
/// it; the product's Cairo code stays in StrataRender.
final class CairoPNGWriter {
    private let surface: OpaquePointer

    /// Copies `image` into a Cairo ARGB32 surface (the copy is not part of the timing).
    init(image: PixelBuffer) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw BenchError("cannot create a \(image.width)×\(image.height) Cairo surface")
        }
        self.surface = surface
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        image.pixels.withUnsafeBufferPointer { rgba in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    // Premultiplied RGBA bytes → a native-endian premultiplied ARGB word.
                    row[x] = UInt32(rgba[i + 3]) << 24 | UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Writes the surface to `path` with `cairo_surface_write_to_png`.
    func write(toPath path: String) throws {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw BenchError("cairo_surface_write_to_png: status \(status.rawValue)") }
    }
}

/// A failure of the bench itself.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
