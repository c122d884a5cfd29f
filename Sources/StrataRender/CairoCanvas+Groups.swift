import CCairo
import StrataModel
import StrataRaster

// Offscreen groups on the Cairo canvas: surfaces the size of their bounds, masks, and the
// composite of a group with its opacity, shadow and blend mode.
extension CairoCanvas {
    public func beginGroup(bounds: Rect, reasons: [IsolationReason]) {
        pushFrame(bounds: bounds)
    }

    public func beginMask() {
        let group = frames[frames.count - 1]
        pushFrame(bounds: Rect(x: Double(group.originX), y: Double(group.originY),
                               width: Double(group.surface.width), height: Double(group.surface.height)))
    }

    public func endMask() {
        guard frames.count > 2 else { return record(RenderError("endMask without a group")) }
        let mask = frames.removeLast()
        checkFrame(mask, "drawing a mask")
        frames[frames.count - 1].mask = mask.surface
    }

    func pushFrame(bounds: Rect) {
        let parent = frames[frames.count - 1]
        let width = max(1, Int(saturating: bounds.width)), height = max(1, Int(saturating: bounds.height))
        let originX = Int(saturating: bounds.minX), originY = Int(saturating: bounds.minY)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(parent.context.pointer, &matrix)
        pushSurface(width: width, height: height, originX: originX, originY: originY) { context in
            cairo_translate(context, Double(parent.originX - originX), Double(parent.originY - originY))
            cairo_transform(context, &matrix)
        }
    }

    /// Pushes a cleared surface of `width × height` whose pixel (0, 0) lies at (`originX`,
    /// `originY`) of the space groups are placed in; `prepare` sets up its context. When the
    /// surface cannot be made, the error is recorded and a throwaway 1×1 surface keeps the
    /// nesting balanced.
    func pushSurface(width: Int, height: Int, originX: Int, originY: Int, prepare: (OpaquePointer) -> Void = { _ in }) {
        do {
            let surface = try CairoSurface(width: width, height: height)
            let context = try CairoContext(surface: surface)
            configure(context.pointer)
            prepare(context.pointer)
            offscreenSurfaceCount += 1
            frames.append(Frame(surface: surface, context: context, originX: originX, originY: originY, mask: nil, untouched: true))
        } catch {
            record(error)
            if let surface = try? CairoSurface(width: 1, height: 1), let context = try? CairoContext(surface: surface) {
                frames.append(Frame(surface: surface, context: context, originX: originX, originY: originY, mask: nil))
            }
        }
    }

    /// The 8-bit alpha Cairo composites with for `opacity` (clamped to 0…1 as Cairo does; NaN is
    /// 0): its 16-bit colour value (⌊opacity · 65535 + 0.5⌋), of which pixman takes the high byte.
    static func cairoAlpha(_ opacity: Double) -> UInt8 {
        let clamped = opacity >= 1 ? 1 : opacity > 0 ? opacity : 0
        return UInt8(UInt32(clamped * 65535 + 0.5) >> 8)
    }

    /// The blend modes Cairo composites with pixman's non-separable (HSL) operators.
    static let nonSeparable: Set<BlendMode> = [.hue, .saturation, .color, .luminosity]

    /// Cairo's operator for a blend mode.
    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plusLighter: CAIRO_OPERATOR_ADD
        case .saturate: CAIRO_OPERATOR_SATURATE
        case .xor: CAIRO_OPERATOR_XOR
        }
    }

    func checkFrame(_ frame: Frame, _ operation: String) {
        do { try frame.context.check(operation) } catch { record(error) }
    }

    /// Applies the pending mask of the current group to its content.
    func resolveMask() {
        guard frames.count > 1, let mask = frames[frames.count - 1].mask else { return }
        let group = frames[frames.count - 1]
        let groupContext = group.context.pointer
        cairo_save(groupContext)
        cairo_reset_clip(groupContext)
        cairo_identity_matrix(groupContext)
        cairo_set_operator(groupContext, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(groupContext, mask.pointer, 0, 0)
        cairo_paint(groupContext)
        cairo_restore(groupContext)
        checkFrame(group, "applying a mask")
        frames[frames.count - 1].mask = nil
    }

    public func endGroup(opacity: Double, shadow: ShadowParameters?, blendMode: BlendMode?) {
        guard frames.count > 1 else { return record(RenderError("endGroup without a group")) }
        resolveMask()
        let group = frames.removeLast()
        checkFrame(group, "drawing an offscreen group")
        cairo_surface_flush(group.surface.pointer)
        let parent = frames[frames.count - 1]
        frames[frames.count - 1].untouched = false
        let context = parent.context.pointer
        let x = Double(group.originX - parent.originX), y = Double(group.originY - parent.originY)
        cairo_save(context)
        cairo_identity_matrix(context)
        if let shadow {
            let padding = Int(saturating: shadow.spread)
            let width = group.surface.width + 2 * padding, height = group.surface.height + 2 * padding
            var plane = group.surface.alphaPlane(padding: padding)
            BoxBlurPlane.blur(&plane, width: width, height: height, sigma: shadow.sigma)
            do {
                let alpha = try CairoSurface.alphaSurface(plane, width: width, height: height)
                cairo_set_source_rgba(context, shadow.color.red, shadow.color.green, shadow.color.blue,
                                      shadow.color.alpha * opacity)
                cairo_mask_surface(context, alpha.pointer, x - Double(padding) + shadow.offsetX.rounded(),
                                   y - Double(padding) + shadow.offsetY.rounded())
            } catch {
                record(error)
            }
        }
        if shadow == nil, (blendMode.map { CairoSurface.kernelOperators[$0] != nil } ?? true), !parent.clipped, opacity >= 0, opacity <= 1 {
            if parent.surface.blend(group.surface, x: group.originX - parent.originX, y: group.originY - parent.originY,
                                    alpha: Self.cairoAlpha(opacity), mode: blendMode, within: parent.damage) {
                frames[frames.count - 1].knownDirty = true
            }
        } else {
            var alpha = opacity
            if let blendMode, Self.nonSeparable.contains(blendMode), opacity < 1 {
                // pixman (0.42) composites its HSL operators wrongly through a mask, which is
                // how Cairo paints a surface with an opacity: a yellow at 77 % over nothing came
                // out orange. The group's pixels are scaled by the opacity first and painted whole.
                do {
                    let scaling = try CairoContext(surface: group.surface)
                    cairo_set_operator(scaling.pointer, CAIRO_OPERATOR_DEST_IN)
                    cairo_set_source_rgba(scaling.pointer, 0, 0, 0, opacity.isNaN ? 0 : max(0, opacity))
                    cairo_paint(scaling.pointer)
                    cairo_surface_flush(group.surface.pointer)
                    alpha = 1
                } catch {
                    record(error)
                }
            }
            cairo_set_source_surface(context, group.surface.pointer, x, y)
            if let blendMode { cairo_set_operator(context, Self.cairoOperator(blendMode)) }
            cairo_paint_with_alpha(context, alpha)
        }
        cairo_restore(context)
        checkFrame(parent, "compositing an offscreen group")
    }
}
