/// Builds a layer's sublayers top-down, in the order written:
///
///     let card = Layer(name: "card", frame: Rect(x: 40, y: 40, width: 240, height: 120)) {
///         Layer(name: "title", frame: Rect(x: 20, y: 20, width: 200, height: 30))
///             .with { $0.text = TextContent(string: "Hello", fontSize: 20) }
///         if showBadge { Layer(name: "badge", frame: Rect(x: 200, y: 8, width: 24, height: 24)) }
///     }
@resultBuilder
public enum LayerBuilder {
    public static func buildExpression(_ layer: Layer) -> [Layer] { [layer] }
    public static func buildExpression(_ layers: [Layer]) -> [Layer] { layers }
    public static func buildBlock(_ parts: [Layer]...) -> [Layer] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Layer]?) -> [Layer] { part ?? [] }
    public static func buildEither(first part: [Layer]) -> [Layer] { part }
    public static func buildEither(second part: [Layer]) -> [Layer] { part }
    public static func buildArray(_ parts: [[Layer]]) -> [Layer] { parts.flatMap { $0 } }
}

extension Layer {
    /// Creates a layer occupying `frame` with the sublayers the builder lists.
    public init(name: String? = nil, frame: Rect, @LayerBuilder sublayers: () -> [Layer]) {
        self.init(name: name, frame: frame)
        self.sublayers = sublayers()
    }

    /// A copy of the layer changed by `change`: `Layer(frame: …).with { $0.opacity = 0.5 }`.
    public func with(_ change: (inout Layer) throws -> Void) rethrows -> Layer {
        var copy = self
        try change(&copy)
        return copy
    }

    // MARK: - Finding layers by name

    /// The first layer named `name` in this layer's subtree (this layer, then its sublayers depth
    /// first, masks included), or nil.
    public func sublayer(named name: String) -> Layer? {
        path(toLayerNamed: name).flatMap { layer(atPath: $0) }
    }

    /// Changes the first layer named `name` in this subtree; false when there is none.
    @discardableResult
    public mutating func updateSublayer(named name: String, _ change: (inout Layer) throws -> Void) rethrows -> Bool {
        guard let path = path(toLayerNamed: name) else { return false }
        try update(path: path[...], change)
        return true
    }

    /// Indices through `sublayers` (−1 for the mask) from this layer to the first layer named
    /// `name`: [] for this layer itself.
    public func path(toLayerNamed name: String) -> [Int]? {
        if self.name == name { return [] }
        for (index, child) in sublayers.enumerated() {
            if let rest = child.path(toLayerNamed: name) { return [index] + rest }
        }
        if let rest = mask?.path(toLayerNamed: name) { return [-1] + rest }
        return nil
    }

    /// The layer at `path` below this one (indices through `sublayers`, −1 for the mask; [] for
    /// this layer), or nil when the path leaves the tree.
    public func layer(atPath path: [Int]) -> Layer? {
        var layer = self
        for index in path {
            if index == -1 {
                guard let mask = layer.mask else { return nil }
                layer = mask
            } else {
                guard layer.sublayers.indices.contains(index) else { return nil }
                layer = layer.sublayers[index]
            }
        }
        return layer
    }

    private mutating func update(path: ArraySlice<Int>, _ change: (inout Layer) throws -> Void) rethrows {
        guard let first = path.first else { return try change(&self) }
        if first == -1 {
            guard var masked = mask else { return }
            try masked.update(path: path.dropFirst(), change)
            mask = masked
        } else {
            try sublayers[first].update(path: path.dropFirst(), change)
        }
    }
}
