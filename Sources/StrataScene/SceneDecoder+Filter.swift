import StrataAnimation
import StrataModel
import StrataRaster

/// Reading `filters:`, `backgroundFilters:`, `backdropEdgeMode:` and `compositingFilter:`.
extension SceneDecoder {
    static let filterTypes = ["gaussianBlur", "motionBlur", "boxBlur", "variableBlur", "saturation", "brightness", "contrast", "colorMatrix", "tint"]

    /// A list of filters, each `{name?: NAME, TYPE: parameters}`; names default to the type and
    /// must be unique in the list.
    func filterList(_ value: SceneValue, at path: String) throws(SceneError) -> [NamedFilter] {
        var result: [NamedFilter] = []
        for (index, element) in try reader.array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let e = try reader.object(element, at: itemPath, allowed: ["name"] + Self.filterTypes)
            let types = Self.filterTypes.filter { e[$0] != nil }
            guard types.count == 1, let type = types.first else {
                throw reader.error(itemPath, expected: "exactly one filter type (\(Self.filterTypes.joined(separator: ", ")))", found: element)
            }
            let name = try e["name"].map { v throws(SceneError) in try reader.string(v, at: SceneReader.join(itemPath, "name")) } ?? type
            if result.contains(where: { $0.name == name }) {
                throw SceneError(file: reader.file, keyPath: SceneReader.join(itemPath, "name"),
                                 expected: "a name not used by another filter of the list (give each a name:)",
                                 found: "\"\(name)\" again", line: element.line)
            }
            result.append(NamedFilter(name: name, filter: try filter(type, e[type]!, at: SceneReader.join(itemPath, type))))
        }
        return result
    }

    private func filter(_ type: String, _ value: SceneValue, at path: String) throws(SceneError) -> Filter {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        switch type {
        case "gaussianBlur", "boxBlur":
            let e = try reader.object(value, at: path, allowed: ["radius"])
            guard let r = e["radius"] else { throw reader.error(path, expected: "{radius: points}", found: value) }
            let radius = try reader.nonNegative(r, at: key("radius"))
            if radius > Limits.maximumBlurRadius {
                throw reader.error(key("radius"), expected: "a radius ≤ \(Limits.maximumBlurRadius) points", found: r)
            }
            return type == "gaussianBlur" ? .gaussianBlur(radius: radius) : .boxBlur(radius: radius)
        case "motionBlur":
            let e = try reader.object(value, at: path, allowed: ["radius", "angle", "samples"])
            let radius = try e["radius"].map { v throws(SceneError) in try reader.number(v, at: key("radius"), in: 0...Limits.maximumBlurLength) } ?? 40
            let angle = try e["angle"].map { v throws(SceneError) in try reader.angle(v, at: key("angle")) } ?? .pi / 2
            let samples = try e["samples"].map { v throws(SceneError) in try reader.number(v, at: key("samples"), in: 0...100) } ?? 5
            return .motionBlur(radius: radius, angle: angle, samples: samples)
        case "variableBlur":
            let e = try reader.object(value, at: path, allowed: ["radius", "mask"])
            guard let r = e["radius"], let m = e["mask"] else { throw reader.error(path, expected: "{radius: points, mask: …}", found: value) }
            let radius = try reader.number(r, at: key("radius"), in: 0...Limits.maximumBlurRadius, expected: "a radius in 0…\(Limits.maximumBlurRadius) points")
            return .variableBlur(maxRadius: radius, mask: try blurMask(m, at: key("mask")))
        case "saturation":
            return .saturation(try reader.number(value, at: path, in: 0...10))
        case "brightness":
            return .brightness(try reader.number(value, at: path, in: -1...1))
        case "contrast":
            return .contrast(try reader.number(value, at: path, in: 0...10))
        case "colorMatrix":
            return .colorMatrix(try reader.numbers(value, at: path, count: 20, what: "20 numbers: a 4×5 matrix, row-major"))
        default:
            let e = try reader.object(value, at: path, allowed: ["color", "amount"])
            guard let c = e["color"] else { throw reader.error(path, expected: "{color, amount}", found: value) }
            let amount = try e["amount"].map { v throws(SceneError) in try reader.number(v, at: key("amount"), in: 0...1) } ?? 1
            return .tint(try reader.color(c, at: key("color")), amount: amount)
        }
    }

    /// A variable blur mask: one of linear, roundedRect, squircle, image, with an easing.
    func blurMask(_ value: SceneValue, at path: String) throws(SceneError) -> VariableBlurMask {
        let e = try reader.object(value, at: path, allowed: ["linear", "roundedRect", "squircle", "image", "easing"])
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        let kinds = ["linear", "roundedRect", "squircle", "image"].filter { e[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            throw reader.error(path, expected: "exactly one of linear, roundedRect, squircle, image", found: value)
        }
        let easing = try e["easing"].map { v throws(SceneError) in try reader.enumeration(v, at: key("easing"), as: MaskEasing.self) } ?? .smoothstep
        let operand = e[kind]!, operandPath = key(kind)
        func number(_ entries: [String: SceneValue], _ name: String, _ fallback: Double) throws(SceneError) -> Double {
            try entries[name].map { v throws(SceneError) in try reader.nonNegative(v, at: SceneReader.join(operandPath, name)) } ?? fallback
        }
        switch kind {
        case "linear":
            let o = try reader.object(operand, at: operandPath, allowed: ["start", "end"])
            let start = try o["start"].map { v throws(SceneError) in try reader.point(v, at: SceneReader.join(operandPath, "start")) } ?? Point(x: 0.5, y: 0)
            let end = try o["end"].map { v throws(SceneError) in try reader.point(v, at: SceneReader.join(operandPath, "end")) } ?? Point(x: 0.5, y: 1)
            return .shape(.linear(startX: start.x, startY: start.y, endX: end.x, endY: end.y, easing: easing))
        case "roundedRect":
            let o = try reader.object(operand, at: operandPath, allowed: ["inset", "cornerRadius", "fadeWidth"])
            return .shape(.roundedRect(inset: try number(o, "inset", 0), cornerRadius: try number(o, "cornerRadius", 0),
                                       fadeWidth: try number(o, "fadeWidth", 20), easing: easing))
        case "squircle":
            let o = try reader.object(operand, at: operandPath, allowed: ["inset", "exponent", "fadeWidth"])
            return .shape(.squircle(inset: try number(o, "inset", 0), exponent: max(1, try number(o, "exponent", 4)),
                                    fadeWidth: try number(o, "fadeWidth", 20), easing: easing))
        default:
            return .image(try image(operand, at: operandPath))
        }
    }

    /// Animations of filter parameters must name a filter of the layer that has the parameter.
    func checkFilterKeyPaths(_ animations: [Animation], layer: Layer, at path: String) throws(SceneError) {
        for (index, animation) in animations.enumerated() {
            let animationPath = "\(path)[\(index)]"
            if case .group(let children) = animation.kind {
                try checkFilterKeyPaths(children, layer: layer, at: "\(animationPath).animations")
            }
            guard let keyPath = animation.keyPath, let problem = layer.problem(animating: keyPath) else { continue }
            throw SceneError(file: reader.file, keyPath: "\(animationPath).keyPath", expected: problem.expected, found: problem.found)
        }
    }
}
