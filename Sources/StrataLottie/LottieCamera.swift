import Foundation
import StrataModel
import StrataScene

/// After Effects' camera (a layer of type 13) as the transform that carries a composition's 3-D
/// layers (`ddd` 1) to the picture in perspective: world points (x right, y down, z into the
/// picture, After Effects' axes) are moved by −position, turned into the camera's axes, and
/// projected onto the plane `zoom` (`pe`, points) in front of it, centred on the composition's
/// middle. A two-node camera (with a point of interest `a`) looks at that point; its own
/// orientation and rotations turn it further. The 3-D layers under it are transform layers, so
/// their parents' 3-D transforms compose before the projection; neighbouring 3-D layers share one
/// view and are drawn back to front by depth, as After Effects sorts them (a 2-D layer between
/// them, a matte or a blend mode starts a view of its own). Without a camera, 3-D layers are drawn as Core Animation
/// draws lottie-ios's (their x and y rotations foreshortened, no perspective).
struct LottieCamera {
    /// The projection at the composition's first frame.
    var transform: Transform3D
    /// The projection sampled at every frame of the composition, when the camera moves.
    var animation: Animation?

    /// `layers` (3-D layers as transform layers) seen through the camera, flattened into a layer
    /// the composition's size: a transform layer carrying the projection holds them, so their
    /// planes are drawn back to front by depth.
    func view(_ layers: [Layer], name: String?, size: Size, context: LottieContext, at path: String) throws(SceneError) -> Layer {
        var viewed = Layer(name: "\(name ?? "layer") (camera)")
        viewed.anchorPoint = .zero
        viewed.isTransformLayer = true
        viewed.transform = transform
        try context.add(animation, forKey: "camera", to: &viewed, at: path)
        viewed.sublayers = layers
        var flat = Layer(name: "\(name ?? "layer") (3-D)", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
        flat.anchorPoint = .zero
        flat.sublayers = [viewed]
        try context.count(2, at: path)
        return flat
    }

    /// The camera of the composition whose layers are `nodes` (its first visible camera layer),
    /// nil when it has none.
    static func find(in nodes: [LottieNode], size: Size, time: LottieTime, context: LottieContext) throws(SceneError) -> LottieCamera? {
        for node in nodes where try node.integer("ty", default: 3, in: 0...100) == 13 {
            if try node.number("hd", default: 0, in: 0...1) == 1 { continue }
            if node["parent"] != nil { context.warn(node.path + ".parent", "a camera's parent is not applied") }
            let ks = try node.required("ks", "the camera's transform")
            let position = try ks.vectorProperty("p", default: [size.width / 2, size.height / 2, -1000])
            let interest = try ks["a"].map { n throws(SceneError) in try n.vectorProperty(count: 3, fill: 0) }
            let orientation = try ks.vectorProperty("or", default: [0, 0, 0])
            let turns = try ["rx", "ry", "rz"].map { key throws(SceneError) in try ks.vectorProperty(key, default: [0]) }
            let zoom = try node.required("pe", "the camera's zoom").vectorProperty(count: 1)
            if orientation.isAnimated { context.warn(ks.path + ".or", "a camera's changing orientation is drawn as at its first keyframe") }
            func matrix(atFrame frame: Double) -> Transform3D {
                let p = position.value(atFrame: frame)
                return Self.projection(position: [p[0], p.count > 1 ? p[1] : 0, p.count > 2 ? p[2] : 0],
                                       interest: interest.map { $0.value(atFrame: frame) }, orientation: orientation.first,
                                       rotation: turns.map { $0.value(atFrame: frame)[0] }, zoom: zoom.value(atFrame: frame)[0],
                                       center: Point(x: size.width / 2, y: size.height / 2))
            }
            var camera = LottieCamera(transform: matrix(atFrame: time.local(context.firstFrame)), animation: nil)
            let moving = position.isAnimated || zoom.isAnimated || (interest?.isAnimated ?? false) || turns.contains(where: \.isAnimated)
            if moving {
                let frames = context.rootFrames
                camera.animation = context.clock.sampled(.transform, frames.map { .transform(matrix(atFrame: time.local($0))) }, fromRootFrame: frames[0])
            }
            return camera
        }
        return nil
    }

    /// The projection of a camera at `position` (looking at `interest`, else along +z), turned by
    /// `orientation` and then `rotation` (x, y, z degrees), with the image plane `zoom` points
    /// ahead and the picture's centre at `center`. Row vectors, as `Transform3D`: a point's
    /// x and y come out divided by its distance ahead over the zoom; its z is zoom − distance
    /// (positive in front of the image plane, as Core Animation's z comes toward the viewer).
    static func projection(position c: [Double], interest: [Double]?, orientation: [Double], rotation: [Double],
                           zoom: Double, center: Point) -> Transform3D {
        typealias Vector = (x: Double, y: Double, z: Double)
        func normalized(_ v: Vector) -> Vector? {
            let length = (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
            return length > 1e-9 && length.isFinite ? (v.x / length, v.y / length, v.z / length) : nil
        }
        func cross(_ a: Vector, _ b: Vector) -> Vector { (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x) }
        // The camera's axes in the world (rows): looking at the point of interest, x to the right
        // of the way it looks with y down, else After Effects' unturned camera.
        var axes = Transform3D.identity
        if let interest, let ahead = normalized((interest[0] - c[0], interest[1] - c[1], interest[2] - c[2])) {
            let right = normalized(cross((0, 1, 0), ahead)) ?? (1, 0, 0)
            let down = cross(ahead, right)
            axes = Transform3D(m11: right.x, m12: right.y, m13: right.z, m14: 0, m21: down.x, m22: down.y, m23: down.z, m24: 0,
                               m31: ahead.x, m32: ahead.y, m33: ahead.z, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        }
        func turn(_ degrees: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
            degrees == 0 || !degrees.isFinite ? .identity : .rotation(radians: degrees * .pi / 180, x: x, y: y, z: z)
        }
        let own = turn(rotation[0], 1, 0, 0).concatenating(turn(rotation[1], 0, 1, 0)).concatenating(turn(rotation[2], 0, 0, 1))
            .concatenating(turn(orientation[0], 1, 0, 0)).concatenating(turn(orientation[1], 0, 1, 0))
            .concatenating(turn(orientation.count > 2 ? orientation[2] : 0, 0, 0, 1))
        let toWorld = own.concatenating(axes)
        // World to camera: the inverse of an orthonormal turn is its transpose.
        let t = toWorld
        let toCamera = Transform3D(m11: t.m11, m12: t.m21, m13: t.m31, m14: 0, m21: t.m12, m22: t.m22, m23: t.m32, m24: 0,
                                   m31: t.m13, m32: t.m23, m33: t.m33, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        let zoom = zoom > 1e-6 && zoom.isFinite ? zoom : 1e-6
        let project = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                  m31: center.x / zoom, m32: center.y / zoom, m33: -1, m34: 1 / zoom,
                                  m41: 0, m42: 0, m43: zoom, m44: 0)
        return Transform3D.translation(x: -c[0], y: -c[1], z: -c[2]).concatenating(toCamera).concatenating(project)
    }
}
