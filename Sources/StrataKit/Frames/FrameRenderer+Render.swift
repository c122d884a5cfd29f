import StrataAnimation
import StrataModel
import StrataRaster
import StrataRender

extension FrameRenderer {
    /// What `render(_:resources:)` draws.
    public enum Request: Hashable, Sendable {
        /// Displayed frame `index`; `overlayOpacity` forces the opacity of the named motion-blur
        /// overlays (for tuning).
        case displayed(Int, overlayOpacity: [String: Double] = [:])
        /// The scene as shown at `seconds`: a scene with effects shows the displayed frame at or
        /// before it (its overlays follow the display link's ticks); one without is evaluated at
        /// exactly `seconds`.
        case shown(atSeconds: Double)
        /// The instant `seconds` (`instant(atSeconds:)`: animations and motion effects, no
        /// overlays), for ground truth.
        case instant(atSeconds: Double)
    }

    /// A frame as one value: its pixels, what it shows, and its damage.
    public struct RenderedFrame: Sendable {
        /// A frame's pixels, as they were made.
        public enum Pixels: Sendable {
            /// Where Cairo drew them, premultiplied BGRA, with the frame's damage (`DrawnFrame`:
            /// read them before the thread renders again with the same resources).
            case drawn(DrawnFrame)
            /// Premultiplied RGBA made otherwise (ground truth averages many renders).
            case image(PixelBuffer)
        }

        /// The pixels.
        public let pixels: Pixels
        /// What the frame shows (for an instant: the layers at that instant, no overlays). In a
        /// scene without effects, the layers under one that draws nothing (hidden, or transparent
        /// and not a mask) are left as in the model; `presentation(displayedIndex:)` evaluates
        /// every layer.
        public let presentation: Presentation

        /// Creates a frame.
        public init(pixels: Pixels, presentation: Presentation) {
            self.pixels = pixels
            self.presentation = presentation
        }

        /// Where the frame can differ from the one the thread drew before it (nil: anywhere).
        public var damage: FrameDamage? {
            if case .drawn(let drawn) = pixels { return drawn.damage }
            return nil
        }

        /// The pixels as premultiplied RGBA (converted when drawn in place; `resources` may
        /// recycle storage).
        public func image(resources: RenderResources? = nil) throws(StrataError) -> PixelBuffer {
            switch pixels {
            case .drawn(let drawn):
                do { return try drawn.rgba(resources: resources) } catch { throw StrataError(error) }
            case .image(let image):
                return image
            }
        }
    }

    /// Renders `request`: the one way a frame is drawn. Sinks read the pixels in the order they
    /// want — BGRA in place (`drawn.withBGRA`, PNG and video) or RGBA (`image()`) — and hand the
    /// damage to the encoder.
    ///
    /// - Parameter resources: surfaces the calling thread keeps between frames (one per thread); the
    ///   bytes are the same without them.
    public func render(_ request: Request, resources: RenderResources? = nil) throws(StrataError) -> RenderedFrame {
        let presented: Presentation
        let layers: [Layer]
        switch request {
        case .displayed(let index, let overlayOpacity):
            (presented, layers) = try drawnLayers(displayedIndex: index, overlayOpacity: overlayOpacity, forDrawing: true)
        case .shown(let seconds):
            guard seconds.isFinite else { throw StrataError(.usage, "the time must be a finite number of seconds, found \(seconds)") }
            if engine != nil { return try render(.displayed(frames.index(atSeconds: seconds)), resources: resources) }
            layers = PresentationTree(evaluating: scene.layers, atSeconds: seconds, skippingUnseen: true).layers
            presented = Presentation(displayedIndex: frames.index(atSeconds: seconds), seconds: seconds, layers: layers, overlays: [])
        case .instant(let seconds):
            layers = instant(atSeconds: seconds)
            presented = Presentation(displayedIndex: frames.index(atSeconds: seconds), seconds: seconds, layers: layers, overlays: [])
        }
        let tree = try renderTree(layers, resources: resources)
        do {
            return RenderedFrame(pixels: .drawn(try Renderer.draw(tree, resources: resources)), presentation: presented)
        } catch {
            throw StrataError(error)
        }
    }

    // MARK: - Conveniences over render(_:resources:), for callers that want RGBA

    /// Displayed frame `index` as RGBA with what it shows (`render(.displayed(index, …))`).
    public func render(displayedIndex index: Int, overlayOpacity: [String: Double] = [:],
                       resources: RenderResources? = nil) throws(StrataError) -> Frame {
        let frame = try render(.displayed(index, overlayOpacity: overlayOpacity), resources: resources)
        return Frame(image: try frame.image(resources: resources), presentation: frame.presentation)
    }

    /// The scene as shown at `seconds`, as RGBA (`render(.shown(atSeconds:))`).
    public func render(atSeconds seconds: Double, resources: RenderResources? = nil) throws(StrataError) -> Frame {
        let frame = try render(.shown(atSeconds: seconds), resources: resources)
        return Frame(image: try frame.image(resources: resources), presentation: frame.presentation)
    }

    /// The instant `seconds` as RGBA (`render(.instant(atSeconds:))`).
    public func renderInstant(atSeconds seconds: Double, resources: RenderResources? = nil) throws(StrataError) -> PixelBuffer {
        try render(.instant(atSeconds: seconds), resources: resources).image(resources: resources)
    }
}

extension PNGEncoder {
    /// Encodes a rendered frame: drawn in place, from its BGRA bytes with its damage (the zlib
    /// mode, which reads RGBA, converts first); made as RGBA, from those.
    public func encode(_ frame: FrameRenderer.RenderedFrame, options: PNGCodec.EncodingOptions,
                       resources: RenderResources? = nil) throws(StrataError) -> [UInt8] {
        guard case .drawn(let drawn) = frame.pixels, options.mode != .zlib else {
            let image = try frame.image(resources: resources)
            do { return try encode(image, options: options) } catch { throw StrataError(error) }
        }
        do throws(RasterError) {
            return try drawn.withBGRA { (bgra) throws(RasterError) -> [UInt8] in
                try encode(premultipliedBGRA: bgra, width: drawn.width, height: drawn.height, rowBytes: drawn.rowBytes,
                           options: options, damage: drawn.damage)
            }
        } catch {
            throw StrataError(error)
        }
    }
}

extension VideoSink {
    /// Hands over a rendered frame for `slot`, from its pixels in place when it was drawn.
    public func submit(slot: Int, frame: FrameRenderer.RenderedFrame, scratch: inout [UInt8]) throws(StrataError) {
        switch frame.pixels {
        case .drawn(let drawn):
            try drawn.withBGRA { (bgra) throws(StrataError) in
                try submit(slot: slot, premultipliedBGRA: bgra, rowBytes: drawn.rowBytes, scratch: &scratch)
            }
        case .image(let image):
            try submit(slot: slot, image: image, scratch: &scratch)
        }
    }
}
