import StrataModel
import StrataScene

extension Scene {
    /// The scene drawn into a canvas of `size` points: scaled by the largest factor that fits it
    /// inside (keeping its aspect ratio) and centred, transparent where it draws nothing
    /// (`strata frame --fit`). Its layers move one level down, under a layer holding the scale.
    public func fitted(into size: Size) -> Scene {
        let factor = Swift.min(size.width / self.size.width, size.height / self.size.height)
        var holder = Layer(name: "fit", bounds: Rect(origin: .zero, size: self.size))
        holder.anchorPoint = .zero
        holder.transform = Transform3D(Transform2D.scale(x: factor, y: factor))
        holder.position = Point(x: (size.width - self.size.width * factor) / 2, y: (size.height - self.size.height * factor) / 2)
        holder.backgroundColor = background
        holder.sublayers = layers
        var scene = self
        scene.size = size
        scene.background = nil
        scene.layers = [holder]
        return scene
    }
}
