import StrataModel

// Shape layers in scene files: `shape: {path: "M…", fillColor:, strokeColor:, lineWidth:, …}` with
// SVG path data, and `path` animations, whose paths must share one structure.
extension SceneDecoder {
    static let shapeKeys = [
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
        "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
    ]

    @inline(never)
    func shape(_ value: SceneValue, at path: String) throws(SceneError) -> ShapeContent {
        let e = try reader.object(value, at: path, allowed: Self.shapeKeys)
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        guard let pathValue = e["path"] else {
            throw SceneError(file: reader.file, keyPath: key("path"), expected: "SVG path data (e.g. \"M 10 10 L 90 10\")", found: "nothing", line: value.line)
        }
        var shape = ShapeContent(path: try svgPath(pathValue, at: key("path")))
        if let v = e["fillColor"] { shape.fillColor = try optionalColor(v, at: key("fillColor")) }
        if let v = e["fillRule"] { shape.fillRule = try reader.enumeration(v, at: key("fillRule"), as: FillRule.self) }
        if let v = e["strokeColor"] { shape.strokeColor = try optionalColor(v, at: key("strokeColor")) }
        if let v = e["lineWidth"] { shape.lineWidth = try reader.number(v, at: key("lineWidth"), in: 0...Limits.maximumLineWidth) }
        if let v = e["lineCap"] { shape.lineCap = try reader.enumeration(v, at: key("lineCap"), as: LineCap.self) }
        if let v = e["lineJoin"] { shape.lineJoin = try reader.enumeration(v, at: key("lineJoin"), as: LineJoin.self) }
        if let v = e["miterLimit"] { shape.miterLimit = try reader.number(v, at: key("miterLimit"), in: 1...1000) }
        if let v = e["lineDashPattern"] {
            let list = try reader.array(v, at: key("lineDashPattern"))
            guard list.count <= Limits.maximumDashCount else {
                throw reader.error(key("lineDashPattern"), expected: "at most \(Limits.maximumDashCount) dash and gap lengths", found: v)
            }
            var pattern: [Double] = []
            for (index, element) in list.enumerated() {
                pattern.append(try reader.number(element, at: "\(key("lineDashPattern"))[\(index)]", in: 0...Limits.maximumPathCoordinate))
            }
            if !pattern.isEmpty, !pattern.contains(where: { $0 > 0 }) {
                throw reader.error(key("lineDashPattern"), expected: "dash and gap lengths, at least one of them > 0", found: v)
            }
            shape.lineDashPattern = pattern
        }
        if let v = e["lineDashPhase"] {
            shape.lineDashPhase = try reader.number(v, at: key("lineDashPhase"), in: -Limits.maximumPathCoordinate...Limits.maximumPathCoordinate)
        }
        if let v = e["strokeStart"] { shape.strokeStart = try reader.number(v, at: key("strokeStart"), in: 0...1) }
        if let v = e["strokeEnd"] { shape.strokeEnd = try reader.number(v, at: key("strokeEnd"), in: 0...1) }
        return shape
    }

    /// A colour, or `none` for no fill or stroke.
    func optionalColor(_ value: SceneValue, at path: String) throws(SceneError) -> Color? {
        if case .string(let text) = value.content, text == "none" { return nil }
        if case .null = value.content { return nil }
        return try reader.color(value, at: path)
    }

    /// SVG path data (see `Path(svgData:)`); a problem names the character where it is.
    @inline(never)
    func svgPath(_ value: SceneValue, at path: String) throws(SceneError) -> Path {
        let text = try reader.string(value, at: path)
        do {
            return try Path(svgData: text)
        } catch {
            throw SceneError(file: reader.file, keyPath: path, expected: "SVG path data: \(error.expected) at character \(error.offset)",
                             found: error.found, line: value.line)
        }
    }

    /// Every path an animation of `layer` takes (from, to, by, keyframe values, through groups)
    /// must have the structure of the layer's own path, as Core Animation interpolates only such
    /// paths point by point.
    @inline(never)
    func checkPathAnimations(_ animations: [Animation], layer: Layer, at path: String, lines: [Int?]) throws(SceneError) {
        func values(_ animation: Animation) -> [AnimationValue] {
            switch animation.kind {
            case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
                return animation.keyPath == .path ? [from, to, by].compactMap { $0 } : []
            case .keyframe(let keyframes):
                return animation.keyPath == .path ? keyframes.values : []
            case .group(let children):
                return children.flatMap(values)
            }
        }
        for (index, animation) in animations.enumerated() {
            let paths = values(animation).compactMap { value -> Path? in
                if case .path(let p) = value { return p }
                return nil
            }
            guard !paths.isEmpty else { continue }
            let keyPath = "\(path)[\(index)]"
            guard let model = layer.shape?.path else {
                throw SceneError(file: reader.file, keyPath: keyPath, expected: "a path animation on a layer with a shape: {path: …}",
                                 found: "a layer without a shape", line: lines[index])
            }
            for candidate in paths where candidate.structure != model.structure {
                throw SceneError(file: reader.file, keyPath: keyPath,
                                 expected: "paths of the layer's path's structure (\(Self.describe(model.structure))), as Core Animation interpolates point by point",
                                 found: "a path of \(Self.describe(candidate.structure))", line: lines[index])
            }
        }
    }

    /// "M, 2 L, C, Z"-style summary of a structure (first 8 runs).
    static func describe(_ structure: [String]) -> String {
        var runs: [(String, Int)] = []
        for kind in structure {
            if let last = runs.last, last.0 == kind { runs[runs.count - 1].1 += 1 } else { runs.append((kind, 1)) }
        }
        let text = runs.prefix(8).map { $0.1 == 1 ? $0.0 : "\($0.1) \($0.0)s" }.joined(separator: ", ")
        return "\(structure.count) elements: " + text + (runs.count > 8 ? ", …" : "")
    }
}
