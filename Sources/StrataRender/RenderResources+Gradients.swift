import CCairo
import StrataModel

/// Radial gradient images kept between frames: a gradient drawn at the same device place with the
/// same stops two frames running is kept (copied out of the scratch surface) and, while it stays,
/// drawn from that copy instead of being evaluated again — the same pixels.
extension RenderResources {
    /// What a gradient image depends on: its stops, its device-to-pattern matrix and focal point,
    /// and its device box.
    struct GradientImageKey: Hashable {
        let stops: GradientStops
        let matrix: [Double]
        let focal: [Double]
        let radial: Bool
        let box: [Int]
    }

    /// Most bytes of gradient images kept (16 MB: four 1080p-wide quarter-canvas images).
    static let gradientImageBudgetBytes = 16 << 20

    /// The kept image for `key`, marked as drawn this frame.
    func keptGradientImage(_ key: GradientImageKey) -> CairoSurface? {
        guard let entry = gradientImages[key] else { return nil }
        gradientImages[key] = (entry.image, placementFrame)
        return entry.image
    }

    /// Notes that `image` (scratch pixels) was drawn for `key` this frame; when it was drawn the
    /// frame before too and the budget allows, keeps a copy.
    func sawGradientImage(_ key: GradientImageKey, _ image: CairoSurface) {
        defer { gradientSightings[key] = placementFrame }
        guard gradientSightings[key] == placementFrame - 1 else { return }
        let bytes = image.width * image.height * 4
        let kept = gradientImages.values.reduce(0) { $0 + $1.image.width * $1.image.height * 4 }
        guard kept + bytes <= Self.gradientImageBudgetBytes, let copy = try? CairoSurface(width: image.width, height: image.height),
              let context = try? CairoContext(surface: copy) else { return }
        // Row by row (the scratch pixels have the scratch surface's stride): Cairo's SOURCE paint.
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.pointer, image.pointer, 0, 0)
        cairo_paint(context.pointer)
        guard (try? context.check("keeping a gradient image")) != nil else { return }
        cairo_surface_flush(copy.pointer)
        gradientImages[key] = (copy, placementFrame)
    }

    /// Drops what was not drawn in the frame before this one.
    func forgetGradientImages() {
        if gradientImages.values.contains(where: { $0.lastFrame < placementFrame - 1 }) {
            gradientImages = gradientImages.filter { $0.value.lastFrame >= placementFrame - 1 }
        }
        if gradientSightings.values.contains(where: { $0 < placementFrame - 1 }) {
            gradientSightings = gradientSightings.filter { $0.value >= placementFrame - 1 }
        }
    }
}
