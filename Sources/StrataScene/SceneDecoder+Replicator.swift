import StrataModel

// Replicators in scene files: `replicator: {instanceCount:, instanceTransform:, instanceDelay:,
// instanceColor:, instanceRedOffset:, …}`, and the count of layers drawn once every instance is.
extension SceneDecoder {
    static let replicatorKeys = [
        "instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
        "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
    ]

    @inline(never)
    func replicator(_ value: SceneValue, at path: String) throws(SceneError) -> ReplicatorContent {
        let e = try reader.object(value, at: path, allowed: Self.replicatorKeys)
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        var replicator = ReplicatorContent()
        if let v = e["instanceCount"] {
            replicator.instanceCount = try integer(v, at: key("instanceCount"), minimum: 0, maximum: Limits.maximumReplicatorInstances)
        }
        if let v = e["instanceTransform"] { replicator.instanceTransform = try transform(v, at: key("instanceTransform")) }
        if let v = e["instanceDelay"] { replicator.instanceDelay = try reader.number(v, at: key("instanceDelay"), in: -1e6...1e6) }
        if let v = e["instanceColor"] { replicator.instanceColor = try reader.color(v, at: key("instanceColor")) }
        if let v = e["instanceRedOffset"] { replicator.instanceRedOffset = try reader.number(v, at: key("instanceRedOffset"), in: -1...1) }
        if let v = e["instanceGreenOffset"] { replicator.instanceGreenOffset = try reader.number(v, at: key("instanceGreenOffset"), in: -1...1) }
        if let v = e["instanceBlueOffset"] { replicator.instanceBlueOffset = try reader.number(v, at: key("instanceBlueOffset"), in: -1...1) }
        if let v = e["instanceAlphaOffset"] { replicator.instanceAlphaOffset = try reader.number(v, at: key("instanceAlphaOffset"), in: -1...1) }
        return replicator
    }

    /// The layers drawn with every replicator instance counted (nested replicators multiply),
    /// stopping once past `limit`. A replicator's count is the largest it holds or is animated to.
    static func drawnLayerCount(_ layers: [Layer], limit: Int) -> Int {
        var total = 0
        for layer in layers {
            var own = 1 + drawnLayerCount(layer.sublayers, limit: limit)
            if let mask = layer.mask { own += drawnLayerCount([mask], limit: limit) }
            if let replicator = layer.replicator {
                var count = replicator.instanceCount
                for entry in layer.animations { count = max(count, largestCount(entry.animation)) }
                own = 1 + count * (own - 1)
            }
            total += own
            if total > limit { return total }
        }
        return total
    }

    static func largestCount(_ animation: Animation) -> Int {
        func count(_ value: AnimationValue?) -> Int {
            guard case .number(let v)? = value, v.isFinite else { return 0 }
            return Int(min(Double(Limits.maximumReplicatorInstances), max(0, v)))
        }
        switch animation.kind {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            guard animation.keyPath == .instanceCount else { return 0 }
            return max(count(from), count(to), count(by), Limits.maximumReplicatorInstances * (by == nil ? 0 : 1))
        case .keyframe(let keyframes):
            guard animation.keyPath == .instanceCount else { return 0 }
            return keyframes.values.map { count($0) }.max() ?? 0
        case .group(let children):
            return children.map(largestCount).max() ?? 0
        }
    }
}
