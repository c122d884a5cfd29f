import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster
import StrataScene

extension LottieImporter {
    /// After Effects' per-layer motion blur of the layers wrapped under `names`, with the
    /// composition's shutter (`mb`: `sa` angle and `sp` phase in degrees, `spf` samples per frame;
    /// After Effects' 180, −90 and 16 when absent).
    static func motionBlurs(_ root: LottieNode, composition: Layer, names: Set<String>) throws(SceneError) -> [LayerMotionBlur] {
        guard !names.isEmpty else { return [] }
        let settings = root["mb"]
        let angle = try settings?.number("sa", default: 180, in: 1...720) ?? 180
        let phase = try settings?.number("sp", default: -90, in: -720...720) ?? -90
        let samples = try settings?.number("spf", default: 16, in: 1...64) ?? 16
        var blurs: [LayerMotionBlur] = []
        func visit(_ layer: Layer, _ path: [Int]) {
            if let name = layer.name, names.contains(name) {
                blurs.append(LayerMotionBlur(id: "\(name) \(blurs.count + 1)", layer: LayerPath(path), shutterAngle: angle, shutterPhase: phase,
                                             samples: Int(saturating: samples, .toNearestOrAwayFromZero)))
            }
            for (index, sublayer) in layer.sublayers.enumerated() { visit(sublayer, path + [index]) }
        }
        visit(composition, [0])
        return blurs
    }
}
