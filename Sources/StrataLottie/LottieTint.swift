import Foundation
import StrataModel
import StrataScene

/// After Effects' Tint effect (`ef` type 20, match name "ADBE Tint") as a colour matrix, the way
/// Skia's Skottie draws it (`attachTintEffect`, sksg's `GradientColorFilter`): each pixel's
/// luminance (Rec. 709: 0.2126 R + 0.7152 G + 0.0722 B) picks a colour between "Map Black To" and
/// "Map White To", mixed with the pixel's own colour by "Amount to Tint" (percent); the alpha is
/// kept. Values by position (black, white, amount), as Skottie reads them. lottie-ios's Core
/// Animation engine draws no such effect.
extension LottieStyles {
    /// The name of the filter a Tint effect becomes.
    static let tintName = "lottie-tint"

    /// The first enabled Tint effect of the layer at `node` as a colour matrix filter; a changing
    /// tint is drawn as at its first frame, and later tints are not applied (both warned).
    func tint(_ node: LottieNode) throws(SceneError) -> NamedFilter? {
        guard let effect = try firstEnabledEffect(node, type: 20, name: "Tint") else { return nil }
        let values = try effect["ef"]?.array() ?? []
        guard values.count >= 3 else {
            context.warn(effect.path, "a Tint effect without its values (black, white, amount) is not applied")
            return nil
        }
        let black = try values[0].required("v", "the colour black maps to").effectValue(count: 3)
        let white = try values[1].required("v", "the colour white maps to").effectValue(count: 3)
        let amount = try values[2].required("v", "the amount to tint").effectValue(count: 1)
        if black.isAnimated || white.isAnimated || amount.isAnimated {
            context.warn(effect.path, "a changing Tint effect is drawn as at its first frame")
        }
        let low = LottieColor.color(black.first), high = LottieColor.color(white.first)
        return NamedFilter(name: Self.tintName, filter: .colorMatrix(Self.tintMatrix(black: low, white: high, amount: amount.first[0] / 100)))
    }

    /// The 4 × 5 matrix (straight RGBA, row-major) of a tint from `black` to `white` mixed in by
    /// `amount` (0…1).
    static func tintMatrix(black: Color, white: Color, amount: Double) -> [Double] {
        let w = min(1, max(0, amount))
        let luma = [0.2126, 0.7152, 0.0722]
        let low = [black.red, black.green, black.blue], span = [white.red - black.red, white.green - black.green, white.blue - black.blue]
        var matrix: [Double] = []
        for row in 0..<3 {
            for column in 0..<3 { matrix.append((row == column ? 1 - w : 0) + w * span[row] * luma[column]) }
            matrix += [0, w * low[row]]
        }
        return matrix + [0, 0, 0, 1, 0]
    }
}
