import StrataPixels

/// Per-pixel arithmetic over whole frames that the kit's ground truth, tuner and video sink need.
/// It lives here, in a pixel stage, so that it is compiled optimised in every build (the debug
/// build the tests run included): at -Onone the tuner's error table alone made `strata tune`
/// fourteen times slower.

/// Sums premultiplied frames of one size channel by channel, then averages them into one frame,
/// rounded once: temporal supersampling's accumulator (`GroundTruth`).
public struct FrameAccumulator: Sendable {
    /// Pixel size of the frames added so far (0 × 0 before the first).
    public private(set) var width = 0
    public private(set) var height = 0
    private var sums: [Float] = []

    /// An empty accumulator.
    public init() {}

    /// Adds `image`'s premultiplied bytes. Every image must have the first one's size.
    public mutating func add(_ image: PixelBuffer) throws(RasterError) {
        if sums.isEmpty {
            width = image.width
            height = image.height
            sums = [Float](repeating: 0, count: image.pixels.count)
        }
        guard image.width == width, image.height == height else {
            throw .invalidArgument("a frame of \(image.width)×\(image.height) pixels added to frames of \(width)×\(height)")
        }
        sums.withUnsafeMutableBufferPointer { sums in
            image.pixels.withUnsafeBufferPointer { bytes in
                for i in 0..<bytes.count { sums[i] += Float(bytes[i]) }
            }
        }
    }

    /// The sums divided by `count` (at least 1), each rounded to the nearest byte (halves away from
    /// zero).
    public func average(dividingBy count: Int) throws(RasterError) -> PixelBuffer {
        let scale = 1 / Float(max(1, count))
        var bytes = [UInt8](repeating: 0, count: sums.count)
        for i in 0..<sums.count { bytes[i] = UInt8(saturating: min(255, sums[i] * scale), .toNearestOrAwayFromZero) }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
    }
}

/// How far a frame with an overlay at each opacity 0, 0.01, …, 1 lies from the frame it should
/// be (the tuner's measure of a motion-blur overlay's opacity curve).
public enum OverlayErrorTable {
    /// The mean absolute difference per channel, at each opacity `k / 100`, between `truth` and
    /// the frame `off + (on − off) · k / 100` (the overlay composited at that opacity, linear in it
    /// for premultiplied bytes), over the bounding box of the pixels where `off`, `on` and `truth`
    /// do not all agree; that box, or nil (and 101 zeros) where they agree everywhere. The three
    /// frames have one size.
    public static func measure(off: PixelBuffer, on: PixelBuffer, truth: PixelBuffer) -> (errors: [Double], region: PixelWindow?) {
        precondition(off.pixels.count == on.pixels.count && off.pixels.count == truth.pixels.count, "frames of one size")
        let width = off.width, height = off.height
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var differs = false
                for c in 0..<4 where off.pixels[i + c] != on.pixels[i + c] || off.pixels[i + c] != truth.pixels[i + c] { differs = true }
                if differs { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        guard x1 >= x0, y1 >= y0 else { return ([Double](repeating: 0, count: 101), nil) }
        var sums = [Double](repeating: 0, count: 101)
        for y in y0...y1 {
            for x in x0...x1 {
                let i = (y * width + x) * 4
                for c in 0..<4 {
                    let a = Double(off.pixels[i + c]), b = Double(on.pixels[i + c]), t = Double(truth.pixels[i + c])
                    if a == b {
                        if a != t { let e = abs(a - t); for k in 0...100 { sums[k] += e } }
                        continue
                    }
                    let d = (b - a) / 100, e = a - t
                    for k in 0...100 { sums[k] += abs(d * Double(k) + e) }
                }
            }
        }
        let count = Double((x1 - x0 + 1) * (y1 - y0 + 1) * 4)
        return (sums.map { $0 / count }, PixelWindow(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
    }
}

extension PixelBuffer {
    /// The pixels with red and blue swapped: RGBA becomes BGRA (Cairo's and ffmpeg's `bgra`
    /// order), and back.
    public func swappingRedAndBlue() -> [UInt8] {
        var bytes = pixels
        bytes.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(offset, offset + 2) }
        }
        return bytes
    }
}
