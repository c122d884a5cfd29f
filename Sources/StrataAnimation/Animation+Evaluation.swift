import StrataModel

/// Evaluating an animation description (StrataModel) on a layer's animated properties.
extension Animation {
    /// Applies the animation at the parent's time `parentSeconds` to `state`, whose values are
    /// the current ones (model values, then earlier animations in the order added).
    public func apply(atParentTime parentSeconds: Double, to state: inout AnimatedProperties) {
        apply(atParentTime: parentSeconds, inGroup: false, to: &state)
    }

    private func apply(atParentTime parentSeconds: Double, inGroup: Bool, to state: inout AnimatedProperties) {
        guard let now = timing.state(atParentTime: parentSeconds, inGroup: inGroup) else { return }
        if case .group(let children) = kind {
            for child in children { child.apply(atParentTime: now.simpleTime, inGroup: true, to: &state) }
            return
        }
        guard let keyPath else { return }
        if !isAdditive, case .keyframe(let keyframes) = kind {
            // Keyframes replace the value without reading it: the current value is not built.
            let progress = timing.duration > 0 ? now.simpleTime / timing.duration : 1
            guard let value = keyframes.value(atProgress: timingFunction.value(at: progress, isBefore: now.isBefore)) else { return }
            state[keyPath] = value
        } else {
            let current = state[keyPath]
            guard let value = value(atSimpleTime: now.simpleTime, isBefore: now.isBefore, current: current) else { return }
            // Paths cannot be added: an additive path animation shows its own values, as Core
            // Animation draws it (NVActivityIndicatorView's audio equalizer is one).
            state[keyPath] = isAdditive && value.kind != .path ? current.adding(value) : value
        }
        if case .keyframe(let keyframes) = kind, keyframes.rotationMode != nil, keyPath == .position {
            let progress = timing.duration > 0 ? now.simpleTime / timing.duration : 1
            if let angle = keyframes.orientation(atProgress: timingFunction.value(at: progress, isBefore: now.isBefore)) {
                state.orientation = angle
            }
        }
    }

    /// The animation's value `simple` seconds into a play, given the current value of the key path.
    /// `isBefore` is the before phase (see `TimingFunction.value(at:isBefore:)`).
    func value(atSimpleTime simple: Double, isBefore: Bool = false, current: AnimationValue) -> AnimationValue? {
        let progress = timing.duration > 0 ? simple / timing.duration : 1
        switch kind {
        case .basic(let from, let to, let by):
            guard let (start, end) = Self.endpoints(from: from, to: to, by: by, current: current, additive: isAdditive) else { return nil }
            return start.interpolated(to: end, fraction: timingFunction.value(at: progress, isBefore: isBefore))
        case .spring(let spring, let from, let to, let by):
            guard let (start, end) = Self.endpoints(from: from, to: to, by: by, current: current, additive: isAdditive) else { return nil }
            return start.interpolated(to: end, fraction: 1 - spring.displacement(atSeconds: simple))
        case .keyframe(let keyframes):
            return keyframes.value(atProgress: timingFunction.value(at: progress, isBefore: isBefore))
        case .group:
            return nil
        }
    }

}
