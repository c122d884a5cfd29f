import Foundation
import StrataModel
import StrataScene

/// After Effects' transform (`ks` of a layer, `tr` of a shape group) as Core Animation layers:
/// the anchor is the origin of a zero-sized bounds (so the layer's content is drawn shifted by
/// −anchor, as After Effects does), position is `position`, scale and rotation are the transform
/// key paths `transform.scale.x|y` and `transform.rotation.z` (which Core Animation and Strata apply
/// scale first, then rotation, as After Effects does); an animated anchor is a sublayer moving by
/// −anchor.
struct LottieTransformBuilder {
    var context: LottieContext
    var time: LottieTime

    /// `content` placed by the transform at `node` (nil: the identity); `opacity` says whether the
    /// transform's opacity applies (a layer's own, not its parent's). A layer's transform gives
    /// it the bounds of its composition's `size` (its content's extent, which effects such as a
    /// motion-blur overlay snapshot), a group's none: either way the content lands where it did.
    /// `autoOrient` (a layer's `ao`) turns the layer to the direction its position moves along,
    /// as Core Animation's `rotationMode` (added to its rotation).
    /// `threeD` (a layer of a composition with a camera, `ddd` 1) keeps the layer in 3-D: a
    /// transform layer with its position's and anchor's z and its orientation (`or`).
    func wrap(_ content: Layer, in node: LottieNode?, opacity: Bool, name: String?, size: Size? = nil,
              autoOrient: Bool = false, threeD: Bool = false) throws(SceneError) -> Layer {
        var layer = try wrapFlat(content, in: node, opacity: opacity, name: name, size: size, autoOrient: autoOrient)
        guard threeD, let node else { return layer }
        let clock = context.clock
        layer.isTransformLayer = true
        if var shift = layer.sublayers.first, shift.name == name.map({ "\($0) anchor" }) {
            shift.isTransformLayer = true
            layer.sublayers[0] = shift
        }
        // z: into the picture, as the camera's projection takes it.
        if let split = node["p"], split["s"].map({ (try? $0.number(in: 0...1)) == 1 }) == true {
            let z = try split.vectorProperty("z", default: [0])
            layer.zPosition = z.first[0]
            try context.add(z.animation(.zPosition, time: time, clock: clock, make: { .number($0[0]) }), forKey: "position.z", to: &layer, at: split.path)
        } else {
            let position = try node.vectorProperty("p", default: [0, 0, 0])
            if position.first.count > 2 {
                layer.zPosition = position.first[2]
                try context.add(position.animation(.zPosition, time: time, clock: clock, dimension: 2, make: { .number($0.count > 2 ? $0[2] : 0) }),
                                forKey: "position.z", to: &layer, at: node.path + ".p")
            }
        }
        let anchor = try node.vectorProperty("a", default: [0, 0, 0])
        if anchor.first.count > 2 {
            layer.anchorPointZ = anchor.first[2]
            try context.add(anchor.animation(.anchorPointZ, time: time, clock: clock, dimension: 2, make: { .number($0.count > 2 ? $0[2] : 0) }),
                            forKey: "anchorPoint.z", to: &layer, at: node.path + ".a")
        }
        let orientation = try node.vectorProperty("or", default: [0, 0, 0])
        if orientation.isAnimated { context.warn(node.path + ".or", "a changing orientation is drawn as at its first keyframe") }
        let o = orientation.first
        var turn = Transform3D.identity
        for (degrees, axis) in zip(o, [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1)]) where degrees != 0 {
            turn = turn.concatenating(.rotation(radians: degrees * .pi / 180, x: axis.0, y: axis.1, z: axis.2))
        }
        // After the scale and rotations (components come before the model transform).
        if !turn.isIdentity { layer.transform = layer.transform.concatenating(turn) }
        return layer
    }

    private func wrapFlat(_ content: Layer, in node: LottieNode?, opacity: Bool, name: String?, size: Size?,
                          autoOrient: Bool) throws(SceneError) -> Layer {
        var layer = Layer(name: name)
        layer.anchorPoint = .zero
        if let size { layer.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height) }
        guard let node else {
            layer.sublayers = [content]
            return layer
        }
        guard node.isObject else { throw node.error("a transform") }
        let clock = context.clock
        // A negative x scale whose held runs Core Animation drops (LottieTransformGaps).
        let readScale = try node.vectorProperty("s", default: [100, 100])
        let gaps = try LottieTransformGaps.parts(of: node, scale: readScale, time: time, context: context, autoOrient: autoOrient)

        // Anchor.
        let anchor = try LottieTransformGaps.part(gaps?.anchor) { () throws(SceneError) in try node.vectorProperty("a", default: [0, 0]) }
        if anchor.isAnimated {
            var shift = Layer(name: name.map { "\($0) anchor" })
            shift.anchorPoint = .zero
            shift.position = Point(x: -anchor.first[0], y: -anchor.first[1])
            try context.add(anchor.animation(.position, time: time, clock: clock, make: { .point(Point(x: -$0[0], y: -$0[1])) }),
                            forKey: "anchor", to: &shift, at: node.path + ".a")
            shift.sublayers = [content]
            layer.sublayers = [shift]
            if let size {
                // The first anchor at the position; the shift moves the content by −anchor.
                layer.bounds = Rect(x: -anchor.first[0], y: -anchor.first[1], width: size.width, height: size.height)
                layer.anchorPoint = Point(x: anchor.first[0] / size.width, y: anchor.first[1] / size.height)
            }
        } else if let size {
            layer.anchorPoint = Point(x: anchor.first[0] / size.width, y: anchor.first[1] / size.height)
            layer.sublayers = [content]
        } else {
            layer.bounds = Rect(x: anchor.first[0], y: anchor.first[1], width: 0, height: 0)
            layer.sublayers = [content]
        }

        // Position: one property, or x and y apart (`s: true`).
        var positionParts: [LottieProperty<[Double]>]
        if let split = node["p"], split["s"].map({ (try? $0.number(in: 0...1)) == 1 }) == true {
            if autoOrient { context.warn(split.path, "auto-orient is not applied to a position split in x and y") }
            let x = try split.vectorProperty("x", default: [0]), y = try split.vectorProperty("y", default: [0])
            positionParts = [x, y]
            layer.position = Point(x: x.first[0], y: y.first[0])
            try context.add(x.animation(.positionX, time: time, clock: clock, make: { .number($0[0]) }), forKey: "position.x", to: &layer, at: split.path)
            try context.add(y.animation(.positionY, time: time, clock: clock, make: { .number($0[0]) }), forKey: "position.y", to: &layer, at: split.path)
        } else {
            let position = try LottieTransformGaps.part(gaps?.position) { () throws(SceneError) in try node.vectorProperty("p", default: [0, 0]) }
            positionParts = [position]
            layer.position = Point(x: position.first[0], y: position.first[1])
            if position.isAnimated { try addPosition(position, to: &layer, at: node.path + ".p", autoOrient: autoOrient) }
        }

        // Scale (percent) and rotation (degrees, clockwise): components when animated, else the
        // model transform (scale, then rotation).
        let scale = gaps?.scale ?? readScale
        let rotation = try LottieTransformGaps.part(gaps?.rotation) { () throws(SceneError) in
            try (node["r"] ?? node["rz"]).map { n throws(SceneError) in try n.vectorProperty(count: 1) } ?? LottieProperty(constant: [0])
        }
        // A 3-D layer's turns about x and y (degrees), drawn as Core Animation draws them
        // without a camera: foreshortened, no perspective.
        var turns: [(TransformComponent, LottieProperty<[Double]>, String)] = []
        for (key, component) in [("rx", TransformComponent.rotationX), ("ry", .rotationY)] {
            guard let turn = node[key] else { continue }
            let property = try turn.vectorProperty(count: 1)
            if property.keyframes.contains(where: { $0.value[0] != 0 }) { turns.append((component, property, turn.path)) }
        }
        if scale.isAnimated || rotation.isAnimated || !turns.isEmpty {
            for (dimension, component) in [(0, TransformComponent.scaleX), (1, .scaleY)] {
                try context.add(scale.animation(.transformComponent(component), time: time, clock: clock, dimension: dimension) { .number($0[dimension] / 100) }
                                ?? Self.constant(.transformComponent(component), .number(scale.first[dimension] / 100)),
                                forKey: "transform.\(component.rawValue)", to: &layer, at: node.path + ".s")
            }
            for (component, property, path) in turns + [(.rotationZ, rotation, node.path + ".r")] {
                try context.add(property.animation(.transformComponent(component), time: time, clock: clock) { .number($0[0] * .pi / 180) }
                                ?? Self.constant(.transformComponent(component), .number(property.first[0] * .pi / 180)),
                                forKey: "transform.\(component.rawValue)", to: &layer, at: path)
            }
        } else {
            let matrix = Transform2D.scale(x: scale.first[0] / 100, y: scale.first[1] / 100)
                .concatenating(.rotation(radians: rotation.first[0] * .pi / 180))
            layer.transform = Transform3D(matrix)
        }
        // lottie-ios plays a skewed transform, or one with a negative x scale, as one matrix
        // animation (LottieCombinedTransform.swift).
        let still = LottieProperty<[Double]>(constant: [0])
        let combinable = turns.isEmpty && !autoOrient && !time.isRemapped
        let moving = (positionParts, anchor)
        if let skewNode = node["sk"], case let skew = try skewNode.vectorProperty(count: 1), skew.keyframes.contains(where: { $0.value[0] != 0 }) {
            let axis = try node.vectorProperty("sa", default: [0])
            let combined = combinable && !skew.isAnimated && !axis.isAnimated
                ? Self.combined(scale: scale, rotation: rotation, skew: skew, axis: axis, alsoTimed: positionParts + [anchor]) : nil
            try applySkew(skew, axis: axis, to: &layer, at: skewNode.path, sampling: combined == nil)
            if let combined { try playCombined(combined, on: &layer, at: skewNode.path, moving: moving) }
        } else if combinable, scale.isAnimated || rotation.isAnimated, scale.keyframes.contains(where: { $0.value[0] < 0 }),
                  let combined = Self.combined(scale: scale, rotation: rotation, skew: still, axis: still, alsoTimed: positionParts + [anchor]) {
            try applySkew(still, axis: still, to: &layer, at: node.path + ".s", sampling: false)
            try playCombined(combined, on: &layer, at: node.path + ".s", moving: moving)
        }

        if opacity, let node = node["o"] {
            let value = try node.vectorProperty(count: 1).coreAnimationHolds(showing: [100], time: time, context: context)
            layer.opacity = min(1, max(0, value.first[0] / 100))
            try context.add(value.animation(.opacity, time: time, clock: clock, make: { .number(min(1, max(0, $0[0] / 100))) }),
                            forKey: "opacity", to: &layer, at: node.path)
        }
        return layer
    }

    /// Position keyframes: along their spatial tangents as a keyframe path; x and y apart when
    /// their easing differs per dimension.
    /// With `autoOrient` the keyframes always make a path, which the layer turns along.
    private func addPosition(_ position: LottieProperty<[Double]>, to layer: inout Layer, at path: String, autoOrient: Bool) throws(SceneError) {
        let clock = context.clock
        let perDimension = position.keyframes.contains { $0.ease.count > 1 && $0.ease[0] != $0.ease[1] }
        let curved = autoOrient || position.keyframes.contains { $0.spatialOut != nil || $0.spatialIn != nil }
        if perDimension && !curved {
            for (dimension, keyPath) in [(0, AnimationKeyPath.positionX), (1, .positionY)] {
                try context.add(position.animation(keyPath, time: time, clock: clock, dimension: dimension, make: { .number($0[dimension]) }),
                                forKey: keyPath.description, to: &layer, at: path)
            }
            return
        }
        var keyframePath: KeyframePath?
        if curved {
            let points = position.keyframes.map { Point(x: $0.value[0], y: $0.value[1]) }
            var segments: [KeyframePath.Segment] = []
            for index in 0..<(points.count - 1) {
                let a = points[index], b = points[index + 1], frame = position.keyframes[index]
                // Without tangents a segment is a line, as lottie-ios adds it to the path: run at
                // an even pace, not as a curve whose controls sit on its ends (which eases it in
                // and out a second time: MotionCorpse's triangle led Core Animation's by 7 points).
                guard frame.spatialOut != nil || frame.spatialIn != nil else {
                    segments.append(.line(to: b))
                    continue
                }
                let out = frame.spatialOut ?? .zero, into = frame.spatialIn ?? .zero
                segments.append(.curve(control1: Point(x: a.x + out.x, y: a.y + out.y), control2: Point(x: b.x + into.x, y: b.y + into.y), to: b))
            }
            keyframePath = KeyframePath(start: points[0], segments: segments)
        }
        var animation = position.animation(.position, time: time, clock: clock, path: keyframePath, make: { .point(Point(x: $0[0], y: $0[1])) })
        if autoOrient, var orienting = animation {
            if case .keyframe(var keyframes) = orienting.kind, keyframes.path != nil {
                keyframes.rotationMode = .auto
                orienting.kind = .keyframe(keyframes)
                animation = orienting
            } else {
                context.warn(path, "auto-orient is not applied to a time-remapped position")
            }
        }
        try context.add(animation, forKey: "position", to: &layer, at: path)
    }

    /// After Effects' skew (`sk` degrees along the axis `sa` degrees) applied after the scale and
    /// before the rotation: the layer's sublayers move into a layer of their own holding the scale
    /// (as components) and the skew (its transform, sampled at every frame when it changes), and
    /// the layer keeps position and rotation.
    /// `sampling`: whether a moving skew is sampled here (not when `playCombined` plays it).
    func applySkew(_ skew: LottieProperty<[Double]>, axis: LottieProperty<[Double]>, to layer: inout Layer, at path: String,
                           sampling: Bool = true) throws(SceneError) {
        func matrix(_ sk: Double, _ sa: Double) -> Transform3D {
            let angle = sa * .pi / 180, c = cos(angle), s = sin(angle)
            let shear = tan(min(85, max(-85, -sk)) * .pi / 180)
            return Transform3D(Transform2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
                .concatenating(Transform2D(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
                .concatenating(Transform2D(a: c, b: -s, c: s, d: c, tx: 0, ty: 0)))
        }
        var inner = Layer(name: layer.name.map { "\($0) skew" })
        inner.anchorPoint = .zero
        // The inner layer starts at the local point the layer holds at its position (the anchor);
        // the layer keeps its extent about that point.
        let size = layer.bounds.size
        let origin = Point(x: layer.bounds.origin.x + layer.anchorPoint.x * size.width, y: layer.bounds.origin.y + layer.anchorPoint.y * size.height)
        inner.bounds = Rect(x: origin.x, y: origin.y, width: 0, height: 0)
        inner.sublayers = layer.sublayers
        if size.width > 0 && size.height > 0 {
            layer.bounds = Rect(x: -origin.x, y: -origin.y, width: size.width, height: size.height)
            layer.anchorPoint = Point(x: origin.x / size.width, y: origin.y / size.height)
        } else {
            layer.bounds = .zero
            layer.anchorPoint = .zero
        }
        layer.sublayers = []
        // The scale moves inside, before the skew; the rotation stays outside, after it.
        var stillScale = Transform3D.identity
        if layer.transform.isIdentity == false {
            // A static scale and rotation: split the model matrix back into its parts.
            let m = layer.transform.affine
            let rotation = atan2(m.b, m.a)
            let unrotated = m.concatenating(.rotation(radians: -rotation))
            stillScale = Transform3D(Transform2D(a: unrotated.a, b: 0, c: 0, d: unrotated.d, tx: 0, ty: 0))
            inner.transform = stillScale.concatenating(matrix(skew.first[0], axis.first[0]))
            layer.transform = Transform3D(Transform2D.rotation(radians: rotation))
        } else {
            inner.transform = matrix(skew.first[0], axis.first[0])
            for component in [TransformComponent.scaleX, .scaleY] {
                if let animation = layer.animation(forKey: "transform.\(component.rawValue)") {
                    layer.removeAnimation(forKey: "transform.\(component.rawValue)")
                    try context.add(animation, forKey: "transform.\(component.rawValue)", to: &inner, at: path)
                }
            }
        }
        if sampling && (skew.isAnimated || axis.isAnimated) {
            let frames = context.rootFrames
            let values = frames.map { frame -> AnimationValue in
                let local = time.local(frame)
                return .transform(stillScale.concatenating(matrix(skew.value(atFrame: local)[0], axis.value(atFrame: local)[0])))
            }
            try context.add(context.clock.sampled(.transform, values, fromRootFrame: frames[0]), forKey: "skew", to: &inner, at: path)
        }
        layer.sublayers = [inner]
    }

    /// An animation that holds `value` at every time (a component beside an animated one, so that
    /// both apply in Core Animation's order).
    static func constant(_ keyPath: AnimationKeyPath, _ value: AnimationValue) -> Animation {
        Animation(keyPath: keyPath, kind: .keyframe(Keyframes(values: [value])),
                  timing: MediaTiming(duration: 1, fillMode: .both, isRemovedOnCompletion: false))
    }
}
