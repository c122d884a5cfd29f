/// Box blur of a premultiplied image: each output pixel is the mean of the (2r+1)×(2r+1) square
/// around it, transparent outside the input (decal). The output is the input outset by r on each
/// side. Running sums: the cost per pixel does not depend on r.
public enum BoxBlur {
    /// The blurred image, `radius` pixels larger on each side; radius 0 is the identity.
    public static func apply(_ image: PixelBuffer, radius: Int) throws(RasterError) -> PixelBuffer {
        guard radius > 0 else { return image }
        let width = image.width + 2 * radius, height = image.height + 2 * radius
        var planes = [SIMD4<Float>](repeating: .zero, count: width * height)
        var output = try PixelBuffer(width: width, height: height)
        let scale = 1 / Float(2 * radius + 1)
        planes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var scratch = [SIMD4<Float>](repeating: .zero, count: max(width, height))
            scratch.withUnsafeMutableBufferPointer { temp in
                let line = temp.baseAddress!
                image.pixels.withUnsafeBufferPointer { source in
                    for y in 0..<image.height {
                        for x in 0..<width { line[x] = .zero }
                        for x in 0..<image.width {
                            let i = (y * image.width + x) * 4
                            line[radius + x] = SIMD4(Float(source[i]), Float(source[i + 1]), Float(source[i + 2]), Float(source[i + 3]))
                        }
                        boxLine(line, count: width, radius: radius, scale: scale, into: base + (y + radius) * width, stride: 1)
                    }
                }
                for x in 0..<width {
                    for y in 0..<height { line[y] = base[y * width + x] }
                    boxLine(line, count: height, radius: radius, scale: scale, into: base + x, stride: width)
                }
            }
            output.pixels.withUnsafeMutableBufferPointer { out in
                for i in 0..<(width * height) { GaussianBlur.store(base[i], into: out.baseAddress! + 4 * i) }
            }
        }
        return output
    }

    /// out[i·stride] = scale × Σ line[i−r … i+r] (zero outside the line).
    static func boxLine(_ line: UnsafeMutablePointer<SIMD4<Float>>, count: Int, radius: Int, scale: Float,
                        into out: UnsafeMutablePointer<SIMD4<Float>>, stride: Int) {
        var sum = SIMD4<Float>.zero
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            out[i * stride] = sum * scale
            if i - radius >= 0 { sum -= line[i - radius] }
        }
    }
}
