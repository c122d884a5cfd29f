import StrataAnimation
import StrataEffects
import StrataModel

/// Reading `effects:` and `viewer:` (docs/scene-format.md, "Effects").
extension SceneDecoder {
    /// The path of a layer named in an effect: a layer name, or a key path like `layers[1].sublayers[0]`.
    func layerPath(_ value: SceneValue, at path: String, names: [String: [LayerPath]], layers: [Layer]) throws(SceneError) -> LayerPath {
        let text = try reader.string(value, at: path)
        if let paths = names[text] {
            guard paths.count == 1 else {
                throw reader.error(path, expected: "a layer name used once (\"\(text)\" names \(paths.count) layers)", found: value)
            }
            return paths[0]
        }
        if let parsed = Self.parseLayerPath(text), PresentationTree(layers: layers, seconds: 0).layer(at: parsed) != nil {
            return parsed
        }
        var expected = "the name or key path of a layer"
        if let guess = SceneReader.suggestion(for: text, among: Array(names.keys).sorted()) { expected += " (did you mean \"\(guess)\"?)" }
        throw reader.error(path, expected: expected, found: value)
    }

    static func parseLayerPath(_ text: String) -> LayerPath? {
        var indices: [Int] = []
        for (position, part) in text.split(separator: ".").enumerated() {
            if part == "mask" { indices.append(LayerPath.maskIndex); continue }
            let prefix = position == 0 ? "layers[" : "sublayers["
            guard part.hasPrefix(prefix), part.hasSuffix("]"), let index = Int(part.dropFirst(prefix.count).dropLast()) else { return nil }
            indices.append(index)
        }
        return indices.isEmpty ? nil : LayerPath(indices)
    }

    /// Every named layer's paths.
    static func names(_ layers: [Layer]) -> [String: [LayerPath]] {
        var result: [String: [LayerPath]] = [:]
        func visit(_ layer: Layer, _ path: LayerPath) {
            if let name = layer.name { result[name, default: []].append(path) }
            for (index, sublayer) in layer.sublayers.enumerated() { visit(sublayer, path.appending(index)) }
            if let mask = layer.mask { visit(mask, path.appending(LayerPath.maskIndex)) }
        }
        for (index, layer) in layers.enumerated() { visit(layer, LayerPath([index])) }
        return result
    }

    func effects(_ value: SceneValue?, viewer: SceneValue?, layers: [Layer]) throws(SceneError) -> Effects {
        var effects = Effects()
        let names = Self.names(layers)
        if let value {
            var ids = Set<String>()
            for (index, element) in try reader.array(value, at: "effects").enumerated() {
                let itemPath = "effects[\(index)]"
                let e = try reader.object(element, at: itemPath, allowed: ["motionBlurOverlay", "blurOverlay", "motionEffects", "layerMotionBlur"])
                guard e.count == 1, let (kind, body) = e.first else {
                    throw reader.error(itemPath, expected: "exactly one of motionBlurOverlay, blurOverlay, motionEffects, layerMotionBlur", found: element)
                }
                let bodyPath = SceneReader.join(itemPath, kind)
                func key(_ name: String) -> String { SceneReader.join(bodyPath, name) }
                switch kind {
                case "motionBlurOverlay":
                    let o = try reader.object(body, at: bodyPath, allowed: ["id", "layer", "angle", "radius", "samples", "curve", "referenceRate",
                                                                           "angleFromMotion", "followPositionAnimation", "enabled", "disabled"])
                    guard let layerValue = o["layer"] else { throw reader.error(bodyPath, expected: "the layer to blur (layer: NAME)", found: body) }
                    let path = try layerPath(layerValue, at: key("layer"), names: names, layers: layers)
                    let id: String
                    if let v = o["id"] { id = try reader.string(v, at: key("id")) } else { id = try reader.string(layerValue, at: key("layer")) }
                    var overlay = MotionBlurOverlay(id: id, layer: path)
                    if let v = o["angle"] { overlay.angle = try reader.angle(v, at: key("angle")) }
                    if let v = o["radius"] { overlay.radius = try reader.number(v, at: key("radius"), in: 0...Limits.maximumBlurLength) }
                    if let v = o["samples"] { overlay.samples = try reader.number(v, at: key("samples"), in: 0...100) }
                    if let v = o["curve"] { overlay.curve = try curve(v, at: key("curve")) }
                    if let v = o["referenceRate"] { overlay.referenceRate = try reader.number(v, at: key("referenceRate"), in: 1...1000) }
                    if let v = o["angleFromMotion"] { overlay.angleFromMotion = try reader.bool(v, at: key("angleFromMotion")) }
                    if let v = o["followPositionAnimation"] { overlay.followsPositionAnimation = try reader.bool(v, at: key("followPositionAnimation")) }
                    if let v = o["enabled"] { overlay.enabledAt = try reader.number(v, at: key("enabled")) }
                    if let v = o["disabled"] { overlay.disabledAt = try reader.number(v, at: key("disabled")) }
                    guard ids.insert(id).inserted else { throw reader.error(key("id"), expected: "an id not used by another overlay", found: o["id"] ?? layerValue) }
                    effects.motionBlurOverlays.append(overlay)
                case "layerMotionBlur":
                    let o = try reader.object(body, at: bodyPath, allowed: ["id", "layer", "shutterAngle", "shutterPhase", "samples"])
                    guard let layerValue = o["layer"] else { throw reader.error(bodyPath, expected: "the layer to blur (layer: NAME)", found: body) }
                    let path = try layerPath(layerValue, at: key("layer"), names: names, layers: layers)
                    guard path.indices.count >= 2, !path.indices.contains(LayerPath.maskIndex) else {
                        throw reader.error(key("layer"), expected: "a sublayer (its superlayer's bounds are where it is drawn)", found: layerValue)
                    }
                    let id: String
                    if let v = o["id"] { id = try reader.string(v, at: key("id")) } else { id = try reader.string(layerValue, at: key("layer")) }
                    var blur = LayerMotionBlur(id: id, layer: path)
                    if let v = o["shutterAngle"] { blur.shutterAngle = try reader.number(v, at: key("shutterAngle"), in: 1...720) }
                    if let v = o["shutterPhase"] { blur.shutterPhase = try reader.number(v, at: key("shutterPhase"), in: -720...720) }
                    if let v = o["samples"] { blur.samples = Int(saturating: try reader.number(v, at: key("samples"), in: 1...64), .toNearestOrAwayFromZero) }
                    effects.layerMotionBlurs.append(blur)
                case "blurOverlay":
                    let o = try reader.object(body, at: bodyPath, allowed: ["id", "layer", "radius", "blur", "unblur"])
                    guard let layerValue = o["layer"], let radiusValue = o["radius"] else {
                        throw reader.error(bodyPath, expected: "{layer: NAME, radius: points}", found: body)
                    }
                    let path = try layerPath(layerValue, at: key("layer"), names: names, layers: layers)
                    let id: String
                    if let v = o["id"] { id = try reader.string(v, at: key("id")) } else { id = try reader.string(layerValue, at: key("layer")) }
                    var overlay = BlurOverlay(id: id, layer: path, radius: try reader.number(radiusValue, at: key("radius"), in: 0...Limits.maximumBlurRadius))
                    if let v = o["blur"] { overlay.blurredAt = try reader.number(v, at: key("blur")) }
                    if let v = o["unblur"] { overlay.unblurredAt = try reader.number(v, at: key("unblur")) }
                    effects.blurOverlays.append(overlay)
                default:
                    let o = try reader.object(body, at: bodyPath, allowed: ["layer", "effects"])
                    guard let layerValue = o["layer"], let list = o["effects"] else {
                        throw reader.error(bodyPath, expected: "{layer: NAME, effects: [...]}", found: body)
                    }
                    let path = try layerPath(layerValue, at: key("layer"), names: names, layers: layers)
                    effects.motionEffects.append(MotionEffectBinding(layer: path, effects: try motionEffects(list, at: key("effects"))))
                }
            }
        }
        if let viewer { effects.viewer = try viewerTrack(viewer, at: "viewer") }
        return effects
    }

    func curve(_ value: SceneValue, at path: String) throws(SceneError) -> OpacityCurve {
        guard case .string(let text) = value.content, let curve = OpacityCurve(parsing: text) else {
            throw reader.error(path, expected: "a curve: log2:DIVISOR[:OFFSET], linear:SLOPE, smoothstep:LOW:HIGH or table:D=O,D=O,… with finite numbers (table deltas increasing)", found: value)
        }
        return curve
    }

    func motionEffects(_ value: SceneValue, at path: String) throws(SceneError) -> [MotionEffect] {
        var result: [MotionEffect] = []
        for (index, element) in try reader.array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let e = try reader.object(element, at: itemPath, allowed: ["keyPath", "axis", "min", "max", "group", "custom"])
            if let group = e["group"] {
                result.append(.group(try motionEffects(group, at: SceneReader.join(itemPath, "group"))))
            } else if let custom = e["custom"] {
                result.append(.custom(name: try reader.string(custom, at: SceneReader.join(itemPath, "custom"))))
            } else {
                guard let k = e["keyPath"], let a = e["axis"], let lo = e["min"], let hi = e["max"] else {
                    throw reader.error(itemPath, expected: "{keyPath, axis, min, max}, {group: [...]} or {custom: NAME}", found: element)
                }
                let keyPath = try animationKeyPath(k, at: SceneReader.join(itemPath, "keyPath"))
                guard keyPath.valueKind == .number else {
                    throw reader.error(SceneReader.join(itemPath, "keyPath"), expected: "a numeric key path (position.x, position.y, opacity, transform.rotation, …)", found: k)
                }
                let axis = try reader.enumeration(a, at: SceneReader.join(itemPath, "axis"), as: MotionEffect.Axis.self)
                // Bounded so that min + (max − min) × t stays finite (a million points or radians
                // is far past any useful parallax).
                func amount(_ v: SceneValue, _ name: String) throws(SceneError) -> Double {
                    let path = SceneReader.join(itemPath, name)
                    let value = keyPath.isAngle ? try reader.angle(v, at: path) : try reader.number(v, at: path)
                    guard abs(value) <= 1e6 else { throw reader.error(path, expected: "a relative value in −1000000…1000000", found: v) }
                    return value
                }
                result.append(.interpolating(keyPath: keyPath, axis: axis, minimumRelativeValue: try amount(lo, "min"), maximumRelativeValue: try amount(hi, "max")))
            }
        }
        return result
    }

    func viewerTrack(_ value: SceneValue, at path: String) throws(SceneError) -> ViewerTrack {
        let e = try reader.object(value, at: path, allowed: ["circle", "figureEight", "keyframes"])
        guard e.count == 1, let (kind, body) = e.first else { throw reader.error(path, expected: "one of circle, figureEight, keyframes", found: value) }
        let bodyPath = SceneReader.join(path, kind)
        if kind == "keyframes" {
            let o = try reader.object(body, at: bodyPath, allowed: ["values", "keyTimes", "duration", "calculationMode"])
            guard let valuesValue = o["values"], let durationValue = o["duration"] else {
                throw reader.error(bodyPath, expected: "{values: [[x, y], …], duration: seconds}", found: body)
            }
            var values: [AnimationValue] = []
            for (index, element) in try reader.array(valuesValue, at: SceneReader.join(bodyPath, "values")).enumerated() {
                values.append(.point(try reader.point(element, at: "\(bodyPath).values[\(index)]")))
            }
            guard !values.isEmpty else { throw reader.error(SceneReader.join(bodyPath, "values"), expected: "at least one offset", found: valuesValue) }
            var keyframes = Keyframes(values: values)
            if let v = o["calculationMode"] { keyframes.calculationMode = try reader.enumeration(v, at: SceneReader.join(bodyPath, "calculationMode"), as: CalculationMode.self) }
            if let v = o["keyTimes"] {
                let list = try reader.array(v, at: SceneReader.join(bodyPath, "keyTimes"))
                guard list.count == values.count else { throw reader.error(SceneReader.join(bodyPath, "keyTimes"), expected: "one key time per value", found: v) }
                var times: [Double] = []
                for (index, element) in list.enumerated() { times.append(try reader.number(element, at: "\(bodyPath).keyTimes[\(index)]", in: 0...1)) }
                keyframes.keyTimes = times
            }
            return .keyframes(keyframes, duration: try reader.number(durationValue, at: SceneReader.join(bodyPath, "duration"), in: 1e-6...1e6))
        }
        let o = try reader.object(body, at: bodyPath, allowed: ["period", "amplitude"])
        let period = try o["period"].map { v throws(SceneError) in try reader.number(v, at: SceneReader.join(bodyPath, "period"), in: 1e-6...1e6) } ?? 2
        let amplitude = try o["amplitude"].map { v throws(SceneError) in try reader.number(v, at: SceneReader.join(bodyPath, "amplitude"), in: 0...1) } ?? 1
        return kind == "circle" ? .circle(period: period, amplitude: amplitude) : .figureEight(period: period, amplitude: amplitude)
    }
}
