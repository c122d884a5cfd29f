import Foundation
import StrataModel
import StrataScene

/// Merge paths (`mm`) that Cairo cannot draw as one path: a subtraction's or an intersection's
/// fill as a masked layer (see `LottieShapeBuilder.Source.merged`).
extension LottieShapeBuilder {
    /// The fill of a subtraction (3) or an intersection (4) as layers, with the paths taken as
    /// lottie-android takes them: the union of all but the last path, less the last or where it
    /// is. The union is filled inside a layer masked by the last path — for a subtraction that
    /// path XOR an opaque plane.
    func mergedFill(mode: Int, parts: [Source], style: Style, solid: Bool) throws(SceneError) -> [Layer] {
        let base: Source = parts.count == 2 ? parts[0] : .merged(mode: 2, parts: Array(parts.dropLast()))
        let filled = try shapeLayers([base], style: style, trims: [], solid: solid)
        var last = Layer(name: "merged path")
        last.anchorPoint = .zero
        last.shape = ShapeContent(path: combined([parts[parts.count - 1]], atFrame: time.local(context.firstFrame)), fillColor: .black)
        try addPathAnimation([parts[parts.count - 1]], to: &last, at: style.node.path)
        var mask = last
        if mode == 3 {
            last.compositingFilter = .xor
            var plane = Layer(name: "merged paths plane")
            plane.anchorPoint = .zero
            plane.shape = ShapeContent(path: LottieShapes.rectangle(center: .zero, size: LottieLayerBuilder.everywhereSize, radius: 0, reversed: false),
                                       fillColor: .black)
            mask = Layer(name: "merged paths mask")
            mask.anchorPoint = .zero
            mask.sublayers = [plane, last]
        }
        try context.count(4, at: style.node.path)
        var holder = Layer(name: "merged paths")
        holder.anchorPoint = .zero
        holder.sublayers = filled
        holder.mask = mask
        return [holder]
    }

    /// `source` with `chain` applied, in order.
    static func modified(_ source: Source, by chain: [Modifier]) -> Source {
        chain.reduce(source) { source, modifier in
            switch modifier {
            case .rounding(let radius): Source.rounded(source, radius: radius)
            case .puckerBloat(let amount): Source.puckered(source, amount: amount)
            case .zigZag(let size, let ridges, let points): Source.zigZagged(source, size: size, ridges: ridges, points: points)
            case .offset(let amount, let join, let miterLimit): Source.offsetPath(source, amount: amount, join: join, miterLimit: miterLimit)
            }
        }
    }
}
