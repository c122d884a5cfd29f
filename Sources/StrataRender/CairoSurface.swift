import CCairo
import CStrataKernels
import StrataModel
import StrataRaster

extension RenderError {
    static func cairo(_ status: cairo_status_t, _ operation: String) -> RenderError {
        RenderError("Cairo failed in \(operation): \(String(cString: cairo_status_to_string(status)))")
    }
}

/// Whole pixels of a surface: columns x0..<x1 of rows y0..<y1.
typealias PixelBox = (x0: Int, y0: Int, x1: Int, y1: Int)

/// A Cairo image surface owned by Swift; `deinit` releases it.
final class CairoSurface {
    let pointer: OpaquePointer
    let width: Int
    let height: Int
    /// The surface whose pixels this one shows (`init(topLeftOf:width:height:)`), kept alive with it.
    private let owner: CairoSurface?
    /// When known, a box (pixels x0..<x1, y0..<y1) outside which every pixel is transparent: set
    /// by the renderer after drawing a frame on the surface (what its nodes can touch), so that the
    /// next frame on it clears only there; nil when any pixel may hold something.
    var marked: PixelBox?

    /// Creates a cleared surface of `width × height` pixels (checked against `Limits`).
    convenience init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws(RenderError) {
        do {
            try Limits.checkSurface(width: width, height: height)
        } catch {
            throw RenderError("cannot create a \(width)×\(height) surface: \(error)")
        }
        try self.init(checking: cairo_image_surface_create(format, Int32(width), Int32(height))!, width: width, height: height, owner: nil,
                      "cairo_image_surface_create(\(width)×\(height))")
    }

    /// A surface of `width × height` pixels showing the top-left corner of `surface` (no copy,
    /// not cleared): scratch pixels reused from draw to draw.
    convenience init(topLeftOf surface: CairoSurface, width: Int, height: Int) throws(RenderError) {
        guard width <= surface.width, height <= surface.height else {
            throw RenderError("a \(width)×\(height) view of a \(surface.width)×\(surface.height) surface")
        }
        cairo_surface_flush(surface.pointer)
        let view = cairo_image_surface_create_for_data(cairo_image_surface_get_data(surface.pointer), cairo_image_surface_get_format(surface.pointer),
                                                       Int32(width), Int32(height), cairo_image_surface_get_stride(surface.pointer))!
        try self.init(checking: view, width: width, height: height, owner: surface, "cairo_image_surface_create_for_data(\(width)×\(height))")
    }

    /// Takes `surface` when Cairo made it without error, destroys it and throws otherwise.
    private init(checking surface: OpaquePointer, width: Int, height: Int, owner: CairoSurface?, _ operation: String) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(status, operation)
        }
        self.pointer = surface
        self.width = width
        self.height = height
        self.owner = owner
    }

    /// A surface holding `image` (premultiplied RGBA converted to Cairo's native-endian ARGB32).
    convenience init(image: PixelBuffer) throws(RenderError) {
        try self.init(width: image.width, height: image.height)
        replace(with: image)
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Fills this surface with copies of `strip`: a 1-pixel-wide column repeated across
    /// (`vertically`), or a 1-pixel-high row repeated down, from pixel `offset` of the strip on.
    func fill(repeating strip: CairoSurface, vertically: Bool, from offset: Int = 0) {
        cairo_surface_flush(strip.pointer)
        cairo_surface_flush(pointer)
        precondition(offset >= 0 && offset + (vertically ? height : width) <= (vertically ? strip.height : strip.width),
                     "the strip covers the surface from the offset")
        let stride = Int(cairo_image_surface_get_stride(pointer)), stripStride = Int(cairo_image_surface_get_stride(strip.pointer))
        let data = cairo_image_surface_get_data(pointer)!, source = cairo_image_surface_get_data(strip.pointer)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            if vertically {
                let value = UnsafeRawPointer(source + (offset + y) * stripStride).load(as: UInt32.self)
                row.update(repeating: value, count: width)
            } else {
                UnsafeMutableRawPointer(row).copyMemory(from: source + 4 * offset, byteCount: width * 4)
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Copies the pixels of `other`, a surface of the same size and format.
    func copyPixels(of other: CairoSurface) {
        precondition(other.width == width && other.height == height, "a copy needs a surface of the same size")
        cairo_surface_flush(other.pointer)
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        precondition(stride == Int(cairo_image_surface_get_stride(other.pointer)), "a copy needs the same row stride")
        cairo_image_surface_get_data(pointer)!.update(from: cairo_image_surface_get_data(other.pointer)!, count: stride * height)
        cairo_surface_mark_dirty(pointer)
    }

    /// Composites `source` with its top-left pixel at (`x`, `y`) of this surface, OVER, every
    /// channel scaled by `alpha`/255 first: what `cairo_paint_with_alpha` does for an image at an
    /// integer offset on an unclipped context (the same bytes, pixman's arithmetic), on whole rows
    /// eight pixels at a time. Pixels outside this surface, or outside `limit` (a frame's damage),
    /// are left out. `mode` is OVER (nil) or one of `kernelBlendModes`, each with pixman's
    /// arithmetic for Cairo's operator of that mode.
    @discardableResult
    func blend(_ source: CairoSurface, x: Int, y: Int, alpha: UInt8, mode: BlendMode? = nil, path: Int32 = 1,
               within limit: PixelBox? = nil) -> Bool {
        // Off the right or bottom edge first, so that x + source.width cannot overflow.
        guard x < width, y < height else { return false }
        var left = max(0, x), top = max(0, y)
        var right = min(width, x + source.width), bottom = min(height, y + source.height)
        if let limit {
            left = max(left, limit.x0); top = max(top, limit.y0)
            right = min(right, limit.x1); bottom = min(bottom, limit.y1)
        }
        guard left < right, top < bottom, alpha > 0 else { return false }
        cairo_surface_flush(source.pointer)
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer)) / 4
        let sourceStride = Int(cairo_image_surface_get_stride(source.pointer)) / 4
        let destination = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!).assumingMemoryBound(to: UInt32.self)
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(source.pointer)!).assumingMemoryBound(to: UInt32.self)
        let op = mode.map { Self.kernelOperators[$0] } ?? 0
        guard let op else { preconditionFailure("no kernel for \(String(describing: mode))") }
        strata_composite_with_path(destination + top * stride + left, stride, pixels + (top - y) * sourceStride + (left - x),
                                   sourceStride, right - left, bottom - top, alpha, op, path)
        cairo_surface_mark_dirty_rectangle(pointer, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        return true
    }

    /// Cairo's own composite of `source` at (`x`, `y`) with `cairo_paint_with_alpha`: what
    /// `blend` is checked against.
    func paintWithCairo(_ source: CairoSurface, x: Int, y: Int, opacity: Double, mode: BlendMode? = nil) throws(RenderError) {
        let context = try CairoContext(surface: self)
        cairo_set_source_surface(context.pointer, source.pointer, Double(x), Double(y))
        if let mode { cairo_set_operator(context.pointer, CairoCanvas.cairoOperator(mode)) }
        cairo_paint_with_alpha(context.pointer, opacity)
        try context.check("painting a surface")
    }

    /// The blend modes `blend` composites with its own kernel, and the kernel's operator for each
    /// (`strata_composite_with_path`); the others go through Cairo.
    static let kernelOperators: [BlendMode: Int32] = [.multiply: 1, .screen: 2]
    static var kernelBlendModes: Set<BlendMode> { Set(kernelOperators.keys) }

    /// The paths `blend` can take on this machine: 0 plain C, 1 AVX2.
    static var blendPaths: [Int32] { [0, 1].filter { strata_over_alpha_path_available($0) == 1 } }

    /// Whether any pixel is not transparent black.
    var hasNonzeroPixel: Bool {
        cairo_surface_flush(pointer)
        let words = Int(cairo_image_surface_get_stride(pointer)) / 4 * height
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(pointer)!).assumingMemoryBound(to: UInt32.self)
        return UnsafeBufferPointer(start: pixels, count: words).contains { $0 != 0 }
    }

    /// Makes every pixel transparent.
    func clear() { clear(within: nil, except: nil) }

    /// Makes the pixels of `box` (x0..<x1, y0..<y1; nil: every pixel) transparent but those of
    /// `kept` (nil: none).
    func clear(within box: PixelBox?, except kept: PixelBox?) {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        guard box != nil || kept != nil else { return data.update(repeating: 0, count: stride * height) }
        let x0 = max(0, box?.x0 ?? 0), y0 = max(0, box?.y0 ?? 0), x1 = min(width, box?.x1 ?? width), y1 = min(height, box?.y1 ?? height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let row = data + y * stride
            if let kept, kept.y0 <= y, y < kept.y1, kept.x0 < kept.x1 {
                // Left of the kept pixels, then right of them.
                let leftEnd = min(x1, max(x0, kept.x0)), rightStart = max(x0, min(x1, kept.x1))
                if x0 < leftEnd { (row + 4 * x0).update(repeating: 0, count: 4 * (leftEnd - x0)) }
                if rightStart < x1 { (row + 4 * rightStart).update(repeating: 0, count: 4 * (x1 - rightStart)) }
            } else {
                (row + 4 * x0).update(repeating: 0, count: 4 * (x1 - x0))
            }
        }
    }

    /// Replaces the pixels with `image` (same size, premultiplied RGBA).
    func replace(with image: PixelBuffer) {
        precondition(image.width == width && image.height == height, "replacement must have the surface's size")
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let sourceRow = UnsafeRawPointer(source.baseAddress! + y * width * 4).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // Memory R,G,B,A (little-endian 0xAABBGGRR) → Cairo's 0xAARRGGBB.
                    let p = UInt32(littleEndian: sourceRow[x])
                    row[x] = (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF)
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The pixels of the rectangle (x, y, w, h) in this surface's coordinates, as premultiplied
    /// RGBA; pixels outside the surface follow `edge` (mirror reflects, clamp repeats the edge,
    /// decal is transparent).
    func region(x: Int, y: Int, width w: Int, height h: Int, edge: EdgeMode) throws(RenderError) -> PixelBuffer {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        func index(_ i: Int, _ n: Int) -> Int? {
            if i >= 0 && i < n { return i }
            switch edge {
            case .decal: return nil
            case .clamp: return min(max(i, 0), n - 1)
            case .mirror:
                let period = 2 * n
                var m = i % period
                if m < 0 { m += period }
                return m < n ? m : period - 1 - m
            }
        }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            let destination = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for row in 0..<h {
                guard let sy = index(y + row, height) else { continue }
                let source = UnsafeRawPointer(data + sy * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<w {
                    guard let sx = index(x + column, width) else { continue }
                    let p = source[sx]
                    destination[row * w + column] = UInt32(littleEndian: (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF))
                }
            }
        }
        do {
            return try PixelBuffer(width: w, height: h, premultipliedRGBA: bytes)
        } catch {
            throw RenderError("cannot read a \(w)×\(h) backdrop: \(error)")
        }
    }

    /// The surface's pixels as a premultiplied RGBA buffer, written into `storage` when it has the
    /// right size (a recycled frame's pixels: no allocation, no page faults), else into new memory.
    func pixelBuffer(reusing storage: consuming [UInt8]? = nil) throws(RenderError) -> PixelBuffer {
        cairo_surface_flush(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, "reading the surface") }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        let width = self.width, height = self.height
        func convert(into destination: UnsafeMutablePointer<UInt8>) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let out = UnsafeMutableRawPointer(destination + y * width * 4).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x]
                    out[x] = UInt32(littleEndian: (p & 0xFF00_FF00) | ((p & 0xFF) << 16) | ((p >> 16) & 0xFF))
                }
            }
        }
        var bytes = (consume storage) ?? []
        if bytes.count == width * height * 4 {
            bytes.withUnsafeMutableBufferPointer { convert(into: $0.baseAddress!) }
        } else {
            // Every byte is written, so the array is not cleared first (8 MB at 1080p).
            bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { destination, count in
                convert(into: destination.baseAddress!)
                count = width * height * 4
            }
        }
        do {
            return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
        } catch {
            throw RenderError("\(error)")
        }
    }

    /// Hands the surface's pixels to `body` in place: premultiplied ARGB32 words (B, G, R, A bytes
    /// in memory on a little-endian machine) or, for an A8 surface, alpha bytes; `rowBytes` per row.
    func readPixels(_ body: (_ pixels: UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ rowBytes: Int) -> Void) throws(RenderError) {
        cairo_surface_flush(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, "reading the surface") }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        body(UnsafeRawBufferPointer(start: data, count: stride * height), width, height, stride)
    }

    /// The alpha channel as a float plane in 0…1, padded by `padding` transparent pixels per side.
    func alphaPlane(padding: Int) -> [Float] {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        let paddedWidth = width + 2 * padding
        var plane = [Float](repeating: 0, count: paddedWidth * (height + 2 * padding))
        plane.withUnsafeMutableBufferPointer { plane in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let out = plane.baseAddress! + (y + padding) * paddedWidth + padding
                for x in 0..<width { out[x] = Float(row[x] >> 24) / 255 }
            }
        }
        return plane
    }

    /// An A8 surface holding `plane` (values in 0…1).
    static func alphaSurface(_ plane: [Float], width: Int, height: Int) throws(RenderError) -> CairoSurface {
        let surface = try CairoSurface(width: width, height: height, format: CAIRO_FORMAT_A8)
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let data = cairo_image_surface_get_data(surface.pointer)!
        precondition(plane.count >= width * height, "the plane holds width × height values")
        plane.withUnsafeBufferPointer { plane in
            // value·255 rounded half away from zero (all are ≥ 0 there), clamped to 0…255; NaN
            // and below 0 give 0.
            for y in 0..<height { strata_store_alpha(data + y * stride, plane.baseAddress! + y * width, width) }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }
}

/// A Cairo drawing context owned by Swift; `deinit` releases it.
final class CairoContext {
    let pointer: OpaquePointer

    init(surface: CairoSurface) throws(RenderError) {
        let context = cairo_create(surface.pointer)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw .cairo(status, "cairo_create")
        }
        pointer = context
    }

    deinit { cairo_destroy(pointer) }

    /// Throws if any earlier call on this context failed.
    func check(_ operation: String) throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, operation) }
    }
}
