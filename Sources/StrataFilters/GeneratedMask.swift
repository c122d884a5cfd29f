import Foundation
import StrataModel
import StrataRaster

extension MaskPlane {
    /// Generates `shape` at `width × height` pixels (pixel centres sampled).
    public static func generate(_ shape: BlurMaskShape, width: Int, height: Int) -> MaskPlane {
        var values = [Float](repeating: 0, count: width * height)
        let w = Double(width), h = Double(height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let value: Double
                switch shape {
                case .linear(let sx, let sy, let ex, let ey, let easing):
                    let ax = sx * w, ay = sy * h, bx = ex * w, by = ey * h
                    let dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy
                    let t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 1
                    value = easing.apply(min(max(t, 0), 1))
                case .roundedRect(let inset, let radius, let fade, let easing):
                    let halfX = max(0, w / 2 - inset), halfY = max(0, h / 2 - inset)
                    let distance = roundedRectDistance(px - w / 2, py - h / 2, halfX, halfY, radius)
                    value = distanceToAlpha(distance, fade, easing)
                case .squircle(let inset, let exponent, let fade, let easing):
                    let halfX = max(1e-9, w / 2 - inset), halfY = max(1e-9, h / 2 - inset)
                    let n = max(exponent, 1)
                    let level = pow(pow(abs(px - w / 2) / halfX, n) + pow(abs(py - h / 2) / halfY, n), 1 / n)
                    value = distanceToAlpha((level - 1) * min(halfX, halfY), fade, easing)
                }
                values[y * width + x] = Float(value)
            }
        }
        return MaskPlane(width: width, height: height, values: values)
    }

    /// Seed 003's rounded-rectangle SDF: positive outside.
    static func roundedRectDistance(_ x: Double, _ y: Double, _ halfX: Double, _ halfY: Double, _ radius: Double) -> Double {
        let r = min(max(radius, 0), min(halfX, halfY))
        let dx = abs(x) - (halfX - r), dy = abs(y) - (halfY - r)
        let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot()
        let inside = min(max(dx, dy), 0)
        return outside + inside - r
    }

    /// Seed 003's distance-to-alpha: 1 at and outside the edge, 0 at `fade` inside, eased.
    static func distanceToAlpha(_ distance: Double, _ fade: Double, _ easing: MaskEasing) -> Double {
        guard fade > 0 else { return distance >= 0 ? 1 : 0 }
        return easing.apply(min(max(1 + distance / fade, 0), 1))
    }
}
