import Foundation

/// The fuzz targets.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Scene bytes → `SceneLoader` (YAML, or JSON when the first byte is odd) → scene or error.
    case scene
    /// Image bytes (PNG, JPEG, WebP) → `ImageCodec.decode` → image or error.
    case png
    /// Scene bytes → scene → frames 0 and last rendered on a canvas clamped to 48×48 points.
    case render
    /// Random pixels and sizes → fast and compact encoders → libpng: the image encoded, exactly.
    case encoders
    /// SVG path data → `Path` → length, trimming, flattening.
    case svgpath
    /// Transform lists (2-D and 3-D steps, any doubles) as a scene: decoded, interpolated, rendered.
    case transform
    /// Text strings with attributes as a text layer, laid out by Pango and rendered.
    case text
    /// HTTP requests (method, path, query) to Strata Studio's router.
    case studio
    /// Scene bytes → every frame (≤ 48×48 points, 30 ticks) drawn over the previous one where it
    /// changed and drawn in full: a differential target, the bytes must be equal.
    case damage
    /// Lottie bytes (JSON or a dotLottie zip) → `LottieImporter` → first and last frame, small.
    case lottie

    /// The target `STRATA_FUZZ_TARGET` names (the process exits 2 when it names none).
    public static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["STRATA_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("strata-fuzz: set STRATA_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", ")) (found \"\(name)\")\n".utf8))
            exit(2)
        }
        return target
    }()

    /// Runs one input; returns for every input (bad bytes are answered with errors, not traps).
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .scene: SceneTargets.decode(bytes)
        case .png: PixelTargets.decode(bytes)
        case .render: SceneTargets.render(bytes)
        case .encoders: PixelTargets.encoders(bytes)
        case .svgpath: PathTarget.run(bytes)
        case .transform: SceneTargets.transform(bytes)
        case .text: SceneTargets.text(bytes)
        case .studio: StudioTarget.run(bytes)
        case .damage: SceneTargets.damage(bytes)
        case .lottie: LottieTarget.run(bytes)
        }
    }
}

/// Reads fuzz bytes as a stream of choices and numbers.
struct FuzzReader {
    var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let value = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + value % (range.count)
    }

    /// A double: usually a small number, sometimes any bit pattern (NaN, ±∞, huge, subnormal).
    mutating func double() -> Double {
        switch byte() % 8 {
        case 0:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        case 1: return [0, -0.0, 1, -1, 1e-300, 1e300, 0.5, 360][Int(byte()) % 8]
        default: return Double(Int(byte()) - 128) + Double(byte()) / 256
        }
    }

    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

/// A number as YAML writes it (`.nan`, `.inf` for the non-finite ones).
func yamlNumber(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
    return String(format: "%.17g", value)
}
