import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster

/// Per-layer motion blur (`LayerMotionBlur`, After Effects' `mb`), drawn by temporal
/// supersampling: for each blurred layer of a displayed frame, its subtree as presented at each
/// instant the shutter is open is drawn in its superlayer's bounds (the part the canvas shows),
/// the drawings are averaged and the average takes the layer's place (a layer with those pixels as
/// contents, in the same superlayer). What is drawn at each instant is `FrameRenderer.instant(atSeconds:)` — the scene
/// without overlays — so only the layer's own motion and change blur, as in After Effects.
extension FrameRenderer {
    /// Most pixels the per-layer motion blurs of one frame may draw, summed over their samples.
    static let maximumLayerMotionBlurPixels = 1 << 30

    /// From the superlayer at `path` to the canvas, in points: its transform and its ancestors'.
    static func superlayerToCanvas(_ layers: [Layer], superlayer path: LayerPath) -> Transform2D {
        var transform = Transform2D.identity
        var list = layers
        for index in path.indices {
            guard list.indices.contains(index) else { break }
            transform = list[index].affineTransformToSuperlayer.concatenating(transform)
            list = list[index].sublayers
        }
        return transform
    }

    /// The part of the superlayer's `bounds` the canvas of `size` shows through `transform`
    /// (superlayer → canvas): only that is supersampled. Nil when none is shown.
    static func shownRegion(of bounds: Rect, through transform: Transform2D, canvas size: Size) -> Rect? {
        let t = transform, determinant = t.a * t.d - t.b * t.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let inverse = Transform2D(a: t.d / determinant, b: -t.b / determinant, c: -t.c / determinant, d: t.a / determinant,
                                  tx: (t.c * t.ty - t.d * t.tx) / determinant, ty: (t.b * t.tx - t.a * t.ty) / determinant)
        let shown = inverse.apply(to: Rect(x: 0, y: 0, width: size.width, height: size.height)).intersection(bounds)
        guard shown.width > 0, shown.height > 0 else { return nil }
        // Whole points, so that the drawing lands on the canvas as the layer would.
        let minX = shown.minX.rounded(.down), minY = shown.minY.rounded(.down)
        return Rect(x: minX, y: minY, width: (shown.minX + shown.width).rounded(.up) - minX, height: (shown.minY + shown.height).rounded(.up) - minY)
            .intersection(bounds)
    }

    /// The pixels per point a superlayer is shown at, through `transform` (superlayer → canvas
    /// points) at `scale`: √|det|, within 1/4…4 times the scale.
    static func layerMotionBlurScale(_ transform: Transform2D, scale: Double) -> Double {
        let magnification = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        guard magnification.isFinite, magnification > 0 else { return scale }
        return scale * min(4, max(0.25, magnification))
    }

    /// `layers` (displayed frame `index`, overlays added) with every per-layer motion blur drawn;
    /// with `drawing` false, only its limits are checked (`checkRenderable`) and `layers` returned.
    func applyingLayerMotionBlur(_ layers: [Layer], displayedIndex index: Int, drawing: Bool = true) throws(StrataError) -> [Layer] {
        let blurs = scene.effects.layerMotionBlurs
        guard !blurs.isEmpty else { return layers }
        let seconds = frames.seconds(ofFrame: index)
        var result = layers
        var drawn = 0.0  // pixels drawn for the supersampling of this frame so far
        for blur in blurs {
            let superPath = LayerPath(Array(blur.layer.indices.dropLast()))
            let shown = PresentationTree(layers: result, seconds: seconds)
            guard let superlayer = shown.layer(at: superPath), let original = shown.layer(at: blur.layer), !original.isHidden,
                  superlayer.bounds.width > 0, superlayer.bounds.height > 0 else { continue }
            let toCanvas = Self.superlayerToCanvas(result, superlayer: superPath)
            guard let region = Self.shownRegion(of: superlayer.bounds, through: toCanvas, canvas: scene.size) else { continue }
            let pixelScale = Self.layerMotionBlurScale(toCanvas, scale: scale)
            let width = Int(saturating: region.width * pixelScale, .up), height = Int(saturating: region.height * pixelScale, .up)
            do {
                try Limits.checkSurface(width: width, height: height)
            } catch {
                throw StrataError(.dataError, "\(scene.origin): layer motion blur \(blur.id) needs \(width)×\(height) px drawings: \(error)")
            }
            // Supersampling multiplies the drawing: at most a gigapixel of it per frame, or a
            // hostile file with many blurred layers would take minutes a frame.
            drawn += Double(width) * Double(height) * Double(blur.samples)
            guard drawn <= Double(Self.maximumLayerMotionBlurPixels) else {
                throw StrataError(.dataError, "\(scene.origin): frame \(index): its layer motion blurs draw more than \(Self.maximumLayerMotionBlurPixels) pixels (samples × their superlayers' pixels)")
            }
            guard drawing else { continue }
            var accumulator = FrameAccumulator()
            let rasterizer = CairoSnapshotRasterizer(curveTolerance: scene.curveTolerance)
            for instant in blur.instants(atSeconds: seconds, fps: clock.framesPerSecond) {
                guard var sample = PresentationTree(layers: self.instant(atSeconds: instant), seconds: instant).layer(at: blur.layer) else { continue }
                sample.compositingFilter = nil  // the average blends as the layer would
                var frame = Layer(name: nil, bounds: region)
                frame.anchorPoint = .zero
                frame.position = .zero
                frame.sublayers = [sample]
                do {
                    try accumulator.add(try rasterizer.render([frame], size: region.size, scale: pixelScale))
                } catch let error as RenderError {
                    throw StrataError(error, prefix: "\(scene.origin): layer motion blur \(blur.id): ")
                } catch {
                    throw StrataError(.software, "\(scene.origin): layer motion blur \(blur.id): \(error)")
                }
            }
            let average: PixelBuffer
            do {
                average = try accumulator.average(dividingBy: max(1, blur.instants(atSeconds: seconds, fps: clock.framesPerSecond).count))
            } catch {
                throw StrataError(.software, "\(scene.origin): layer motion blur \(blur.id): \(error)")
            }
            var replacement = Layer(name: original.name, frame: region)
            replacement.contents = average
            replacement.contentsGravity = .resize
            replacement.compositingFilter = original.compositingFilter
            Self.replace(&result, at: blur.layer.indices[...], with: replacement)
        }
        return result
    }

    private static func replace(_ layers: inout [Layer], at indices: ArraySlice<Int>, with layer: Layer) {
        guard let first = indices.first, layers.indices.contains(first) else { return }
        if indices.count == 1 {
            layers[first] = layer
        } else {
            replace(&layers[first].sublayers, at: indices.dropFirst(), with: layer)
        }
    }
}
