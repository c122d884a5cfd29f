import Foundation
import StrataAnimation
import StrataFilters
import StrataModel

/// One overlay's state on one displayed frame.
public struct OverlayState: Hashable, Sendable, Codable {
    /// The overlay's id.
    public var id: String
    /// Displacement since the previous displayed tick, points (after `referenceRate`); nil on the
    /// first tick or while the overlay is off.
    public var delta: Double?
    /// The overlay's opacity on this frame.
    public var opacity: Double
    /// Whether the overlay is in the tree on this frame.
    public var enabled: Bool
    /// Direction of the motion since the previous tick, radians (for `angleFromMotion`); not in the manifest.
    public var direction: Double?

    private enum CodingKeys: String, CodingKey { case id, delta, opacity, enabled }

    public init(id: String, delta: Double?, opacity: Double, enabled: Bool) {
        self.id = id
        self.delta = delta
        self.opacity = opacity
        self.enabled = enabled
    }
}

/// Applies a scene's effects to its presentation trees: motion effects first (they move layers),
/// then blur overlays and motion-blur overlays. Snapshots are taken once, in `init`; every frame is
/// then a pure function of its displayed index, so frames can still be rendered in any order.
public struct EffectsEngine: Sendable {
    public let effects: Effects
    public let timeline: Timeline
    public let layers: [Layer]
    public let clock: FrameClock
    /// Pixels per point of the output.
    public let scale: Double
    /// The clock's displayed frames (index ↔ tick ↔ seconds).
    public let frames: DisplayedFrames
    /// Per motion-blur overlay: the unblurred snapshot and the blurred one (fixed angle).
    private let snapshots: [PixelBuffer?]
    private let blurredSnapshots: [PixelBuffer?]
    /// Per blur overlay: the Gaussian-blurred snapshot.
    private let blurSnapshots: [PixelBuffer?]

    /// Prepares the effects: snapshots the layers they need with `rasterizer` and blurs them.
    public init(effects: Effects, timeline: Timeline, layers: [Layer], clock: FrameClock, scale: Double,
                rasterizer: some SnapshotRasterizer) throws(EffectsError) {
        self.effects = effects
        self.timeline = timeline
        self.layers = layers
        self.clock = clock
        self.scale = scale
        self.frames = clock.displayedFrames
        var snapshots: [PixelBuffer?] = [], blurred: [PixelBuffer?] = []
        for overlay in effects.motionBlurOverlays {
            let tree = Self.presentation(timeline, layers, effects, atSeconds: overlay.enabledAt)
            guard let layer = tree.layer(at: overlay.layer) else {
                snapshots.append(nil)
                blurred.append(nil)
                continue
            }
            let snapshot: PixelBuffer?
            do {
                snapshot = try Self.snapshot(layer, scale: scale, rasterizer: rasterizer)
            } catch {
                throw Self.snapshotError(error, kind: "motionBlurOverlay", id: overlay.id, seconds: overlay.enabledAt, frames: frames)
            }
            snapshots.append(snapshot)
            guard let snapshot else {
                blurred.append(nil)
                continue
            }
            do {
                blurred.append(try FilterKernels.apply(overlay.filter(angle: overlay.angle, scale: scale), to: snapshot))
            } catch {
                throw EffectsError("motion-blur overlay \(overlay.id): \(error)")
            }
        }
        var blurs: [PixelBuffer?] = []
        for overlay in effects.blurOverlays {
            let tree = Self.presentation(timeline, layers, effects, atSeconds: overlay.blurredAt)
            let snapshot: PixelBuffer?
            do {
                snapshot = try tree.layer(at: overlay.layer).flatMap { layer throws(EffectsError) in
                    try Self.snapshot(layer, scale: scale, rasterizer: rasterizer)
                }
            } catch {
                throw Self.snapshotError(error, kind: "blurOverlay", id: overlay.id, seconds: overlay.blurredAt, frames: frames)
            }
            guard let snapshot else {
                blurs.append(nil)
                continue
            }
            blurs.append(try Layer.blurOverlayImage(snapshot, radius: overlay.radius, scale: scale))
        }
        self.snapshots = snapshots
        self.blurredSnapshots = blurred
        self.blurSnapshots = blurs
    }

    /// The model animated to `seconds` with motion effects applied (no overlays): what a camera
    /// would see at that instant.
    public func instant(atSeconds seconds: Double) -> [Layer] {
        Self.presentation(timeline, layers, effects, atSeconds: seconds).layers
    }

    /// The model animated to `seconds` with motion effects applied (no overlays).
    static func presentation(_ timeline: Timeline, _ layers: [Layer], _ effects: Effects, atSeconds seconds: Double) -> PresentationTree {
        var tree = timeline.evaluate(layers, atSeconds: seconds)
        guard !effects.motionEffects.isEmpty else { return tree }
        let offset = effects.viewer?.offset(atSeconds: seconds) ?? (x: 0, y: 0)
        var presented = tree.layers
        for binding in effects.motionEffects {
            Self.modify(&presented, at: binding.layer.indices[...]) { layer in
                var properties = AnimatedProperties(layer)
                for effect in binding.effects {
                    for (keyPath, amount) in effect.changes(forOffsetX: offset.x, y: offset.y) {
                        properties[keyPath] = properties[keyPath].adding(Self.value(amount, like: properties[keyPath]))
                    }
                }
                layer = properties.applied(to: layer)
            }
        }
        tree = PresentationTree(layers: presented, seconds: seconds)
        return tree
    }

    /// A change of `amount` in the shape of `value` (points move both axes only for position).
    static func value(_ amount: Double, like value: AnimationValue) -> AnimationValue {
        switch value {
        case .number: .number(amount)
        case .point: .point(Point(x: amount, y: amount))
        case .size: .size(Size(width: amount, height: amount))
        case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: .transform(.identity)
        case .path: value  // paths are not added to: a motion effect on a path changes nothing
        }
    }

    /// Applies `change` to the layer at `indices` in `layers`.
    static func modify(_ layers: inout [Layer], at indices: ArraySlice<Int>, _ change: (inout Layer) -> Void) {
        guard let first = indices.first, layers.indices.contains(first) else { return }
        if indices.count == 1 {
            change(&layers[first])
            return
        }
        let rest = indices.dropFirst()
        if rest.first == LayerPath.maskIndex {
            guard var mask = layers[first].mask else { return }
            var list = [mask]
            modify(&list, at: [0] + rest.dropFirst(), change)
            mask = list[0]
            layers[first].mask = mask
        } else {
            modify(&layers[first].sublayers, at: rest, change)
        }
    }

    /// A snapshot's error with the effect that asked for it (the scene format's key and the
    /// overlay's id) and when it is taken (seconds and the displayed frame).
    static func snapshotError(_ error: EffectsError, kind: String, id: String, seconds: Double, frames: DisplayedFrames) -> EffectsError {
        let frame = seconds.isFinite ? " (frame \(frames.index(atSeconds: seconds)))" : ""
        return EffectsError("effects: the \(kind) with id \"\(id)\", whose snapshot is taken at \(seconds) s\(frame): \(error.message)",
                           exceedsLimits: error.exceedsLimits)
    }

    /// The layer's subtree drawn in its own bounds at `scale` by `rasterizer`, without its
    /// transform and position.
    public static func snapshot(_ layer: Layer, scale: Double, rasterizer: some SnapshotRasterizer) throws(EffectsError) -> PixelBuffer? {
        guard !layer.bounds.isEmpty else { return nil }
        let width = Int(saturating: layer.bounds.width * scale, .up), height = Int(saturating: layer.bounds.height * scale, .up)
        do {
            try Limits.checkSurface(width: width, height: height)
        } catch {
            throw EffectsError("the motion-blur overlay of layer \(layer.name.map { "\"\($0)\"" } ?? "(unnamed)") needs a snapshot of its \(width)×\(height) px bounds: \(error)",
                              exceedsLimits: true)
        }
        var copy = layer
        copy.transform = .identity
        copy.opacity = 1
        copy.position = Point(x: layer.anchorPoint.x * layer.bounds.width, y: layer.anchorPoint.y * layer.bounds.height)
        return try rasterizer.render([copy], size: layer.bounds.size, scale: scale)
    }

    /// True while a position animation of the layer at `path` is in its active period.
    func positionAnimationIsActive(_ path: LayerPath, atSeconds seconds: Double) -> Bool {
        timeline.animations(at: path).contains { animation in
            guard let keyPath = animation.keyPath, [.position, .positionX, .positionY].contains(keyPath) else { return false }
            let elapsed = seconds - animation.timing.beginTime
            return elapsed >= 0 && elapsed <= animation.timing.activeDurationInParent
        }
    }

    // MARK: - Frames

    /// The layers of displayed frame `index` with every effect applied, and the overlays' states.
    /// `opacityOverride` forces the opacity of the named motion-blur overlays (for tuning).
    public func frame(displayedIndex index: Int, opacityOverride: [String: Double] = [:]) -> (layers: [Layer], overlays: [OverlayState]) {
        let presented = presentation(displayedIndex: index, opacityOverride: opacityOverride)
        return (addingOverlays(to: presented.layers, displayedIndex: index, states: presented.overlays), presented.overlays)
    }

    /// Displayed frame `index` as presented — animations and motion effects, so every layer is
    /// where it is drawn — and the overlays' states; no pixels are touched. `addingOverlays`
    /// turns it into the tree that is drawn (it adds sublayers and hides some; it moves none).
    public func presentation(displayedIndex index: Int, opacityOverride: [String: Double] = [:]) -> (layers: [Layer], overlays: [OverlayState]) {
        let presented = Self.presentation(timeline, layers, effects, atSeconds: frames.seconds(ofFrame: index)).layers
        // Only motion-blur overlays look at the previous frame.
        let previousTree: PresentationTree? = index > 0 && !effects.motionBlurOverlays.isEmpty
            ? Self.presentation(timeline, layers, effects, atSeconds: frames.seconds(ofFrame: index - 1)) : nil
        var states = overlayStates(displayedIndex: index, presented: presented, previousTree: previousTree)
        for (i, overlay) in effects.motionBlurOverlays.enumerated() {
            if let forced = opacityOverride[overlay.id], states[i].enabled { states[i].opacity = forced }
        }
        return (presented, states)
    }

    /// `presented` (from `presentation(displayedIndex:)`) with the blur overlays and the enabled
    /// motion-blur overlays of displayed frame `index` added, the latter at the opacities of `states`.
    public func addingOverlays(to presented: [Layer], displayedIndex index: Int, states: [OverlayState]) -> [Layer] {
        let seconds = frames.seconds(ofFrame: index)
        var presented = presented
        for (i, overlay) in effects.blurOverlays.enumerated() where overlay.isBlurred(atSeconds: seconds) {
            guard let image = blurSnapshots[i] else { continue }
            Self.modify(&presented, at: overlay.layer.indices[...]) { layer in
                for sub in layer.sublayers.indices { layer.sublayers[sub].isHidden = true }
                var blurLayer = Layer(name: Layer.blurOverlayName, frame: layer.bounds.outsetBy(dx: 4 * overlay.radius, dy: 4 * overlay.radius))
                blurLayer.contents = image
                layer.sublayers.append(blurLayer)
            }
        }
        for (i, overlay) in effects.motionBlurOverlays.enumerated() {
            let state = states[i]
            guard state.enabled, let snapshot = snapshots[i] else { continue }
            let image: PixelBuffer?
            if overlay.angleFromMotion, let direction = state.direction, direction != overlay.angle {
                image = try? FilterKernels.apply(overlay.filter(angle: direction, scale: scale), to: snapshot)
            } else {
                image = blurredSnapshots[i]
            }
            guard let image else { continue }
            Self.modify(&presented, at: overlay.layer.indices[...]) { layer in
                let outsetX = Double(image.width - snapshot.width) / 2 / scale, outsetY = Double(image.height - snapshot.height) / 2 / scale
                var blurLayer = Layer(name: "\(overlay.id).motionBlurOverlay", frame: layer.bounds.outsetBy(dx: outsetX, dy: outsetY))
                blurLayer.contents = image
                blurLayer.opacity = state.opacity
                layer.sublayers.append(blurLayer)
            }
        }
        return presented
    }

    /// The motion-blur overlays' states on displayed frame `index` (no pixels are touched).
    public func overlayStates(displayedIndex index: Int) -> [OverlayState] {
        guard !effects.motionBlurOverlays.isEmpty else { return [] }
        return presentation(displayedIndex: index).overlays
    }

    private func overlayStates(displayedIndex index: Int, presented: [Layer], previousTree: PresentationTree?) -> [OverlayState] {
        let seconds = frames.seconds(ofFrame: index)
        var states: [OverlayState] = []
        for (i, overlay) in effects.motionBlurOverlays.enumerated() {
            guard overlay.isEnabled(atSeconds: seconds), snapshots[i] != nil else {
                states.append(OverlayState(id: overlay.id, delta: nil, opacity: 0, enabled: false))
                continue
            }
            let linked = !overlay.followsPositionAnimation || positionAnimationIsActive(overlay.layer, atSeconds: seconds)
            var delta: Double? = nil
            var direction: Double? = nil
            let previousSeconds = index > 0 ? frames.seconds(ofFrame: index - 1) : -Double.infinity
            if linked, let previousTree, overlay.isEnabled(atSeconds: previousSeconds),
               let now = Self.projectedPosition(in: presented, at: overlay.layer),
               let before = Self.projectedPosition(in: previousTree.layers, at: overlay.layer) {
                let dx = now.x - before.x, dy = now.y - before.y
                var distance = (dx * dx + dy * dy).squareRoot()
                if let rate = overlay.referenceRate {
                    // delta × (1/rate) / interval, with interval = targetTimestamp − timestamp = 1/fps.
                    distance = distance * (1 / rate) / (1 / clock.framesPerSecond)
                }
                delta = distance
                if distance > 0 { direction = atan2(dy, dx) }
            }
            var state = OverlayState(id: overlay.id, delta: delta, opacity: delta.map { overlay.curve.opacity(forDelta: $0) } ?? 0, enabled: true)
            state.direction = direction
            states.append(state)
        }
        return states
    }

    /// Where the layer at `path` is seen in the plane it is drawn into (points): its `position`
    /// and `zPosition` through its superlayer's `sublayerTransform` and, while the superlayer is a
    /// transform layer, on up through each transform layer to the first layer that flattens, then
    /// divided by w. Exactly `position` when no 3-D transform is on that way (a mask's position is
    /// its own). Nil when the point is behind the eye.
    public static func projectedPosition(in layers: [Layer], at path: LayerPath) -> Point? {
        guard let first = path.indices.first, layers.indices.contains(first) else { return nil }
        var chain = [layers[first]]
        for index in path.indices.dropFirst() {
            guard let parent = chain.last else { return nil }
            if index == LayerPath.maskIndex {
                guard let mask = parent.mask else { return nil }
                return mask.position
            }
            guard parent.sublayers.indices.contains(index) else { return nil }
            chain.append(parent.sublayers[index])
        }
        let layer = chain.removeLast()
        guard let toPlane = Layer.sublayerSpaceToPlane(chain[...]) else { return layer.position }
        let point = toPlane.apply(x: layer.position.x, y: layer.position.y, z: layer.zPosition)
        guard point.w > Homography.minimumW else { return nil }
        let projected = Point(x: point.x / point.w, y: point.y / point.w)
        return projected.x.isFinite && projected.y.isFinite ? projected : nil
    }

    /// The overlay layer's pixel size for overlay `index` (snapshot plus 2·⌈|v|⌉ per axis).
    public func overlayImageSize(_ index: Int) -> (width: Int, height: Int)? {
        guard let image = blurredSnapshots[index] else { return nil }
        return (image.width, image.height)
    }

    /// The snapshot's pixel size for overlay `index`.
    public func snapshotSize(_ index: Int) -> (width: Int, height: Int)? {
        guard let image = snapshots[index] else { return nil }
        return (image.width, image.height)
    }
}
