import StrataAnimation
import StrataEffects
import StrataModel
import StrataScene

extension Scene {
    /// The scene drawn into a canvas of `size` points: scaled by the largest factor that fits it
    /// inside (keeping its aspect ratio) and centred, transparent where it draws nothing
    /// (`--size`, `--fit`: `OutputShape`). Its layers move one level down, under a layer holding the scale;
    /// its effects follow them. `centred: false` puts it at the top left instead, as a view the
    /// scene's own aspect ratio lays it out when its pixel size was rounded up (lottie-ios's
    /// snapshots: a 562.5-pixel-wide animation in a 563-pixel picture starts at x = 0).
    public func fitted(into size: Size, centred: Bool = true) -> Scene {
        let factor = Swift.min(size.width / self.size.width, size.height / self.size.height)
        var holder = Layer(name: "fit", bounds: Rect(origin: .zero, size: self.size))
        holder.anchorPoint = .zero
        holder.transform = Transform3D(Transform2D.scale(x: factor, y: factor))
        if centred {
            holder.position = Point(x: (size.width - self.size.width * factor) / 2, y: (size.height - self.size.height * factor) / 2)
        }
        holder.backgroundColor = background
        holder.sublayers = layers
        var scene = self
        scene.size = size
        scene.background = nil
        scene.layers = [holder]
        scene.effects = effects.nested()
        return scene
    }

    /// Only the part `rect` (points) of the scene, as the whole canvas: what lottie-ios's
    /// `viewportFrame` shows. Its layers move one level down, under a layer clipping to `rect`;
    /// its effects follow them.
    public func cropped(to rect: Rect) -> Scene {
        var holder = Layer(name: "viewport", bounds: rect)
        holder.anchorPoint = .zero
        holder.masksToBounds = true
        holder.backgroundColor = background
        holder.sublayers = layers
        var scene = self
        scene.size = rect.size
        scene.background = nil
        scene.layers = [holder]
        scene.effects = effects.nested()
        return scene
    }
}

extension Effects {
    /// The effects of layers moved one level down, under a new first top-level layer.
    func nested() -> Effects {
        func moved(_ path: LayerPath) -> LayerPath { LayerPath([0] + path.indices) }
        var result = self
        for index in result.motionBlurOverlays.indices { result.motionBlurOverlays[index].layer = moved(result.motionBlurOverlays[index].layer) }
        for index in result.blurOverlays.indices { result.blurOverlays[index].layer = moved(result.blurOverlays[index].layer) }
        for index in result.motionEffects.indices { result.motionEffects[index].layer = moved(result.motionEffects[index].layer) }
        for index in result.layerMotionBlurs.indices { result.layerMotionBlurs[index].layer = moved(result.layerMotionBlurs[index].layer) }
        return result
    }
}
