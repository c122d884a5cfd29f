import Foundation
import StrataAnimation
import StrataModel
import StrataRaster

/// Interprets a `SceneValue` tree as a `Scene`, checking every value and the limits of DESIGN §8.
struct SceneDecoder {
    let reader: SceneReader
    let baseURL: URL
    /// Layers decoded so far, against `Limits.maximumLayers`.
    private var layerCount = 0
    /// The digests of the asset files read so far (for the run fingerprint).
    let assetDigests = AssetDigests()

    init(reader: SceneReader, baseURL: URL) {
        self.reader = reader
        self.baseURL = baseURL
    }

    // MARK: - Document

    static let documentKeys = ["version", "name", "description", "size", "scale", "background", "clock", "snapshots", "layers",
                               "effects", "viewer", "curveTolerance"]

    mutating func scene(_ value: SceneValue, defaultName: String) throws(SceneError) -> Scene {
        let entries = try reader.object(value, at: "", allowed: Self.documentKeys)
        guard let versionValue = entries["version"] else {
            throw SceneError(file: reader.file, keyPath: "version", expected: "the format version (version: 1)", found: "nothing")
        }
        let version = try reader.number(versionValue, at: "version")
        guard version == version.rounded(), SceneLoader.supportedVersions.contains(Int(saturating: version)) else {
            throw reader.error("version", expected: "a supported version (\(SceneLoader.supportedVersions.lowerBound)…\(SceneLoader.supportedVersions.upperBound))", found: versionValue)
        }
        let name = try entries["name"].map { v throws(SceneError) in try reader.string(v, at: "name") } ?? defaultName
        guard let descriptionValue = entries["description"] else {
            throw SceneError(file: reader.file, keyPath: "description", expected: "a description of what a person should see", found: "nothing")
        }
        let description = try reader.string(descriptionValue, at: "description")
        guard let sizeValue = entries["size"] else {
            throw SceneError(file: reader.file, keyPath: "size", expected: "the canvas size [width, height] in points", found: "nothing")
        }
        let size = try reader.size(sizeValue, at: "size")
        let scale = try entries["scale"].map { v throws(SceneError) in try reader.number(v, at: "scale") } ?? 1
        guard [1.0, 2.0, 3.0].contains(scale) else {
            throw reader.error("scale", expected: "1, 2 or 3", found: entries["scale"]!)
        }
        let side = Double(Limits.maximumSide)
        guard size.width * scale <= side, size.height * scale <= side else {
            throw reader.error("size", expected: "a canvas at most \(Limits.maximumSide) px a side at scale \(Int(saturating: scale))", found: sizeValue)
        }
        let pixelWidth = Int(saturating: size.width * scale, .up), pixelHeight = Int(saturating: size.height * scale, .up)
        do {
            try Limits.checkSurface(width: pixelWidth, height: pixelHeight)
        } catch {
            throw reader.error("size", expected: "a canvas within the limits (\(error))", found: sizeValue)
        }
        let background = try entries["background"].map { v throws(SceneError) in try reader.color(v, at: "background") }
        guard let layersValue = entries["layers"] else {
            throw SceneError(file: reader.file, keyPath: "layers", expected: "a list of layers", found: "nothing")
        }
        let layers = try layerList(layersValue, at: "layers", depth: 1, parent: LayerPath([]))
        let drawn = Self.drawnLayerCount(layers, limit: Limits.maximumLayers)
        guard drawn <= Limits.maximumLayers else {
            throw reader.error("layers", expected: "at most \(Limits.maximumLayers) layers drawn, every replicator instance counted",
                               found: SceneValue(content: .string("more than \(Limits.maximumLayers)"), line: layersValue.line))
        }
        var clock = FrameClock(framesPerSecond: 60, tickCount: 1)
        if let clockValue = entries["clock"] { clock = try self.clock(clockValue, at: "clock") }
        var scene = Scene(name: name, description: description, size: size, scale: scale, background: background, layers: layers,
                          clock: clock)
        scene.effects = try effects(entries["effects"], viewer: entries["viewer"], layers: layers)
        if let v = entries["curveTolerance"] {
            let range = CurveTolerance.range
            let bounds = "\(SceneReader.format(range.lowerBound))…\(SceneReader.format(range.upperBound))"
            scene.curveTolerance = try reader.number(v, at: "curveTolerance", in: range,
                                                     expected: "the pixels a curve may lie from its true outline, \(bounds)")
        }
        if let v = entries["snapshots"] {
            let frameCount = clock.displayedTicks.count
            var frames: [Int] = []
            for (index, element) in try reader.array(v, at: "snapshots").enumerated() {
                let frame = try integer(element, at: "snapshots[\(index)]", minimum: 0, maximum: frameCount - 1)
                if let last = frames.last, frame <= last {
                    throw reader.error("snapshots[\(index)]", expected: "frame indices in ascending order", found: element)
                }
                frames.append(frame)
            }
            scene.snapshotFrames = frames
        }
        return scene
    }

    // MARK: - Layers

    static let layerKeys = [
        "name", "frame", "bounds", "position", "anchorPoint", "transform", "zPosition", "opacity", "hidden",
        "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "shadow",
        "contents", "contentsGravity", "contentsScale", "minificationFilter", "text", "gradient", "mask", "sublayers", "animations",
        "filters", "backgroundFilters", "backdropEdgeMode", "compositingFilter",
        "sublayerTransform", "anchorPointZ", "doubleSided", "transformLayer", "shape", "replicator",
    ]

    mutating func layerList(_ value: SceneValue, at path: String, depth: Int, parent: LayerPath) throws(SceneError) -> [Layer] {
        let values = try reader.array(value, at: path)
        var layers: [Layer] = []
        // Each layer is decoded on its own, so that one file reports every broken layer (up to
        // 20 problems) rather than only the first.
        var problems: [SceneError] = []
        for (index, element) in values.enumerated() {
            do {
                layers.append(try layer(element, at: "\(path)[\(index)]", depth: depth, layerPath: parent.appending(index)))
            } catch {
                problems += error.all
                if problems.count >= 20 || layerCount > Limits.maximumLayers { break }
            }
        }
        if var first = problems.first {
            first.others = Array(problems.dropFirst())
            throw first
        }
        return layers
    }

    mutating func layer(_ value: SceneValue, at path: String, depth: Int, layerPath: LayerPath) throws(SceneError) -> Layer {
        guard depth <= Limits.maximumDepth else {
            throw reader.error(path, expected: "a tree at most \(Limits.maximumDepth) layers deep", found: value)
        }
        layerCount += 1
        guard layerCount <= Limits.maximumLayers else {
            throw reader.error(path, expected: "at most \(Limits.maximumLayers) layers in a scene", found: value)
        }
        let e = try reader.object(value, at: path, allowed: Self.layerKeys)
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        var layer = Layer()
        if let v = e["name"] { layer.name = try reader.string(v, at: key("name")) }
        if let v = e["anchorPoint"] { layer.anchorPoint = try reader.point(v, at: key("anchorPoint")) }
        if let v = e["frame"] {
            if e["position"] != nil || e["bounds"] != nil {
                throw reader.error(key("frame"), expected: "either frame or bounds and position, not both", found: v)
            }
            layer.setFrame(try reader.rect(v, at: key("frame")))
        }
        if let v = e["bounds"] {
            if case .array(let values) = v.content, values.count == 2 {
                layer.bounds = Rect(origin: .zero, size: try reader.size(v, at: key("bounds")))
            } else {
                layer.bounds = try reader.rect(v, at: key("bounds"))
            }
        }
        if let v = e["position"] { layer.position = try reader.point(v, at: key("position")) }
        try depthKeys(e, into: &layer, at: path)
        try appearanceKeys(e, into: &layer, at: path)
        if let v = e["mask"] {
            layer.mask = try self.layer(v, at: key("mask"), depth: depth + 1, layerPath: layerPath.appending(LayerPath.maskIndex))
        }
        if let v = e["sublayers"] {
            layer.sublayers = try layerList(v, at: key("sublayers"), depth: depth + 1, parent: layerPath)
        }
        if let v = e["animations"] {
            let list = try reader.array(v, at: key("animations"))
            var decoded: [Animation] = []
            var keys: [String?] = []
            for (index, element) in list.enumerated() {
                let path = "\(key("animations"))[\(index)]"
                decoded.append(try animation(element, at: path, inGroup: false))
                keys.append(try animationKey(element, at: path, taken: keys))
            }
            try checkFilterKeyPaths(decoded, layer: layer, at: key("animations"))
            try checkPathAnimations(decoded, layer: layer, at: key("animations"), lines: list.map(\.line))
            for (index, animation) in decoded.enumerated() {
                do {
                    try layer.add(animation, forKey: keys[index])
                } catch {
                    throw SceneError(file: reader.file, keyPath: "\(key("animations"))[\(index)]", expected: error.expected, found: error.found, line: list[index].line)
                }
            }
        }
        return layer
    }

    /// Every key of a layer but its geometry, tree and animations. Out of line, as `depthKeys`:
    /// `layer` recurses once per level of a tree up to `Limits.maximumDepth` deep, and a debug
    /// build gives each statement's temporaries their own stack slots.
    @inline(never)
    func appearanceKeys(_ e: [String: SceneValue], into layer: inout Layer, at path: String) throws(SceneError) {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        if let v = e["zPosition"] { layer.zPosition = try reader.number(v, at: key("zPosition")) }
        if let v = e["opacity"] { layer.opacity = try reader.number(v, at: key("opacity"), in: 0...1) }
        if let v = e["hidden"] { layer.isHidden = try reader.bool(v, at: key("hidden")) }
        if let v = e["backgroundColor"] { layer.backgroundColor = try reader.color(v, at: key("backgroundColor")) }
        if let v = e["cornerRadius"] { layer.cornerRadius = try reader.nonNegative(v, at: key("cornerRadius")) }
        if let v = e["borderWidth"] { layer.borderWidth = try reader.nonNegative(v, at: key("borderWidth")) }
        if let v = e["borderColor"] { layer.borderColor = try reader.color(v, at: key("borderColor")) }
        if let v = e["masksToBounds"] { layer.masksToBounds = try reader.bool(v, at: key("masksToBounds")) }
        if let v = e["shadow"] { layer.shadow = try shadow(v, at: key("shadow")) }
        if let v = e["contents"] { layer.contents = try image(v, at: key("contents")) }
        if let v = e["contentsGravity"] {
            layer.contentsGravity = try reader.enumeration(v, at: key("contentsGravity"), as: ContentsGravity.self)
        }
        if let v = e["minificationFilter"] {
            layer.minificationFilter = try reader.enumeration(v, at: key("minificationFilter"), as: ImageFilter.self)
        }
        if let v = e["contentsScale"] {
            layer.contentsScale = try reader.number(v, at: key("contentsScale"), in: 0.01...100)
        }
        if let v = e["text"] { layer.text = try text(v, at: key("text")) }
        if let v = e["shape"] { layer.shape = try shape(v, at: key("shape")) }
        if let v = e["replicator"] { layer.replicator = try replicator(v, at: key("replicator")) }
        if let v = e["filters"] { layer.filters = try filterList(v, at: key("filters")) }
        if let v = e["backgroundFilters"] { layer.backgroundFilters = try filterList(v, at: key("backgroundFilters")) }
        if let v = e["backdropEdgeMode"] {
            layer.backdropEdgeMode = try reader.enumeration(v, at: key("backdropEdgeMode"), as: EdgeMode.self)
        }
        if let v = e["compositingFilter"] {
            layer.compositingFilter = try reader.enumeration(v, at: key("compositingFilter"), as: BlendMode.self)
        }
        if let v = e["gradient"] { layer.gradient = try gradient(v, at: key("gradient")) }
    }

    // MARK: - Parts

    @inline(never)
    func shadow(_ value: SceneValue, at path: String) throws(SceneError) -> Shadow {
        let e = try reader.object(value, at: path, allowed: ["color", "opacity", "offset", "radius"])
        var shadow = Shadow()
        if let v = e["color"] { shadow.color = try reader.color(v, at: SceneReader.join(path, "color")) }
        if let v = e["opacity"] { shadow.opacity = try reader.number(v, at: SceneReader.join(path, "opacity"), in: 0...1) }
        if let v = e["offset"] {
            let p = try reader.point(v, at: SceneReader.join(path, "offset"))
            shadow.offset = Size(width: p.x, height: p.y)
        }
        if let v = e["radius"] { shadow.radius = try reader.number(v, at: SceneReader.join(path, "radius"), in: 0...Limits.maximumBlurRadius) }
        return shadow
    }

    @inline(never)
    func gradient(_ value: SceneValue, at path: String) throws(SceneError) -> Gradient {
        let e = try reader.object(value, at: path, allowed: ["type", "colors", "locations", "startPoint", "endPoint"])
        guard let colorsValue = e["colors"] else {
            throw SceneError(file: reader.file, keyPath: SceneReader.join(path, "colors"), expected: "a list of at least two colours", found: "nothing", line: value.line)
        }
        let colorValues = try reader.array(colorsValue, at: SceneReader.join(path, "colors"))
        guard colorValues.count >= 2 else {
            throw reader.error(SceneReader.join(path, "colors"), expected: "a list of at least two colours", found: colorsValue)
        }
        var colors: [Color] = []
        for (index, v) in colorValues.enumerated() {
            colors.append(try reader.color(v, at: "\(path).colors[\(index)]"))
        }
        var gradient = Gradient(colors: colors)
        if let v = e["type"] { gradient.kind = try reader.enumeration(v, at: SceneReader.join(path, "type"), as: Gradient.Kind.self) }
        if gradient.kind == .radial {
            gradient.startPoint = Point(x: 0.5, y: 0.5)
            gradient.endPoint = Point(x: 1, y: 1)
        }
        if gradient.kind == .conic {
            gradient.startPoint = Point(x: 0.5, y: 0.5)
            gradient.endPoint = Point(x: 0.5, y: 0)
        }
        if let v = e["locations"] {
            let locationsPath = SceneReader.join(path, "locations")
            let values = try reader.array(v, at: locationsPath)
            guard values.count == colors.count else {
                throw reader.error(locationsPath, expected: "one location per colour (\(colors.count))", found: v)
            }
            var locations: [Double] = []
            for (index, element) in values.enumerated() {
                let location = try reader.number(element, at: "\(locationsPath)[\(index)]", in: 0...1)
                if let last = locations.last, location < last {
                    throw reader.error("\(locationsPath)[\(index)]", expected: "locations in ascending order (≥ \(SceneReader.format(last)))", found: element)
                }
                locations.append(location)
            }
            gradient.locations = locations
        }
        if let v = e["startPoint"] { gradient.startPoint = try reader.point(v, at: SceneReader.join(path, "startPoint")) }
        if let v = e["endPoint"] { gradient.endPoint = try reader.point(v, at: SceneReader.join(path, "endPoint")) }
        return gradient
    }

    /// The bytes of a file named relative to the assets folder (the scene's own, unless `--assets`
    /// names another), read through `ConfinedFile`: absolute paths, `..` past the folder and
    /// symbolic links that lead out of it are refused with one message before anything outside
    /// is looked at, so that a scene cannot read, or learn whether there is, a file elsewhere on
    /// the machine; FIFOs and devices are refused without blocking.
    func assetFile(_ value: SceneValue, at path: String, what: String, maximumBytes: Int) throws(SceneError) -> (name: String, contents: ConfinedFile.Contents) {
        let name = try reader.string(value, at: path)
        switch ConfinedFile.read(name, in: baseURL.path, maximumBytes: maximumBytes) {
        case .success(let contents):
            return (name, contents)
        case .failure(let failure):
            let expected: String
            switch failure {
            case .outside: expected = "a \(what) path inside the scene's assets folder (relative, without '..', no link leading out)"
            case .tooLarge: expected = "a \(what) file of at most \(maximumBytes) bytes"
            default: expected = "a \(what) file (relative to the scene's assets folder)"
            }
            throw SceneError(file: reader.file, keyPath: path, expected: expected, found: failure.found(name), line: value.line)
        }
    }

    /// A TrueType or OpenType font file in the scene's folder, checked by its first bytes and its
    /// table directory (`FontFileCheck`); its digest joins the scene's assets.
    @inline(never)
    func fontFile(_ value: SceneValue, at path: String) throws(SceneError) -> String {
        let (name, contents) = try assetFile(value, at: path, what: "font (.ttf or .otf)", maximumBytes: Limits.maximumFontFileBytes)
        let bytes = contents.bytes
        guard bytes.count > 12 else {
            throw SceneError(file: reader.file, keyPath: path, expected: "a font file of at most \(Limits.maximumFontFileBytes / 1_000_000) MB",
                             found: "\(name): \(bytes.count) bytes", line: value.line)
        }
        let tag = Array(bytes.prefix(4))
        guard tag == [0, 1, 0, 0] || tag == Array("OTTO".utf8) || tag == Array("true".utf8) || tag == Array("ttcf".utf8) else {
            throw SceneError(file: reader.file, keyPath: path, expected: "a TrueType or OpenType font (it starts 00 01 00 00, OTTO, true or ttcf)",
                             found: "\(name), which starts \(tag.map { String(format: "%02x", $0) }.joined(separator: " "))", line: value.line)
        }
        if let problem = FontFileCheck.problem(bytes) {
            throw SceneError(file: reader.file, keyPath: path, expected: "a TrueType or OpenType font that can be loaded",
                             found: "\(name), in which \(problem)", line: value.line)
        }
        assetDigests.record(name, digest: SHA256.hex(bytes))
        // Pango takes a path: the real path of the file just checked, inside the folder.
        return contents.realPath.isEmpty ? baseURL.appendingPathComponent(name).path : contents.realPath
    }

    /// The largest image file a scene reads, in bytes (its pixels are limited apart).
    static let maximumImageFileBytes = 256 << 20

    @inline(never)
    func image(_ value: SceneValue, at path: String) throws(SceneError) -> PixelBuffer {
        let (name, contents) = try assetFile(value, at: path, what: "PNG or JPEG", maximumBytes: Self.maximumImageFileBytes)
        // A file named by several layers (a grid of photos) is read and decoded once.
        let key = contents.realPath.isEmpty ? name : contents.realPath
        if let (decoded, digest) = assetDigests.images[key] {
            assetDigests.record(name, digest: digest)
            return decoded
        }
        do {
            let digest = SHA256.hex(contents.bytes)
            assetDigests.record(name, digest: digest)
            // What the bytes are decides, not the name: a .png that holds JPEG is read as JPEG.
            let decoded = try ImageCodec.decode(contents.bytes)
            assetDigests.images[key] = (decoded, digest)
            return decoded
        } catch {
            throw SceneError(file: reader.file, keyPath: path, expected: "a readable \(ImageCodec.formats) image within the size limits",
                             found: "\(name): \(error)", line: value.line)
        }
    }
}

/// The asset files a scene read, by the path written in the scene → SHA-256 of their bytes; and
/// the images decoded so far, by file path (each file is read once per scene).
final class AssetDigests: @unchecked Sendable {
    private(set) var digests: [String: String] = [:]
    var images: [String: (image: PixelBuffer, digest: String)] = [:]

    func record(_ path: String, digest: String) {
        digests[path] = digest
    }
}
