import CCairo
import CPango
import Foundation
import StrataModel

/// Text layout through Pango (HarfBuzz shaping, bidi, font fallback, kerning) on Strata's own
/// fonts: a fontconfig configuration that names the files of `Fonts/` and no system directory,
/// so that the same scene gives the same bytes on every machine. Glyph outlines are unhinted and
/// positions unrounded, so a layout does not depend on the scale it is drawn at.
///
/// One engine per thread (Pango's objects are not shared between threads); each keeps its
/// layouts by string, attributes and width, so an animated text layer is shaped once.
final class TextEngine {
    /// The engine of the calling thread.
    static var current: TextEngine {
        // A pthread key, not Foundation's thread dictionary: every text layer of every frame asks.
        if let stored = pthread_getspecific(threadKey) { return Unmanaged<TextEngine>.fromOpaque(stored).takeUnretainedValue() }
        let engine = TextEngine()
        pthread_setspecific(threadKey, Unmanaged.passRetained(engine).toOpaque())
        return engine
    }

    /// The key of each thread's engine, released when the thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            if let stored { Unmanaged<TextEngine>.fromOpaque(stored).release() }
        }
        return key
    }()

    /// The folder of Strata's fonts and `fonts.conf` (`ResourceFolder` says where it is looked for),
    /// nil when it is not there.
    static let fontsDirectory: String? = ResourceFolder.find("Fonts", target: "StrataRender", sourceFolder: sourceFolder)

    /// This target's source folder (the last place the fonts are looked for).
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// Nil when Strata's fonts are there; otherwise what is wrong, with every place looked in.
    static var missingFontsProblem: String? {
        guard fontsDirectory == nil || fontFiles.isEmpty else { return nil }
        let places = ResourceFolder.candidates("Fonts", target: "StrataRender", sourceFolder: sourceFolder)
        return "Strata's fonts (its Fonts folder) were not found; looked in \(places.joined(separator: ", ")). "
            + "Install strata with scripts/install, which puts them in PREFIX/share/strata, or set STRATA_RESOURCES to a folder holding Fonts/"
    }

    /// Strata's font files, by name order.
    static let fontFiles: [String] = {
        guard let directory = fontsDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted().map { directory + "/" + $0 }
    }()

    /// Layouts kept per thread before the cache starts again.
    static let maximumCachedLayouts = 512

    /// What a layout depends on.
    struct LayoutKey: Hashable {
        var text: TextContent
        var width: Double
        var height: Double
    }

    /// A font map (and its Pango context) per set of extra font files; the plain one has none.
    private var contexts: [String?: (fontMap: OpaquePointer, context: OpaquePointer)] = [:]
    /// A layout and its extents (Pango units, from its origin), measured once when it is made.
    struct LaidOut {
        let layout: OpaquePointer
        let ink: PangoRectangle
        let logical: PangoRectangle
        /// Whether the layout has a width (wrapped or truncated text).
        let hasWidth: Bool
        let rightToLeft: Bool
    }

    private var layouts: [LayoutKey: LaidOut] = [:]
    /// Layouts made by this engine so far (each is shaped once), for tests and statistics.
    private(set) var layoutsMade = 0
    /// Problems met making a font map, reported once per file.
    private(set) var problems: [String: String] = [:]

    private init() {}

    deinit {
        for laidOut in layouts.values { g_object_unref(UnsafeMutableRawPointer(laidOut.layout)) }
        for entry in contexts.values {
            g_object_unref(UnsafeMutableRawPointer(entry.context))
            g_object_unref(UnsafeMutableRawPointer(entry.fontMap))
        }
    }

    /// The Pango context on Strata's fonts plus `fontFile`, made once per thread.
    private func context(fontFile: String?) -> OpaquePointer? {
        if let entry = contexts[fontFile] { return entry.context }
        guard let config = FcConfigCreate() else { return nil }
        var loaded = false
        if let directory = Self.fontsDirectory {
            loaded = FcConfigParseAndLoad(config, directory + "/fonts.conf", FcTrue) == FcTrue
        }
        if !loaded { problems["fonts.conf"] = "Strata's fonts.conf could not be read (\(Self.fontsDirectory ?? "no Fonts folder"))" }
        for file in Self.fontFiles where FcConfigAppFontAddFile(config, file) != FcTrue {
            problems[file] = "the font file \(file) could not be read"
        }
        if let fontFile, FcConfigAppFontAddFile(config, fontFile) != FcTrue {
            problems[fontFile] = "the font file \(fontFile) could not be read"
        }
        FcConfigSetRescanInterval(config, 0)
        _ = FcConfigBuildFonts(config)
        guard let fontMap = pango_cairo_font_map_new_for_font_type(Int32(CAIRO_FONT_TYPE_FT.rawValue)) else {
            FcConfigDestroy(config)
            return nil
        }
        // The font map keeps its own reference to the configuration.
        pango_fc_font_map_set_config(fontMap, config)
        FcConfigDestroy(config)
        pango_cairo_font_map_set_resolution(fontMap, 72)
        guard let context = pango_font_map_create_context(fontMap) else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        let entry = (fontMap, context)
        contexts[fontFile] = entry
        return entry.1
    }

    /// The layout of `text` in `bounds` (points), made once and kept.
    func layout(_ text: TextContent, in bounds: Rect) -> OpaquePointer? {
        laidOut(text, in: bounds)?.layout
    }

    /// The layout of `text` in `bounds` with its extents, made once and kept.
    func laidOut(_ text: TextContent, in bounds: Rect) -> LaidOut? {
        let key = LayoutKey(text: text, width: bounds.width, height: bounds.height)
        if let laidOut = layouts[key] { return laidOut }
        // Text over the layout-cost limits (the scene decoder names it; this guards the Swift API)
        // is never handed to Pango: it would take minutes.
        guard text.layoutCostProblem == nil, TextContent.fontSizes.contains(text.fontSize) else { return nil }
        guard let context = context(fontFile: text.fontFile), let layout = pango_layout_new(context) else { return nil }
        layoutsMade += 1
        if layouts.count >= Self.maximumCachedLayouts {
            for old in layouts.values { g_object_unref(UnsafeMutableRawPointer(old.layout)) }
            layouts.removeAll()
        }
        let scale = Double(strata_pango_scale)
        func units(_ points: Double) -> Int32 { Int32(clamping: max(0, min(Int(Int32.max / 2), Int(saturating: points * scale, .toNearestOrAwayFromZero)))) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, text.fontFamily)
        pango_font_description_set_absolute_size(font, Double(units(text.fontSize)))
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(min(1000, max(100, text.resolvedWeight)))))
        pango_font_description_set_style(font, text.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, BidiNesting.capped(text.string), -1)
        let spacing = text.letterSpacing.isFinite ? Swift.max(-1000, Swift.min(1000, text.letterSpacing)) : 0
        if !text.kerning || !text.ligatures || spacing != 0, let attributes = pango_attr_list_new() {
            if !text.kerning || !text.ligatures {
                // OpenType features over the whole text: no pair kerning, no standard ligatures.
                let features = [text.kerning ? nil : "kern 0", text.ligatures ? nil : "liga 0, clig 0"].compactMap { $0 }.joined(separator: ", ")
                if let feature = pango_attr_font_features_new(features) { pango_attr_list_insert(attributes, feature) }
            }
            // Extra space after every character (Pango units: 1/1024 point).
            if spacing != 0, let letters = pango_attr_letter_spacing_new(Int32(spacing * scale)) { pango_attr_list_insert(attributes, letters) }
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        let width = bounds.width.isFinite && bounds.width > 0 ? units(bounds.width) : -1
        if text.isWrapped {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if text.truncation != .none {
            pango_layout_set_width(layout, width)
            let mode: PangoEllipsizeMode = switch text.truncation {
            case .start: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            default: PANGO_ELLIPSIZE_END
            }
            pango_layout_set_ellipsize(layout, mode)
            // Wrapped text is cut on the last line that fits the bounds; a single line on its own.
            if text.isWrapped { pango_layout_set_height(layout, bounds.height > 0 ? units(bounds.height) : -1) }
        }
        if text.lineSpacing != 0, text.lineSpacing.isFinite {
            pango_layout_set_spacing(layout, Int32(max(-1e6, min(1e6, text.lineSpacing * scale))))
        }
        // Alignment: Pango's left and right are the paragraph's start and end; Core Animation's
        // are physical, so they swap for a right-to-left text. Without a width (neither wrapped
        // nor truncated) Pango aligns the lines to the widest; `offset` then places that block.
        let rightToLeft = Self.isRightToLeft(text)
        let alignment: PangoAlignment = switch text.alignment {
        case .center: PANGO_ALIGN_CENTER
        case .left: rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .right: rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        case .natural, .justified: PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)
        if text.alignment == .justified { pango_layout_set_justify(layout, 1) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let laidOut = LaidOut(layout: layout, ink: ink, logical: logical, hasWidth: pango_layout_get_width(layout) >= 0,
                              rightToLeft: rightToLeft)
        layouts[key] = laidOut
        return laidOut
    }

    static func isRightToLeft(_ text: TextContent) -> Bool {
        strata_find_base_dir(text.string, -1) == PANGO_DIRECTION_RTL
    }

    /// Where the layout's origin goes in the layer (points): the bounds' top-left, moved across
    /// for a layout without a width so that its widest line sits as the alignment says.
    func origin(of text: TextContent, in bounds: Rect) -> Point? {
        guard let laidOut = laidOut(text, in: bounds) else { return nil }
        return origin(of: laidOut, alignment: text.alignment, in: bounds)
    }

    private func origin(of laidOut: LaidOut, alignment: TextAlignment, in bounds: Rect) -> Point {
        guard !laidOut.hasWidth, bounds.width.isFinite else { return Point(x: bounds.minX, y: bounds.minY) }
        let spare = bounds.width - Double(laidOut.logical.width) / Double(strata_pango_scale)
        let fraction: Double = switch alignment {
        case .center: 0.5
        case .left: 0
        case .right: 1
        case .natural, .justified: laidOut.rightToLeft ? 1 : 0
        }
        return Point(x: bounds.minX + spare * fraction, y: bounds.minY)
    }

    /// The ink and logical extents of `text` laid out in `bounds`, in the layer's coordinates.
    func extent(of text: TextContent, in bounds: Rect) -> Rect? {
        guard let laidOut = laidOut(text, in: bounds) else { return nil }
        let origin = origin(of: laidOut, alignment: text.alignment, in: bounds), ink = laidOut.ink, logical = laidOut.logical
        let scale = Double(strata_pango_scale)
        func rect(_ r: PangoRectangle) -> Rect {
            Rect(x: origin.x + Double(r.x) / scale, y: origin.y + Double(r.y) / scale,
                 width: Double(r.width) / scale, height: Double(r.height) / scale)
        }
        return rect(ink).union(rect(logical))
    }

    /// Draws `text` in `bounds` on `cr`: its glyphs filled with the source `fill` sets, and,
    /// when it has a stroke, their outlines stroked with the source `stroke` sets, over or under
    /// the fill.
    func draw(_ text: TextContent, in bounds: Rect, on cr: OpaquePointer, fill: () -> Void, stroke: () -> Void) {
        guard let laidOut = laidOut(text, in: bounds) else { return }
        let origin = origin(of: laidOut, alignment: text.alignment, in: bounds)
        // The glyphs' size on the device: FreeType refuses sizes over 65,535 pixels per em (a
        // 16 pt text under a scale of 5,000 or a skew of 89.99°), and Cairo's matrices overflow
        // long before 1e154.
        let pixelsPerEm = text.fontSize * CairoCanvas.largestAxisScale(cr)
        guard pixelsPerEm.isFinite, pixelsPerEm <= Self.maximumOutlinePixelsPerEm else { return }
        let asGlyphs = pixelsPerEm <= Self.maximumGlyphPixelsPerEm
        func outlines() {
            cairo_new_path(cr)
            guard !asGlyphs else {
                cairo_move_to(cr, origin.x, origin.y)
                pango_cairo_layout_path(cr, laidOut.layout)
                return
            }
            // Larger than any canvas: the outlines are taken at the text's own size in points (no
            // transform, so FreeType sees at most 2,000 pixels per em) and drawn under the layer's
            // transform by Cairo, as paths. The outlines are unhinted, so they are the same shapes.
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            cairo_identity_matrix(cr)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_layout_path(cr, laidOut.layout)
            let path = cairo_copy_path(cr)
            cairo_new_path(cr)
            cairo_set_matrix(cr, &matrix)
            if let path {
                if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, path) }
                cairo_path_destroy(path)
            }
        }
        func fillGlyphs() {
            fill()
            if asGlyphs {
                cairo_move_to(cr, origin.x, origin.y)
                pango_cairo_show_layout(cr, laidOut.layout)
            } else {
                outlines()
                cairo_fill(cr)
            }
        }
        guard text.isStroked else { return fillGlyphs() }
        func strokeOutlines() {
            stroke()
            outlines()
            cairo_set_line_width(cr, text.strokeWidth)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
        if text.strokeOverFill {
            fillGlyphs()
            strokeOutlines()
        } else {
            strokeOutlines()
            fillGlyphs()
        }
    }

    /// Largest glyph drawn as glyphs, in device pixels per em: beyond it (larger than any surface
    /// may be) the text is filled as outlines.
    static let maximumGlyphPixelsPerEm = 16_384.0
    /// Largest glyph drawn at all, in device pixels per em: one em over a million pixels is more
    /// than 60 canvases of the largest size, and its outlines would leave Cairo's 24.8 fixed-point
    /// range; such text draws nothing.
    static let maximumOutlinePixelsPerEm = 1_000_000.0

    /// The byte offsets in the UTF-8 text where each line starts, and whether it is ellipsized.
    func lines(of text: TextContent, in bounds: Rect) -> [(start: Int, length: Int)] {
        guard let layout = layout(text, in: bounds), let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var result: [(Int, Int)] = []
        repeat {
            if let line = pango_layout_iter_get_line_readonly(iterator) {
                result.append((Int(line.pointee.start_index), Int(line.pointee.length)))
            }
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// True when Pango cut the text with an ellipsis.
    func isEllipsized(_ text: TextContent, in bounds: Rect) -> Bool {
        guard let layout = layout(text, in: bounds) else { return false }
        return pango_layout_is_ellipsized(layout) != 0
    }
}
