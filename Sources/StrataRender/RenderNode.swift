import StrataModel

/// One layer, prepared for drawing: geometry resolved, content turned into draw operations,
/// culled, and with the decision whether it needs an offscreen group.
public final class RenderNode: Sendable {
    /// The layer's name, for diagnostics and tests.
    public let name: String?
    /// From this layer's coordinates to its parent's, in points.
    public let transform: Transform2D
    /// The layer's opacity (0…1).
    public let opacity: Double
    /// Why the node needs an offscreen group; empty when it draws straight onto its parent.
    public let isolation: [IsolationReason]
    /// Clip applied to content and sublayers (`masksToBounds`), in the layer's coordinates.
    public let clip: RoundedRect?
    /// Operations drawn before the sublayers (background, gradient, contents, text).
    public let content: [DrawOperation]
    /// Sublayers, in drawing order (sorted by zPosition, stable).
    public let children: [RenderNode]
    /// Operations drawn after the sublayers (the border, as Core Animation does).
    public let overlay: [DrawOperation]
    /// The mask layer's node, drawn in this layer's coordinates.
    public let mask: RenderNode?
    /// The shadow, in canvas pixels.
    public let shadow: ShadowParameters?
    /// Filters on the group, lengths in canvas pixels.
    public let filters: [Filter]
    /// The backdrop filter, if any.
    public let backdrop: Backdrop?
    /// The blend mode of the group with what is behind it; nil is normal.
    public let blendMode: BlendMode?
    /// The offscreen group's rectangle in canvas pixels: `bounds`, plus room for what filters
    /// read beyond the visible part.
    public let groupBounds: Rect
    /// What the node can touch on the canvas, in pixels, clipped by ancestors and the canvas;
    /// an offscreen group is exactly this rectangle rounded out.
    public let bounds: Rect
    /// Number of draw operations in the subtree (masks excluded).
    public let drawCount: Int
    /// For a layer seen through a projective 3-D transform: how its flat drawing (the only
    /// child, drawn offscreen in the projection's pixels) maps into the parent; nil otherwise.
    public let projection: Projection?
    /// A convex polygon in the parent's user space (points) that clips the node with hard edges:
    /// a part of a plane of a transform layer split where another plane meets it (`PlaneSort`).
    public let polygonClip: [Point]?
    /// Whether nothing the node and its subtree draw breaks `Limits` (`RenderTree.overLimits`):
    /// checked once, when the node is made, so that a node kept from frame to frame is not
    /// checked again every frame.
    public let withinLimits: Bool

    /// Creates a node; `RenderTreeBuilder` is the usual way.
    public init(name: String?, transform: Transform2D, opacity: Double, isolation: [IsolationReason],
                clip: RoundedRect?, content: [DrawOperation], children: [RenderNode], overlay: [DrawOperation],
                mask: RenderNode?, shadow: ShadowParameters?, bounds: Rect, drawCount: Int,
                filters: [Filter] = [], backdrop: Backdrop? = nil, blendMode: BlendMode? = nil, groupBounds: Rect? = nil,
                projection: Projection? = nil, polygonClip: [Point]? = nil) {
        self.name = name
        self.transform = transform
        self.opacity = opacity
        self.isolation = isolation
        self.clip = clip
        self.content = content
        self.children = children
        self.overlay = overlay
        self.mask = mask
        self.shadow = shadow
        self.bounds = bounds
        self.drawCount = drawCount
        self.filters = filters
        self.backdrop = backdrop
        self.blendMode = blendMode
        self.groupBounds = groupBounds ?? bounds
        self.projection = projection
        self.polygonClip = polygonClip
        self.withinLimits = children.allSatisfy(\.withinLimits) && (mask?.withinLimits ?? true)
            && Self.ownProblem(isolation: isolation, groupBounds: groupBounds ?? bounds, filters: filters, backdrop: backdrop,
                               content: content, overlay: overlay) == nil
    }

    /// True when the node is drawn into an offscreen group.
    public var isIsolated: Bool { !isolation.isEmpty }

    /// For a projected node, the same node warped only inside `limit` (canvas pixels): a part of a
    /// split plane warps its part, not the whole plane again. Other nodes are returned as they are.
    func warped(within limit: Rect) -> RenderNode {
        guard projection != nil, !bounds.intersection(limit).isEmpty, bounds.intersection(limit) != bounds else { return self }
        return RenderNode(name: name, transform: transform, opacity: opacity, isolation: isolation, clip: clip, content: content,
                          children: children, overlay: overlay, mask: mask, shadow: shadow, bounds: bounds.intersection(limit),
                          drawCount: drawCount, filters: filters, backdrop: backdrop, blendMode: blendMode, projection: projection,
                          polygonClip: polygonClip)
    }
}

/// How a layer under a projective transform is drawn: flat, into an offscreen surface covering
/// `sourcePixels` of its own coordinates at `pixelScale`, then warped into the parent.
public struct Projection: Hashable, Sendable {
    /// From the layer's coordinates to the parent's user space (points).
    public var homography: Homography
    /// The offscreen surface in the layer's coordinates times `pixelScale`: whole pixels, the
    /// visible part of the layer and one transparent pixel around it (for anti-aliased edges).
    public var sourcePixels: Rect
    /// Offscreen pixels per layer point.
    public var pixelScale: Double

    /// From offscreen pixels to the parent's user space (points).
    public var pixelsToParent: Homography {
        let toPoints = Transform2D.translation(x: sourcePixels.minX, y: sourcePixels.minY)
            .concatenating(.scale(x: 1 / pixelScale, y: 1 / pixelScale))
        return Homography(toPoints).concatenating(homography)
    }
}

/// A backdrop filter resolved for drawing.
public struct Backdrop: Hashable, Sendable {
    /// Filters, lengths in canvas pixels, applied in order.
    public var filters: [Filter]
    /// The layer's shape in its own coordinates (points): where the filtered backdrop shows.
    public var shape: RoundedRect
    /// How pixels past the edge of the backdrop are seen.
    public var edgeMode: EdgeMode
    /// The shape's bounding box in canvas pixels.
    public var shapeBounds: Rect
    /// What is read from the backdrop, in canvas pixels: the shape's box grown by the filters'
    /// reach (a σ = 10 blur reads 30 px around the layer).
    public var readBounds: Rect
}

/// A frame ready to rasterise: the canvas size and the top-level render nodes.
public struct RenderTree: Sendable {
    /// Canvas width, in pixels.
    public let pixelWidth: Int
    /// Canvas height, in pixels.
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    /// Fill of the whole canvas before anything is drawn; nil leaves it transparent.
    public let background: Color?
    /// The top-level nodes, in drawing order; their transforms map to canvas points.
    public let roots: [RenderNode]
    /// How far a drawn curve may lie from the true curve, in canvas pixels (`CurveTolerance`).
    public let curveTolerance: Double

    /// Creates a render tree.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, background: Color?, roots: [RenderNode],
                curveTolerance: Double = CurveTolerance.standard) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.background = background
        self.roots = roots
        self.curveTolerance = CurveTolerance.clamped(curveTolerance)
    }

    /// Every node of the tree, depth first, masks included (for tests and statistics).
    public var allNodes: [RenderNode] {
        var result: [RenderNode] = []
        func visit(_ node: RenderNode) {
            result.append(node)
            node.children.forEach(visit)
            if let mask = node.mask { visit(mask) }
        }
        roots.forEach(visit)
        return result
    }
}
