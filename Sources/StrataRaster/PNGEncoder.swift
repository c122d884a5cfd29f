import CStrataPNG

/// A PNG encoder that keeps its working memory from one image to the next.
///
/// Encoding a 1920×1080 frame needs about 8 MB of filtered rows and a token list; allocating them
/// for every frame costs more in page faults than the encoding itself. A frame sequence keeps one
/// encoder per thread. The bytes are those of `PNGCodec.encode(_:options:)` exactly.
///
/// Not thread-safe: use one encoder per thread.
public final class PNGEncoder {
    private let encoder: OpaquePointer?
    private var output = strata_png_buffer(data: nil, size: 0, capacity: 0)

    /// A new encoder (it allocates nothing until the first image).
    public init() {
        encoder = strata_png_encoder_create()
    }

    deinit {
        strata_png_encoder_free(encoder)
        strata_png_buffer_free(&output)
    }

    /// Encodes `image` as an 8-bit RGBA PNG with straight alpha and no time or version chunks (8-bit
    /// RGB when every pixel is opaque, unless `options.keepsAlpha`; the zlib mode always writes RGBA).
    ///
    /// - Returns: the PNG file's bytes.
    /// - Throws: `RasterError.invalidArgument` for a compression level out of range,
    ///   `RasterError.encodingFailed` when the encoder fails (memory, a path this machine lacks).
    public func encode(_ image: PixelBuffer, options: PNGCodec.EncodingOptions = .fast) throws(RasterError) -> [UInt8] {
        guard let encoder else { throw .encodingFailed("out of memory while making a PNG encoder") }
        var message = [CChar](repeating: 0, count: 256)
        let width = UInt32(image.width), height = UInt32(image.height), rowBytes = image.width * 4
        let flags = options.keepsAlpha ? Int32(STRATA_PNG_KEEP_ALPHA.rawValue) : 0
        let status: Int32
        switch options.mode {
        case .fast:
            status = image.pixels.withUnsafeBufferPointer { pixels in
                strata_png_encoder_fast(encoder, pixels.baseAddress, width, height, rowBytes,
                                        options.fastPath.rawValue, flags, &output, &message, message.count)
            }
        case .compact:
            guard (1...12).contains(options.compressionLevel) else {
                throw .invalidArgument("compact level must be 1…12, found \(options.compressionLevel)")
            }
            status = image.pixels.withUnsafeBufferPointer { pixels in
                strata_png_encoder_compact(encoder, pixels.baseAddress, width, height, rowBytes,
                                           Int32(options.compressionLevel), flags, &output, &message, message.count)
            }
        case .zlib:
            guard (0...9).contains(options.compressionLevel) else {
                throw .invalidArgument("compression level must be 0…9, found \(options.compressionLevel)")
            }
            status = image.pixels.withUnsafeBufferPointer { pixels in
                strata_png_encode_premultiplied_rgba(
                    pixels.baseAddress, width, height, rowBytes, Int32(options.compressionLevel),
                    options.strategy.rawValue, options.filter.rawValue, &output, &message, message.count)
            }
        }
        guard status == 0, let data = output.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encodingFailed(text.isEmpty ? "PNG encoding failed (status \(status))" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
