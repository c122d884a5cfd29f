import StrataModel
import StrataRaster
import Synchronization

// Damage: where a frame can differ from the one its thread drew before, found by diffing the two
// render trees (`RenderNode.drawsTheSame`), drawn over the previous frame only there, and handed
// out with the frame as a `FrameDamage` (rows and columns) for the encoder. One idea, one name.

/// A frame redrawn only where it can differ from the thread's previous frame (see `RenderResources`).
struct DamagePlan {
    /// The previous frame's canvas, to be drawn over.
    let surface: CairoSurface
    /// The region to redraw, in whole canvas pixels (empty: the frame is the previous one).
    let region: Rect
    /// The rows of the region: those that can differ from the previous frame.
    var rows: Range<Int> { Int(saturating: region.minY)..<max(Int(saturating: region.minY), Int(saturating: region.maxY)) }
    /// The columns of the region: those of `rows` that can differ from the previous frame.
    var columns: Range<Int> { Int(saturating: region.minX)..<max(Int(saturating: region.minX), Int(saturating: region.maxX)) }
    /// The top-level nodes that touch the region, in order.
    let roots: [Int]
}

extension RenderResources {
    /// The previous frame's size and top-level nodes, and the surface that holds its pixels.
    struct DrawnFrame {
        let key: BaseKey
        let roots: [RenderNode]
        let surface: ObjectIdentifier
    }

    /// How to draw `tree` over the thread's previous frame, or nil to draw it in full. The region
    /// that can differ: the old and new bounds of every top-level node that does not draw the same
    /// (bounds hold shadows and filter reach), grown until it holds the whole read of every
    /// backdrop-filtered node that sees any of it. Nil when there is no previous frame of this
    /// size held in the spare surface, when the top-level nodes were added or removed, when a
    /// backdrop is seen through a projection, or when the region is over half the canvas.
    func damagePlan(for tree: RenderTree) -> DamagePlan? {
        guard keepsDamage, let last = lastDrawn, last.key == BaseKey(tree), let spare = spareFrame,
              ObjectIdentifier(spare) == last.surface, last.roots.count == tree.roots.count else { return nil }
        var damage = Rect.zero
        for (old, new) in zip(last.roots, tree.roots) where !new.drawsTheSame(as: old) {
            damage = damage.union(old.bounds).union(new.bounds)
        }
        let canvas = Rect(x: 0, y: 0, width: Double(tree.pixelWidth), height: Double(tree.pixelHeight))
        if !damage.isEmpty {
            var reads: [Rect] = []
            for root in last.roots + tree.roots {
                guard Self.collectBackdropReads(root, into: &reads, inProjection: false) else { return nil }
            }
            // Draws whose pixels depend on where the clip starts are kept whole (see below).
            let scale = Transform2D.scale(x: tree.scale, y: tree.scale)
            for root in tree.roots {
                Self.collectWholeDraws(root, parent: scale, clipped: false, canvasWidth: tree.pixelWidth, canvasHeight: tree.pixelHeight, into: &reads)
            }
            var grown = true
            while grown {
                grown = false
                for read in reads where read.intersects(damage) && damage.union(read) != damage {
                    damage = damage.union(read)
                    grown = true
                }
            }
            // Whole pixels, and two more for antialiasing at the edges of what the bounds hold.
            damage = damage.roundedOut.outsetBy(dx: 2, dy: 2).intersection(canvas)
            guard damage.width * damage.height <= canvas.width * canvas.height / 2 else { return nil }
        }
        spareFrame = nil
        damageRedraws += 1
        let roots = damage.isEmpty ? [] : tree.roots.indices.filter { tree.roots[$0].bounds.intersects(damage) }
        return DamagePlan(surface: spare, region: damage, roots: roots)
    }

    /// Adds what each backdrop-filtered node of `node`'s subtree reads and draws (canvas pixels);
    /// false when one is seen through a projection (its reads are in another plane).
    private static func collectBackdropReads(_ node: RenderNode, into reads: inout [Rect], inProjection: Bool) -> Bool {
        let projected = inProjection || node.projection != nil
        if let backdrop = node.backdrop {
            guard !projected else { return false }
            reads.append(node.bounds.union(backdrop.readBounds))
        }
        for child in node.children where !collectBackdropReads(child, into: &reads, inProjection: projected) { return false }
        if let mask = node.mask, !collectBackdropReads(mask, into: &reads, inProjection: projected) { return false }
        return true
    }

    /// Adds the canvas rectangles of `node`'s draws that must lie wholly inside the damage or
    /// wholly outside it: pixman steps radial and conic gradients across a composite rectangle
    /// from its first pixel, and so do gradients other than the linear ones along a device row or
    /// column and images drawn straight (an extreme destination, a huge intermediate), so one cut
    /// by the damage's clip rounds a level differently (found drawing a card over scaled photos on
    /// a diagonal gradient; other images go through an intermediate, `CairoCanvas+PlacedImages`,
    /// the same however clipped); a group composited under an
    /// ancestor's clip is Cairo's clipped composite, likewise. Offscreen content (groups,
    /// projections, masks) is drawn unclipped and is not listed.
    private static func collectWholeDraws(_ node: RenderNode, parent: Transform2D, clipped: Bool, canvasWidth: Int, canvasHeight: Int,
                                          into rects: inout [Rect]) {
        let clipped = clipped || node.polygonClip != nil
        if node.isIsolated || node.projection != nil {
            if clipped { rects.append(node.bounds) }
            return
        }
        let transform = node.transform.concatenating(parent)
        func collect(_ operation: DrawOperation) {
            switch operation {
            case .image(let image, let destination, _):
                // Placed through an intermediate (or one to one): the same however it is clipped.
                // Drawn straight (an extreme destination, a huge intermediate): whole.
                let placement = CairoCanvas.placement(width: image.width, height: image.height, destination: destination, device: transform,
                                                      surfaceWidth: canvasWidth, surfaceHeight: canvasHeight, margin: 1)
                if placement == .direct { rects.append(transform.apply(to: destination)) }
            case .gradient(let gradient, _):
                // Only a linear gradient along a device row or column is drawn from a strip
                // (`axisAlignedGradientImage`), the same wherever the clip starts.
                let vertical = gradient.startPoint.x == gradient.endPoint.x, horizontal = gradient.startPoint.y == gradient.endPoint.y
                let strip = gradient.kind == .linear && transform.b == 0 && transform.c == 0 && vertical != horizontal
                if !strip { rects.append(transform.apply(to: operation.extent)) }
            case .gradientInPath, .gradientInStroke:
                rects.append(transform.apply(to: operation.extent))
            default: break
            }
        }
        // The content, then the overlay, each where it lies (no array of both, a node a frame).
        for operation in node.content { collect(operation) }
        for operation in node.overlay { collect(operation) }
        for child in node.children {
            collectWholeDraws(child, parent: transform, clipped: clipped || node.clip != nil, canvasWidth: canvasWidth,
                              canvasHeight: canvasHeight, into: &rects)
        }
    }

    /// Records the frame just painted on `surface` (nil after a failure: the next is drawn in full),
    /// and its damage: drawn over the frame before with `drawnOver` rows and columns changed, or
    /// afresh (nil).
    func recordDrawn(_ tree: RenderTree, on surface: CairoSurface?, drawnOver changed: (rows: Range<Int>, columns: Range<Int>)?) {
        guard keepsDamage else { return }
        lastDrawn = surface.map { DrawnFrame(key: BaseKey(tree), roots: tree.roots, surface: ObjectIdentifier($0)) }
        let previous = lastDamage?.image
        lastDamage = surface.map { _ in
            FrameDamage(image: nextImageNumber.wrappingAdd(1, ordering: .relaxed).newValue,
                         previous: changed == nil ? nil : previous, rows: changed?.rows ?? 0..<tree.pixelHeight,
                         columns: changed?.columns ?? 0..<tree.pixelWidth)
        }
    }
}

/// Numbers the frames every `RenderResources` paints, so that no two have the same (`FrameDamage`).
private let nextImageNumber = Atomic<UInt64>(0)

extension RenderNode {
    /// True when this node draws exactly what `other` draws: the same transform, opacity,
    /// operations, effects, bounds, children and mask (the name aside). Images compare by their
    /// pixels; the same pixel storage compares at once.
    func drawsTheSame(as other: RenderNode) -> Bool {
        if self === other { return true }
        guard transform == other.transform, opacity == other.opacity, isolation == other.isolation, clip == other.clip,
              content == other.content, overlay == other.overlay, shadow == other.shadow, filters == other.filters,
              backdrop == other.backdrop, blendMode == other.blendMode, groupBounds == other.groupBounds,
              bounds == other.bounds, drawCount == other.drawCount, projection == other.projection, polygonClip == other.polygonClip,
              children.count == other.children.count
        else { return false }
        switch (mask, other.mask) {
        case (nil, nil): break
        case let (mine?, theirs?): guard mine.drawsTheSame(as: theirs) else { return false }
        default: return false
        }
        return zip(children, other.children).allSatisfy { $0.drawsTheSame(as: $1) }
    }
}
