import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster
import StrataScene

/// Reads Lottie animations (Bodymovin JSON) into Strata's scene model, the way lottie-ios's Core
/// Animation engine maps them onto layers and keyframe animations: an importer stage in front of
/// the model, never a second renderer. See docs/lottie.md for what is drawn and what is not.
public enum LottieImporter {
    /// True when `data` is a dotLottie archive (a zip).
    public static func isArchive(_ data: Data) -> Bool { LottieArchive.isArchive(data) }

    /// Decodes a dotLottie archive: the animation `animation` names (its manifest's first when
    /// nil), with the images inside the archive, and `values` in place of the file's where their
    /// keypaths name properties.
    public static func decodeArchive(_ data: Data, file: String, animation: String? = nil, name: String,
                                     values: [LottieValueProvider] = [], fonts: LottieUserFonts? = nil) throws(SceneError) -> Scene {
        var archive = try LottieArchive(data, file: file)
        let (entry, warning) = try archive.animationEntry(animation)
        // The entry's bytes are let go once parsed, before the layers are built.
        let document = try parse(taking: entry, from: &archive, file: "\(file)#\(entry)")
        var scene = try decode(document, baseURL: nil, name: name, archive: archive, values: values, fonts: fonts)
        if let warning { scene.warnings.insert(warning, at: 0) }
        let overrides = scene.source?.overrides ?? [:]
        scene.source = SceneSource(sceneSHA256: SHA256.hex(data))
        scene.source?.file = file
        scene.source?.overrides = overrides
        return scene
    }

    /// Decodes a Lottie document. `file` names it in errors and warnings; `baseURL` is where image
    /// files it names are looked up; `name` is the scene's name; `values` replace the file's values
    /// of the properties their keypaths name (lottie-ios's value providers).
    public static func decode(_ data: Data, file: String, baseURL: URL?, name: String,
                              values: [LottieValueProvider] = [], fonts: LottieUserFonts? = nil) throws(SceneError) -> Scene {
        try decode(parse(data, file: file), baseURL: baseURL, name: name, archive: nil, values: values, fonts: fonts)
    }

    /// Decodes a parsed Lottie document (`parse(_:file:)`), as `decode(_:file:baseURL:name:values:)`.
    public static func decode(_ document: LottieDocument, baseURL: URL?, name: String,
                              values: [LottieValueProvider] = [], fonts: LottieUserFonts? = nil) throws(SceneError) -> Scene {
        try decode(document, baseURL: baseURL, name: name, archive: nil, values: values, fonts: fonts)
    }

    static func decode(_ document: LottieDocument, baseURL: URL?, name: String, archive: LottieArchive?,
                       values: [LottieValueProvider], fonts: LottieUserFonts? = nil) throws(SceneError) -> Scene {
        let file = document.file
        var value = document.value
        var rewriter = LottieValueRewriter(providers: values, file: file)
        if !values.isEmpty { value = try rewriter.rewrite(value) }
        let root = LottieNode(value: value, file: file)
        guard root.isObject else { throw root.error("a Lottie animation (a JSON object)") }
        let rate = try root.required("fr", "the frame rate").number(in: 0.001...1000)
        let first = try root.required("ip", "the first frame").number()
        let op = try root.required("op", "the end frame").number()
        guard op > first else { throw root.error(at: "op", "an end frame after the first (\(Lottie.format(first)))") }
        // A longer timeline (lottie-android's full_screen: 324,000 frames, three hours at 30 fps)
        // is drawn for its first `Limits.maximumFrames` frames, with a warning.
        let end = Swift.min(op, first + Double(Limits.maximumFrames))
        let width = try root.required("w", "the width").number(in: 1...Double(Limits.maximumSide))
        let height = try root.required("h", "the height").number(in: 1...Double(Limits.maximumSide))
        let context = LottieContext(file: file, clock: LottieClock(framesPerSecond: rate, firstFrame: first, endFrame: end),
                                    firstFrame: first, endFrame: end, baseURL: baseURL)
        context.archive = archive
        if op > end {
            context.warn("op", "a timeline of \(Lottie.format(op - first)) frames: its first \(Limits.maximumFrames) are drawn (frames \(Lottie.format(first)) … \(Lottie.format(end)))")
        }
        context.userFonts = fonts
        if let assets = root["assets"] {
            for asset in try assets.array() {
                guard let id = try asset.string("id") else { continue }
                if asset["layers"] != nil { context.precomps[id] = asset } else { context.images[id] = asset }
            }
        }
        try context.readFonts(root)
        let layers = try root.required("layers", "the layers").array()
        let builder = LottieLayerBuilder(context: context)
        var composition = Layer(name: "composition", bounds: Rect(x: 0, y: 0, width: width, height: height))
        composition.anchorPoint = .zero
        composition.masksToBounds = true
        composition.sublayers = try builder.layers(layers, time: LottieTime(), depth: 0, compositions: [], size: Size(width: width, height: height))
        composition = composition.flattenedForLottie()
        if root["markers"] != nil {}  // markers name frames; nothing is drawn from them
        let frames = Int(saturating: end - first, .up)
        var scene = Scene(name: (try? root.string("nm")).flatMap { $0 } ?? name,
                          description: "The Lottie animation \(URL(fileURLWithPath: file).lastPathComponent), \(Lottie.format(width))×\(Lottie.format(height)) at \(Lottie.format(rate)) frames per second.",
                          size: Size(width: width, height: height), layers: [composition],
                          clock: FrameClock(framesPerSecond: rate, tickCount: max(1, frames)))
        scene.source = SceneSource(sceneSHA256: document.sha256)
        scene.source?.file = file
        // The user's font files drawn with, in the run's fingerprint: other files, other frames.
        for (font, digest) in context.usedUserFonts { scene.source?.overrides["font.\(font)"] = digest }
        scene.progressDuration = (end - first) / rate
        // Lottie's players fill the true outline of a curve (Core Animation; After Effects' renders
        // in lottie-ae carry at least the exact coverage at every curved edge).
        scene.curveTolerance = CurveTolerance.imported
        scene.warnings = context.warnings
        scene.effects.layerMotionBlurs = try motionBlurs(root, composition: composition, names: context.motionBlurNames)
        for (index, provider) in values.enumerated() where !rewriter.used.contains(index) {
            scene.warnings.append("\(file): the value provider \(provider) names no property of the file")
        }
        return scene
    }
}

/// Lottie layers (`layers` of the root or of a precomposition) as Core Animation layers.
struct LottieLayerBuilder {
    let context: LottieContext

    /// The layers of a composition of `size` (points), bottom first (Lottie lists the top one
    /// first); each layer's bounds are the composition's, as lottie-ios sizes its layers.
    func layers(_ nodes: [LottieNode], time: LottieTime, depth: Int, compositions: [String], size: Size) throws(SceneError) -> [Layer] {
        guard depth <= Lottie.maximumNesting else {
            throw nodes.first?.error("precompositions nested at most \(Lottie.maximumNesting) deep")
                ?? SceneError(file: context.file, keyPath: "", expected: "shallower precompositions", found: "deeper")
        }
        var byIndex: [Int: LottieNode] = [:]
        for node in nodes {
            guard node.isObject else { throw node.error("a layer") }
            if let index = node["ind"] { byIndex[try index.integer(in: -1_000_000_000...1_000_000_000)] = node }
        }
        let camera = try LottieCamera.find(in: nodes, size: size, time: time, context: context)
        var result: [Layer] = []
        var openRun: Int?, consumed = Set<Int>()
        for (position, node) in nodes.enumerated().reversed() {
            if try node.number("hd", default: 0, in: 0...1) == 1 { continue }
            // A matte's source is not drawn itself: a `td` but 0 (a flag to lottie-web and ThorVG; files
            // carry 2), or the matte of the layer below, flagged or not (lottie-ios pairs them so).
            if try node.number("td", default: 0) != 0 || consumed.contains(position) { continue }
            guard var layer = try layer(node, byIndex: byIndex, time: time, depth: depth, compositions: compositions, size: size, camera: camera) else { continue }
            let name = try node.string("nm")
            let blurred = try node.number("mb", default: 0, in: 0...1) == 1, matted = try node.integer("tt", default: 0, in: 0...4) != 0
            let wrapped = blurred || matted
            if layer.isTransformLayer, let camera, wrapped {
                layer = try camera.view([layer], name: name, size: size, context: context, at: node.path)
            }
            if try node.number("mb", default: 0, in: 0...1) == 1, context.motionBlurNames.count >= 16 {
                context.warn(node.path + ".mb", "motion blur is drawn on the first 16 layers that ask for it")
            } else if try node.number("mb", default: 0, in: 0...1) == 1 {
                // After Effects' motion blur: a wrapper the composition's size, supersampled
                // (`LayerMotionBlur`, found by its name once the tree is built).
                let name = "\(try node.string("nm") ?? "layer") (motion blur)"
                var blurred = Layer(name: name, bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
                blurred.anchorPoint = .zero
                blurred.sublayers = [layer]
                context.motionBlurNames.insert(name)
                try context.count(1, at: node.path)
                layer = blurred
            }
            let matteType = try node.integer("tt", default: 0, in: 0...4)
            // The matte is the layer `tp` names, else the one above (listed before) this one. Without
            // one the layer is drawn unmatted, as lottie-ios draws it (its pairing finds no mask).
            var matteNode: LottieNode?
            if matteType != 0 {
                if let parent = node["tp"] { matteNode = byIndex[try parent.integer(in: -1_000_000_000...1_000_000_000)] } else {
                    matteNode = position > 0 ? nodes[position - 1] : nil
                    consumed.insert(position - 1)
                }
                if matteNode == nil { context.warn(node.path + ".tt", "the track matte has no matte layer: the layer is drawn without it") }
            }
            if let matteNode {
                var holder = Layer(name: "matte", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
                holder.anchorPoint = .zero
                holder.sublayers = [layer]
                var matte = try self.layer(matteNode, byIndex: byIndex, time: time, depth: depth, compositions: compositions, size: size, camera: camera) ?? Layer()
                if matte.isTransformLayer, let camera {
                    matte = try camera.view([matte], name: try matteNode.string("nm"), size: size, context: context, at: matteNode.path)
                }
                if matteType >= 3 {
                    // Luma: the matte over an opaque black plane the composition's size, whose
                    // luminance (Rec. 709, as lottie-web's luminanceToAlpha) becomes the alpha —
                    // 1 − it when inverted. Outside the plane the alpha is 0, or 1 when inverted.
                    let weights = [0.2125, 0.7154, 0.0721]
                    let alphaRow = matteType == 3 ? weights + [0, 0] : weights.map { -$0 } + [0, 1]
                    var plane = Layer(name: "luma matte ground", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
                    plane.anchorPoint = .zero
                    plane.backgroundColor = .black
                    var luma = Layer(name: "luma matte", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
                    luma.anchorPoint = .zero
                    luma.sublayers = [plane, matte]
                    luma.filters = [NamedFilter(name: "luminance to alpha", filter: .colorMatrix(Array(Filter.identityMatrix.prefix(15)) + alphaRow))]
                    matte = luma
                } else if matteType % 2 == 0 {
                    // Inverted: the matte XOR an opaque plane leaves 1 − its alpha.
                    matte.compositingFilter = .xor
                    var plane = Layer(name: "inverted matte")
                    plane.anchorPoint = .zero
                    plane.shape = ShapeContent(path: LottieShapes.rectangle(center: .zero, size: Self.everywhereSize, radius: 0, reversed: false))
                    var inverted = Layer(name: "matte")
                    inverted.anchorPoint = .zero
                    inverted.sublayers = [plane, matte]
                    matte = inverted
                }
                holder.mask = matte
                try context.count(3, at: node.path)
                layer = holder
            }
            // Neighbouring 3-D layers share one view through the camera, sorted by depth there.
            if layer.isTransformLayer, let camera {
                if let run = openRun {
                    result[run].sublayers[0].sublayers.append(layer)
                } else {
                    openRun = result.count
                    result.append(try camera.view([layer], name: name, size: size, context: context, at: node.path))
                }
                continue
            }
            openRun = nil
            result.append(layer)
        }
        return result
    }

    private func layer(_ node: LottieNode, byIndex: [Int: LottieNode], time compositionTime: LottieTime, depth: Int,
                       compositions: [String], size: Size, camera: LottieCamera?) throws(SceneError) -> Layer? {
        let type = try node.integer("ty", default: 3, in: 0...100)
        let name = try node.string("nm")
        let start = try node.number("st", default: 0)
        let stretch = try node.number("sr", default: 1, in: 0.001...1000)
        var time = type == 0 ? compositionTime.inner(start: start, stretch: stretch) : compositionTime
        if type == 0, let remap = node["tm"] {
            // Time remapping: the precomposition shows, at each frame, its frame tm(t) × fr (tm in
            // seconds, evaluated in the composition's frames), sampled at every root frame.
            let seconds = try remap.vectorProperty(count: 1)
            let frames = context.rootFrames
            time = LottieTime(table: frames.map { seconds.value(atFrame: compositionTime.local($0))[0] * context.clock.framesPerSecond },
                              tableStart: frames[0])
        }
        var content = Layer(name: name.map { "\($0) content" })
        content.anchorPoint = .zero
        switch type {
        case 0:  // precomposition
            let id = try node.required("refId", "the precomposition's id").string(max: 1000)
            // As lottie-ios: a layer whose precomposition is missing draws nothing; the rest draws.
            guard let asset = context.precomps[id] else {
                context.warn(node.path + ".refId", "\"\(id.prefix(80))\" names no precomposition in assets, so nothing is drawn for this layer")
                return nil
            }
            guard !compositions.contains(id) else {
                throw node.error(at: "refId", "a precomposition that does not contain itself (\(compositions.joined(separator: " → ")) → \(id))")
            }
            // A clip, not a surface: any size up to Lottie's largest number.
            let width = try node.number("w", default: 0, in: 0...Lottie.maximumMagnitude)
            let height = try node.number("h", default: 0, in: 0...Lottie.maximumMagnitude)
            content.bounds = Rect(x: 0, y: 0, width: width, height: height)
            content.masksToBounds = width > 0 && height > 0
            content.sublayers = try layers(try asset.required("layers", "the precomposition's layers").array(), time: time,
                                           depth: depth + 1, compositions: compositions + [id], size: Size(width: max(1, width), height: max(1, height)))
        case 1:  // solid
            let width = try node.number("sw", default: 0, in: 0...Lottie.maximumMagnitude)
            let height = try node.number("sh", default: 0, in: 0...Lottie.maximumMagnitude)
            let text = try node["sc"].map { n throws(SceneError) in try n.string(max: 64) } ?? "#000000"
            let parsed = LottieColor.solid(text)
            if parsed == nil { context.warn(node.path + ".sc", "the solid colour \"\(text)\" is not #RRGGBB: drawn black, as lottie-ios draws it") }
            let color = parsed ?? .black
            var solid = Layer(name: name, bounds: Rect(x: 0, y: 0, width: width, height: height))
            solid.anchorPoint = .zero
            solid.backgroundColor = color
            content.sublayers = [solid]
        case 3:  // null: a parent, nothing drawn
            return nil
        case 4:  // shape
            let items = try node["shapes"]?.array() ?? []
            content.sublayers = try LottieShapeBuilder(context: context, time: time).layers(items, inherited: [], trims: [], depth: 0)
        case 2:  // image
            guard let image = try imageLayer(node, name: name) else { return nil }
            content.sublayers = [image]
        case 5:  // text, from the glyphs in the file
            guard let text = try textLayer(node, name: name, time: time) else { return nil }
            content.sublayers = [text]
        case 6, 11, 13, 15:
            return nil  // audio, guide, camera, data: nothing to draw, in After Effects either
        default:
            let kinds = [7: "a video placeholder", 8: "an image sequence", 9: "a video", 10: "an image placeholder", 12: "an adjustment layer", 14: "a light"]
            context.warn(node.path + ".ty", "layer type \(type)\(kinds[type].map { " (\($0))" } ?? "") is not drawn")
            return nil
        }
        // The layer's own masks and transform run in the composition's frames, as lottie-ios sets
        // them up (before a precomposition's start time, stretch or remapping, which move only its
        // content).
        content.mask = try masks(node, time: compositionTime)
        let shadow = try LottieStyles(context: context).shadow(node, time: compositionTime)
        try LottieStyles(context: context).addFilters(node, time: compositionTime, to: &content)
        let autoOrient = try node.number("ao", default: 0, in: 0...1) == 1
        let threeD = try node.number("ddd", default: 0, in: 0...1) == 1 && camera != nil
        try context.count(3, at: node.path)

        // Its own transform with its opacity, then its parents' transforms without theirs.
        var layer = try LottieTransformBuilder(context: context, time: compositionTime).wrap(content, in: node["ks"], opacity: true, name: name, size: size, autoOrient: autoOrient, threeD: threeD)
        if let shadow {
            layer.shadow = shadow.shadow
            for (key, animation) in shadow.animations { try context.add(animation, forKey: key, to: &layer, at: node.path) }
        }
        var parent = try node["parent"].map { p throws(SceneError) in try p.integer(in: -1_000_000_000...1_000_000_000) }
        var chain: [Int] = []
        while let index = parent {
            guard let parentNode = byIndex[index] else {
                // lottie-ios draws a layer whose parent is not there as if it had none.
                context.warn((chain.isEmpty ? node : byIndex[chain[chain.count - 1]]!).path + ".parent", "no layer has the ind \(index), so the layer has no parent")
                break
            }
            guard !chain.contains(index), chain.count < byIndex.count else {
                throw node.error(at: "parent", "a parent chain without a cycle")
            }
            chain.append(index)
            // A parent's transform runs in the composition's frames, as the layer's own does (a
            // start time moves only a precomposition's content).
            let parentTime = compositionTime
            try context.count(2, at: parentNode.path)
            layer = try LottieTransformBuilder(context: context, time: parentTime)
                .wrap(layer, in: parentNode["ks"], opacity: false, name: try parentNode.string("nm").map { "\($0) (parent)" }, size: size, threeD: threeD)
            parent = try parentNode["parent"].map { p throws(SceneError) in try p.integer(in: -1_000_000_000...1_000_000_000) }
        }
        // A 3-D layer under a camera comes back as transform layers: `layers(…)` puts it, and the
        // 3-D layers next to it, under the camera's projection, where they are sorted by depth.
        // One that blends is seen through the camera on its own, then blended as any layer.
        if threeD, let camera, try node.integer("bm", default: 0, in: 0...20) != 0 {
            layer = try camera.view([layer], name: name, size: size, context: context, at: node.path)
        }
        if let blend = try LottieStyles(context: context).blendMode(node) { layer.compositingFilter = blend }

        // Shown from its in point to its out point (the composition's frames).
        let localIn = try node.number("ip", default: -Lottie.maximumMagnitude), localOut = try node.number("op", default: Lottie.maximumMagnitude)
        if let table = compositionTime.table, table.count > 1 {
            // In a remapped composition: shown at each root frame whose local frame is in range.
            let shownAt = table.map { $0 >= localIn && $0 < localOut }
            guard shownAt.contains(true) else { return nil }
            if shownAt.contains(false) {
                var shown = Layer(name: name.map { "\($0) in–out" })
                shown.anchorPoint = .zero
                shown.isTransformLayer = layer.isTransformLayer
                shown.sublayers = [layer]
                let begin = context.clock.seconds(ofRootFrame: compositionTime.tableStart)
                let visibility = Animation(keyPath: .opacity, kind: .keyframe(Keyframes(values: shownAt.map { .number($0 ? 1 : 0) }, calculationMode: .discrete)),
                                           timing: MediaTiming(beginTime: begin, duration: Double(table.count) / context.clock.framesPerSecond,
                                                               fillMode: .both, isRemovedOnCompletion: false))
                try context.add(visibility, forKey: "in–out", to: &shown, at: node.path)
                layer = shown
            }
            return layer
        }
        let inPoint = compositionTime.root(localIn)
        let outPoint = compositionTime.root(localOut)
        if inPoint > context.firstFrame || outPoint < context.endFrame {
            guard outPoint > inPoint else { return nil }
            // Shown for in ≤ t < out: the out point is exclusive, so it ends a hair (0.1 µs) early,
            // or rounding could show the layer at its out point. A layer out at or after the
            // composition's end stays shown at its end (progress 1), as lottie-ios draws it.
            let lastsToEnd = outPoint >= context.endFrame
            let begin = context.clock.seconds(ofRootFrame: inPoint)
            let end = lastsToEnd ? begin + 1 : context.clock.seconds(ofRootFrame: outPoint) - 1e-7
            var shown = Layer(name: name.map { "\($0) in–out" })
            shown.anchorPoint = .zero
            shown.isTransformLayer = layer.isTransformLayer
            shown.opacity = 0
            shown.sublayers = [layer]
            let values: [AnimationValue] = lastsToEnd ? [.number(1)] : [.number(1), .number(0)]
            let visibility = Animation(keyPath: .opacity, kind: .keyframe(Keyframes(values: values, keyTimes: lastsToEnd ? nil : [0, 1], calculationMode: .discrete)),
                                       timing: MediaTiming(beginTime: begin, duration: end - begin, fillMode: lastsToEnd ? .forwards : .removed,
                                                           isRemovedOnCompletion: !lastsToEnd))
            try context.add(visibility, forKey: "in–out", to: &shown, at: node.path)
            layer = shown
        }
        return layer
    }
}
