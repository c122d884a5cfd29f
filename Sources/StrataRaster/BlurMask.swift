import Foundation

/// How a mask's distance ramp is eased (seed 003).
public enum MaskEasing: String, Hashable, Sendable, CaseIterable {
    /// Hermite smoothstep 3t² − 2t³.
    case smoothstep
    /// Quadratic ease-in t².
    case easeIn
    /// t.
    case linear

    /// The eased value of t in 0…1.
    public func apply(_ t: Double) -> Double {
        switch self {
        case .smoothstep: t * t * (3 - 2 * t)
        case .easeIn: t * t
        case .linear: t
        }
    }
}

/// A generated mask for a variable blur: the blur's σ at a pixel is maxRadius × mask (0…1).
public enum BlurMaskShape: Hashable, Sendable {
    /// A ramp from 0 at `start` to 1 at `end` (unit coordinates of the mask: (0, 0) top-left,
    /// (1, 1) bottom-right), eased.
    case linear(startX: Double, startY: Double, endX: Double, endY: Double, easing: MaskEasing)
    /// The seed's rounded-rectangle SDF over the whole mask, inset by `inset` pixels: 1 outside the
    /// rectangle and on its edge, falling to 0 at `fadeWidth` pixels inside (eased).
    case roundedRect(inset: Double, cornerRadius: Double, fadeWidth: Double, easing: MaskEasing)
    /// The same with a superellipse (|x/a|ⁿ + |y/b|ⁿ = 1, n = `exponent`, 4 by default): a squircle.
    case squircle(inset: Double, exponent: Double, fadeWidth: Double, easing: MaskEasing)
}

/// A mask plane: one value in 0…1 per pixel, row-major.
public struct MaskPlane: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var values: [Float]

    /// Creates a plane; `values.count` must be width × height.
    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "mask size does not match")
        self.width = width
        self.height = height
        self.values = values
    }

    /// A mask from an image: its luminance times its alpha (white opaque = 1).
    public init(image: PixelBuffer) {
        let straight = image.straightRGBA
        var values = [Float](repeating: 0, count: image.width * image.height)
        for i in 0..<values.count {
            let r = Float(straight[4 * i]), g = Float(straight[4 * i + 1]), b = Float(straight[4 * i + 2]), a = Float(straight[4 * i + 3])
            values[i] = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 * a / 255
        }
        self.init(width: image.width, height: image.height, values: values)
    }

    /// The mask's value at (x, y), clamped to its edges.
    @inline(__always)
    public func value(x: Int, y: Int) -> Float {
        values[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }

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

/// Generated masks by signature (shape and pixel size), so that an unchanged mask is not
/// generated again. Thread-safe; `generations` counts the masks actually generated.
public final class MaskCache: @unchecked Sendable {
    /// The cache the renderer uses.
    public static let shared = MaskCache()

    private struct Signature: Hashable {
        let shape: BlurMaskShape
        let width: Int
        let height: Int
    }

    private let lock = NSLock()
    private var masks: [Signature: MaskPlane] = [:]
    private var order: [Signature] = []
    private var generated = 0
    /// Masks kept at most (the oldest goes first).
    public let capacity: Int

    /// Creates an empty cache.
    public init(capacity: Int = 32) { self.capacity = capacity }

    /// Number of masks generated so far (cache misses).
    public var generations: Int {
        lock.lock()
        defer { lock.unlock() }
        return generated
    }

    /// The mask of `shape` at `width × height` pixels, generated only if not cached.
    public func mask(_ shape: BlurMaskShape, width: Int, height: Int) -> MaskPlane {
        let signature = Signature(shape: shape, width: width, height: height)
        lock.lock()
        if let mask = masks[signature] {
            lock.unlock()
            return mask
        }
        lock.unlock()
        let mask = MaskPlane.generate(shape, width: width, height: height)
        lock.lock()
        defer { lock.unlock() }
        if masks[signature] == nil {
            generated += 1
            masks[signature] = mask
            order.append(signature)
            if order.count > capacity { masks[order.removeFirst()] = nil }
        }
        return mask
    }
}
