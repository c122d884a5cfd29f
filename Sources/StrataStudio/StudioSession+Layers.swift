import StrataAnimation
import StrataKit
import StrataModel
import StrataScene

// The layer tree as the page lists it, and layers named as a user writes them: by name where the
// name is the layer's alone (a Lottie file's After Effects names, a scene file's `name:`), else by
// key path.
extension StudioSession {
    /// Layers the page lists at most (a list of more is cut, and says so).
    static let listedLayers = 2000

    /// Every layer, depth first: `name` (or null), `path` (`layers[0].sublayers[2]`), `depth` from
    /// 0, and `reference`, how an effect's `layer:` names it.
    static func layerList(_ scene: Scene) -> [[String: Any]] {
        let unique = uniqueNames(scene.layers)
        var list: [[String: Any]] = []
        func visit(_ layers: [Layer], _ parent: LayerPath, depth: Int) {
            for (index, layer) in layers.enumerated() where list.count < listedLayers {
                let path = parent.appending(index)
                let keyPath = Self.keyPath(path)
                var entry: [String: Any] = ["path": keyPath, "depth": depth, "reference": keyPath]
                if let name = layer.name {
                    entry["name"] = name
                    if unique.contains(name) { entry["reference"] = name }
                }
                list.append(entry)
                visit(layer.sublayers, path, depth: depth + 1)
            }
        }
        visit(scene.layers, LayerPath([]), depth: 0)
        return list
    }

    /// How an effect names the layer at `path`: its name when no other layer has it, else its key path.
    static func layerReference(_ path: LayerPath, in scene: Scene) -> String {
        if let layer = layer(at: path, in: scene.layers), let name = layer.name,
           uniqueNames(scene.layers).contains(name) {
            return name
        }
        return keyPath(path)
    }

    /// The layer at `path` as written (no animation applied), nil when there is none.
    static func layer(at path: LayerPath, in layers: [Layer]) -> Layer? {
        var level = layers
        var found: Layer?
        for index in path.indices {
            if index == LayerPath.maskIndex {
                guard let mask = found?.mask else { return nil }
                found = mask
            } else {
                guard index >= 0, index < level.count else { return nil }
                found = level[index]
            }
            level = found?.sublayers ?? []
        }
        return found
    }

    /// The names that name one layer only.
    static func uniqueNames(_ layers: [Layer]) -> Set<String> {
        var counts: [String: Int] = [:]
        func visit(_ layers: [Layer]) {
            for layer in layers {
                if let name = layer.name { counts[name, default: 0] += 1 }
                visit(layer.sublayers)
            }
        }
        visit(layers)
        return Set(counts.filter { $0.value == 1 }.keys)
    }
}
