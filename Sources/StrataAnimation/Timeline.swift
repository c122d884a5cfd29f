import StrataModel

/// Where a layer sits in a tree: the indices through `sublayers`, from the top-level list.
/// A mask is addressed with the index `LayerPath.maskIndex`.
public struct LayerPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Index of the mask in a path.
    public static let maskIndex = -1
    /// Indices from the top-level layer list down.
    public var indices: [Int]

    /// Creates a path.
    public init(_ indices: [Int]) { self.indices = indices }

    /// The path of a sublayer (or, with `maskIndex`, the mask) of this layer.
    public func appending(_ index: Int) -> LayerPath { LayerPath(indices + [index]) }

    public static func < (lhs: LayerPath, rhs: LayerPath) -> Bool { lhs.indices.lexicographicallyPrecedes(rhs.indices) }

    /// The scene key path, e.g. `layers[2].sublayers[0]`.
    public var description: String {
        var text = ""
        for (position, index) in indices.enumerated() {
            if index == Self.maskIndex { text += ".mask" } else {
                text += position == 0 ? "layers[\(index)]" : ".sublayers[\(index)]"
            }
        }
        return text
    }
}

/// The animations of a scene by index path: the evaluation engine's view of the animations the
/// layers hold (`Timeline(layers:)`). Evaluating it at a time is a pure function of the model
/// layers, the animations and the time, so frames can be evaluated alone, in any order, in parallel.
public struct Timeline: Hashable, Sendable {
    /// The animations of each layer, in the order added (later ones apply on top). Internal: the
    /// layers are the model (`Layer.add(_:forKey:)`); a path here that points nowhere would be
    /// ignored without a word, so only `init(layers:)` makes one from outside.
    var animations: [LayerPath: [Animation]]

    /// A timeline from animations by path (for this module and its tests).
    init(animations: [LayerPath: [Animation]] = [:]) {
        self.animations = animations
    }

    /// The animations of the layer at `path`, in the order added.
    public func animations(at path: LayerPath) -> [Animation] { animations[path] ?? [] }

    /// The animations the layers hold (`Layer.add(_:forKey:)`), by index path.
    public init(layers: [Layer]) {
        var collected: [LayerPath: [Animation]] = [:]
        func walk(_ layer: Layer, _ path: LayerPath) {
            if !layer.animations.isEmpty { collected[path] = layer.animations.map(\.animation) }
            for (index, child) in layer.sublayers.enumerated() { walk(child, path.appending(index)) }
            if let mask = layer.mask { walk(mask, path.appending(LayerPath.maskIndex)) }
        }
        for (index, layer) in layers.enumerated() { walk(layer, LayerPath([index])) }
        self.init(animations: collected)
    }

    /// True when nothing is animated.
    public var isEmpty: Bool { animations.values.allSatisfy(\.isEmpty) }

    /// The paths of the animated layers, sorted.
    public var animatedPaths: [LayerPath] { animations.filter { !$0.value.isEmpty }.keys.sorted() }

    /// The layer tree as it appears at `seconds`: every animated value resolved.
    public func evaluate(_ layers: [Layer], atSeconds seconds: Double) -> PresentationTree {
        if isEmpty { return PresentationTree(layers: layers, seconds: seconds) }
        return PresentationTree(layers: layers.enumerated().map { evaluate($1, path: LayerPath([$0]), at: seconds) },
                                seconds: seconds)
    }

    private func evaluate(_ layer: Layer, path: LayerPath, at seconds: Double) -> Layer {
        var result = layer
        if let list = animations[path], !list.isEmpty {
            var properties = AnimatedProperties(layer)
            for animation in list { animation.apply(atParentTime: seconds, to: &properties) }
            result = properties.applied(to: layer)
        }
        if !layer.sublayers.isEmpty {
            result.sublayers = layer.sublayers.enumerated().map { evaluate($1, path: path.appending($0), at: seconds) }
            // A replicator's later instances show the sublayers k × instanceDelay earlier.
            if let replicator = result.replicator, let delays = Self.instanceDelays(replicator) {
                result.replicator?.delayedSublayers = delays.map { delay in
                    layer.sublayers.enumerated().map { evaluate($1, path: path.appending($0), at: seconds - delay) }
                }
            }
        }
        if let mask = layer.mask {
            result.mask = evaluate(mask, path: path.appending(LayerPath.maskIndex), at: seconds)
        }
        return result
    }

    /// Most replicator instances whose sublayers are evaluated at their own delayed times.
    static let maximumDelayedInstances = Limits.maximumReplicatorInstances

    /// The delays of instances 1, 2, … (k × instanceDelay), or nil when every instance shows the
    /// same time.
    static func instanceDelays(_ replicator: ReplicatorContent) -> [Double]? {
        let count = min(replicator.instanceCount, maximumDelayedInstances)
        guard count > 1, replicator.instanceDelay != 0, replicator.instanceDelay.isFinite else { return nil }
        return (1..<count).map { Double($0) * replicator.instanceDelay }
    }
}

/// The layer tree at one time, with every animation applied: an immutable value.
public struct PresentationTree: Hashable, Sendable {
    /// The tree of `layers` at `seconds`, each layer's own animations applied (what
    /// `Timeline(layers:).evaluate(layers, atSeconds:)` gives, without building the path index).
    ///
    /// With `skippingUnseen`, what a renderer needs and no more: the sublayers and mask of a layer
    /// presented hidden, or fully transparent and not itself a mask, keep their model values,
    /// because nothing of them is drawn (a Lottie layer outside its in and out points is such a
    /// layer, with hundreds of animated layers under it). Inside a transform layer everything is
    /// evaluated: its transparent planes still take part in sorting the others.
    public init(evaluating layers: [Layer], atSeconds seconds: Double, skippingUnseen: Bool = false) {
        /// The layer as presented, or nil when nothing in it moves: a still subtree is shared with
        /// the model, not copied layer by layer.
        func evaluate(_ layer: Layer, isMask: Bool = false, skips: Bool = skippingUnseen) -> Layer? {
            var result: Layer?
            let animations = layer.animations
            // A layer none of whose animations is active now (not begun, or ended and removed: a
            // Lottie layer outside its in and out points) is not read into properties at all.
            if animations.contains(where: { $0.animation.timing.state(atParentTime: seconds) != nil }) {
                var properties = AnimatedProperties(layer)
                for index in animations.indices { animations[index].animation.apply(atParentTime: seconds, to: &properties) }
                // An animation that wrote nothing now (not begun, or ended and removed) leaves the layer shared.
                if !properties.touched.isEmpty { result = properties.applied(to: layer) }
            }
            let skips = skips && !layer.isTransformLayer
            if skips {
                let presented = result ?? layer
                if presented.isHidden || (!isMask && !(presented.opacity > 0)) { return result }
            }
            if !layer.sublayers.isEmpty {
                var sublayers: [Layer]?
                for index in layer.sublayers.indices {
                    guard let changed = evaluate(layer.sublayers[index], skips: skips) else { continue }
                    if sublayers == nil { sublayers = layer.sublayers }
                    sublayers![index] = changed
                }
                if let sublayers {
                    if result == nil { result = layer }
                    result!.sublayers = sublayers
                }
                if let replicator = (result ?? layer).replicator, let delays = Timeline.instanceDelays(replicator) {
                    if result == nil { result = layer }
                    result!.replicator?.delayedSublayers = delays.map { delay in
                        PresentationTree(evaluating: layer.sublayers, atSeconds: seconds - delay, skippingUnseen: skips).layers
                    }
                }
            }
            if let mask = layer.mask, let changed = evaluate(mask, isMask: true, skips: skips) {
                if result == nil { result = layer }
                result!.mask = changed
            }
            return result
        }
        self.init(layers: layers.map { evaluate($0) ?? $0 }, seconds: seconds)
    }

    /// The top-level layers as presented.
    public let layers: [Layer]
    /// The time, in seconds.
    public let seconds: Double

    /// Creates a presentation tree.
    public init(layers: [Layer], seconds: Double) {
        self.layers = layers
        self.seconds = seconds
    }

    /// The presented layer at `path`, if it exists.
    public func layer(at path: LayerPath) -> Layer? {
        guard let first = path.indices.first, layers.indices.contains(first) else { return nil }
        return layers[first].layer(atPath: Array(path.indices.dropFirst()))
    }
}
