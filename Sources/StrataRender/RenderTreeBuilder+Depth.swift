import StrataModel

// 3-D placement (DESIGN §11): a layer whose transform to its parent is 3-D is flattened into the
// parent's plane. When the flattened map is affine it is drawn through Cairo as any 2-D layer;
// when it is projective the layer is drawn flat offscreen and warped (a `Projection`). A transform
// layer keeps its sublayers in one 3-D space, each drawn as a plane, back to front.
extension RenderTreeBuilder {
    /// The largest offscreen pixels per point a projected layer is drawn at, as a multiple of the
    /// scene's scale (a layer brought close to the eye is drawn sharper, up to this).
    static let maximumProjectionMagnification = 4.0

    /// The node of `layer` placed by `toParent`, its whole 3-D transform to the parent's space.
    /// `extent`, when given, is the layer's `visualExtent` already measured (a plane's).
    func placedNode(for layer: Layer, parentDevice: Transform2D, clip: Rect, isMask: Bool, toParent: Transform3D, extent: Rect? = nil) -> RenderNode? {
        guard toParent.isFinite else { return nil }
        if layer.isTransformLayer {
            return transformLayerNode(for: layer, parentDevice: parentDevice, clip: clip, toParent: toParent)
        }
        if !layer.isDoubleSided, toParent.showsBackFace { return nil }
        let homography = toParent.flattened
        guard homography.isFinite, homography.determinant != 0 else { return nil }  // edge-on: nothing
        if homography.isAffine {
            return flatNode(for: layer, local: homography.affine, parentDevice: parentDevice, clip: clip, isMask: isMask)
        }
        return projectedNode(for: layer, homography: homography, parentDevice: parentDevice, clip: clip, isMask: isMask, extent: extent)
    }

    // MARK: - Transform layers

    /// A transform layer: no content of its own; every plane under it (through nested transform
    /// layers) placed in the parent's space and drawn back to front in the order of a BSP tree of
    /// their polygons (`PlaneSort`), a plane that meets another split along their line, ties in
    /// tree order. Its opacity multiplies each plane's.
    func transformLayerNode(for layer: Layer, parentDevice: Transform2D, clip: Rect, toParent: Transform3D) -> RenderNode? {
        var planes: [(layer: Layer, placement: Transform3D)] = []
        func collect(_ parent: Layer, _ toRoot: Transform3D, _ opacity: Double) {
            for child in Self.drawingOrder(parent.sublayers) where !child.isHidden {
                let placement = parent.placement(ofSublayer: child, toPlane: toRoot)
                guard placement.isFinite else { continue }
                if child.isTransformLayer {
                    collect(child, placement, opacity * child.opacity)
                } else {
                    var plane = child
                    plane.opacity *= opacity
                    planes.append((plane, placement))
                }
            }
        }
        collect(layer, toParent, layer.opacity)
        // Each plane's visual extent is measured once: for its polygon (when its bounds are
        // empty) and for its projected node.
        var extents: [Rect?] = Array(repeating: nil, count: planes.count)
        let polygons = planes.indices.map { index -> [PlaneSort.Point3]? in
            let plane = planes[index]
            let rect: Rect
            if plane.layer.bounds.isEmpty {
                rect = Self.visualExtent(of: plane.layer, scale: scale)
                extents[index] = rect
            } else {
                rect = plane.layer.bounds
            }
            guard !rect.isEmpty else { return nil }
            return PlaneSort.polygon(of: rect, placement: plane.placement)
        }
        var nodes: [Int: RenderNode?] = [:]
        func planeNode(_ index: Int) -> RenderNode? {
            if let made = nodes[index] { return made }
            let made = node(for: planes[index].layer, parentDevice: parentDevice, clip: clip, placement: planes[index].placement, extent: extents[index])
            nodes[index] = made
            return made
        }
        // The visible part of the canvas in the parent's space, from which a part's clip is cut.
        let device = parentDevice, determinant = device.a * device.d - device.b * device.c
        let region: [Point]? = determinant.isFinite && determinant != 0 ? clip.outsetBy(dx: 2, dy: 2).corners.map { corner in
            let x = corner.x - device.tx, y = corner.y - device.ty
            return Point(x: (device.d * x - device.c * y) / determinant, y: (device.a * y - device.b * x) / determinant)
        } : nil
        let fragments = ordersPlanes ? PlaneSort.order(polygons) : planes.indices.map { PlaneSort.Fragment(plane: $0, cuts: []) }
        let children = fragments.compactMap { fragment -> RenderNode? in
            guard let whole = planeNode(fragment.plane) else { return nil }
            guard !fragment.cuts.isEmpty, let region else { return whole }
            let polygon = PlaneSort.clipPolygon(region, by: fragment.cuts)
            guard !polygon.isEmpty else { return nil }
            let onCanvas = polygon.map { device.apply(to: $0) }
            let xs = onCanvas.map(\.x), ys = onCanvas.map(\.y)
            let bounds = whole.bounds.intersection(Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!).roundedOut)
            guard !bounds.isEmpty else { return nil }
            return RenderNode(name: whole.name, transform: .identity, opacity: 1, isolation: [], clip: nil, content: [],
                              children: [whole.warped(within: bounds.outsetBy(dx: 1, dy: 1))],
                              overlay: [], mask: nil, shadow: nil, bounds: bounds, drawCount: whole.drawCount, polygonClip: polygon)
        }
        guard !children.isEmpty else { return nil }
        let bounds = children.reduce(Rect.zero) { $0.union($1.bounds) }
        return RenderNode(name: layer.name, transform: .identity, opacity: 1, isolation: [], clip: nil, content: [],
                          children: children, overlay: [], mask: nil, shadow: nil, bounds: bounds,
                          drawCount: children.reduce(0) { $0 + $1.drawCount })
    }

    // MARK: - Projected layers

    /// A layer seen through a projective map: its flat drawing (opacity and blend mode left to the
    /// warp) in an offscreen surface covering the part of it that can be seen, warped into place.
    func projectedNode(for layer: Layer, homography: Homography, parentDevice: Transform2D, clip: Rect, isMask: Bool, extent: Rect? = nil) -> RenderNode? {
        let toCanvas = homography.concatenating(Homography(parentDevice))
        var source = extent ?? Self.visualExtent(of: layer, scale: scale)
        guard !source.isEmpty, [source.minX, source.minY, source.maxX, source.maxY].allSatisfy(\.isFinite) else { return nil }
        // Only what lands inside the clip is drawn: the clip's preimage, when it is a bounded
        // quadrilateral in front of the eye.
        if let inverse = toCanvas.inverted() {
            let preimage = clip.corners.map { inverse.apply(x: $0.x, y: $0.y) }
            if preimage.allSatisfy({ $0.w > 0 }) {
                let points = preimage.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
                let xs = points.map(\.x), ys = points.map(\.y)
                source = source.intersection(Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
            }
        }
        guard !source.isEmpty else { return nil }
        // Pixels per point: the largest magnification along the visible part's edges, within limits.
        var pixelScale = scale
        let corners = source.corners, projected = toCanvas.project(corners)
        if projected.count == 4 {
            var ratio = 0.0
            for i in 0..<4 {
                let a = projected[i], b = projected[(i + 1) % 4]
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let original = i % 2 == 0 ? source.width : source.height
                ratio = max(ratio, length / original)
            }
            if ratio.isFinite, ratio > 0 { pixelScale = min(max(ratio, scale / 4), scale * Self.maximumProjectionMagnification) }
        }
        let side = Double(Limits.maximumSide - 2)
        pixelScale = min(pixelScale, side / source.width, side / source.height,
                         (Double(Limits.maximumPixels) / ((source.width + 2) * (source.height + 2))).squareRoot() * 0.99)
        guard pixelScale > 0, pixelScale.isFinite else { return nil }
        let pixels = Rect(x: source.minX * pixelScale, y: source.minY * pixelScale,
                          width: source.width * pixelScale, height: source.height * pixelScale).roundedOut.outsetBy(dx: 1, dy: 1)
        guard pixels.width >= 1, pixels.height >= 1, pixels.width * pixels.height <= Double(Limits.maximumPixels),
              pixels.width <= Double(Limits.maximumSide), pixels.height <= Double(Limits.maximumSide) else { return nil }
        let device = Transform2D.scale(x: pixelScale, y: pixelScale).concatenating(.translation(x: -pixels.minX, y: -pixels.minY))
        var flat = layer
        flat.opacity = 1
        flat.compositingFilter = nil
        let surface = Rect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        // Inside, lengths in pixels (filters, shadows) are the layer's own points at pixelScale,
        // so they look as on the flat layer once it is projected.
        var local = self
        local.scale = pixelScale
        guard let inner = local.flatNode(for: flat, local: device, parentDevice: .identity, clip: surface, isMask: isMask) else { return nil }
        let projection = Projection(homography: homography, sourcePixels: pixels, pixelScale: pixelScale)
        let bounds = projection.pixelsToParent.concatenating(Homography(parentDevice)).projectedBounds(of: surface).intersection(clip)
        guard !bounds.isEmpty else { return nil }
        let blendMode = layer.compositingFilter == .normal ? nil : layer.compositingFilter
        return RenderNode(name: layer.name, transform: .identity, opacity: isMask ? 1 : layer.opacity, isolation: [.projection],
                          clip: nil, content: [], children: [inner], overlay: [], mask: nil, shadow: nil, bounds: bounds,
                          drawCount: inner.drawCount, blendMode: blendMode, projection: projection)
    }

    /// Where a layer and its sublayers can draw, in its own coordinates (points): its content,
    /// its sublayers' projected frames, grown by filters and the shadow; cut to the bounds when
    /// it masks to them. Generous rather than tight: it sizes an offscreen surface.
    static func visualExtent(of layer: Layer, scale: Double, depth: Int = 0) -> Rect {
        var extent = Rect.zero
        for operation in Self.contentExtents(of: layer) { extent = extent.union(operation) }
        if depth < Limits.maximumDepth {
            let sublayer = layer.sublayerTransformAboutAnchor
            for child in Self.drawnSublayers(of: layer) where !child.isHidden {
                let inner = visualExtent(of: child, scale: scale, depth: depth + 1)
                guard !inner.isEmpty else { continue }
                if sublayer == nil, child.transform.isAffine {
                    extent = extent.union(child.affineTransformToSuperlayer.apply(to: inner))
                } else {
                    let placement = child.transformToSuperlayer.concatenating(sublayer ?? .identity)
                    guard placement.isFinite else { continue }
                    extent = extent.union(placement.flattened.projectedBounds(of: inner))
                }
            }
        }
        if !layer.filters.isEmpty {
            let (fx, fy) = totalOutset(layer.filters.map(\.filter))
            extent = extent.outsetBy(dx: fx, dy: fy)
        }
        if let shadow = layer.shadow, !extent.isEmpty {
            // In points (scale 1), a point more for anti-aliasing.
            let cast = ShadowParameters(shadow, scale: 1)
            extent = extent.union(extent.offsetBy(dx: cast.offsetX, dy: cast.offsetY).outsetBy(dx: cast.spread + 1, dy: cast.spread + 1))
        }
        if layer.masksToBounds { extent = extent.intersection(layer.bounds) }
        if !layer.backgroundFilters.isEmpty { extent = extent.union(layer.bounds) }
        return extent
    }

    /// The extents of a layer's own draw operations, in its coordinates (points).
    static func contentExtents(of layer: Layer) -> [Rect] {
        let shape = RoundedRect(rect: layer.bounds, cornerRadius: layer.cornerRadius)
        let (content, overlay) = operations(of: layer, shape: shape)
        return (content + overlay).map(\.extent)
    }
}
