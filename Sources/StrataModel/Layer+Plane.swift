/// Where layers lie in the plane they are drawn into (DESIGN §11): a plain layer flattens its
/// sublayers into its own plane; a transform layer passes them on, in 3-D, to the plane its own
/// superlayer draws into. One walk serves the render tree (each plane of a transform layer placed
/// in its parent's space) and the effects (a motion-blur overlay's position as seen on screen).
extension Layer {
    /// The map from `child`'s coordinates to the plane this layer's sublayers are drawn into,
    /// given this layer's own map to that plane (`toPlane`; the identity for a layer that
    /// flattens): the child's transform to this layer, this layer's `sublayerTransform` about its
    /// anchor, then `toPlane`.
    public func placement(ofSublayer child: Layer, toPlane: Transform3D) -> Transform3D {
        child.transformToSuperlayer.concatenating(sublayerTransformAboutAnchor ?? .identity).concatenating(toPlane)
    }

    /// The map from the coordinates of the last layer of `chain` (root first; where that layer's
    /// sublayers' positions are given) to the plane its sublayers are drawn into: through its
    /// `sublayerTransform`, and up through the transform layers of the chain to the first layer
    /// that flattens (or the canvas), placed as `placement(ofSublayer:toPlane:)` places them. Nil
    /// when nothing 3-D is on that way.
    public static func sublayerSpaceToPlane(_ chain: ArraySlice<Layer>) -> Transform3D? {
        guard let last = chain.indices.last else { return nil }
        // The top of the walk: the nearest ancestor that flattens, or the chain's first layer.
        var top = last
        while top > chain.startIndex, chain[top].isTransformLayer { top -= 1 }
        guard chain[last].sublayerTransformAboutAnchor != nil || top < last || chain[top].isTransformLayer else { return nil }
        var toPlane: Transform3D = chain[top].isTransformLayer ? chain[top].transformToSuperlayer : .identity
        var index = top
        while index < last {
            toPlane = chain[index].placement(ofSublayer: chain[index + 1], toPlane: toPlane)
            index += 1
        }
        return (chain[last].sublayerTransformAboutAnchor ?? .identity).concatenating(toPlane)
    }
}
