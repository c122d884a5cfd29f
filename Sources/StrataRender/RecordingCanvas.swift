import StrataModel

/// A canvas that records every call instead of drawing, for tests of compositing without pixels
/// (the command list, group bounds and isolation reasons).
public final class RecordingCanvas: Canvas {
    /// One recorded call.
    public enum Command: Hashable, Sendable, CustomStringConvertible {
        case save
        case restore
        case concatenate(Transform2D)
        case clip(RoundedRect)
        /// A hard-edged convex polygon clip (a part of a split plane).
        case clipPolygon([Point])
        /// The operation's kind ("fill", "image", …), its extent in user space, and the alpha.
        case draw(kind: String, extent: Rect, alpha: Double)
        case beginGroup(bounds: Rect, reasons: [IsolationReason])
        case beginMask
        case endMask
        case endGroup(opacity: Double, hasShadow: Bool)
        /// A backdrop read: the canvas pixels read and the filters run on them.
        case backdrop(readBounds: Rect, filters: [Filter])
        case applyFilters([Filter])
        case blend(BlendMode)
        /// A projected layer's offscreen drawing (its pixels in the layer's space) and its warp.
        case beginProjection(pixels: Rect)
        case endProjection(bounds: Rect, opacity: Double)

        public var description: String {
            switch self {
            case .save: "save"
            case .restore: "restore"
            case .concatenate(let t): "concatenate \(t)"
            case .clip(let shape): "clip \(shape.rect) r=\(shape.cornerRadius)"
            case .clipPolygon(let points): "clip polygon \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " "))"
            case .draw(let kind, let extent, let alpha): "draw \(kind) \(extent) alpha=\(alpha)"
            case .beginGroup(let bounds, let reasons): "beginGroup \(bounds) \(reasons.map(\.rawValue))"
            case .beginMask: "beginMask"
            case .endMask: "endMask"
            case .endGroup(let opacity, let hasShadow): "endGroup opacity=\(opacity)\(hasShadow ? " shadow" : "")"
            case .backdrop(let bounds, let filters): "backdrop read \(bounds) \(filters)"
            case .applyFilters(let filters): "applyFilters \(filters)"
            case .blend(let mode): "blend \(mode.rawValue)"
            case .beginProjection(let pixels): "beginProjection \(pixels)"
            case .endProjection(let bounds, let opacity): "endProjection \(bounds) opacity=\(opacity)"
            }
        }
    }

    /// The calls so far, in order.
    public private(set) var commands: [Command] = []

    /// Creates an empty recording.
    public init() {}

    /// The commands without save, restore, concatenate and clip: what is drawn and grouped.
    public var drawingCommands: [Command] {
        commands.filter {
            switch $0 {
            case .save, .restore, .concatenate, .clip: false
            default: true
            }
        }
    }

    public func save() { commands.append(.save) }
    public func restore() { commands.append(.restore) }
    public func concatenate(_ transform: Transform2D) { commands.append(.concatenate(transform)) }
    public func clip(to shape: RoundedRect) { commands.append(.clip(shape)) }
    public func clip(toPolygon points: [Point]) { commands.append(.clipPolygon(points)) }
    public func draw(_ operation: DrawOperation, alpha: Double) {
        commands.append(.draw(kind: operation.kind, extent: operation.extent, alpha: alpha))
    }
    public func beginGroup(bounds: Rect, reasons: [IsolationReason]) {
        commands.append(.beginGroup(bounds: bounds, reasons: reasons))
    }
    public func beginMask() { commands.append(.beginMask) }
    public func endMask() { commands.append(.endMask) }
    public func drawBackdrop(_ backdrop: Backdrop) {
        commands.append(.backdrop(readBounds: backdrop.readBounds, filters: backdrop.filters))
    }
    public func applyFilters(_ filters: [Filter]) { commands.append(.applyFilters(filters)) }
    public func endGroup(opacity: Double, shadow: ShadowParameters?, blendMode: BlendMode?) {
        if let blendMode { commands.append(.blend(blendMode)) }
        commands.append(.endGroup(opacity: opacity, hasShadow: shadow != nil))
    }
    public func beginProjection(_ projection: Projection) { commands.append(.beginProjection(pixels: projection.sourcePixels)) }
    public func endProjection(_ projection: Projection, bounds: Rect, opacity: Double, blendMode: BlendMode?) {
        if let blendMode { commands.append(.blend(blendMode)) }
        commands.append(.endProjection(bounds: bounds, opacity: opacity))
    }
}
