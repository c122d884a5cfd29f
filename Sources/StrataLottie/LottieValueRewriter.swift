import Foundation
import StrataModel
import StrataScene

/// Applies value providers to a Lottie document before it is read: the properties their keypaths
/// name get the provided values, as if the file held them. A stage in front of the importer, so
/// every property is read, checked and mapped one way whoever set it.
///
/// A precomposition's layers are named below the layer that places it; when a provider changes
/// something inside, that placement gets its own copy of the asset (another placement of the same
/// asset keeps the file's values). Expansion is bounded as the import's is (`Limits.maximumLayers`).
struct LottieValueRewriter {
    let providers: [LottieValueProvider]
    let file: String
    /// Precomposition assets by id, as the file holds them.
    private var assets: [String: SceneValue] = [:]
    /// Copies of assets made for one placement.
    private var copies: [SceneValue] = []
    /// Which providers named at least one property.
    private(set) var used = Set<Int>()
    /// Properties replaced so far.
    private var replaced = 0
    private var visited = 0
    /// Bytes of text the text providers have put in documents so far: one short text given to
    /// every one of a file's text layers must not become gigabytes.
    private var providedBytes = 0
    static let maximumProvidedBytes = 10 * Limits.maximumTextLength

    /// Marks a text document whose text a provider set (read by `LottieText`).
    static let providedTextKey = "strata:providedText"

    init(providers: [LottieValueProvider], file: String) {
        self.providers = providers
        self.file = file
    }

    /// The document with the providers' values in place.
    mutating func rewrite(_ root: SceneValue) throws(SceneError) -> SceneValue {
        for asset in root["assets"]?.elements ?? [] {
            if case .string(let id)? = asset["id"]?.content, asset["layers"] != nil { assets[id] = asset }
        }
        guard let layers = root["layers"] else { return root }
        var result = root.replacing("layers", with: try self.layers(layers, path: [], stack: []))
        if !copies.isEmpty {
            result = result.replacing("assets", with: SceneValue(content: .array((root["assets"]?.elements ?? []) + copies), line: nil))
        }
        return result
    }

    /// The names no provider could match below: nothing to rewrite there.
    private func anyMayMatch(below path: [String]) -> Bool { providers.contains { $0.mayMatch(below: path) } }

    private mutating func layers(_ list: SceneValue, path: [String], stack: [String]) throws(SceneError) -> SceneValue {
        guard case .array(let layers) = list.content else { return list }
        var result: [SceneValue] = []
        for layer in layers {
            visited += 1
            guard visited <= Limits.maximumLayers else {
                throw SceneError(file: file, keyPath: "layers", expected: "at most \(Limits.maximumLayers) layers under the value providers' keypaths",
                                 found: "more")
            }
            result.append(try self.layer(layer, path: path, stack: stack))
        }
        return SceneValue(content: .array(result), line: list.line)
    }

    private mutating func layer(_ layer: SceneValue, path: [String], stack: [String]) throws(SceneError) -> SceneValue {
        guard case .string(let name)? = layer["nm"]?.content else { return layer }
        let here = path + [name]
        guard anyMayMatch(below: here) else { return layer }
        var result = layer
        if let transform = layer["ks"] {
            result = result.replacing("ks", with: self.transform(transform, path: here + ["Transform"]))
        }
        if case .number(1)? = layer["ty"]?.content, let value = providedSolidColor(here + ["Color"]) {
            result = result.replacing("sc", with: value)
        }
        if case .number(5)? = layer["ty"]?.content, let text = layer["t"] {
            result = result.replacing("t", with: try self.text(text, path: here))
        }
        if let shapes = layer["shapes"] {
            result = result.replacing("shapes", with: self.shapes(shapes, path: here))
        }
        if case .string(let id)? = layer["refId"]?.content, let asset = assets[id], let inner = asset["layers"], !stack.contains(id),
           stack.count < Limits.maximumDepth {
            let before = replaced
            let rewritten = try layers(inner, path: here, stack: stack + [id])
            if replaced > before {
                let copy = "\(id) (values \(copies.count + 1))"
                copies.append(asset.replacing("layers", with: rewritten).replacing("id", with: SceneValue(content: .string(copy), line: nil)))
                result = result.replacing("refId", with: SceneValue(content: .string(copy), line: nil))
            }
        }
        return result
    }

    private mutating func transform(_ transform: SceneValue, path: [String]) -> SceneValue {
        var result = transform
        for (key, name) in [("a", "Anchor Point"), ("p", "Position"), ("s", "Scale"), ("r", "Rotation"), ("o", "Opacity")] {
            if let value = provided(path + [name]) {
                result = result.replacing(key, with: value)
            }
        }
        return result
    }

    private mutating func shapes(_ list: SceneValue, path: [String]) -> SceneValue {
        guard case .array(let items) = list.content else { return list }
        return SceneValue(content: .array(items.map { item in shape(item, path: path) }), line: list.line)
    }

    private mutating func shape(_ item: SceneValue, path: [String]) -> SceneValue {
        guard case .string(let type)? = item["ty"]?.content else { return item }
        if type == "tr" { return transform(item, path: path + ["Transform"]) }
        guard case .string(let name)? = item["nm"]?.content else { return item }
        let here = path + [name]
        guard anyMayMatch(below: here) else { return item }
        var result = item
        if type == "gr", let inner = item["it"] { result = result.replacing("it", with: shapes(inner, path: here)) }
        let properties: [(String, String)] = switch type {
        case "fl": [("c", "Color"), ("o", "Opacity")]
        case "st": [("c", "Color"), ("o", "Opacity"), ("w", "Stroke Width")]
        case "gf": [("o", "Opacity")]
        case "gs": [("o", "Opacity"), ("w", "Stroke Width")]
        case "tm": [("s", "Start"), ("e", "End"), ("o", "Offset")]
        case "rc": [("s", "Size"), ("p", "Position"), ("r", "Roundness")]
        case "el": [("s", "Size"), ("p", "Position")]
        default: []
        }
        for (key, property) in properties {
            if let value = provided(here + [property]) { result = result.replacing(key, with: value) }
        }
        if type == "gf" || type == "gs", let gradient = providedGradient(here + ["Colors"]) {
            result = result.replacing("g", with: gradient)
        }
        return result
    }

    /// A text layer's documents (`t.d.k[].s`) with a text provider's text (`t`) and the colour
    /// providers' fill (`fc`, keypath `…Color`) and stroke (`sc`, `…Stroke Color`) in every
    /// one. A provider naming the layer's whole keypath wins over one naming only its name, as in
    /// lottie-ios's `DictionaryTextProvider`; a colour's first keyframe is used, as lottie-ios's
    /// Core Animation engine applies a text colour (it cannot animate one).
    private mutating func text(_ text: SceneValue, path: [String]) throws(SceneError) -> SceneValue {
        guard let document = text["d"], let keyframes = document["k"]?.elements else { return text }
        var replacements: [(key: String, value: SceneValue)] = []
        if let index = providers.lastIndex(where: { $0.text != nil && $0.matches(path) })
            ?? providers.lastIndex(where: { $0.namesText(byName: path) }), let string = providers[index].text {
            providedBytes += string.utf8.count * keyframes.count
            guard providedBytes <= Self.maximumProvidedBytes else {
                throw SceneError(file: file, keyPath: "layers", expected: "text providers' texts of at most \(Self.maximumProvidedBytes) bytes in all the text documents they name",
                                 found: "more, at the text layer \(path.joined(separator: "."))")
            }
            used.insert(index)
            replaced += 1
            replacements.append(("t", SceneValue(content: .string(string), line: nil)))
            replacements.append((Self.providedTextKey, SceneValue(content: .number(1), line: nil)))
        }
        for (key, property) in [("fc", "Color"), ("sc", "Stroke Color")] {
            guard let index = lastValueProvider(naming: path + [property]),
                  let first = providers[index].keyframes.first, first.components.count >= 3 else { continue }
            used.insert(index)
            replaced += 1
            let components = first.components.map { SceneValue(content: .number($0), line: nil) }
            replacements.append((key, SceneValue(content: .array(components), line: nil)))
        }
        guard !replacements.isEmpty else { return text }
        let rewritten = keyframes.map { keyframe -> SceneValue in
            guard var style = keyframe["s"] else { return keyframe }
            for (key, value) in replacements { style = style.replacing(key, with: value) }
            return keyframe.replacing("s", with: style)
        }
        let list = SceneValue(content: .array(rewritten), line: document["k"]?.line)
        return text.replacing("d", with: document.replacing("k", with: list))
    }

    /// A gradient's stops (`g`: the count, then location, r, g, b of each colour stop and location,
    /// alpha of each opacity stop): the last provider naming it, its entries read as
    /// `LOCATION:r,g,b,a` stops (lottie-ios's GradientValueProvider: colours and locations).
    ///
    /// Core Animation draws such a provider's opacity twice, in the colours and again in the
    /// gradient's mask: where the stops give alpha a, its pictures show a² (issue_1854 at 25 %,
    /// to within 0.004 of alpha over 400,000 pixels; 50 % and 75 % with the layer's opacity once
    /// on top). So the opacity stops written here are the stops' alpha squared, sampled at up to
    /// 16 points per span; a file's own opacity stops are drawn once, as the pictures show them.
    private mutating func providedGradient(_ path: [String]) -> SceneValue? {
        guard let index = lastValueProvider(naming: path),
              !providers[index].keyframes.isEmpty, providers[index].keyframes.allSatisfy({ $0.components.count >= 3 }) else { return nil }
        used.insert(index)
        replaced += 1
        let stops = providers[index].keyframes
        let colours = stops.flatMap { [min(1, max(0, $0.frame))] + $0.components.prefix(3) }
        let given = stops.map { (min(1, max(0, $0.frame)), min(1, max(0, $0.components.count > 3 ? $0.components[3] : 1))) }
        var alphas = given.flatMap { [$0.0, $0.1 * $0.1] }
        if given.contains(where: { $0.1 < 1 }), given.count > 1 {
            // Up to 16 points per span, fewer when there are many stops: the stops the importer
            // reads are at most 1,024 numbers.
            let spare = 1024 - 4 * given.count - 2
            let steps = max(1, min(16, spare / max(1, 2 * (given.count - 1))))
            alphas = []
            for (from, to) in zip(given, given.dropFirst()) {
                for step in 0..<steps {
                    let f = Double(step) / Double(steps)
                    let alpha = from.1 + (to.1 - from.1) * f
                    alphas += [from.0 + (to.0 - from.0) * f, alpha * alpha]
                }
            }
            alphas += [given[given.count - 1].0, given[given.count - 1].1 * given[given.count - 1].1]
        }
        func number(_ value: Double) -> SceneValue { SceneValue(content: .number(value), line: nil) }
        let values = SceneValue(content: .array((colours + alphas).map(number)), line: nil)
        let property = SceneValue(content: .object([(key: "a", value: number(0)), (key: "k", value: values)]), line: nil)
        return SceneValue(content: .object([(key: "p", value: number(Double(stops.count))), (key: "k", value: property)]), line: nil)
    }

    /// A solid layer's colour (`sc`, `#rrggbb`, which does not animate): the last provider naming
    /// it, its first keyframe's r, g, b (alpha is not a solid's).
    private mutating func providedSolidColor(_ path: [String]) -> SceneValue? {
        guard let index = lastValueProvider(naming: path),
              let components = providers[index].keyframes.first?.components, components.count >= 3 else { return nil }
        used.insert(index)
        replaced += 1
        let hex = components.prefix(3).map { component -> String in
            let byte = Int(saturating: min(1, max(0, component)) * 255, .toNearestOrAwayFromZero)
            return String(format: "%02x", byte)
        }.joined()
        return SceneValue(content: .string("#" + hex), line: nil)
    }

    /// The last value provider (not a text provider) whose keypath names `path`.
    private func lastValueProvider(naming path: [String]) -> Int? {
        providers.lastIndex { $0.text == nil && $0.matches(path) }
    }

    /// The last provider naming `path`'s value (a later provider wins, as a later
    /// `setValueProvider` replaces an earlier one), nil when none does.
    private mutating func provided(_ path: [String]) -> SceneValue? {
        guard let index = lastValueProvider(naming: path),
              !providers[index].keyframes.isEmpty else { return nil }
        used.insert(index)
        replaced += 1
        return providers[index].property
    }
}

extension SceneValue {
    subscript(key: String) -> SceneValue? {
        guard case .object(let entries) = content else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var elements: [SceneValue]? {
        if case .array(let values) = content { values } else { nil }
    }

    /// This object with member `key` set to `value` (added at the end when missing).
    func replacing(_ key: String, with value: SceneValue) -> SceneValue {
        guard case .object(var entries) = content else { return self }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key: key, value: value))
        }
        return SceneValue(content: .object(entries), line: line)
    }
}
