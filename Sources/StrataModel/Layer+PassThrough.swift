// Layers that only hold one layer where they stand (issue 55: no wrapper that draws nothing).
extension Layer {
    /// The one sublayer of a layer that changes nothing about how it is drawn beyond its own
    /// transform and content: not hidden, opacity 1, no mask, clip, replicator, filter, backdrop
    /// filter, shadow, blend mode, sublayer transform or 3-D space; nil for any other layer. The
    /// render tree gives such a layer no node when it also has no transform and draws nothing
    /// itself; a Lottie file's tree leaves it out where it also never moves.
    package var onlySublayerIfPlain: Layer? {
        guard sublayers.count == 1, !isHidden, opacity == 1, mask == nil, !masksToBounds, replicator == nil,
              filters.isEmpty, backgroundFilters.isEmpty, shadow == nil, compositingFilter ?? .normal == .normal,
              sublayerTransform.isIdentity, !isTransformLayer else { return nil }
        return sublayers[0]
    }
}
