import Foundation
import StrataModel
import StrataScene

/// A shape layer's items (`shapes`, a group's `it`) as Core Animation layers, the way lottie-ios's
/// Core Animation engine maps them: a group is a layer carrying the group's transform; each fill
/// or stroke is a `CAShapeLayer` of the paths above it in its group (a group above it gets the
/// style too and draws it under its own); item 0 is on top.
struct LottieShapeBuilder {
    let context: LottieContext
    let time: LottieTime

    /// What a stroke of merged paths is warned with: it is drawn as the paths, not the outline.
    static let mergedStrokeWarning = "merged paths that are open, merged with groups above them, trimmed before the merge or too large to merge (over \(LottiePathBoolean.maximumEdges) lines, or the file's merges over \(LottieContext.maximumMergeWork) lines × lines × frames) are stroked or modified as each of the paths, not their merged outline"

    /// The path modifiers of the groups around, applied after this group's own (`Modifier`).
    var modifiers: [Modifier] = []

    /// The layers of the items `items` (bottom first), with the styles and trims of the groups
    /// around them.
    func layers(_ items: [LottieNode], inherited: [Style], trims inheritedTrims: [Trim], depth: Int) throws(SceneError) -> [Layer] {
        guard depth <= Lottie.maximumNesting else {
            throw items.first?.error("shape groups nested at most \(Lottie.maximumNesting) deep")
                ?? SceneError(file: context.file, keyPath: "", expected: "shallower groups", found: "deeper")
        }
        if let index = Self.repeaterIndex(items) {
            return try repeated(items, at: index, inherited: inherited, trims: inheritedTrims, depth: depth)
        }
        enum Entry { case source(Source), style(Style), group(LottieNode), trim(Trim), modifier(Modifier), merge(Int, LottieNode), other }
        var entries: [Entry] = []
        for item in items {
            guard item.isObject else { throw item.error("a shape item") }
            if try item.number("hd", default: 0, in: 0...1) == 1 { entries.append(.other); continue }
            let type = try item.required("ty", "the item's type").string(max: 8)
            var reversed = false
            if ["rc", "el", "sr"].contains(type), let direction = item["d"], direction.isNumber { reversed = try direction.number() == 3 }
            switch type {
            case "gr": entries.append(.group(item))
            case "sh":
                // Over a run of one held keyframe Core Animation shows the shape layer's un-animated
                // path, none (LottieProperty.coreAnimationHolds): issue_2066's lips at 50 %.
                let path = try item.required("ks", "the path").property { (n: LottieNode) throws(SceneError) in try n.bezier() }
                entries.append(.source(.bezier(path.coreAnimationHolds(showing: .none, time: time, context: context), reversed: false)))
            case "rc":
                entries.append(.source(.rectangle(position: try item.vectorProperty("p", default: [0, 0]), size: try item.vectorProperty("s", default: [0, 0]),
                                                  radius: try item.vectorProperty("r", default: [0]), reversed: reversed)))
            case "el":
                entries.append(.source(.ellipse(position: try item.vectorProperty("p", default: [0, 0]), size: try item.vectorProperty("s", default: [0, 0]),
                                                reversed: reversed)))
            case "sr":
                let polygon = try item.number("sy", default: 1, in: 1...2) == 2
                let properties = [try item.vectorProperty("p", default: [0, 0]), try item.vectorProperty("pt", default: [5]),
                                  try item.vectorProperty("r", default: [0]), try item.vectorProperty("or", default: [0]),
                                  try item.vectorProperty("ir", default: [0]), try item.vectorProperty("os", default: [0]),
                                  try item.vectorProperty("is", default: [0])]
                entries.append(.source(.star(polygon: polygon, properties: properties, reversed: reversed)))
            case "fl": entries.append(.style(Style(node: item, isStroke: false)))
            case "st": entries.append(.style(Style(node: item, isStroke: true)))
            case "gf": entries.append(.style(Style(node: item, isStroke: false, gradient: true)))
            case "gs": entries.append(.style(Style(node: item, isStroke: true, gradient: true)))
            case "tm":
                let individual = try item.number("m", default: 1, in: 1...2) == 2
                let start = try item.vectorProperty("s", default: [0]), end = try item.vectorProperty("e", default: [100])
                // A trim from 0 to 100 % that does not move keeps every path whole, whatever its
                // offset: it is left out, as lottie-ios passes over it (`Trim.isEmpty`).
                let whole = !start.isAnimated && !end.isAnimated && start.value(atFrame: 0).first == 0 && end.value(atFrame: 0).first == 100
                entries.append(whole ? .other : .trim(Trim(start: start, end: end, node: item, individual: individual)))
            case "rd": entries.append(.modifier(.rounding(try item.vectorProperty("r", default: [0]))))
            case "pb": entries.append(.modifier(.puckerBloat(try item.vectorProperty("a", default: [0]))))
            case "op":
                // The miter limit is an animatable property in Bodymovin's files and a plain number
                // in others (as a stroke's `ml`; ThorVG reads it so): either is taken.
                let miter = try item["ml"].map { n throws(SceneError) in try n.effectValue().first[0] } ?? 4
                entries.append(.modifier(.offset(amount: try item.vectorProperty("a", default: [0]), join: try item.integer("lj", default: 1, in: 1...3),
                                                 miterLimit: Swift.max(0, Swift.min(1000, miter)))))
            case "zz":
                entries.append(.modifier(.zigZag(size: try item.vectorProperty("s", default: [0]), ridges: try item.vectorProperty("r", default: [0]),
                                                 points: try item.vectorProperty("pt", default: [1]))))
            case "mm": entries.append(.merge(try item.integer("mm", default: 1, in: 1...5), item))
            case "tr", "rp": entries.append(.other)
            default:
                context.warn(item.path, "shape item \"\(type)\" is not drawn")
                entries.append(.other)
            }
        }
        // Modifiers apply to the paths above them, in this group and the groups it holds, in the
        // order they are listed, this group's before those of the groups around. Of round corners
        // only the nearest applies.
        let local: [(Int, Modifier)] = entries.enumerated().compactMap { if case .modifier(let m) = $1 { ($0, m) } else { nil } }
        let around = self.modifiers
        /// The modifiers after `index` and before `end`, then (to the end) those of the groups around.
        func modifierChain(after index: Int, before end: Int = .max) -> [Modifier] {
            var chain: [Modifier] = [], rounded = false
            for modifier in local.filter({ $0.0 > index && $0.0 < end }).map(\.1) + (end == .max ? around : []) {
                if case .rounding = modifier { if rounded { continue }; rounded = true }
                chain.append(modifier)
            }
            return chain
        }
        func modifiersBelow(_ index: Int) -> [Modifier] { modifierChain(after: index) }
        var sources: [(Int, Source)] = entries.enumerated().compactMap {
            guard case .source(let s) = $1 else { return nil }
            return ($0, Self.modified(s, by: modifiersBelow($0)))
        }
        // Merge paths: the paths above it in its group become one, where it stands. Merge (1)
        // is what several paths drawn as one already are. A trim between the paths and the merge
        // still shortens them (`firstPart`: where a merged path's first part stands). A style
        // above the merge draws the paths as they were before it (`stages`: the paths after each).
        var firstPart: [Int: Int] = [:]
        var mergedParts: [Int: [(Int, Source)]] = [:]
        var mergeModes: [Int: Int] = [:]
        let unmerged = sources
        var stages: [(merge: Int, sources: [(Int, Source)])] = []
        var acrossGroups: Set<Int> = []  // merges whose groups' paths are left out: their outline is not known
        for (index, entry) in entries.enumerated() {
            guard case .merge(let mode, let node) = entry else { continue }
            if entries[..<index].contains(where: { if case .group = $0 { true } else { false } }) {
                context.warn(node.path, "merge paths: the paths of the groups above it are not merged with these")
                acrossGroups.insert(index)
            }
            let parts = sources.filter { $0.0 < index }
            guard mode != 1, parts.count > 1 else { continue }
            firstPart[index] = parts.map { firstPart[$0.0] ?? $0.0 }.min()
            mergedParts[index] = parts
            mergeModes[index] = mode
            sources = sources.filter { $0.0 > index } + [(index, .merged(mode: mode, parts: parts.map(\.1)))]
            sources.sort { $0.0 < $1.0 }
            stages.append((index, sources))
        }
        func sourcesAbove(_ index: Int) -> [(Int, Source)] {
            (stages.last { $0.merge < index }?.sources ?? unmerged).filter { $0.0 < index }
        }
        let trimsHere: [(Int, Trim)] = entries.enumerated().compactMap { if case .trim(let t) = $1 { ($0, t) } else { nil } }
        if let trim = inheritedTrims.first, trim.individual, !sources.isEmpty {
            context.warn(trim.node.path, "trim paths: individual trimming runs over the paths of each group apart")
        }
        // A trim shortens the paths above it in its group, whether a style stands above or below
        // it (lottie-ios's render groups, lottie-web and After Effects alike): the paths a style
        // draws go in runs that the same trims follow.
        // A stroke follows the merged outline, as After Effects strokes it (and lottie-android,
        // `Path.op`); where a path is open, the merge takes groups above it (left out, so its
        // outline is not known), a trim stands between the paths and the merge, or the outline
        // is over `LottiePathBoolean.maximumEdges` lines, it draws the paths before the
        // merge, each with the trims after it (warned), as lottie-ios's Core Animation engine draws
        // every merge (it draws none).
        func unmergedParts(_ paths: [(Int, Source)]) -> [(Int, Source)] {
            paths.flatMap { position, source in mergedParts[position].map(unmergedParts) ?? [(position, source)] }
        }
        /// The source at `position` with the modifiers before `end`: a merge's, the outline of its
        /// parts (each with the modifiers between it and the merge); nil when one is too large.
        func staged(_ position: Int, upTo end: Int) -> Source? {
            var base: Source
            if let parts = mergedParts[position], let mode = mergeModes[position] {
                guard !acrossGroups.contains(position) else { return nil }
                var inner: [Source] = []
                for (part, _) in parts {
                    guard let source = staged(part, upTo: position) else { return nil }
                    inner.append(source)
                }
                base = .outline(mode: mode, parts: inner)
                // Areas only: an open path's merged outline is not known from the file (kept as paths).
                let paths = inner.map { $0.path(atFrame: time.local(context.firstFrame)) }
                // Its work (every line against every other, at every frame it is sampled: when it
                // or a modifier after it moves) within what an import may spend on merges.
                let moves = Self.modified(base, by: modifierChain(after: position)).isAnimated
                let lines = min(LottiePathBoolean.lineCount(paths), LottiePathBoolean.maximumEdges + 1), frames = moves ? context.rootFrames.count : 1
                let (work, overflow) = (lines * lines).multipliedReportingOverflow(by: 3 * frames)
                guard paths.allSatisfy({ LottieContour.contours(of: $0).allSatisfy(\.closed) }), lines <= LottiePathBoolean.maximumEdges,
                      !overflow, work <= LottieContext.maximumMergeWork - context.mergeWork,
                      LottiePathBoolean.combine(paths, mode: mode) != nil else { return nil }
                context.mergeWork += work
            } else if case .source(let source) = entries[position] {
                base = source
            } else {
                return nil
            }
            return Self.modified(base, by: modifierChain(after: position, before: end))
        }
        func drawn(_ paths: [(Int, Source)], style: Style) throws(SceneError) -> [Layer] {
            // A stroke of merged paths, merged paths modified after the merge, and merged paths
            // (but added ones) filled with other paths follow the merged outline (`staged`); a fill
            // of merged paths alone is their mask (`mergedFill`) or their even-odd fill.
            let paths = paths.flatMap { position, source -> [(Int, Source)] in
                let withOthers = paths.count > 1 && mergeModes[position] != 2
                guard mergedParts[position] != nil, style.isStroke || withOthers || !modifierChain(after: position).isEmpty else { return [(position, source)] }
                let trimmed = trimsHere.contains { $0.0 > (firstPart[position] ?? position) && $0.0 < position }
                if !trimmed, let outline = staged(position, upTo: .max) { return [(position, outline)] }
                context.warn(style.node.path, Self.mergedStrokeWarning)
                return style.isStroke ? unmergedParts([(position, source)]) : [(position, source)]
            }
            var runs: [(following: Int, paths: [Source])] = []
            for (position, source) in paths {
                let following = trimsHere.count { $0.0 > firstPart[position] ?? position }
                if runs.last?.following == following { runs[runs.count - 1].paths.append(source) } else { runs.append((following, [source])) }
            }
            var layers: [Layer] = []
            for run in runs { layers += try shapeLayers(run.paths, style: style, trims: inheritedTrims + trimsHere.suffix(run.following).map(\.1)) }
            return layers
        }
        var layers: [Layer] = []
        // The styles of the groups around, under everything of this group.
        for style in inherited.reversed() {
            layers += try drawn(sources, style: style)
        }
        // Bottom to top: a style draws the paths above it; a group draws with the styles below it.
        for index in entries.indices.reversed() {
            switch entries[index] {
            case .style(let style):
                layers += try drawn(sourcesAbove(index), style: style)
            case .group(let node):
                let stylesBelow = entries[(index + 1)...].compactMap { if case .style(let s) = $0 { s } else { nil } }
                let trimsBelow = trimsHere.filter { $0.0 > index }.map(\.1)
                var builder = self
                builder.modifiers = modifiersBelow(index)
                if let layer = try builder.group(node, inherited: stylesBelow + inherited, trims: inheritedTrims + trimsBelow, depth: depth + 1) {
                    layers.append(layer)
                }
            default: break
            }
        }
        return layers
    }

    /// A group (`gr`) as a layer carrying its transform (`tr`, its last item by convention).
    private func group(_ node: LottieNode, inherited: [Style], trims: [Trim], depth: Int) throws(SceneError) -> Layer? {
        let items = try node["it"]?.array() ?? []
        let transform = items.last { (try? $0.string("ty")) == "tr" }
        var inherited = inherited
        if let transform, transform["s"] != nil {
            let scale = try transform.vectorProperty("s", default: [100, 100])
            for index in inherited.indices where inherited[index].isStroke { inherited[index].inheritedScales.append(scale) }
        }
        var content = Layer(name: try node.string("nm"))
        content.anchorPoint = .zero
        content.sublayers = try layers(items, inherited: inherited, trims: trims, depth: depth)
        guard !content.sublayers.isEmpty else { return nil }
        try context.count(2, at: node.path)
        return try LottieTransformBuilder(context: context, time: time).wrap(content, in: transform, opacity: true, name: try node.string("nm"))
    }

    /// The shape layers drawing `sources` with `style`: one, or one per path when a trim must
    /// trim each path alone.
    /// `solid`: a mask's shape, opaque black whatever the item's colour and opacity.
    func shapeLayers(_ sources: [Source], style: Style, trims: [Trim], solid: Bool = false) throws(SceneError) -> [Layer] {
        guard !sources.isEmpty else { return [] }
        if sources.contains(where: { if case .merged = $0 { true } else { false } }) {
            if style.isStroke {
                context.warn(style.node.path, Self.mergedStrokeWarning)
            } else if sources.count == 1, case .merged(let mode, let parts) = sources[0], mode == 3 || mode == 4 {
                return try mergedFill(mode: mode, parts: parts, style: style, solid: solid)
            } else if sources.count > 1 {
                context.warn(style.node.path, "merged paths with other paths are filled as the paths one after the other")
            }
        }
        if let offset = try offsetLayers(sources, style: style, trims: trims, solid: solid) { return offset }
        if style.gradient { return try gradientLayer(sources, style: style, trims: trims).map { [$0] } ?? [] }
        let trims = style.isStroke ? trims : []
        if let trim = trims.first, !trim.individual, sources.count > 1 {
            var layers: [Layer] = []
            for source in sources { layers += try shapeLayers([source], style: style, trims: trims, solid: solid) }
            return layers
        }
        try context.count(1, at: style.node.path)
        var layer = Layer(name: try style.node.string("nm"))
        layer.anchorPoint = .zero
        var shape = ShapeContent(path: Path(), fillColor: nil)
        let node = style.node
        let color = LottieColor.unitKeyframes(solid ? LottieProperty(constant: [0, 0, 0, 1]) : try node.vectorProperty("c", default: [0, 0, 0]))
        let makeColor: ([Double]) -> AnimationValue = { .color(LottieColor.clamped($0)) }
        if style.isStroke {
            shape.strokeColor = LottieColor.clamped(color.first)
            let width = try node.vectorProperty("w", default: [1])
            if style.inheritedScales.isEmpty {
                shape.lineWidth = max(0, min(Limits.maximumLineWidth, width.first[0]))
                try context.add(width.animation(.lineWidth, time: time, clock: context.clock) { .number(max(0, min(Limits.maximumLineWidth, $0[0]))) },
                                forKey: "lineWidth", to: &layer, at: node.path + ".w")
            } else {
                // Divided by the scales of the groups it was handed down into: sampled at every
                // frame of the composition when either moves.
                let frames = context.rootFrames
                shape.lineWidth = style.width(width, atFrame: time.local(context.firstFrame))
                if width.isAnimated || style.inheritedScales.contains(where: \.isAnimated) {
                    let values = frames.map { AnimationValue.number(style.width(width, atFrame: time.local($0))) }
                    try context.add(context.clock.sampled(.lineWidth, values, fromRootFrame: frames[0]), forKey: "lineWidth", to: &layer, at: node.path + ".w")
                }
            }
            shape.lineCap = [1: .butt, 2: .round, 3: .square][try node.integer("lc", default: 2, in: 1...3)] ?? .round
            shape.lineJoin = [1: .miter, 2: .round, 3: .bevel][try node.integer("lj", default: 2, in: 1...3)] ?? .round
            shape.miterLimit = try node.number("ml", default: 4, in: 0...1000)
            if let dashes = node["d"] { try LottieStyles(context: context).dashes(dashes, time: time, to: &shape, layer: &layer) }
            try context.add(color.animation(.strokeColor, time: time, clock: context.clock, make: makeColor), forKey: "strokeColor", to: &layer, at: node.path + ".c")
        } else {
            shape.fillColor = LottieColor.clamped(color.first)
            shape.fillRule = try node.number("r", default: 1, in: 0...2) == 2 ? .evenOdd : .nonZero
            // Merged paths fill by their mode: the union of clockwise contours, or every overlap
            // cut out.
            if sources.count == 1, case .merged(let mode, _) = sources[0] { shape.fillRule = mode == 5 ? .evenOdd : .nonZero }
            try context.add(color.animation(.fillColor, time: time, clock: context.clock, make: makeColor), forKey: "fillColor", to: &layer, at: node.path + ".c")
        }
        let opacity = solid ? LottieProperty(constant: [100]) : try node.vectorProperty("o", default: [100]).coreAnimationHolds(
            showing: [100], time: time, context: context)
        layer.opacity = min(1, max(0, opacity.first[0] / 100))
        try context.add(opacity.animation(.opacity, time: time, clock: context.clock) { .number(min(1, max(0, $0[0] / 100))) },
                        forKey: "opacity", to: &layer, at: node.path + ".o")
        var sources = sources
        if trims.count > 1 { return try stackedTrimLayers(trims, layer: layer, shape: shape, sources: sources, style: style) }
        for trim in trims.prefix(1) {
            func unit(_ percent: Double) -> Double { min(1, max(0, percent / 100)) }
            let offset = try trim.node.vectorProperty("o", default: [0])
            // After Effects trims from the lesser of start and end to the greater; Core Animation
            // draws nothing when strokeStart passes strokeEnd. Where they cross, both are sampled
            // at every frame as the lesser and the greater.
            let frames = context.rootFrames
            let sampled = trim.start.isAnimated || trim.end.isAnimated || offset.isAnimated
            let pairs = sampled
                ? frames.map { (trim.start.value(atFrame: time.local($0))[0], trim.end.value(atFrame: time.local($0))[0]) }
                : [(trim.start.first[0], trim.end.first[0])]
            if offset.keyframes.contains(where: { $0.value[0] != 0 }) {
                // The offset (degrees, 360 a whole path) moves both ends along the path, as
                // lottie-ios applies it: past the end, the path is drawn as so many copies of
                // itself that both ends lie on it, and the ends are shares of all the copies.
                let degrees = sampled ? frames.map { offset.value(atFrame: time.local($0))[0] } : [offset.first[0]]
                var moved = zip(pairs, degrees).map { pair, turn -> (Double, Double) in
                    let shift = turn.isFinite ? turn / 360 * 100 : 0
                    return (min(pair.0, pair.1) + shift, max(pair.0, pair.1) + shift)
                }
                var lowest = (moved.map(\.0).min() ?? 0) / 100, highest = (moved.map(\.1).max() ?? 100) / 100
                if !(lowest.rounded(.down) >= -Double(Source.maximumCopies) && highest.rounded(.up) <= Double(Source.maximumCopies)) {
                    // Whole turns more than the copies allowed: the same ends, fewer turns.
                    moved = moved.map { pair in
                        let turns = (pair.0 / 100).rounded(.down)
                        return (pair.0 - turns * 100, min(pair.1 - turns * 100, 200))
                    }
                    lowest = (moved.map(\.0).min() ?? 0) / 100
                    highest = (moved.map(\.1).max() ?? 100) / 100
                    context.warn(trim.node.path + ".o", "a trim offset of more than \(Source.maximumCopies) turns is drawn as its part of a turn")
                }
                let below = Swift.min(0, lowest.rounded(.down)), above = highest.rounded(.up)
                let copies = Swift.max(1, Int(above - below))
                let shift = -below * 100
                func share(_ value: Double) -> Double { min(1, max(0, (value + shift) / Double(copies) / 100)) }
                shape.strokeStart = share(moved[0].0)
                shape.strokeEnd = share(moved[0].1)
                if moved.count > 1 {
                    try context.add(context.clock.sampled(.strokeStart, moved.map { .number(share($0.0)) }, fromRootFrame: frames[0]),
                                    forKey: "strokeStart", to: &layer, at: trim.node.path + ".s")
                    try context.add(context.clock.sampled(.strokeEnd, moved.map { .number(share($0.1)) }, fromRootFrame: frames[0]),
                                    forKey: "strokeEnd", to: &layer, at: trim.node.path + ".e")
                }
                if copies > 1 { sources = sources.map { .repeated($0, times: copies) } }
                continue
            }
            if pairs.contains(where: { $0.0 > $0.1 }) {
                shape.strokeStart = unit(min(pairs[0].0, pairs[0].1))
                shape.strokeEnd = unit(max(pairs[0].0, pairs[0].1))
                if pairs.count > 1 {
                    try context.add(context.clock.sampled(.strokeStart, pairs.map { .number(unit(min($0.0, $0.1))) }, fromRootFrame: frames[0]),
                                    forKey: "strokeStart", to: &layer, at: trim.node.path + ".s")
                    try context.add(context.clock.sampled(.strokeEnd, pairs.map { .number(unit(max($0.0, $0.1))) }, fromRootFrame: frames[0]),
                                    forKey: "strokeEnd", to: &layer, at: trim.node.path + ".e")
                }
                continue
            }
            shape.strokeStart = unit(trim.start.first[0])
            shape.strokeEnd = unit(trim.end.first[0])
            try context.add(trim.start.animation(.strokeStart, time: time, clock: context.clock) { .number(unit($0[0])) },
                            forKey: "strokeStart", to: &layer, at: trim.node.path + ".s")
            try context.add(trim.end.animation(.strokeEnd, time: time, clock: context.clock) { .number(unit($0[0])) },
                            forKey: "strokeEnd", to: &layer, at: trim.node.path + ".e")
        }
        return try finish(layer, shape: shape, sources: sources, style: style)
    }

    /// The style's layer with its path (and the path's animation) and its blend mode.
    func finish(_ layer: Layer, shape: ShapeContent, sources: [Source], style: Style) throws(SceneError) -> [Layer] {
        var layer = layer, shape = shape
        shape.path = combined(sources, atFrame: time.local(context.firstFrame))
        layer.shape = shape
        try addPathAnimation(sources, to: &layer, at: style.node.path)
        // A fill's or stroke's own blend mode (`bm`), as After Effects draws it (lottie-ae
        // fill-blend-darken): the style's layer blends with what is drawn below it.
        if let blend = try LottieStyles(context: context).blendMode(style.node) { layer.compositingFilter = blend }
        return [layer]
    }
}
