/// A replicator's settings, as `CAReplicatorLayer`: the layer's sublayers are drawn
/// `instanceCount` times, instance k moved by `instanceTransform` applied k times (about the
/// layer's anchor point, as a sublayer transform), its animations running `k × instanceDelay`
/// seconds late, its colours multiplied by `instanceColor` plus k times the offsets.
public struct ReplicatorContent: Hashable, Sendable {
    /// Copies drawn (instance 0 is the sublayers as they are); 0 draws none.
    public var instanceCount: Int
    /// The transform from one instance to the next, about the layer's anchor point.
    public var instanceTransform: Transform3D
    /// How much later each instance's animations run than the previous one's, in seconds.
    public var instanceDelay: Double
    /// The colour instance 0's content is multiplied by (white: unchanged).
    public var instanceColor: Color
    /// Added to the colour's components for each further instance (the result clamped to 0…1).
    public var instanceRedOffset: Double
    public var instanceGreenOffset: Double
    public var instanceBlueOffset: Double
    public var instanceAlphaOffset: Double
    /// The sublayers of instances 1, 2, … as presented `k × instanceDelay` earlier, filled in
    /// when the tree is evaluated at a time (nil: every instance shows `sublayers`).
    public var delayedSublayers: [[Layer]]?

    /// Creates replicator settings with Core Animation's defaults (one instance, no change).
    public init(instanceCount: Int = 1, instanceTransform: Transform3D = .identity, instanceDelay: Double = 0,
                instanceColor: Color = .white, instanceRedOffset: Double = 0, instanceGreenOffset: Double = 0,
                instanceBlueOffset: Double = 0, instanceAlphaOffset: Double = 0) {
        self.instanceCount = instanceCount
        self.instanceTransform = instanceTransform
        self.instanceDelay = instanceDelay
        self.instanceColor = instanceColor
        self.instanceRedOffset = instanceRedOffset
        self.instanceGreenOffset = instanceGreenOffset
        self.instanceBlueOffset = instanceBlueOffset
        self.instanceAlphaOffset = instanceAlphaOffset
        self.delayedSublayers = nil
    }

    /// The colour multiplying instance `k`'s content.
    public func color(ofInstance k: Int) -> Color {
        func component(_ base: Double, _ offset: Double) -> Double {
            let value = base + Double(k) * offset
            return value.isNaN ? 0 : min(1, max(0, value))
        }
        return Color(red: component(instanceColor.red, instanceRedOffset), green: component(instanceColor.green, instanceGreenOffset),
                     blue: component(instanceColor.blue, instanceBlueOffset), alpha: component(instanceColor.alpha, instanceAlphaOffset))
    }

    /// `instanceTransform` applied `k` times.
    public func transform(ofInstance k: Int) -> Transform3D {
        var result = Transform3D.identity
        for _ in 0..<max(0, k) { result = result.concatenating(instanceTransform) }
        return result
    }

    /// The wrappers that draw the instances of `layer` (a replicator), one per instance, in
    /// order: each has the layer's bounds and anchor, so its space is the layer's; its transform
    /// is the instance's, its sublayers the instance's, its colour a colour-matrix filter.
    public static func instances(of layer: Layer, maximum: Int) -> [Layer] {
        guard let replicator = layer.replicator else { return layer.sublayers }
        let count = min(max(0, replicator.instanceCount), maximum)
        var wrappers: [Layer] = []
        wrappers.reserveCapacity(count)
        var transform = Transform3D.identity
        for k in 0..<count {
            var wrapper = Layer()
            wrapper.name = "\(layer.name ?? "replicator").instance\(k)"
            wrapper.bounds = layer.bounds
            wrapper.anchorPoint = layer.anchorPoint
            wrapper.anchorPointZ = layer.anchorPointZ
            wrapper.position = Point(x: layer.bounds.minX + layer.anchorPoint.x * layer.bounds.width,
                                     y: layer.bounds.minY + layer.anchorPoint.y * layer.bounds.height)
            wrapper.transform = transform
            let color = replicator.color(ofInstance: k)
            if color != .white {
                wrapper.filters = [NamedFilter(name: "instanceColor", filter: .colorMatrix([
                    color.red, 0, 0, 0, 0, 0, color.green, 0, 0, 0, 0, 0, color.blue, 0, 0, 0, 0, 0, color.alpha, 0,
                ]))]
            }
            if k > 0, let delayed = replicator.delayedSublayers, delayed.indices.contains(k - 1) {
                wrapper.sublayers = delayed[k - 1]
            } else {
                wrapper.sublayers = layer.sublayers
            }
            wrappers.append(wrapper)
            transform = transform.concatenating(replicator.instanceTransform)
        }
        return wrappers
    }
}
