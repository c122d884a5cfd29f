import CCairo
import StrataRaster

/// Cairo's own PNG writer, kept as the baseline that `scripts/bench` measures Strata's encoder
/// against (it uses libpng's default settings).
public final class CairoPNGReference {
    private let surface: CairoSurface

    /// Prepares a Cairo surface holding `image` (the conversion is not part of the timing).
    public init(image: PixelBuffer) throws(RenderError) {
        surface = try CairoSurface(image: image)
    }

    /// Writes the surface with `cairo_surface_write_to_png`.
    public func write(toPath path: String) throws(RenderError) {
        let status = cairo_surface_write_to_png(surface.pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, "cairo_surface_write_to_png") }
    }
}
