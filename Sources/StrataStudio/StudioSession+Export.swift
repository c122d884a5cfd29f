import Foundation
import StrataAnimation
import StrataEffects
import StrataKit
import StrataScene

// What the page exports: the whole state it shows — every overlay's curve and blur, the display
// rate, the dropped ticks, the assets folder and scale — as one command line and one YAML
// snippet, each drawing the bytes the page shows.
extension StudioSession {
    /// The state as a `strata render` command and as the scene-file lines to paste.
    public struct Export: Sendable {
        /// `strata render SCENE … --out out/NAME --overwrite`: the scene file unchanged.
        public var command: String
        /// `clock:` (when the rate or dropped ticks changed) and the `effects:` entries of every
        /// motion-blur overlay, to replace the scene's own.
        public var yaml: String
    }

    /// The export of `curves` (texts by overlay id) and `settings` on the current scene.
    public func export(curves requested: [String: String], settings: Settings) throws(RequestError) -> Export {
        let (base, _, _) = try current(.scene)
        guard let base else { throw RequestError(.noScene, reason: "the scene does not read; see its error") }
        let (tweakedScene, _, _) = try current(settings)
        guard let scene = tweakedScene else { throw RequestError(.noScene, reason: "the scene does not read; see its error") }
        let curves = try parseCurves(requested, scene: base)
        let overlays = scene.effects.motionBlurOverlays
        let tweaks = settings.tweaks

        // The command line.
        var words = ["strata", "render", Self.shellQuoted(scenePath)]
        if let assetsPath { words += ["--assets", Self.shellQuoted(assetsPath)] }
        if let scale { words += ["--scale", Self.number(scale)] }
        if let animation = inputs.animation { words += ["--animation", Self.shellQuoted(animation)] }
        for value in inputs.values { words += ["--set", Self.shellQuoted(value)] }
        for text in inputs.texts { words += ["--text", Self.shellQuoted(text)] }
        for effect in inputs.effects { words += ["--effect", Self.shellQuoted(effect)] }
        if let fonts = inputs.fonts { words += ["--font", Self.shellQuoted(fonts)] }
        switch inputs.shape.canvas {
        case .scene: break
        case .fit(let box): words += ["--fit", "\(Int(box.width))x\(Int(box.height))"]
        case .size(let box): words += ["--size", "\(Int(box.width))x\(Int(box.height))"]
        }
        if let background = inputs.shape.background { words += ["--background", Self.shellQuoted(background.alpha == 0 ? "none" : background.description)] }
        if let fps = settings.framesPerSecond { words += ["--fps", Self.number(fps)] }
        if let dropped = tweaks.dropped { words += ["--drop", Self.shellQuoted(SceneTweaks.text(of: dropped))] }
        for overlay in overlays {
            if let text = requested[overlay.id] { words += ["--curve", Self.shellQuoted("\(overlay.id)=\(text)")] }
            if let value = tweaks.radius[overlay.id] { words += ["--overlay-radius", Self.shellQuoted("\(overlay.id)=\(Self.number(value))")] }
            if let value = tweaks.angleDegrees[overlay.id] { words += ["--overlay-angle", Self.shellQuoted("\(overlay.id)=\(Self.number(value))")] }
            if let value = tweaks.rate[overlay.id] { words += ["--overlay-rate", Self.shellQuoted("\(overlay.id)=\(Self.number(value))")] }
        }
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        words += ["--out", Self.shellQuoted("out/\(name)"), "--overwrite"]

        // The snippet: every field of every overlay, so that nothing falls back to a default.
        var lines: [String] = []
        if settings.framesPerSecond != nil || tweaks.dropped != nil {
            var clock = "clock: {fps: \(Self.number(scene.clock.framesPerSecond)), frames: \(scene.clock.tickCount)"
            switch scene.clock.droppedFrames {
            case .none: break
            case .every(let n): clock += ", droppedFrames: {every: \(n)}"
            case .ticks(let set): clock += ", droppedFrames: [\(set.sorted().map(String.init).joined(separator: ", "))]"
            }
            lines.append(clock + "}")
        }
        lines.append("effects:  # these replace the scene's motionBlurOverlay entries")
        for overlay in overlays {
            let curve = curves.curves[overlay.id].map { _ in requested[overlay.id]! } ?? overlay.curve.description
            var fields = ["id: \(Self.yamlString(overlay.id))", "layer: \(Self.yamlString(Self.layerReference(overlay.layer, in: scene)))",
                          "angle: \(Self.number(overlay.angle))", "radius: \(Self.number(overlay.radius))",
                          "samples: \(Self.number(overlay.samples))", "curve: \(Self.yamlString(curve))"]
            if let rate = overlay.referenceRate { fields.append("referenceRate: \(Self.number(rate))") }
            fields.append("angleFromMotion: \(overlay.angleFromMotion)")
            fields.append("followPositionAnimation: \(overlay.followsPositionAnimation)")
            fields.append("enabled: \(Self.number(overlay.enabledAt))")
            if let disabled = overlay.disabledAt { fields.append("disabled: \(Self.number(disabled))") }
            lines.append("  - motionBlurOverlay: {\(fields.joined(separator: ", "))}")
        }
        return Export(command: words.joined(separator: " "), yaml: lines.joined(separator: "\n"))
    }

    /// A number as Swift prints it: the shortest text that reads back as the same Double.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value, .down)) : "\(value)"
    }

    /// A YAML double-quoted string (JSON's escapes are YAML's).
    static func yamlString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A word a POSIX shell reads back unchanged.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "@%+=:,./_-".unicodeScalars.contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A layer path as the scene format reads it: `layers[i].sublayers[j]…`, `mask` for a mask.
    static func keyPath(_ path: LayerPath) -> String {
        path.indices.enumerated().map { position, index in
            index == LayerPath.maskIndex ? "mask" : (position == 0 ? "layers[\(index)]" : "sublayers[\(index)]")
        }.joined(separator: ".")
    }
}
