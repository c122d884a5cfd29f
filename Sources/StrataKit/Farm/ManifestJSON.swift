import Foundation
import StrataEffects

/// Writes manifest frames as JSONEncoder writes them with `.prettyPrinted` and `.sortedKeys`:
/// two spaces a level, `"key" : value`, keys in order, absent optionals left out, an empty array
/// as `[`, an empty line and `]`, numbers as Swift's shortest form without a trailing `.0`, `/`
/// escaped. `Manifest.encodedData()` sets them into the rest of the document.
struct ManifestJSON {
    var bytes: [UInt8] = []

    mutating func newline(_ indent: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: indent))
    }

    mutating func key(_ name: String, indent: Int, first: Bool) {
        if !first { bytes.append(0x2C) }
        newline(indent)
        string(name)
        bytes.append(contentsOf: " : ".utf8)
    }

    mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func number(_ value: Int) { bytes.append(contentsOf: value.description.utf8) }

    mutating func string(_ value: String) {
        // Printable ASCII but for the three characters JSONEncoder escapes: as it is. Anything
        // else goes through JSONEncoder itself (names with other characters are rare).
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F }) {
            bytes.append(0x22)
            bytes.append(contentsOf: value.utf8)
            bytes.append(0x22)
        } else if let encoded = try? JSONEncoder().encode(value) {
            bytes.append(contentsOf: encoded)
        }
    }

    /// `[`, each element on its own lines one level in, `]`; an empty array as JSONEncoder writes it.
    mutating func array<T>(_ elements: [T], indent: Int, _ element: (inout ManifestJSON, T, Int) -> Void) {
        bytes.append(0x5B)
        if elements.isEmpty {
            bytes.append(0x0A)
        } else {
            for (index, value) in elements.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                newline(indent + 2)
                element(&self, value, indent + 2)
            }
        }
        newline(indent)
        bytes.append(0x5D)
    }

    mutating func frame(_ frame: Manifest.Frame, indent: Int) {
        bytes.append(0x7B)
        key("file", indent: indent + 2, first: true); string(frame.file)
        key("index", indent: indent + 2, first: false); number(frame.index)
        key("layers", indent: indent + 2, first: false)
        array(frame.layers, indent: indent + 2) { json, layer, indent in json.layer(layer, indent: indent) }
        if let overlays = frame.overlays {
            key("overlays", indent: indent + 2, first: false)
            array(overlays, indent: indent + 2) { json, overlay, indent in json.overlay(overlay, indent: indent) }
        }
        key("tick", indent: indent + 2, first: false); number(frame.tick)
        key("time", indent: indent + 2, first: false); number(frame.time)
        newline(indent)
        bytes.append(0x7D)
    }

    mutating func layer(_ layer: Manifest.LayerState, indent: Int) {
        bytes.append(0x7B)
        var first = true
        if let name = layer.name { key("name", indent: indent + 2, first: true); string(name); first = false }
        key("opacity", indent: indent + 2, first: first); number(layer.opacity)
        key("path", indent: indent + 2, first: false); string(layer.path)
        key("position", indent: indent + 2, first: false)
        array(layer.position, indent: indent + 2) { json, value, _ in json.number(value) }
        newline(indent)
        bytes.append(0x7D)
    }

    mutating func overlay(_ overlay: OverlayState, indent: Int) {
        bytes.append(0x7B)
        var first = true
        if let delta = overlay.delta { key("delta", indent: indent + 2, first: true); number(delta); first = false }
        key("enabled", indent: indent + 2, first: first); bytes.append(contentsOf: (overlay.enabled ? "true" : "false").utf8)
        key("id", indent: indent + 2, first: false); string(overlay.id)
        key("opacity", indent: indent + 2, first: false); number(overlay.opacity)
        newline(indent)
        bytes.append(0x7D)
    }
}
