import Foundation
import StrataModel
import StrataRaster
import StrataScene

/// Layer masks (`masksProperties`) and track mattes (`tt`) as Core Animation masks.
///
/// Masks are folded in order into one mask layer: an added (or lightening) mask joins the shape so
/// far (as sublayers), a subtracted one masks it by its inverse (the path inside a large rectangle,
/// filled even-odd), an intersected (or darkening) one masks it by itself, a differing one is
/// drawn over it XOR; an inverted mask is its inverse. Every mask path is filled even-odd, as
/// lottie-ios's `MaskLayer` fills it. A mask's
/// opacity is its shape layer's. An alpha matte is the matte layer as the matted layer's mask.
extension LottieLayerBuilder {
    /// The mask layer of `node`'s masks, in its content's coordinates; nil when none applies.
    func masks(_ node: LottieNode, time: LottieTime) throws(SceneError) -> Layer? {
        guard let list = node["masksProperties"] else { return nil }
        let shapes = LottieShapeBuilder(context: context, time: time)
        var current: Layer? = nil
        for mask in try list.array(max: 1000) {
            guard mask.isObject else { throw mask.error("a mask") }
            let mode = try mask.string("mode") ?? "a"
            guard mode != "n" else { continue }
            let inverted = try mask.number("inv", default: 0, in: 0...1) == 1
            let expansion = try mask.vectorProperty("x", default: [0])
            guard let path = mask["pt"] else { throw mask.missing("pt", "the mask's path") }
            let bezier = LottieShapeBuilder.Source.bezier(try path.property { (n: LottieNode) throws(SceneError) in try n.bezier() }, reversed: false)
            func shape(inverse: Bool) throws(SceneError) -> Layer {
                var layer: Layer
                if expansion.keyframes.contains(where: { $0.value[0] != 0 }) {
                    layer = try expanded(bezier, by: expansion, mask: mask, shapes: shapes, time: time)
                    if inverse {
                        // Its inverse: the expanded shape XOR an opaque plane.
                        layer.compositingFilter = .xor
                        layer = Self.container([try shapes.shapeLayers([Self.everywhere], style: .init(node: mask, isStroke: false), trims: [], solid: true)[0], layer])
                    }
                } else {
                    var sources = [bezier]
                    if inverse { sources.insert(Self.everywhere, at: 0) }
                    layer = try shapes.shapeLayers(sources, style: .init(node: mask, isStroke: false), trims: [], solid: true)[0]
                    layer.shape?.fillRule = .evenOdd
                }
                let opacity = try mask.vectorProperty("o", default: [100])
                layer.opacity = min(1, max(0, opacity.first[0] / 100))
                try context.add(opacity.animation(.opacity, time: time, clock: context.clock) { .number(min(1, max(0, $0[0] / 100))) },
                                forKey: "opacity", to: &layer, at: mask.path + ".o")
                return layer
            }
            switch mode {
            case "s":
                // From nothing, a subtracted mask leaves everything but its path.
                guard var holder = current else { current = try shape(inverse: !inverted); continue }
                holder = Self.container([holder])
                holder.mask = try shape(inverse: !inverted)
                current = holder
            case "f":
                // Difference: where the masks differ (the shape so far XOR this one), After
                // Effects' meaning. lottie-ios has no difference of masks and draws an intersection
                // (`MaskMode.usableMode`), which leaves nothing of masks that do not overlap
                // (lottie-android's streetby_test_loading: 24 of them, one loading dot each).
                var differing = try shape(inverse: inverted)
                guard let holder = current else { current = differing; continue }
                differing.compositingFilter = .xor
                current = Self.container([holder, differing])
            case "i", "d":
                // Darken keeps the lesser of the masks: for opaque masks, their intersection.
                guard var holder = current else { current = try shape(inverse: inverted); continue }
                holder = Self.container([holder])
                holder.mask = try shape(inverse: inverted)
                current = holder
            default:  // "a" (add); lighten (the greater of the masks: for opaque ones their union) is drawn as add
                if mode != "a" && mode != "l" { context.warn(mask.path + ".mode", "mask mode \"\(mode)\" is drawn as add") }
                let added = try shape(inverse: inverted)
                current = current.map { Self.container([$0, added]) } ?? added
            }
            try context.count(2, at: mask.path)
        }
        return current
    }

    /// A rectangle far larger than any composition, in which a path is cut out to invert it.
    static let everywhereSize = Size(width: 2 * Lottie.maximumMask, height: 2 * Lottie.maximumMask)
    static var everywhere: LottieShapeBuilder.Source {
        .rectangle(position: LottieProperty(constant: [0, 0]), size: LottieProperty(constant: [Self.everywhereSize.width, Self.everywhereSize.height]),
                   radius: LottieProperty(constant: [0]), reversed: false)
    }

    /// The mask's path grown by `expansion` points (`x`, After Effects' mask expansion) with round
    /// corners: filled and stroked 2 × x wide; shrunk by −x: filled, less a stroke 2 × |x| wide
    /// (masked by the stroke XOR an opaque plane). A changing expansion is the stroke's width
    /// animated; one that changes sign is drawn with its first keyframe's sign (warned).
    private func expanded(_ source: LottieShapeBuilder.Source, by expansion: LottieProperty<[Double]>, mask: LottieNode,
                          shapes: LottieShapeBuilder, time: LottieTime) throws(SceneError) -> Layer {
        // Stroking with round joins costs far more than the points' count once a path crosses
        // itself (100,000 points: 18 s a frame; 50,000: 1.5 s): expanded paths are bounded.
        if case .bezier(let path, _) = source, let most = path.keyframes.map(\.value.vertices.count).max(), most > Self.maximumExpandedPoints {
            throw SceneError(file: mask.file, keyPath: mask.path + ".pt", expected: "an expanded mask (x ≠ 0) of at most \(Self.maximumExpandedPoints) points",
                             found: "\(most) points")
        }
        let first = expansion.keyframes.first { $0.value[0] != 0 }?.value[0] ?? 0
        let grows = first > 0
        if expansion.keyframes.contains(where: { ($0.value[0] > 0) != grows && $0.value[0] != 0 }) {
            context.warn(mask.path + ".x", "a mask expansion that changes sign is drawn with its first sign")
        }
        func width(_ value: [Double]) -> Double { min(Limits.maximumLineWidth, max(0, grows ? 2 * value[0] : -2 * value[0])) }
        var fill = try shapes.shapeLayers([source], style: .init(node: mask, isStroke: false), trims: [], solid: true)[0]
        var stroke = fill
        stroke.shape?.fillColor = grows ? .black : nil
        stroke.shape?.strokeColor = .black
        stroke.shape?.lineJoin = .round
        stroke.shape?.lineWidth = width(expansion.first)
        try context.add(expansion.animation(.lineWidth, time: time, clock: context.clock) { .number(width($0)) },
                        forKey: "lineWidth", to: &stroke, at: mask.path + ".x")
        if grows { return stroke }
        var plane = try shapes.shapeLayers([Self.everywhere], style: .init(node: mask, isStroke: false), trims: [], solid: true)[0]
        plane.name = "mask plane"
        stroke.compositingFilter = .xor
        fill.mask = Self.container([plane, stroke])
        try context.count(3, at: mask.path)
        return Self.container([fill])
    }

    /// A layer holding `layers` in its coordinates (anchor at its origin), drawing nothing itself.
    static func container(_ layers: [Layer], name: String? = "mask") -> Layer {
        var layer = Layer(name: name)
        layer.anchorPoint = .zero
        layer.sublayers = layers
        return layer
    }
}

extension Lottie {
    /// Half the side of the rectangle an inverted mask is cut from, in points.
    static let maximumMask = 100_000.0
}

/// Image assets (`assets[].p`: a `data:` URI with base64 PNG, JPEG or WebP (told apart by their bytes), or a file beside the animation) as
/// layer contents.
extension LottieLayerBuilder {
    /// The most points of a mask path that an expansion strokes.
    static let maximumExpandedPoints = 20_000

    /// The largest embedded or linked image file read, in bytes.
    static let maximumImageBytes = 64 << 20

    func imageLayer(_ node: LottieNode, name: String?) throws(SceneError) -> Layer? {
        let id = try node.required("refId", "the image's id").string(max: 1000)
        guard let asset = context.images[id] else {
            context.warn(node.path + ".refId", "\"\(id.prefix(80))\" names no image in assets, so nothing is drawn for this layer")
            return nil
        }
        let width = try asset.number("w", default: 0, in: 0...Double(Limits.maximumSide))
        let height = try asset.number("h", default: 0, in: 0...Double(Limits.maximumSide))
        let source = try asset.required("p", "the image's file or data").string(max: 4 * Self.maximumImageBytes / 3 + 100)
        var bytes: [UInt8]
        if source.hasPrefix("data:") {
            guard let comma = source.firstIndex(of: ","), source[..<comma].hasSuffix(";base64") else {
                throw asset.error(at: "p", "a data URI with base64 content")
            }
            guard let data = Data(base64Encoded: String(source[source.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                throw asset.error(at: "p", "valid base64")
            }
            bytes = [UInt8](data)
            // The bytes decide, whatever MIME type the URL claims (files say image/png of a JPEG).
            guard ImageCodec.isImage(bytes) else {
                context.warn(asset.path + ".p", "only \(ImageCodec.formats) images are drawn (the data of \(source[..<comma].dropFirst(5).prefix(20)) is none of them), so nothing is drawn for it")
                return nil
            }
        } else if let archive = context.archive {
            guard let entry = archive.image(folder: try asset.string("u") ?? "", name: source) else {
                context.warn(asset.path + ".p", "the image \(source) is not in the archive, so nothing is drawn for it")
                return nil
            }
            guard ImageCodec.isImage(entry) else {
                context.warn(asset.path + ".p", "only \(ImageCodec.formats) images are drawn (\(source) is none of them), so nothing is drawn for it")
                return nil
            }
            bytes = entry
        } else {
            let folder = try asset.string("u") ?? ""
            let relative = folder + source
            guard let base = context.baseURL else {
                throw asset.error(at: "p", "an image file inside the animation's folder")
            }
            // lottie-ios's bundle provider looks the name up in the folder `u` names, then by name
            // alone; both through ConfinedFile: no route (a link, a folder link, `..`) leads out. A
            // folder outside the animation's (a web path such as "/static/images/") is not looked
            // in; the name alone is, inside.
            // An absolute name (a web player's path from its site's root) is not read: not there.
            if source.hasPrefix("/") {
                context.warn(asset.path + ".p", "the image \(source.prefix(80)) is an absolute path, which is not read (only files inside the animation's folder are), so nothing is drawn for it")
                return nil
            }
            var result = ConfinedFile.read(relative, in: base.path, maximumBytes: Self.maximumImageBytes)
            var folderOutside = false, missing = false
            if case .failure(.outside) = result { folderOutside = relative != source }
            if case .failure(.missing) = result { missing = true }
            if relative != source, missing || folderOutside {
                result = ConfinedFile.read(source, in: base.path, maximumBytes: Self.maximumImageBytes)
            }
            switch result {
            case .success(let contents):
                bytes = contents.bytes
            case .failure(.missing):
                context.warn(asset.path + ".p", folderOutside
                             ? "the folder \(folder.prefix(80)) lies outside the animation's and is not read, and \(source.prefix(80)) is not in the animation's, so nothing is drawn for it"
                             : "the image \(relative.prefix(80)) is not there, so nothing is drawn for it")
                return nil
            case .failure(.outside):
                throw SceneError(file: asset.file, keyPath: asset.path + ".p", expected: "an image file inside the animation's folder (relative, without '..', no link leading out)",
                                 found: ConfinedFile.Failure.outside.found(relative))
            case .failure(let failure):
                throw SceneError(file: asset.file, keyPath: asset.path + ".p", expected: "a readable PNG, JPEG or WebP file of at most \(Self.maximumImageBytes) bytes",
                                 found: failure.found(relative))
            }
        }
        let image: PixelBuffer
        do {
            guard ImageCodec.isImage(bytes) else {
                context.warn(asset.path + ".p", "only \(ImageCodec.formats) images are drawn (\(source.prefix(80)) is none of them), so nothing is drawn for it")
                return nil
            }
            image = try ImageCodec.decode(bytes)
        } catch {
            throw asset.error(at: "p", "a \(ImageCodec.formats) image (\(error))")
        }
        bytes = []
        var layer = Layer(name: name, bounds: Rect(x: 0, y: 0, width: width > 0 ? width : Double(image.width), height: height > 0 ? height : Double(image.height)))
        layer.anchorPoint = .zero
        layer.contents = image
        // As lottie-ios's image layers with its own image providers (BundleImageProvider,
        // FilepathImageProvider and the dotLottie provider default to `.resize`): the image is
        // stretched to the asset's box. An app's provider may ask another gravity; a scene can set
        // `contentsGravity` on the layer.
        layer.contentsGravity = .resize
        // Core Animation samples a layer's contents with its default minification filter,
        // linear (`CALayer.minificationFilter`, kCAFilterLinear), on the layers lottie-ios's
        // Core Animation engine makes for images.
        layer.minificationFilter = .linear
        return layer
    }
}
