/// Downscaling for previews: each output pixel is the area average of the source pixels it covers.
extension PixelBuffer {
    /// The image scaled by `factor` (0 < factor ≤ 1) to `max(1, round(width × factor))` ×
    /// `max(1, round(height × factor))` pixels, each the area-weighted mean of the premultiplied
    /// source pixels under it (a box filter: no ringing, no dark fringes). `factor` 1 returns the
    /// image itself.
    public func scaled(by factor: Double) throws(RasterError) -> PixelBuffer {
        guard factor.isFinite, factor > 0, factor <= 1 else {
            throw .invalidArgument("a scale factor must be in (0, 1], found \(factor)")
        }
        let newWidth = Swift.max(1, Int(saturating: (Double(width) * factor).rounded()))
        let newHeight = Swift.max(1, Int(saturating: (Double(height) * factor).rounded()))
        if newWidth == width && newHeight == height { return self }
        let columns = Self.coverage(from: width, to: newWidth)
        let rows = Self.coverage(from: height, to: newHeight)
        // Horizontal pass: height × newWidth × 4 sums.
        var across = [Float](repeating: 0, count: height * newWidth * 4)
        pixels.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for (x, span) in columns.enumerated() {
                        var sum = SIMD4<Float>(repeating: 0)
                        for (offset, weight) in span.weights.enumerated() {
                            let p = (y * width + span.first + offset) * 4
                            sum += SIMD4<Float>(Float(source[p]), Float(source[p + 1]), Float(source[p + 2]), Float(source[p + 3])) * weight
                        }
                        let q = (y * newWidth + x) * 4
                        target[q] = sum.x; target[q + 1] = sum.y; target[q + 2] = sum.z; target[q + 3] = sum.w
                    }
                }
            }
        }
        // Vertical pass, then the mean (the weights of a span add up to 1).
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        across.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for (y, span) in rows.enumerated() {
                    for i in 0..<(newWidth * 4) {
                        var sum: Float = 0
                        for (offset, weight) in span.weights.enumerated() {
                            sum += source[(span.first + offset) * newWidth * 4 + i] * weight
                        }
                        target[y * newWidth * 4 + i] = UInt8(clamping: Int(saturating: sum, .toNearestOrAwayFromZero))
                    }
                }
            }
        }
        return try PixelBuffer(width: newWidth, height: newHeight, premultipliedRGBA: result)
    }

    /// For each of `count` output cells, the first source cell it covers and the share of each
    /// covered source cell (shares add up to 1).
    private static func coverage(from length: Int, to count: Int) -> [(first: Int, weights: [Float])] {
        let step = Double(length) / Double(count)
        return (0..<count).map { index in
            let start = Double(index) * step, end = Double(index + 1) * step
            let first = Int(saturating: start), last = Swift.min(length - 1, Int(saturating: end - 1e-9, .down))
            var weights: [Float] = []
            for cell in first...Swift.max(first, last) {
                let overlap = Swift.min(end, Double(cell + 1)) - Swift.max(start, Double(cell))
                weights.append(Float(overlap / step))
            }
            return (first, weights)
        }
    }
}
