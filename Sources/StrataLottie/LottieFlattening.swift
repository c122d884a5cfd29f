import StrataModel

// A Lottie file's layer tree as flat as lottie-ios's (issue 55: no wrapper that draws nothing).
extension Layer {
    /// This layer with every sublayer, at any depth (masks' included), that only holds one layer
    /// where it stands and never moves replaced by that layer: `onlySublayerIfPlain`, no
    /// transform, content or animation of its own, outside a 3-D space. Only such a layer that
    /// carries its parent's name, or none, or the name the importer gives a layer's content
    /// ("NAME content" under "NAME"), goes, so that a name finds the same layer first as before
    /// (`Scene.layerPath(named:)`: effects and motion blurs take layers by name). A Lottie group
    /// holds its items in such a layer under the layer of the group's transform, both named
    /// after the group, and a Lottie layer its content under the layer of its transform. The
    /// pixels are the same (the render tree gives such a layer no node); evaluating the frames
    /// has fewer layers to copy.
    func flattenedForLottie() -> Layer {
        // Only what changed is written: a layer with nothing to leave out keeps its storage.
        var layer = self
        var list = sublayers, changed = false
        for index in list.indices {
            var child = list[index].flattenedForLottie()
            while !isTransformLayer, let only = child.standsInPlace(under: name) { child = only }
            if child.storageIdentity != list[index].storageIdentity { list[index] = child; changed = true }
        }
        if changed { layer.sublayers = list }
        if let mask {
            let flat = mask.flattenedForLottie()
            if flat.storageIdentity != mask.storageIdentity { layer.mask = flat }
        }
        return layer
    }

    /// The one layer this layer holds, when this layer can be left out under a parent called
    /// `parentName` (`flattenedForLottie`).
    private func standsInPlace(under parentName: String?) -> Layer? {
        guard name == nil || name == parentName || name == parentName.map({ "\($0) content" }), animations.isEmpty, let only = onlySublayerIfPlain,
              transform.isAffine, affineTransformToSuperlayer == .identity, zPosition == 0, anchorPointZ == 0,
              backgroundColor == nil, gradient == nil, contents == nil, text == nil, shape == nil, borderWidth == 0,
              // The layer it holds takes its place among its siblings, sorted by zPosition.
              only.zPosition == 0, !only.animations.contains(where: { $0.animation.writes(.zPosition) }) else { return nil }
        return only
    }
}

extension Animation {
    /// Whether this animation (or one in its group) writes `keyPath`.
    func writes(_ keyPath: AnimationKeyPath) -> Bool {
        if case .group(let children) = kind { return children.contains { $0.writes(keyPath) } }
        return self.keyPath == keyPath
    }
}
