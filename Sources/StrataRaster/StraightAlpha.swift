import CStrataPNG

/// Converting premultiplied frames to straight alpha for consumers that want it (video encoders
/// take straight RGBA), with the rule the PNG encoders use, so a lossless video decodes to the
/// bytes a PNG of the same frame decodes to.
public enum StraightAlpha {
    /// Writes `height` rows of `width` pixels from `source` (premultiplied, 4 bytes a pixel with
    /// alpha in byte 3, `rowBytes` apart) to `destination` (`4 × width` bytes a row, tightly packed)
    /// with straight alpha; the colour bytes keep their order (BGRA stays BGRA).
    ///
    /// - Precondition: `source` holds `rowBytes × height` bytes with `rowBytes ≥ 4 × width`, and
    ///   `destination` holds `4 × width × height`.
    public static func unpremultiply(_ source: UnsafeRawBufferPointer, rowBytes: Int, width: Int, height: Int,
                                     into destination: UnsafeMutableRawBufferPointer) {
        precondition(width >= 0 && height >= 0 && rowBytes >= 4 * width)
        precondition(source.count >= rowBytes * max(0, height - 1) + 4 * width || height == 0)
        precondition(destination.count >= 4 * width * height)
        guard width > 0, height > 0, let from = source.baseAddress, let to = destination.baseAddress else { return }
        strata_unpremultiply_frame(from.assumingMemoryBound(to: UInt8.self), rowBytes, to.assumingMemoryBound(to: UInt8.self),
                                   UInt32(width), UInt32(height))
    }
}
