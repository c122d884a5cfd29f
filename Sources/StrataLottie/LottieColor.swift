import Foundation
import StrataModel

/// Lottie colours: components 0…1 (older files 0…255). A fourth component, which the schema
/// allows as alpha, is not drawn: lottie-ios decodes every colour with alpha 1 "for consistency
/// with Lottie on other platforms" (`ColorExtension.swift`), and lottie-web and ThorVG read only
/// red, green and blue; a colour's transparency comes from its opacity property.
enum LottieColor {
    /// A colour as a file writes it: red, green, blue (0…1, or 0…255 when all three are over 1;
    /// a missing one is 0), opaque.
    static func color(_ v: [Double]) -> Color {
        clamped(unit(v))
    }

    /// A gradient stop: red, green, blue as `color(_:)` reads them, with the stop's own `alpha`
    /// (0…1, from the gradient's opacity stops).
    static func color(_ v: [Double], alpha: Double) -> Color {
        let rgb = color(v)
        return Color(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: min(1, max(0, alpha)))
    }

    /// A colour whose components are already 0…1, each clamped there (an easing may overshoot),
    /// opaque whatever a fourth component says.
    static func clamped(_ v: [Double]) -> Color {
        func c(_ i: Int) -> Double { i < v.count ? min(1, max(0, v[i])) : 0 }
        return Color(red: c(0), green: c(1), blue: c(2), alpha: 1)
    }

    /// A solid layer's colour (`sc`) as lottie-ios reads it (`hexColorComponents`): six hex
    /// digits, with or without "#", surrounding spaces ignored; nil for anything else, which
    /// lottie-ios draws black.
    static func solid(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        return digits.count == 6 ? Color(hex: "#" + digits) : nil
    }

    /// The components in 0…1: red, green and blue divided by 255 when all three are over 1, as
    /// lottie-ios decodes them (`ColorExtension.swift`); otherwise a component over 1 is clamped
    /// to 1 where it is drawn.
    static func unit(_ v: [Double]) -> [Double] {
        guard v.count >= 3, v.prefix(3).allSatisfy({ $0 > 1 }) else { return v }
        return v.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element }
    }

    /// A colour property with every keyframe in 0…1, as lottie-ios decodes them, so that values
    /// between keyframes are read as 0…1 too: an easing that overshoots white (1.04) is white,
    /// not 1.04 / 255.
    static func unitKeyframes(_ property: LottieProperty<[Double]>) -> LottieProperty<[Double]> {
        LottieProperty(keyframes: property.keyframes.map { keyframe in
            var keyframe = keyframe
            keyframe.value = unit(keyframe.value)
            return keyframe
        })
    }
}
