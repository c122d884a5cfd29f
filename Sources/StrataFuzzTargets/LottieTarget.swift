import Foundation
import StrataKit
import StrataLottie
import StrataScene

/// Lottie bytes (JSON, or a dotLottie zip) → `LottieImporter` → scene or error; a scene is then
/// drawn at its first and last frame on a canvas of at most 48×48 points.
enum LottieTarget {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let scene: Scene?
        if LottieImporter.isArchive(data) {
            scene = try? LottieImporter.decodeArchive(data, file: "fuzz.lottie", name: "fuzz")
        } else {
            scene = try? LottieImporter.decode(data, file: "fuzz.json", baseURL: nil, name: "fuzz")
        }
        guard let scene, let renderer = SceneTargets.smallRenderer(scene, ticks: 2) else { return }
        _ = try? renderer.render(atSeconds: 0)
        _ = try? renderer.render(atSeconds: scene.seconds(atProgress: 1))
    }
}
