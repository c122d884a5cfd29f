import Foundation
import StrataModel

/// Lottie colours: components 0…1 (older files 0…255), alpha optional.
enum LottieColor {
    /// A colour as a file writes it: red, green, blue (0…1, or 0…255 when one is over 1) and an
    /// optional alpha (0…1).
    static func color(_ v: [Double]) -> Color {
        clamped(unit(v))
    }

    /// A colour whose components are already 0…1, each clamped there (an easing may overshoot).
    static func clamped(_ v: [Double]) -> Color {
        func c(_ i: Int, _ fallback: Double) -> Double { i < v.count ? min(1, max(0, v[i])) : fallback }
        return Color(red: c(0, 0), green: c(1, 0), blue: c(2, 0), alpha: c(3, 1))
    }

    /// A solid layer's colour (`sc`) as lottie-ios reads it (`hexColorComponents`): six hex
    /// digits, with or without "#", surrounding spaces ignored; nil for anything else, which
    /// lottie-ios draws black.
    static func solid(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        return digits.count == 6 ? Color(hex: "#" + digits) : nil
    }

    /// The components in 0…1: red, green and blue divided by 255 when one of them is over 1.
    static func unit(_ v: [Double]) -> [Double] {
        guard v.prefix(3).contains(where: { $0 > 1 }) else { return v }
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
