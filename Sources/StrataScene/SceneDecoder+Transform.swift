import Foundation
import StrataModel

// Transforms in scene files: the 2-D mapping form, and lists of one-key steps (2-D and 3-D)
// applied in the order written, as CATransform3DConcat; the layer keys of 3-D placement.
extension SceneDecoder {
    /// The transform keys of a layer. Out of line: `layer` recurses once per level of a tree up
    /// to `Limits.maximumDepth` deep, so its own stack frame is kept small.
    @inline(never)
    func depthKeys(_ e: [String: SceneValue], into layer: inout Layer, at path: String) throws(SceneError) {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        if let v = e["transform"] { layer.transform = try transform(v, at: key("transform")) }
        if let v = e["sublayerTransform"] { layer.sublayerTransform = try transform(v, at: key("sublayerTransform")) }
        if let v = e["anchorPointZ"] { layer.anchorPointZ = try reader.number(v, at: key("anchorPointZ")) }
        if let v = e["doubleSided"] { layer.isDoubleSided = try reader.bool(v, at: key("doubleSided")) }
        if let v = e["transformLayer"] { layer.isTransformLayer = try reader.bool(v, at: key("transformLayer")) }
    }

    static let transformKeys = ["translate", "scale", "rotate", "skew"]
    /// One-key steps a transform list also takes (3-D; CSS's names).
    static let transformStepKeys = transformKeys + ["rotateX", "rotateY", "rotateZ", "translateZ", "scaleZ", "perspective", "matrix3d"]

    /// A transform: a mapping applied as scale, skew, rotate, then translate; or a list of
    /// one-key mappings applied in the order written (as `CATransform3DConcat`), 3-D steps included.
    @inline(never)
    func transform(_ value: SceneValue, at path: String) throws(SceneError) -> Transform3D {
        if case .array(let steps) = value.content {
            var planar: Transform2D? = .identity
            var result = Transform3D.identity
            for (index, step) in steps.enumerated() {
                let stepPath = "\(path)[\(index)]"
                let entries = try reader.object(step, at: stepPath, allowed: Self.transformStepKeys)
                guard entries.count == 1, let (name, operand) = entries.first else {
                    throw reader.error(stepPath, expected: "one of " + Self.transformStepKeys.joined(separator: ", "), found: step)
                }
                let stepTransform = try transformStep(name, operand, at: SceneReader.join(stepPath, name))
                // 2-D lists multiply in 2-D, as they always have (the same bytes).
                if let soFar = planar, stepTransform.isAffine {
                    planar = soFar.concatenating(stepTransform.affine)
                    result = Transform3D(planar!)
                } else {
                    planar = nil
                    result = result.concatenating(stepTransform)
                }
            }
            guard planar != nil || result.isFinite else {
                throw reader.error(path, expected: "a transform whose entries are finite", found: value)
            }
            return result
        }
        let entries = try reader.object(value, at: path, allowed: Self.transformKeys)
        var result = Transform2D.identity
        for name in ["scale", "skew", "rotate", "translate"] {
            if let operand = entries[name] {
                result = result.concatenating(try transformStep(name, operand, at: SceneReader.join(path, name)).affine)
            }
        }
        return Transform3D(result)
    }

    func transformStep(_ name: String, _ operand: SceneValue, at path: String) throws(SceneError) -> Transform3D {
        switch name {
        case "translate":
            if case .array(let values) = operand.content, values.count == 3 {
                let n = try reader.numbers(operand, at: path, count: 3, what: "[x, y] or [x, y, z] in points")
                return .translation(x: n[0], y: n[1], z: n[2])
            }
            let p = try reader.point(operand, at: path)
            return .translation(x: p.x, y: p.y)
        case "scale":
            if case .number = operand.content {
                let s = try reader.number(operand, at: path)
                return .scale(x: s, y: s)
            }
            if case .array(let values) = operand.content, values.count == 3 {
                let n = try reader.numbers(operand, at: path, count: 3, what: "a scale factor, [sx, sy] or [sx, sy, sz]")
                return .scale(x: n[0], y: n[1], z: n[2])
            }
            let n = try reader.numbers(operand, at: path, count: 2, what: "a scale factor, [sx, sy] or [sx, sy, sz]")
            return .scale(x: n[0], y: n[1])
        case "rotate", "rotateZ":
            return .rotation(radians: try reader.angle(operand, at: path))
        case "rotateX":
            return .rotation(radians: try reader.angle(operand, at: path), x: 1, y: 0, z: 0)
        case "rotateY":
            return .rotation(radians: try reader.angle(operand, at: path), x: 0, y: 1, z: 0)
        case "translateZ":
            return .translation(x: 0, y: 0, z: try reader.number(operand, at: path))
        case "scaleZ":
            return .scale(x: 1, y: 1, z: try reader.number(operand, at: path))
        case "perspective":
            let distance = try reader.number(operand, at: path)
            guard distance > 0 else {
                throw reader.error(path, expected: "a positive distance from the eye, in points (m34 = -1/distance)", found: operand)
            }
            return .perspective(distance: distance)
        case "matrix3d":
            let n = try reader.numbers(operand, at: path, count: 16, what: "16 numbers: m11, m12, m13, m14, m21, …, m44 (row vectors, as CATransform3D)")
            return Transform3D(entries: n)!
        default:
            guard case .array(let values) = operand.content, values.count == 2 else {
                throw reader.error(path, expected: "[x angle, y angle]", found: operand)
            }
            return .skew(xRadians: try reader.angle(values[0], at: "\(path)[0]"), yRadians: try reader.angle(values[1], at: "\(path)[1]"))
        }
    }
}
