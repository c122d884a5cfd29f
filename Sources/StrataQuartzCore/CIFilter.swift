import Foundation
import StrataModel

/// A filter under Core Image's name (`CIFilter(name:parameters:)`), for a layer's `filters`,
/// `backgroundFilters` and `compositingFilter`. Strata draws these:
///
/// | Core Image | Strata | parameters |
/// |---|---|---|
/// | `CIGaussianBlur` | `gaussianBlur` | `inputRadius` (points, default 10) |
/// | `CIMotionBlur` | `motionBlur` | `inputRadius` (20), `inputAngle` (radians, 0) |
/// | `CIBoxBlur` | `boxBlur` | `inputRadius` (10) |
/// | `CIColorControls` | `saturation`, `brightness`, `contrast` | `inputSaturation` (1), `inputBrightness` (0), `inputContrast` (1) |
/// | `CIColorMatrix` | `colorMatrix` | `inputRVector`, `inputGVector`, `inputBVector`, `inputAVector`, `inputBiasVector` (`CIVector`) |
///
/// As a compositing filter, the blend-mode filters (`CIMultiplyBlendMode`, `CIScreenBlendMode`,
/// `CIOverlayBlendMode`, …) name Strata's blend modes. Any other name is reported when drawn.
open class CIFilter {
    public let name: String
    var parameters: [String: Any]

    public init?(name: String) {
        self.name = name
        parameters = [:]
    }
    public init?(name: String, parameters: [String: Any]?) {
        self.name = name
        self.parameters = parameters ?? [:]
    }
    open func setValue(_ value: Any?, forKey key: String) { parameters[key] = value }
    open func value(forKey key: String) -> Any? { parameters[key] }
    open func setDefaults() {}
    open var attributes: [String: Any] { [:] }
    open var inputKeys: [String] { Array(parameters.keys).sorted() }

    func number(_ key: String, _ fallback: Double) -> Double { QuartzConversion.number(parameters[key]) ?? fallback }

    /// Strata's filters for this one (the filter name in a layer is `name`), or nil when Strata has none.
    func strataFilters(named layerName: String) -> [NamedFilter]? {
        switch name {
        case "CIGaussianBlur": return [NamedFilter(name: layerName, filter: .gaussianBlur(radius: number("inputRadius", 10)))]
        case "CIBoxBlur": return [NamedFilter(name: layerName, filter: .boxBlur(radius: number("inputRadius", 10)))]
        case "CIMotionBlur":
            return [NamedFilter(name: layerName, filter: .motionBlur(radius: number("inputRadius", 20), angle: number("inputAngle", 0), samples: 5))]
        case "CIColorControls":
            var filters: [NamedFilter] = []
            let saturation = number("inputSaturation", 1), brightness = number("inputBrightness", 0), contrast = number("inputContrast", 1)
            if saturation != 1 { filters.append(NamedFilter(name: layerName, filter: .saturation(saturation))) }
            if brightness != 0 { filters.append(NamedFilter(name: layerName + ".brightness", filter: .brightness(brightness))) }
            if contrast != 1 { filters.append(NamedFilter(name: layerName + ".contrast", filter: .contrast(contrast))) }
            return filters
        case "CIColorMatrix":
            func vector(_ key: String, _ fallback: [Double]) -> [Double] {
                (parameters[key] as? CIVector).map { v in (0..<4).map { $0 < v.values.count ? v.values[$0] : 0 } } ?? fallback
            }
            let r = vector("inputRVector", [1, 0, 0, 0]), g = vector("inputGVector", [0, 1, 0, 0])
            let b = vector("inputBVector", [0, 0, 1, 0]), a = vector("inputAVector", [0, 0, 0, 1])
            let bias = vector("inputBiasVector", [0, 0, 0, 0])
            return [NamedFilter(name: layerName, filter: .colorMatrix(r + [bias[0]] + g + [bias[1]] + b + [bias[2]] + a + [bias[3]]))]
        default: return nil
        }
    }

    /// The blend mode a compositing filter names.
    var blendMode: BlendMode? { Self.blendMode(named: name) }

    static func blendMode(named name: String) -> BlendMode? {
        var core = name
        if core.hasPrefix("CI") { core.removeFirst(2) }
        if core.hasSuffix("BlendMode") { core.removeLast(9) }
        if core.hasSuffix("Compositing") { core.removeLast(11) }
        guard let first = core.first else { return nil }
        let lower = first.lowercased() + core.dropFirst()
        return BlendMode(rawValue: lower) ?? BlendMode.allCases.first { $0.rawValue.lowercased() == core.lowercased() }
    }
}

/// A vector of numbers (`CIVector`).
public final class CIVector: @unchecked Sendable {
    let values: [Double]
    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { values = [x, y, z, w].map(Double.init) }
    public init(x: CGFloat, y: CGFloat, z: CGFloat) { values = [x, y, z].map(Double.init) }
    public init(x: CGFloat, y: CGFloat) { values = [x, y].map(Double.init) }
    public init(values: UnsafePointer<CGFloat>, count: Int) { self.values = (0..<count).map { Double(values[$0]) } }
    public var count: Int { values.count }
    public func value(at index: Int) -> CGFloat { index < values.count ? CGFloat(values[index]) : 0 }
}
