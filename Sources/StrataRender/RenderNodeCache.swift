import StrataModel

/// The flat nodes of a thread's previous frame, by what they were built from: the layer's storage
/// (`Layer.storageIdentity`: the same storage is the same layer, its subtree included), its
/// transform to its parent and to the canvas, the clip, whether it is a mask and the pixels per
/// point its lengths are converted with (a projected layer's inside is built at its own). A presented frame
/// shares the storage of every layer that did not move, so a still subtree's node is taken as it
/// was instead of being built again — and, being the same object, is known to draw the same at
/// once (`RenderNode.drawsTheSame`: the base and the damage compare nodes frame after frame).
///
/// A node is a function of those inputs and of the builder's settings; a builder with other
/// settings starts the cache afresh. Entries hold their layer, so its storage stays alive and
/// unwritten (a write to a shared box copies it), and an identity is never reused while kept.
/// Only the nodes looked up in the last frame are kept. Used by one thread at a time, as the
/// `RenderResources` that owns it.
final class RenderNodeCache: @unchecked Sendable {
    struct Key: Hashable {
        let layer: ObjectIdentifier
        /// The bits of the local and device transforms' coefficients and of the clip (bits, so that
        /// −0 and 0 are not taken for each other).
        let local: Bits6, device: Bits6, clip: Bits4
        let scale: UInt64
        let isMask: Bool

        /// The storage and where it is placed on the canvas: what tells one entry from another in
        /// practice (equality still compares every field), hashed in three words, not seventeen.
        func hash(into hasher: inout Hasher) {
            hasher.combine(layer)
            hasher.combine(device.tx)
            hasher.combine(device.ty)
        }
    }

    struct Bits6: Hashable {
        let a, b, c, d, tx, ty: UInt64
        init(_ t: Transform2D) {
            (a, b, c, d, tx, ty) = (t.a.bitPattern, t.b.bitPattern, t.c.bitPattern, t.d.bitPattern, t.tx.bitPattern, t.ty.bitPattern)
        }
    }

    struct Bits4: Hashable {
        let x, y, width, height: UInt64
        init(_ r: Rect) {
            (x, y, width, height) = (r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern)
        }
    }

    /// The builder the kept nodes were built by (its cache left out).
    private var settings: RenderTreeBuilder?
    private var entries = TwoFrameCache<Key, (layer: Layer, node: RenderNode?)>()
    /// Nodes taken from the cache so far, for tests.
    private(set) var hits = 0

    /// Starts a frame built by `builder`: the previous frame's entries become the ones to take,
    /// unless the builder's settings changed.
    func beginFrame(_ builder: RenderTreeBuilder) {
        var settings = builder
        settings.nodeCache = nil
        if !(self.settings.map { $0.hasTheSameSettings(as: settings) } ?? false) {
            self.settings = settings
            entries.removeAll()
            return
        }
        entries.nextFrame()
    }

    static func key(_ layer: Layer, local: Transform2D, parentDevice: Transform2D, clip: Rect, scale: Double, isMask: Bool) -> Key {
        Key(layer: layer.storageIdentity, local: Bits6(local), device: Bits6(parentDevice), clip: Bits4(clip), scale: scale.bitPattern, isMask: isMask)
    }

    /// The node kept for `key` (built this frame or the last), or nil when there is none; the
    /// inner optional is a node that draws nothing.
    func node(for key: Key) -> RenderNode?? {
        guard let entry = entries.value(for: key) else { return nil }
        hits += 1
        return .some(entry.node)
    }

    func store(_ node: RenderNode?, for key: Key, layer: Layer) {
        entries.store((layer, node), for: key)
    }
}

extension RenderTreeBuilder {
    /// Whether `other` builds the same nodes from the same layers.
    fileprivate func hasTheSameSettings(as other: RenderTreeBuilder) -> Bool {
        (size, scale, background, ordersPlanes, curveTolerance, foldsGradientMasks)
            == (other.size, other.scale, other.background, other.ordersPlanes, other.curveTolerance, other.foldsGradientMasks)
    }
}
