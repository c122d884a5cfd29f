import CCairo
import CStrataKernels
import StrataModel

// Gradients evaluated through a colour table instead of by pixman for every pixel: pixman's
// gradient walker interpolates the stops in floating point per pixel, through a call per pixel,
// which took about 40 % of drawing lottie-ios's LottieFiles samples (docs/performance.md). The
// table holds `gradientTableSize` colours computed as the walker computes a pixel; every pixel
// takes the entry nearest its parameter.
extension CairoCanvas {
    /// Entries in a gradient's colour table: adjacent entries differ by at most 1/4,095 of the
    /// largest step between two stops, below what an 8-bit channel shows in all but rounding.
    static let gradientTableSize = 4_096

    /// The gradient's premultiplied ARGB32 colours at t = k / (count − 1): the stops (their
    /// straight colours as Cairo hands them to pixman, 16 bits a channel) interpolated linearly
    /// between the stops around t, the first before the first stop and the last after the last,
    /// then premultiplied and rounded to 8 bits, as pixman's gradient walker gives a pixel.
    static func gradientTable(_ gradient: Gradient, count: Int = gradientTableSize) -> [UInt32] {
        let locations = gradient.resolvedLocations, colors = gradient.colors
        guard !colors.isEmpty else { return [0] }
        func offset(_ index: Int) -> Double { index < locations.count ? locations[index] : 1 }
        func short(_ value: Double) -> Float { Float((min(1, max(0, value.isFinite ? value : 0)) * 65535.99999).rounded(.down) / 257) }
        // Cairo keeps stops in offset order (stable: equal offsets in the order given).
        let order = colors.indices.sorted { (offset($0), $0) < (offset($1), $1) }
        var offsets: [Double] = [], channels: [Float] = []
        offsets.reserveCapacity(order.count)
        channels.reserveCapacity(order.count * 4)
        for index in order {
            let color = colors[index]
            offsets.append(offset(index))
            channels.append(contentsOf: [short(color.alpha), short(color.red), short(color.green), short(color.blue)])
        }
        return [UInt32](unsafeUninitializedCapacity: max(1, count)) { buffer, initialized in
            strata_gradient_table(buffer.baseAddress, max(1, count), offsets, channels, order.count)
            initialized = max(1, count)
        }
    }

    /// The gradient's colour table, from the thread's resources when they hold it.
    func gradientTable(for gradient: Gradient) -> [UInt32] {
        guard let resources else { return Self.gradientTable(gradient) }
        return resources.gradientTable(.init(colors: gradient.colors, locations: gradient.resolvedLocations)) { Self.gradientTable(gradient) }
    }

    /// An image of the gradient over the device pixels of `rect` (user space) on the current
    /// surface (within the damage when the frame is drawn over the previous one), with its device
    /// position: each pixel the table's entry for the parameter of its centre. `userToPattern`
    /// maps user space to the pattern's (linear: x is the parameter; radial: the unit circle,
    /// the focal point `focal` there); `table` gives the colour table, asked for only when the
    /// image is evaluated. Nil when the bounds hold no pixel.
    func gradientImage(radial: Bool, userToPattern: cairo_matrix_t, focal: Point, table makeTable: () -> [UInt32], rect: Rect,
                       stops: RenderResources.GradientStops? = nil) -> (CairoSurface, Int, Int)? {
        var toDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &toDevice)
        let frame = frames[frames.count - 1]
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        let limit = frame.damage ?? (x0: 0, y0: 0, x1: frame.surface.width, y1: frame.surface.height)
        let left = max(limit.x0, max(0, Int(saturating: xs.min()!, .down))), top = max(limit.y0, max(0, Int(saturating: ys.min()!, .down)))
        let right = min(limit.x1, min(frame.surface.width, Int(saturating: xs.max()!, .up)))
        let bottom = min(limit.y1, min(frame.surface.height, Int(saturating: ys.max()!, .up)))
        guard left < right, top < bottom else { return nil }
        var toUser = toDevice
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return nil }
        var toPattern = userToPattern, deviceToPattern = cairo_matrix_t()
        cairo_matrix_multiply(&deviceToPattern, &toUser, &toPattern)
        let m = [deviceToPattern.xx, deviceToPattern.yx, deviceToPattern.xy, deviceToPattern.yy, deviceToPattern.x0, deviceToPattern.y0]
        guard m.allSatisfy(\.isFinite), focal.x.isFinite, focal.y.isFinite else { return nil }
        let key = stops.map { RenderResources.GradientImageKey(stops: $0, matrix: m, focal: [focal.x, focal.y], radial: radial,
                                                              box: [left, top, right, bottom]) }
        if let key, let kept = resources?.keptGradientImage(key) { return (kept, left, top) }
        do throws(RenderError) {
            // Every pixel is written: scratch pixels serve (the thread's, kept between draws).
            let image: CairoSurface
            if let resources {
                image = try resources.scratchSurface(width: right - left, height: bottom - top)
            } else {
                image = try CairoSurface(width: right - left, height: bottom - top)
            }
            cairo_surface_flush(image.pointer)
            let data = cairo_image_surface_get_data(image.pointer)!
            let stride = Int(cairo_image_surface_get_stride(image.pointer)) / 4
            let table = makeTable()  // only when the image is drawn, not when it is kept
            data.withMemoryRebound(to: UInt32.self, capacity: stride * (bottom - top)) { pixels in
                table.withUnsafeBufferPointer { lut in
                    m.withUnsafeBufferPointer { matrix in
                        strata_gradient_fill(pixels, stride, right - left, bottom - top, Double(left), Double(top), matrix.baseAddress,
                                             radial ? 1 : 0, focal.x, focal.y, lut.baseAddress, lut.count)
                    }
                }
            }
            cairo_surface_mark_dirty(image.pointer)
            if let key { resources?.sawGradientImage(key, image) }
            return (image, left, top)
        } catch {
            return nil
        }
    }
}
