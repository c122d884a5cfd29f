import StrataEffects
import StrataScene

/// Opacity curves given for motion-blur overlays, by overlay id, on top of a scene's own:
/// `strata render --curve ID=CURVE`, the studio's `curve.ID=CURVE`. One meaning everywhere: a frame
/// rendered with them is the frame of the scene whose overlays have those curves
/// (`applied(to:)`, which the fingerprint records), and a renderer of the unchanged scene draws
/// the same bytes by forcing those overlays' opacities (`opacities(_:displayedIndex:)`), without
/// being built again.
public struct CurveOverrides: Hashable, Sendable {
    /// The curves by overlay id.
    public private(set) var curves: [String: OpacityCurve]

    /// Curves by overlay id (not checked against a scene: `checked(against:)`).
    public init(_ curves: [String: OpacityCurve] = [:]) {
        self.curves = curves
    }

    /// The longest curve text read (a table of many points fits well inside).
    public static let maximumTextLength = 4096

    /// The curves of `ID=CURVE` arguments (`--curve`); a later id replaces an earlier one.
    public init(arguments: [String]) throws(StrataError) {
        var curves: [String: OpacityCurve] = [:]
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw StrataError(.usage, "--curve \(argument.prefix(80)) is not ID=CURVE (e.g. menu=log2:4)")
            }
            curves[String(parts[0])] = try Self.curve(String(parts[1]), for: "--curve \(parts[0])")
        }
        self.curves = curves
    }

    /// The curves of texts by overlay id (the studio's `curve.ID=CURVE` parameters).
    public init(texts: [String: String]) throws(StrataError) {
        var curves: [String: OpacityCurve] = [:]
        for (id, text) in texts { curves[id] = try Self.curve(text, for: "curve.\(id)") }
        self.curves = curves
    }

    /// Parses one curve; `what` names where it was given, for the error.
    public static func curve(_ text: String, for what: String) throws(StrataError) -> OpacityCurve {
        guard text.utf8.count <= maximumTextLength else {
            throw StrataError(.usage, "\(what): a curve is at most \(maximumTextLength) characters, found \(text.utf8.count)")
        }
        guard let curve = OpacityCurve(parsing: text) else {
            throw StrataError(.usage, "\(what): expected log2:DIVISOR[:OFFSET], linear:SLOPE, smoothstep:LOW:HIGH or table:D=O,…, every number finite; found \"\(text.prefix(80))\"")
        }
        return curve
    }

    /// True when no curve is given.
    public var isEmpty: Bool { curves.isEmpty }

    /// Throws a usage error naming the first id (in order) that is not an overlay of `scene`.
    public func checked(against scene: Scene) throws(StrataError) -> CurveOverrides {
        let overlays = scene.effects.motionBlurOverlays
        for id in curves.keys.sorted() where !overlays.contains(where: { $0.id == id }) {
            throw StrataError(.usage, "\(scene.origin): no motion-blur overlay \"\(id)\" for a curve (the scene has \(overlays.isEmpty ? "none" : overlays.map(\.id).joined(separator: ", ")))")
        }
        return self
    }

    /// `scene` with these curves in its overlays (and its source's overrides).
    public func applied(to scene: Scene) throws(StrataError) -> Scene {
        var result = scene
        for (id, curve) in try checked(against: scene).curves.sorted(by: { $0.key < $1.key }) {
            result = result.overridingCurve(of: id, with: curve)!
        }
        return result
    }

    /// The opacities these curves give the overlays of `renderer`'s scene on displayed frame
    /// `index` (the scene's displacement through the given curve; 0 where the overlay is off),
    /// for `FrameRenderer.Request.displayed(_:overlayOpacity:)`.
    public func opacities(_ renderer: FrameRenderer, displayedIndex index: Int) -> [String: Double] {
        guard !curves.isEmpty, let engine = renderer.effects else { return [:] }
        var forced: [String: Double] = [:]
        for state in engine.overlayStates(displayedIndex: index) {
            guard let curve = curves[state.id] else { continue }
            forced[state.id] = state.enabled ? state.delta.map { curve.opacity(forDelta: $0) } ?? 0 : 0
        }
        return forced
    }
}

/// One motion-blur overlay over the displayed frames: its displacement (points per frame; nil on
/// the first tick or while it is off) and its opacity (0…1) under its curve — the chart of
/// `strata curve` and of the studio.
public struct OverlaySeries: Sendable {
    /// The overlay's id.
    public var id: String
    /// The curve the opacities follow (the override, or the scene's).
    public var curve: OpacityCurve
    /// Displacement per displayed frame.
    public var deltas: [Double?]
    /// Opacity per displayed frame.
    public var opacities: [Double]
}

extension FrameRenderer {
    /// Every motion-blur overlay of the scene over its displayed frames, with `overrides`' curves
    /// where given.
    public func overlaySeries(_ overrides: CurveOverrides = CurveOverrides()) -> [OverlaySeries] {
        let overlays = scene.effects.motionBlurOverlays
        var series = overlays.map { OverlaySeries(id: $0.id, curve: overrides.curves[$0.id] ?? $0.curve, deltas: [], opacities: []) }
        guard let engine = effects else { return series }
        for index in 0..<frames.count {
            for (i, state) in engine.overlayStates(displayedIndex: index).enumerated() where i < series.count {
                series[i].deltas.append(state.delta)
                series[i].opacities.append(state.enabled ? state.delta.map { series[i].curve.opacity(forDelta: $0) } ?? 0 : 0)
            }
        }
        return series
    }
}
