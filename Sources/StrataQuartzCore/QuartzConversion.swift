import Foundation
import StrataModel

/// Builds Strata's value tree from a `CALayer` tree: one way, nothing in Strata's stages knows
/// about the classes. What Strata cannot draw is listed one line each, naming the layer (its
/// path from the root, and its name) and the property or key path: `errors` for
/// values of the wrong type and key paths Strata does not animate (the animation is left out),
/// `warnings` for what is drawn approximately or not at all.
final class QuartzConversion {
    var errors: [String] = []
    var warnings: [String] = []
    /// Media time at scene time 0 (animations' begin times are shifted by it).
    var origin: Double = 0
    /// The clock of the layer whose animations are being converted.
    var clock = LayerClock()
    /// True when the tree is being drawn (a commit): each layer keeps the value drawn, for the
    /// transitions added later.
    var commits = false

    /// Strata's layer for `layer` and its sublayers, mask and animations.
    func layer(_ layer: CALayer, path: String = "root") -> Layer {
        self.layer(layer, path: path, parentClock: layer.ancestors.reversed().reduce(LayerClock()) { $0.child($1, origin: origin) })
    }

    /// Layers converted so far, and the depth of the one being converted (checked against `Limits`).
    private var count = 0
    private var depth = 0

    private func layer(_ layer: CALayer, path: String, parentClock: LayerClock) -> Layer {
        let where_ = layer.name.map { "\(path) (\"\($0)\")" } ?? path
        count += 1
        depth += 1
        defer { depth -= 1 }
        for refusal in layer.refusals { errors.append("\(where_): \(refusal)") }
        guard depth <= Limits.maximumDepth, count <= Limits.maximumLayers else {
            if depth > Limits.maximumDepth, depth == Limits.maximumDepth + 1 {
                errors.append("\(where_): expected a tree at most \(Limits.maximumDepth) layers deep, found a deeper one (its sublayers are left out)")
            } else if count == Limits.maximumLayers + 1 {
                errors.append("\(where_): expected at most \(Limits.maximumLayers) layers, found more (the rest are left out)")
            }
            return Layer(name: layer.name)
        }
        let clock = parentClock.child(layer, origin: origin)
        var out = Layer(name: layer.name, bounds: layer.bounds.strataRect, position: layer.position.strataPoint)
        out.anchorPoint = layer.anchorPoint.strataPoint
        out.anchorPointZ = Double(layer.anchorPointZ)
        out.zPosition = Double(layer.zPosition)
        out.transform = finite(layer.transform.strataTransform, "transform", where_) ?? .identity
        out.sublayerTransform = finite(layer.sublayerTransform.strataTransform, "sublayerTransform", where_) ?? .identity
        out.isDoubleSided = layer.isDoubleSided
        out.isTransformLayer = layer is CATransformLayer
        out.opacity = Double(layer.opacity)
        out.isHidden = layer.isHidden
        out.backgroundColor = layer.backgroundColor?.strataColor
        out.cornerRadius = Double(layer.cornerRadius)
        out.borderWidth = Double(layer.borderWidth)
        out.borderColor = layer.borderColor?.strataColor ?? .clear
        out.masksToBounds = layer.masksToBounds
        let animatesShadow = layer.animationEntries.contains { ($0.animation as? CAPropertyAnimation)?.keyPath?.hasPrefix("shadow") ?? false }
        if let color = layer.shadowColor, layer.shadowOpacity > 0 || animatesShadow {
            out.shadow = Shadow(color: color.strataColor, opacity: Double(layer.shadowOpacity), offset: layer.shadowOffset.strataSize,
                                radius: Double(layer.shadowRadius))
        }
        if layer.shadowPath != nil { warnings.append("\(where_): shadowPath is not drawn; the shadow follows the layer's drawing") }
        if !(clock.rate >= 0) || !clock.offset.isFinite {
            warnings.append("\(where_): a negative or non-finite layer speed, timeOffset or beginTime is drawn as the superlayer's time")
        }
        if let contents = layer.contents {
            if let image = contents as? CGImage {
                out.contents = image.pixels
                out.contentsGravity = ContentsGravity(rawValue: layer.contentsGravity.rawValue) ?? .resize
                out.contentsScale = Double(layer.contentsScale)
                // kCAFilterLinear (the default) and kCAFilterNearest as named; trilinear's
                // mipmaps average the pixels under each one, as Strata's box does.
                out.minificationFilter = ["nearest": .nearest, "trilinear": .box][layer.minificationFilter] ?? .linear
            } else {
                errors.append("\(where_): contents is a \(type(of: contents)), expected a CGImage")
            }
        }
        if layer.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) { warnings.append("\(where_): contentsRect is not drawn") }
        out.filters = filters(layer.filters, "filters", where_)
        out.backgroundFilters = filters(layer.backgroundFilters, "backgroundFilters", where_)
        if let filter = layer.compositingFilter {
            if let mode = (filter as? CIFilter)?.blendMode ?? (filter as? String).flatMap(CIFilter.blendMode(named:)) {
                out.compositingFilter = mode
            } else {
                warnings.append("\(where_): compositingFilter \(filter) names no blend mode Strata draws")
            }
        }
        if let emitter = layer as? CAEmitterLayer, !(emitter.emitterCells ?? []).isEmpty {
            warnings.append("\(where_): CAEmitterLayer's particles are not drawn")
        }
        content(of: layer, into: &out, where_)
        // What draw(in:) painted: above the background and contents, below the sublayers.
        if commits { layer.displayIfNeeded() }
        for painted in layer.drawnContent { out.addSublayer(painted) }
        for name in layer.drawnUnsupported.sorted() { warnings.append("\(where_): draw(in:) called \(name), which Strata does not draw") }
        for (index, sublayer) in layer.storedSublayers.enumerated() {
            out.addSublayer(self.layer(sublayer, path: "\(path).sublayers[\(index)]", parentClock: clock))
        }
        if let mask = layer.mask { out.mask = self.layer(mask, path: "\(path).mask", parentClock: clock) }
        if layer.cornerRadius > 0, layer.maskedCorners != .all { someCornersRounded(layer, &out, where_) }
        self.clock = clock.rate >= 0 && clock.offset.isFinite ? clock : parentClock
        for entry in layer.animationEntries {
            let key = entry.key.hasPrefix("\u{1}") ? nil : entry.key
            for (index, animation) in animations(entry.animation, addedAt: entry.addedAt - origin, inGroup: nil, where_).enumerated() {
                do {
                    // A second part (a translation's y) under a key code cannot ask for.
                    try out.add(animation, forKey: index == 0 ? key : key.map { "\($0)\u{1}\(index)" })
                } catch {
                    errors.append("\(where_): animation \(key.map { "\"\($0)\"" } ?? "without a key"): \(error)")
                }
            }
        }
        if commits { layer.lastDrawn = out }
        for overlay in transitionOverlays(of: layer, over: out, where_) { out.addSublayer(overlay) }
        return out
    }

    private func finite(_ t: Transform3D, _ property: String, _ where_: String) -> Transform3D? {
        guard t.isFinite else {
            warnings.append("\(where_): \(property) has a non-finite entry; the identity is drawn")
            return nil
        }
        return t
    }

    private func filters(_ list: [Any]?, _ property: String, _ where_: String) -> [NamedFilter] {
        var out: [NamedFilter] = []
        for (index, item) in (list ?? []).enumerated() {
            guard let filter = item as? CIFilter, let made = filter.strataFilters(named: filter.name) else {
                warnings.append("\(where_): \(property)[\(index)] is \((item as? CIFilter)?.name ?? "\(type(of: item))"), which Strata does not draw")
                continue
            }
            out += made
        }
        return out
    }

    /// Shape, text, gradient and replicator content.
    private func content(of layer: CALayer, into out: inout Layer, _ where_: String) {
        if let shape = layer as? CAShapeLayer {
            var content = ShapeContent(path: shape.path?.strataPath ?? Path(), fillColor: shape.fillColor?.strataColor,
                                       fillRule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero, strokeColor: shape.strokeColor?.strataColor)
            content.lineWidth = Double(shape.lineWidth)
            content.lineCap = LineCap(rawValue: shape.lineCap.rawValue) ?? .butt
            content.lineJoin = LineJoin(rawValue: shape.lineJoin.rawValue) ?? .miter
            content.miterLimit = Double(shape.miterLimit)
            content.lineDashPattern = (shape.lineDashPattern ?? []).map(\.doubleValue)
            content.lineDashPhase = Double(shape.lineDashPhase)
            content.strokeStart = Double(shape.strokeStart)
            content.strokeEnd = Double(shape.strokeEnd)
            out.shape = content
        } else if let text = layer as? CATextLayer {
            guard let value = text.string else { return }
            guard let string = value as? String ?? (value as? NSAttributedString)?.string else {
                errors.append("\(where_): string is a \(type(of: value)), expected a String")
                return
            }
            if value is NSAttributedString { warnings.append("\(where_): an attributed string is drawn as its plain text") }
            if !TextContent.fontSizes.contains(Double(text.fontSize)) {
                warnings.append("\(where_): fontSize \(text.fontSize) is outside \(TextContent.fontSizes) points; the text is not drawn")
            }
            var content = TextContent(string: string, fontSize: Double(text.fontSize), color: text.foregroundColor?.strataColor ?? .white)
            if let family = text.font as? String {
                content.fontFamily = family
            } else if let font = text.font as? CATextLayerFont {
                // As Core Animation: the family and face from the font, the size from `fontSize`.
                content.fontFamily = font.textLayerFamily
                content.weight = font.textLayerWeight
                content.isItalic = font.textLayerIsItalic
            } else if let font = text.font {
                warnings.append("\(where_): font is a \(type(of: font)); the default family is drawn")
            }
            content.alignment = TextAlignment(rawValue: text.alignmentMode.rawValue) ?? .natural
            content.isWrapped = text.isWrapped
            content.truncation = TruncationMode(rawValue: text.truncationMode.rawValue) ?? .none
            out.text = content
        } else if let gradient = layer as? CAGradientLayer {
            let colors = (gradient.colors ?? []).compactMap { $0 as? CGColor }.map(\.strataColor)
            if colors.count != gradient.colors?.count ?? 0 { warnings.append("\(where_): colors holds values that are not CGColors") }
            guard !colors.isEmpty else { return }
            let kind: Gradient.Kind = gradient.type == .radial ? .radial : gradient.type == .conic ? .conic : .linear
            out.gradient = Gradient(kind: kind, colors: colors, locations: gradient.locations?.map(\.doubleValue),
                                    startPoint: gradient.startPoint.strataPoint, endPoint: gradient.endPoint.strataPoint)
        } else if let replicator = layer as? CAReplicatorLayer {
            var content = ReplicatorContent(instanceCount: replicator.instanceCount, instanceTransform: replicator.instanceTransform.strataTransform,
                                            instanceDelay: replicator.instanceDelay)
            content.instanceColor = replicator.instanceColor?.strataColor ?? .white
            content.instanceRedOffset = Double(replicator.instanceRedOffset)
            content.instanceGreenOffset = Double(replicator.instanceGreenOffset)
            content.instanceBlueOffset = Double(replicator.instanceBlueOffset)
            content.instanceAlphaOffset = Double(replicator.instanceAlphaOffset)
            if replicator.preservesDepth { warnings.append("\(where_): preservesDepth is drawn flattened") }
            out.replicator = content
        }
    }

    /// `maskedCorners` with only some corners: the background becomes the layer's shape (the
    /// bounds with those corners rounded), the border a stroke above the sublayers, and
    /// `masksToBounds` a mask of the same outline — what Core Animation draws. A layer whose own
    /// content is drawn under a shape (a shape, text, gradient or image) keeps every corner
    /// rounded, with a warning.
    private func someCornersRounded(_ layer: CALayer, _ out: inout Layer, _ where_: String) {
        guard out.shape == nil, out.text == nil, out.gradient == nil, out.contents == nil, !(out.masksToBounds && out.mask != nil) else {
            warnings.append("\(where_): maskedCorners (only some corners rounded) on a layer with its own content or a mask is drawn with every corner rounded")
            return
        }
        let rect = out.bounds, radius = out.cornerRadius, corners = layer.maskedCorners
        let outline = Self.roundedRect(rect, radius: radius, corners: corners)
        out.cornerRadius = 0
        if let background = out.backgroundColor {
            out.shape = ShapeContent(path: outline, fillColor: background)
            out.backgroundColor = nil
        }
        if out.borderWidth > 0 {
            let width = out.borderWidth, inner = Rect(x: rect.minX + width / 2, y: rect.minY + width / 2, width: max(0, rect.width - width), height: max(0, rect.height - width))
            var border = Layer(name: nil, bounds: rect, position: out.anchorInBounds)
            var stroke = ShapeContent(path: Self.roundedRect(inner, radius: max(0, radius - width / 2), corners: corners), fillColor: nil, strokeColor: out.borderColor)
            stroke.lineWidth = width
            border.shape = stroke
            out.addSublayer(border)
            out.borderWidth = 0
        }
        if out.masksToBounds {
            var mask = Layer(name: nil, bounds: rect, position: out.anchorInBounds)
            mask.shape = ShapeContent(path: outline, fillColor: .black)
            out.mask = mask
            out.masksToBounds = false
        }
    }

    /// The outline of `rect` with `corners` rounded by `radius` (the one rounded-rectangle builder).
    static func roundedRect(_ rect: Rect, radius: Double, corners: CACornerMask) -> Path {
        var path = Path()
        CGPath.addRoundedRect(&path, rect, radius, radius, corners: corners)
        return path
    }

    /// A number from any of the types code writes one as.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as Int32: Double(v)
        case let v as UInt: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }
}
