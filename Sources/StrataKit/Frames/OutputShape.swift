import StrataModel
import StrataScene

/// The canvas a user asks for on the command line (`--fit`, `--size`, `--background`), applied to a
/// scene before it is rendered, so that every sink (PNG frames, video, preview, studio) draws the
/// same shaped frames. The scene's own size, layers and effects are kept inside it; its overlays
/// follow their layers.
public struct OutputShape: Hashable, Sendable {
    /// How the canvas is sized.
    public enum Canvas: Hashable, Sendable {
        /// The scene's own size.
        case scene
        /// Scaled to fit inside this many points, aspect kept: the canvas is the scaled scene
        /// (one side equals the box's, the other is no larger), with no margin.
        case fit(Size)
        /// Exactly this many points: the scene scaled to fit inside, aspect kept, centred; the rest
        /// is the background (transparent unless `background` is given).
        case size(Size)
    }

    /// How the canvas is sized.
    public var canvas: Canvas
    /// The canvas's colour under the scene, margins included; nil keeps the scene's background.
    public var background: Color?

    /// A shape that changes nothing.
    public init(canvas: Canvas = .scene, background: Color? = nil) {
        self.canvas = canvas
        self.background = background
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { canvas == .scene && background == nil }

    /// The command line's `--fit WxH`, `--size WxH` (points, each 1…`Limits.maximumSide`) and
    /// `--background COLOR` (`#rrggbb`, `#rrggbbaa`, a name such as `white`, or `none`).
    /// - Throws: `.usage` naming the option and what it takes.
    public init(fit: String?, size: String?, background: String?) throws(StrataError) {
        self.init()
        if fit != nil && size != nil { throw StrataError(.usage, "--fit and --size cannot be given together: --fit keeps the scene's shape, --size makes the canvas exactly WxH") }
        if let fit {
            guard let box = Self.size(parsing: fit) else { throw StrataError(.usage, Self.sizeProblem("--fit", fit)) }
            canvas = .fit(box)
        }
        if let size {
            guard let box = Self.size(parsing: size) else { throw StrataError(.usage, Self.sizeProblem("--size", size)) }
            canvas = .size(box)
        }
        if let background {
            guard let color = Self.color(parsing: background) else {
                throw StrataError(.usage, "--background must be a colour (#rrggbb, #rrggbbaa, a name such as white, or none), found \(background.prefix(40))")
            }
            self.background = color
        }
    }

    /// `WxH` as a size in points, nil unless both are whole numbers in 1…`Limits.maximumSide`.
    public static func size(parsing text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...Limits.maximumSide).contains(width), (1...Limits.maximumSide).contains(height) else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    static func sizeProblem(_ option: String, _ text: String) -> String {
        "\(option) must be WIDTHxHEIGHT in points, each 1…\(Limits.maximumSide), found \(text.prefix(40))"
    }

    /// A colour as scene files write it, or `none`/`clear`/`transparent` for a transparent canvas.
    public static func color(parsing text: String) -> Color? {
        switch text.lowercased() {
        case "none", "transparent": return .clear
        default: return Color(sceneText: text)
        }
    }

    /// `scene` on the asked-for canvas, with the shape recorded in its source's overrides (a run's
    /// fingerprint tells shaped and unshaped frames apart).
    public func applied(to scene: Scene) -> Scene {
        var result = scene
        switch canvas {
        case .scene: break
        case .fit(let box):
            let factor = Swift.min(box.width / scene.size.width, box.height / scene.size.height)
            result = scene.fitted(into: Size(width: scene.size.width * factor, height: scene.size.height * factor))
            result.source?.overrides["fit"] = "\(Int(box.width))x\(Int(box.height))"
        case .size(let box):
            result = scene.fitted(into: box)
            result.source?.overrides["size"] = "\(Int(box.width))x\(Int(box.height))"
        }
        if let background {
            result.background = background.alpha == 0 ? nil : background
            if canvas != .scene { result.layers[0].backgroundColor = nil }  // the fitted holder's
            result.source?.overrides["background"] = background.description
        }
        return result
    }
}
