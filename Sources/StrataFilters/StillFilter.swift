import Foundation
import StrataModel
import StrataRaster

/// The still-image filter chain (`strata filter`): the filter options parsed in the order given,
/// and the chain applied to an image, which grows by each blur's reach. Lengths are in the image's
/// pixels; angles on the command line in degrees.
public enum StillFilter {
    /// The options `strata filter` understands, for help and errors.
    public static let usage = """
        Filters, applied in the order given (lengths in pixels, angles in degrees):
          --gaussian-blur R                 Gaussian blur, σ = R
          --motion-blur R [--angle DEG] [--samples N]
                                            Core Image motion blur (defaults: angle 90, samples 5)
          --box-blur R                      box blur of radius R
          --variable-blur R --mask linear|rounded-rect|squircle|FILE.png
                [--mask-start X,Y] [--mask-end X,Y] [--fade-width PX] [--corner-radius PX]
                [--inset PX] [--exponent N] [--easing smoothstep|ease-in|linear]
                                            progressive blur, σ = R × mask
          --saturation S  --brightness B  --contrast C
          --tint COLOR[:AMOUNT]             e.g. --tint '#ff8800:0.5'
          --color-matrix 'm0,…,m19'         4×5 matrix on straight RGBA in 0…1
        """

    /// Parses the filter options. Throws a usage error naming the option.
    public static func parse(_ arguments: [String]) throws(FilterOptionError) -> [Filter] {
        var filters: [Filter] = []
        var index = 0
        func value(_ option: String) throws(FilterOptionError) -> String {
            guard index + 1 < arguments.count else { throw FilterOptionError(.usage, "\(option) needs a value") }
            index += 1
            return arguments[index]
        }
        func number(_ option: String, _ range: ClosedRange<Double> = -1e9...1e9) throws(FilterOptionError) -> Double {
            let text = try value(option)
            guard let n = Double(text), n.isFinite, range.contains(n) else {
                throw FilterOptionError(.usage, "\(option) expects a number in \(range.lowerBound)…\(range.upperBound), found \"\(text)\"")
            }
            return n
        }
        func pair(_ option: String) throws(FilterOptionError) -> (Double, Double) {
            let text = try value(option)
            let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, parts.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else {
                throw FilterOptionError(.usage, "\(option) expects X,Y (finite numbers), found \"\(text)\"")
            }
            return (parts[0], parts[1])
        }
        while index < arguments.count {
            let option = arguments[index]
            switch option {
            case "--gaussian-blur":
                filters.append(.gaussianBlur(radius: try number(option, 0...Limits.maximumBlurRadius)))
            case "--box-blur":
                filters.append(.boxBlur(radius: try number(option, 0...Limits.maximumBlurLength)))
            case "--motion-blur":
                filters.append(.motionBlur(radius: try number(option, 0...Limits.maximumBlurLength), angle: .pi / 2, samples: 5))
            case "--angle", "--samples":
                guard case .motionBlur(let radius, let angle, let samples)? = filters.last else {
                    throw FilterOptionError(.usage, "\(option) must follow --motion-blur")
                }
                if option == "--angle" {
                    filters[filters.count - 1] = .motionBlur(radius: radius, angle: try number(option) * .pi / 180, samples: samples)
                } else {
                    filters[filters.count - 1] = .motionBlur(radius: radius, angle: angle, samples: try number(option, 0...100))
                }
            case "--variable-blur":
                filters.append(.variableBlur(maxRadius: try number(option, 0...Limits.maximumBlurRadius), mask: .shape(.linear(startX: 0.5, startY: 0, endX: 0.5, endY: 1, easing: .smoothstep))))
            case "--mask", "--mask-start", "--mask-end", "--fade-width", "--corner-radius", "--inset", "--exponent", "--easing":
                guard case .variableBlur(let radius, let mask)? = filters.last else {
                    throw FilterOptionError(.usage, "\(option) must follow --variable-blur")
                }
                filters[filters.count - 1] = .variableBlur(maxRadius: radius, mask: try adjust(mask, option))
            case "--saturation":
                filters.append(.saturation(try number(option, 0...10)))
            case "--brightness":
                filters.append(.brightness(try number(option, -1...1)))
            case "--contrast":
                filters.append(.contrast(try number(option, 0...10)))
            case "--tint":
                let text = try value(option)
                let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
                guard let color = Color(hex: parts[0]), parts.count == 1 || Double(parts[1])?.isFinite == true else {
                    throw FilterOptionError(.usage, "--tint expects #rrggbb[:amount], found \"\(text)\"")
                }
                filters.append(.tint(color, amount: parts.count == 2 ? min(1, max(0, Double(parts[1])!)) : 1))
            case "--color-matrix":
                let text = try value(option)
                let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let values = fields.compactMap { Double($0) }
                guard fields.count == 20, values.count == 20 else { throw FilterOptionError(.usage, "--color-matrix expects 20 numbers, found \"\(text)\"") }
                if let bad = values.firstIndex(where: { !$0.isFinite || abs($0) > 1e6 }) {
                    throw FilterOptionError(.usage, "--color-matrix entry m\(bad) must be a finite number within ±1e6, found \(fields[bad])")
                }
                filters.append(.colorMatrix(values))
            default:
                let known = ["--gaussian-blur", "--motion-blur", "--angle", "--samples", "--box-blur", "--variable-blur", "--mask", "--mask-start", "--mask-end",
                             "--fade-width", "--corner-radius", "--inset", "--exponent", "--easing", "--saturation", "--brightness", "--contrast", "--tint", "--color-matrix"]
                let near = known.map { ($0, Self.editDistance(option, $0)) }.filter { $0.1 <= 3 }.min { $0.1 < $1.1 }?.0
                throw FilterOptionError(.usage, "unknown filter option \"\(option)\"" + (near.map { "; did you mean \($0)?" } ?? "") + "\n\(usage)")
            }
            index += 1
        }
        return filters

        func adjust(_ mask: VariableBlurMask, _ option: String) throws(FilterOptionError) -> VariableBlurMask {
            guard case .shape(let shape) = mask else {
                if option == "--mask" { return try maskOption(try value(option)) }
                throw FilterOptionError(.usage, "\(option) does not apply to an image mask")
            }
            switch (option, shape) {
            case ("--mask", _):
                return try maskOption(try value(option))
            case ("--mask-start", .linear(_, _, let ex, let ey, let easing)):
                let (x, y) = try pair(option)
                return .shape(.linear(startX: x, startY: y, endX: ex, endY: ey, easing: easing))
            case ("--mask-end", .linear(let sx, let sy, _, _, let easing)):
                let (x, y) = try pair(option)
                return .shape(.linear(startX: sx, startY: sy, endX: x, endY: y, easing: easing))
            case ("--fade-width", .roundedRect(let inset, let radius, _, let easing)):
                return .shape(.roundedRect(inset: inset, cornerRadius: radius, fadeWidth: try number(option, 0...1e6), easing: easing))
            case ("--fade-width", .squircle(let inset, let exponent, _, let easing)):
                return .shape(.squircle(inset: inset, exponent: exponent, fadeWidth: try number(option, 0...1e6), easing: easing))
            case ("--corner-radius", .roundedRect(let inset, _, let fade, let easing)):
                return .shape(.roundedRect(inset: inset, cornerRadius: try number(option, 0...1e6), fadeWidth: fade, easing: easing))
            case ("--inset", .roundedRect(_, let radius, let fade, let easing)):
                return .shape(.roundedRect(inset: try number(option, 0...1e6), cornerRadius: radius, fadeWidth: fade, easing: easing))
            case ("--inset", .squircle(_, let exponent, let fade, let easing)):
                return .shape(.squircle(inset: try number(option, 0...1e6), exponent: exponent, fadeWidth: fade, easing: easing))
            case ("--exponent", .squircle(let inset, _, let fade, let easing)):
                return .shape(.squircle(inset: inset, exponent: try number(option, 1...100), fadeWidth: fade, easing: easing))
            case ("--easing", _):
                let text = try value(option)
                let easing: MaskEasing
                switch text {
                case "smoothstep": easing = .smoothstep
                case "ease-in", "easeIn": easing = .easeIn
                case "linear": easing = .linear
                default: throw FilterOptionError(.usage, "--easing expects smoothstep, ease-in or linear, found \"\(text)\"")
                }
                switch shape {
                case .linear(let a, let b, let c, let d, _): return .shape(.linear(startX: a, startY: b, endX: c, endY: d, easing: easing))
                case .roundedRect(let a, let b, let c, _): return .shape(.roundedRect(inset: a, cornerRadius: b, fadeWidth: c, easing: easing))
                case .squircle(let a, let b, let c, _): return .shape(.squircle(inset: a, exponent: b, fadeWidth: c, easing: easing))
                }
            default:
                throw FilterOptionError(.usage, "\(option) does not apply to this mask (set --mask first)")
            }
        }

        func maskOption(_ text: String) throws(FilterOptionError) -> VariableBlurMask {
            switch text {
            case "linear": return .shape(.linear(startX: 0.5, startY: 0, endX: 0.5, endY: 1, easing: .smoothstep))
            case "rounded-rect": return .shape(.roundedRect(inset: 0, cornerRadius: 0, fadeWidth: 40, easing: .smoothstep))
            case "squircle": return .shape(.squircle(inset: 0, exponent: 4, fadeWidth: 40, easing: .smoothstep))
            default:
                guard text.lowercased().hasSuffix(".png") else {
                    throw FilterOptionError(.usage, "--mask expects linear, rounded-rect, squircle or a .png file, found \"\(text)\"")
                }
                do {
                    return .image(try PNGCodec.decode(contentsOf: URL(fileURLWithPath: text)))
                } catch {
                    throw FilterOptionError(FileManager.default.fileExists(atPath: text) ? .unreadableFile : .missingFile, "--mask \(text): \(error)")
                }
            }
        }
    }

    /// Applies `filters` in order to `image`, letting it grow by each blur's reach (lengths in
    /// pixels); the result's pixel (0, 0) lies at the input's pixel (−outsetX, −outsetY).
    public static func apply(_ filters: [Filter], to image: PixelBuffer) throws(RasterError) -> PixelBuffer {
        try FilterKernels.applyGrowing(filters, to: image).image
    }
}

/// A filter option that cannot be used, with what was wrong.
public struct FilterOptionError: Error, CustomStringConvertible {
    /// What kind of mistake it is.
    public enum Kind: Sendable {
        /// An unknown option, a missing value or a value out of range.
        case usage
        /// A file named by an option (a mask image) does not exist.
        case missingFile
        /// A file named by an option exists but is not a readable PNG.
        case unreadableFile
    }

    public var kind: Kind
    /// The message, naming the option and what was found.
    public var description: String

    /// Creates an error of `kind`.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

extension StillFilter {
    /// Levenshtein distance between two short words (for "did you mean").
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
