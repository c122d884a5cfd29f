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
    /// What the node can touch on the canvas, in pixels, clipped by ancestors and the canvas;
    /// an offscreen group is exactly this rectangle rounded out.
    public let bounds: Rect
    /// Number of draw operations in the subtree (masks excluded).
    public let drawCount: Int

    /// Creates a node; `RenderTreeBuilder` is the usual way.
    public init(name: String?, transform: Transform2D, opacity: Double, isolation: [IsolationReason],
                clip: RoundedRect?, content: [DrawOperation], children: [RenderNode], overlay: [DrawOperation],
                mask: RenderNode?, shadow: ShadowParameters?, bounds: Rect, drawCount: Int) {
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
    }

    /// True when the node is drawn into an offscreen group.
    public var isIsolated: Bool { !isolation.isEmpty }
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

    /// Creates a render tree.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, background: Color?, roots: [RenderNode]) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.background = background
        self.roots = roots
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
