import StrataFilters
import StrataModel

/// Turns a layer tree into a `RenderTree`: resolves geometry, turns content into draw operations,
/// culls what cannot be seen and decides isolation. No pixels are touched here.
///
/// Unit conversion happens here, once: shadow offsets and radii are converted from points to
/// canvas pixels with the pixels per point the layer is shown at (the scene's scale, times what its
/// transforms magnify).
public struct RenderTreeBuilder: Sendable {
    /// Canvas size, in points.
    public var size: Size
    /// Pixels per point (1, 2 or 3 in scenes).
    public var scale: Double
    /// Fill of the canvas; nil for transparent.
    public var background: Color?
    /// Whether the planes of a 3-D space (a transform layer's) are put in depth order, split
    /// where they cross (`PlaneSort`). A tree built only to check its surfaces against the limits
    /// leaves them in tree order, whole: a part of a plane never needs more than the plane.
    public var ordersPlanes = true
    /// How far a drawn curve may lie from the true curve, in canvas pixels (`CurveTolerance`).
    public var curveTolerance = CurveTolerance.standard
    /// Whether a gradient layer masked by one filled shape is drawn as the gradient in the
    /// shape's path (`gradientInMask`). Internal so that tests can compare with the mask.
    var foldsGradientMasks = true

    /// Creates a builder for a canvas of `size` points at `scale`.
    public init(size: Size, scale: Double, background: Color? = nil) {
        self.size = size
        self.scale = scale
        self.background = background
    }

    /// Canvas width and height in pixels (points × scale, rounded up).
    public var pixelSize: (width: Int, height: Int) {
        (Int(saturating: size.width * scale - 1e-9, .up), Int(saturating: size.height * scale - 1e-9, .up))
    }

    /// The nodes of the thread's previous frame (`RenderResources`), taken where a layer did not
    /// change; nil builds every node.
    var nodeCache: RenderNodeCache?

    /// Builds the render tree of `layers` as `build(_:)` does, taking the nodes of layers that did
    /// not change since the thread's previous frame from `resources` (the same tree either way).
    public func build(_ layers: [Layer], resources: RenderResources?) -> RenderTree {
        guard let cache = resources?.nodeCache else { return build(layers) }
        cache.beginFrame(self)
        var builder = self
        builder.nodeCache = cache
        return builder.build(layers)
    }

    /// Builds the render tree of `layers`, the top-level layers of a scene, whose superlayer
    /// space is the canvas (in points).
    public func build(_ layers: [Layer]) -> RenderTree {
        let (width, height) = pixelSize
        let canvas = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let device = Transform2D.scale(x: scale, y: scale)
        let roots = Self.drawingOrder(layers).compactMap { node(for: $0, parentDevice: device, clip: canvas) }
        return RenderTree(pixelWidth: width, pixelHeight: height, scale: scale, background: background, roots: roots,
                          curveTolerance: curveTolerance)
    }

    /// Sublayers sorted by zPosition; equal values keep their array order.
    /// Most replicator instances drawn for one layer (a scene file is refused beyond what
    /// `Limits.maximumLayers` allows; a tree built in Swift is cut here).
    static let maximumInstances = Limits.maximumReplicatorInstances

    /// The sublayers as drawn: a replicator's instance wrappers, or the sublayers.
    static func drawnSublayers(of layer: Layer) -> [Layer] {
        layer.replicator == nil ? layer.sublayers : ReplicatorContent.instances(of: layer, maximum: maximumInstances)
    }

    static func drawingOrder(_ layers: [Layer]) -> [Layer] {
        // Most siblings share one zPosition: then the order is the tree's, and nothing is copied.
        guard let first = layers.first, layers.contains(where: { $0.zPosition != first.zPosition }) else { return layers }
        // Sorted as indices (a Layer is large: sorting the layers themselves moved megabytes).
        let order = layers.indices.sorted { lhs, rhs in
            layers[lhs].zPosition != layers[rhs].zPosition ? layers[lhs].zPosition < layers[rhs].zPosition : lhs < rhs
        }
        return order.map { layers[$0] }
    }

    // MARK: - Nodes

    /// The node of `layer`, or nil when nothing of it can be seen. `clip` is the visible part of
    /// the canvas in pixels after the ancestors' clips; `parentSublayer` is the superlayer's
    /// `sublayerTransformAboutAnchor`; `placement`, when given, replaces the layer's whole 3-D
    /// transform to the parent (a plane inside a transform layer).
    func node(for layer: Layer, parentDevice: Transform2D, clip: Rect, isMask: Bool = false,
              parentSublayer: Transform3D? = nil, placement: Transform3D? = nil, extent: Rect? = nil) -> RenderNode? {
        guard !layer.isHidden, layer.opacity > 0 || isMask else { return nil }
        // Today's path, to the bit: a 2-D transform under a superlayer without a sublayer transform.
        if placement == nil, parentSublayer == nil, layer.transform.isAffine, !layer.isTransformLayer {
            return flatNode(for: layer, local: layer.affineTransformToSuperlayer, parentDevice: parentDevice, clip: clip, isMask: isMask)
        }
        return placedNode(for: layer, parentDevice: parentDevice, clip: clip, isMask: isMask,
                          toParent: placement ?? layer.transformToSuperlayer.concatenating(parentSublayer ?? .identity), extent: extent)
    }

    /// The node of `layer` drawn flat with `local` from its coordinates to its parent's.
    func flatNode(for layer: Layer, local: Transform2D, parentDevice: Transform2D, clip: Rect, isMask: Bool) -> RenderNode? {
        // A layer that only holds one sublayer where it stands adds nothing to the drawing: the
        // sublayer's node stands in its place, one node fewer to build, compare and paint (a Lottie
        // file's groups and transforms are such layers: about a third of TypeFace's). Built under
        // the same device transform, so it draws the same pixels.
        if !isMask, local == .identity, let only = Self.passedThrough(layer) {
            return node(for: only, parentDevice: local.concatenating(parentDevice), clip: clip)
        }
        // A layer without sublayers or a mask costs about as much to build as to look up.
        guard let nodeCache, !layer.sublayers.isEmpty || layer.mask != nil else {
            return builtFlatNode(for: layer, local: local, parentDevice: parentDevice, clip: clip, isMask: isMask)
        }
        let key = RenderNodeCache.key(layer, local: local, parentDevice: parentDevice, clip: clip, scale: scale, isMask: isMask)
        if let kept = nodeCache.node(for: key) { return kept }
        let node = builtFlatNode(for: layer, local: local, parentDevice: parentDevice, clip: clip, isMask: isMask)
        nodeCache.store(node, for: key, layer: layer)
        return node
    }

    /// The one sublayer of a layer that draws nothing of its own and changes nothing about how
    /// it is drawn (`Layer.onlySublayerIfPlain`, and no content or border); nil for any other layer.
    static func passedThrough(_ layer: Layer) -> Layer? {
        guard let only = layer.onlySublayerIfPlain else { return nil }
        let operations = operations(of: layer, shape: RoundedRect(rect: layer.bounds, cornerRadius: layer.cornerRadius))
        guard operations.content.isEmpty, operations.overlay.isEmpty else { return nil }
        return only
    }

    private func builtFlatNode(for layer: Layer, local: Transform2D, parentDevice: Transform2D, clip: Rect, isMask: Bool) -> RenderNode? {
        let device = local.concatenating(parentDevice)
        // Nothing of a layer whose geometry overflows (or collapses) can be drawn.
        let determinant = device.a * device.d - device.b * device.c
        guard determinant.isFinite, determinant != 0, device.tx.isFinite, device.ty.isFinite else { return nil }
        let shape = RoundedRect(rect: layer.bounds, cornerRadius: layer.cornerRadius)

        var ownClip = clip
        var clipShape: RoundedRect? = nil
        if layer.masksToBounds {
            clipShape = shape
            ownClip = clip.intersection(device.apply(to: layer.bounds))
        }

        let operations = Self.operations(of: layer, shape: shape)
        var content = operations.content
        let overlay = operations.overlay
        let sublayerTransform = layer.sublayerTransformAboutAnchor
        let children = Self.drawingOrder(Self.drawnSublayers(of: layer)).compactMap {
            node(for: $0, parentDevice: device, clip: ownClip, parentSublayer: sublayerTransform)
        }

        var extent = Rect.zero
        for operation in content { extent = extent.union(device.apply(to: operation.extent)) }
        for operation in overlay { extent = extent.union(device.apply(to: operation.extent)) }
        extent = extent.intersection(ownClip)
        for child in children { extent = extent.union(child.bounds) }

        // Filters: the group grows by what they spread, unless masksToBounds keeps it to the bounds.
        let filters = layer.filters.map { $0.filter.scaled(by: scale) }
        var groupExtent: Rect? = nil
        if !filters.isEmpty {
            let (fx, fy) = Self.totalOutset(filters)
            if !layer.masksToBounds {
                let grown = extent.isEmpty ? extent : extent.outsetBy(dx: fx, dy: fy)
                groupExtent = grown.intersection(clip.outsetBy(dx: fx, dy: fy))
                extent = grown
            }
        }

        var backdrop: Backdrop? = nil
        if !layer.backgroundFilters.isEmpty, !layer.bounds.isEmpty {
            let backdropFilters = layer.backgroundFilters.map { $0.filter.scaled(by: scale) }
            let shapeBounds = device.apply(to: layer.bounds).intersection(clip)
            let (fx, fy) = Self.totalOutset(backdropFilters)
            backdrop = Backdrop(filters: backdropFilters, shape: shape, edgeMode: layer.backdropEdgeMode, shapeBounds: shapeBounds,
                                readBounds: shapeBounds.roundedOut.outsetBy(dx: fx, dy: fy))
            extent = extent.union(shapeBounds)
            groupExtent = groupExtent.map { $0.union(shapeBounds) }
        }

        var maskNode: RenderNode? = nil
        if let mask = layer.mask {
            maskNode = node(for: mask, parentDevice: device, clip: ownClip, isMask: true)
            extent = extent.intersection(maskNode?.bounds ?? .zero)
            if foldsGradientMasks, let drawn = maskNode, clipShape == nil, overlay.isEmpty, children.isEmpty, filters.isEmpty, backdrop == nil, layer.shadow == nil,
               let folded = Self.gradientInMask(content, mask: drawn) {
                // A gradient layer masked by one filled shape (Lottie's gradient fills): the
                // gradient drawn in the shape's path, without the mask's two surfaces.
                content = [folded]
                extent = extent.intersection(device.apply(to: folded.extent))
                maskNode = nil
            }
        }

        var shadow: ShadowParameters? = nil
        if let model = layer.shadow, model.opacity > 0, model.color.alpha > 0 {
            // In the layer's own space, as Core Animation draws it: a layer shown magnified (its
            // transform and its ancestors') casts a shadow magnified as much — the pixels per point
            // at the layer, √|det| of its device transform (the scene's scale when nothing scales),
            // within 1/100…100 times the scale, the blur at most the largest a scene may ask for at
            // scale 3 (a layer scaled 5,000 times would otherwise blur a surface past every limit).
            let magnification = min(100, max(0.01, abs(determinant).squareRoot() / scale))
            var parameters = ShadowParameters(model, scale: scale * magnification)
            parameters.sigma = min(parameters.sigma, 3 * Limits.maximumBlurRadius)
            shadow = parameters
            let cast = extent.offsetBy(dx: parameters.offsetX, dy: parameters.offsetY)
                .outsetBy(dx: parameters.spread, dy: parameters.spread)
            extent = extent.union(cast.intersection(clip))
        }

        extent = extent.intersection(clip)
        let drawCount = content.count + overlay.count + children.reduce(0) { $0 + $1.drawCount } + (backdrop == nil ? 0 : 1)
        guard !extent.isEmpty, drawCount > 0 else { return nil }

        let blendMode = layer.compositingFilter == .normal ? nil : layer.compositingFilter
        var isolation: [IsolationReason] = []
        if layer.opacity < 1 && drawCount > 1 && !isMask { isolation.append(.opacity) }
        if maskNode != nil { isolation.append(.mask) }
        if shadow != nil { isolation.append(.shadow) }
        if !filters.isEmpty { isolation.append(.filter) }
        if backdrop != nil { isolation.append(.backdropFilter) }
        if blendMode != nil { isolation.append(.blendMode) }

        return RenderNode(
            name: layer.name, transform: local, opacity: isMask ? 1 : layer.opacity, isolation: isolation,
            clip: clipShape, content: content, children: children, overlay: overlay, mask: maskNode,
            shadow: shadow, bounds: extent, drawCount: drawCount, filters: filters, backdrop: backdrop,
            blendMode: blendMode, groupBounds: (groupExtent.map { $0.union(extent) } ?? extent))
    }

    /// `content`, a gradient filling its layer's rectangle, drawn through `mask` when the mask draws
    /// one opaque filled path and nothing else (nodes with one child each down to it, no opacity,
    /// clip, mask, filter, shadow, blend or projection of their own) inside the gradient's
    /// rectangle: the gradient in that path, in the layer's coordinates; nil otherwise.
    static func gradientInMask(_ content: [DrawOperation], mask: RenderNode) -> DrawOperation? {
        guard content.count == 1, case .gradient(let gradient, let shape) = content[0], shape.effectiveRadius == 0,
              gradient.kind == .linear || gradient.kind == .radial else { return nil }
        var node = mask
        var toLayer = mask.transform
        func plain(_ node: RenderNode) -> Bool {
            node.opacity == 1 && node.clip == nil && node.mask == nil && node.shadow == nil && node.filters.isEmpty && node.backdrop == nil
                && node.blendMode == nil && node.projection == nil && node.polygonClip == nil && node.overlay.isEmpty
        }
        guard plain(node) else { return nil }
        while node.content.isEmpty, node.children.count == 1 {
            node = node.children[0]
            guard plain(node) else { return nil }
            toLayer = node.transform.concatenating(toLayer)
        }
        guard node.children.isEmpty, node.content.count == 1, case .shape(let path) = node.content[0], path.path.isFinite else { return nil }
        let rect = shape.rect.outsetBy(dx: 1e-6, dy: 1e-6)
        func within(_ box: Rect) -> Bool { box.minX >= rect.minX && box.minY >= rect.minY && box.maxX <= rect.maxX && box.maxY <= rect.maxY }
        if path.strokes, !path.fills, path.strokeColor?.alpha == 1, toLayer.a == 1, toLayer.b == 0, toLayer.c == 0, toLayer.d == 1 {
            // A stroke moved, not scaled, into the layer's space (the width and dashes stay as
            // they are): the gradient in that stroke, cut to the gradient's rectangle where its
            // outline (mitred joins at their limit) may reach past it.
            var stroke = path
            stroke.path = path.path.applying(toLayer)
            let outline = stroke.path.controlBounds.outsetBy(dx: stroke.strokeReach, dy: stroke.strokeReach)
            return .gradientInStroke(gradient, shape.rect, stroke: stroke, clipped: !within(outline))
        }
        guard path.fills, !path.strokes, path.fillColor?.alpha == 1 else { return nil }
        // Within the gradient's rectangle (Lottie's box holds the paths' control points): the
        // gradient layer drew nothing outside it, and the path needs no clip there.
        let placed = path.path.applying(toLayer)
        guard within(placed.controlBounds) else { return nil }
        return .gradientInPath(gradient, shape.rect, path: placed, fillRule: path.fillRule)
    }

    /// How far a chain of filters spreads, in pixels per side.
    static func totalOutset(_ filters: [Filter]) -> (x: Double, y: Double) {
        filters.reduce((0.0, 0.0)) { total, filter in
            let outset = filter.outset
            return (total.0 + outset.x, total.1 + outset.y)
        }
    }

    /// The layer's own draw operations: before the sublayers and after them (the border).
    static func operations(of layer: Layer, shape: RoundedRect) -> (content: [DrawOperation], overlay: [DrawOperation]) {
        var content: [DrawOperation] = []
        if let color = layer.backgroundColor, color.alpha > 0, !layer.bounds.isEmpty {
            content.append(.fill(shape, color))
        }
        if let gradient = layer.gradient, !gradient.colors.isEmpty, !layer.bounds.isEmpty {
            content.append(.gradient(gradient, shape))
        }
        if let image = layer.contents {
            let pointSize = Size(width: Double(image.width) / max(layer.contentsScale, 1e-6),
                                 height: Double(image.height) / max(layer.contentsScale, 1e-6))
            let destination = layer.contentsGravity.placement(of: pointSize, in: layer.bounds)
            if !destination.isEmpty { content.append(.image(image, destination: destination, filter: layer.minificationFilter)) }
        }
        if let text = layer.text, !text.string.isEmpty, text.color.alpha > 0 || (text.isStroked && (text.strokeColor?.alpha ?? 0) > 0) {
            content.append(.text(text, bounds: layer.bounds))
        }
        if let shape = layer.shape, shape.fills || shape.strokes, !shape.path.isEmpty {
            content.append(.shape(shape))
        }
        var overlay: [DrawOperation] = []
        if layer.borderWidth > 0, layer.borderColor.alpha > 0, !layer.bounds.isEmpty {
            overlay.append(.border(shape, width: layer.borderWidth, layer.borderColor))
        }
        return (content, overlay)
    }
}
