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
    /// The image encoded last in fast mode with a damage, while the C encoder remembers it.
    private var lastImage: UInt64?

    /// Bands of rows whose compressed bytes came from the image before (see `FrameDamage`), so
    /// far; for tests and benchmarks.
    public var reusedBands: Int { Int(strata_png_encoder_reused_bands(encoder)) }

    /// Filtered bytes per band of the fast mode, each one deflate block: nil (the default) is
    /// 512 KiB; a band is at least one row. Smaller bands compress a little worse, and let an image
    /// drawn over the one before reuse more of it. For tests, fuzzing and tuning.
    public var bandBytes: Int? {
        didSet { strata_png_encoder_set_band_bytes(encoder, bandBytes.map { max(1, $0) } ?? 0) }
    }

    /// The most filtered bytes an update keeps for the next one (see `FrameDamage`): nil (the
    /// default) is 64 MiB; an image with more has its changed bands filtered in full. For tests.
    var keptRowsLimit: Int? {
        didSet { strata_png_encoder_set_kept_limit(encoder, keptRowsLimit.map { max(1, $0) } ?? 0) }
    }

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
        if options.mode == .zlib {
            guard (0...9).contains(options.compressionLevel) else {
                throw .invalidArgument("compression level must be 0…9, found \(options.compressionLevel)")
            }
            var message = [CChar](repeating: 0, count: 256)
            let status = image.pixels.withUnsafeBufferPointer { pixels in
                strata_png_encode_premultiplied_rgba(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                    Int32(options.compressionLevel), options.strategy.rawValue, options.filter.rawValue,
                    &output, &message, message.count)
            }
            return try result(status, message)
        }
        var encoded: Result<[UInt8], RasterError> = .failure(.encodingFailed("not encoded"))
        image.pixels.withUnsafeBytes { pixels in
            do throws(RasterError) {
                encoded = .success(try encode(pixels, width: image.width, height: image.height, rowBytes: image.width * 4,
                                              bgra: false, options: options))
            } catch {
                encoded = .failure(error)
            }
        }
        return try encoded.get()
    }

    /// Encodes premultiplied **BGRA** pixels (blue first in memory, as Cairo's ARGB32 surfaces on a
    /// little-endian machine) as `encode(_:options:)` encodes the same pixels in RGBA: the same
    /// bytes, without a converted copy of the image. Modes `fast` and `compact` only.
    ///
    /// - Parameters:
    ///   - pixels: `height` rows of `rowBytes` bytes, each starting with `width` pixels.
    ///   - width, height: in pixels, at least 1.
    ///   - rowBytes: bytes from one row to the next, at least `4 × width`.
    ///   - damage: what the caller knows of this image and the one before it (a frame drawn over
    ///     the frame before, as `RenderResources` reports it). In fast mode, when the image it was
    ///     drawn over is the one this encoder encoded last, the bands of rows that did not change
    ///     reuse that image's compressed bytes: the same file, less work.
    public func encode(premultipliedBGRA pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int,
                       options: PNGCodec.EncodingOptions = .fast, damage: FrameDamage? = nil) throws(RasterError) -> [UInt8] {
        guard options.mode != .zlib else { throw .invalidArgument("the zlib writer takes RGBA pixels, not BGRA") }
        guard width > 0, height > 0, rowBytes >= 4 * width, pixels.count >= rowBytes * (height - 1) + 4 * width else {
            throw .invalidArgument("\(pixels.count) bytes do not hold \(height) rows of \(rowBytes) bytes for \(width) pixels each")
        }
        return try encode(pixels, width: width, height: height, rowBytes: rowBytes, bgra: true, options: options,
                          damage: damage)
    }

    private func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int, bgra: Bool,
                        options: PNGCodec.EncodingOptions, damage: FrameDamage? = nil) throws(RasterError) -> [UInt8] {
        // Whatever happens, the encoder's last image is this one (or unknown) from here on.
        let previous = lastImage
        lastImage = nil
        guard let encoder else { throw .encodingFailed("out of memory while making a PNG encoder") }
        guard width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .invalidArgument("a \(width)×\(height) image is too large for a PNG")
        }
        var message = [CChar](repeating: 0, count: 256)
        var flags: Int32 = options.keepsAlpha ? Int32(STRATA_PNG_KEEP_ALPHA.rawValue) : 0
        if bgra { flags |= Int32(STRATA_PNG_BGRA.rawValue) }
        let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let status: Int32
        switch options.mode {
        case .fast:
            if let damage {
                // An update (kept for the next one); every row changed unless this image was drawn
                // over the one encoded last.
                var rows = 0..<height, columns = 0..<width
                if let parent = damage.previous, parent == previous,
                   damage.rows.lowerBound >= 0, damage.rows.upperBound <= height {
                    rows = damage.rows
                    let given = damage.columns
                    if given.lowerBound >= 0, given.upperBound <= width { columns = given }
                }
                status = strata_png_encoder_fast_update(encoder, base, UInt32(width), UInt32(height), rowBytes,
                                                        options.fastPath.rawValue, flags, UInt32(rows.lowerBound),
                                                        UInt32(rows.upperBound), UInt32(columns.lowerBound),
                                                        UInt32(columns.upperBound), &output, &message, message.count)
            } else {
                status = strata_png_encoder_fast(encoder, base, UInt32(width), UInt32(height), rowBytes,
                                                 options.fastPath.rawValue, flags, &output, &message, message.count)
            }
            if status == 0, let damage { lastImage = damage.image }
        case .compact:
            guard (1...12).contains(options.compressionLevel) else {
                throw .invalidArgument("compact level must be 1…12, found \(options.compressionLevel)")
            }
            status = strata_png_encoder_compact(encoder, base, UInt32(width), UInt32(height), rowBytes,
                                                Int32(options.compressionLevel), flags, &output, &message, message.count)
        case .zlib:
            throw .invalidArgument("the zlib writer is not an encoder mode here")
        }
        return try result(status, message)
    }

    /// The file's bytes, or the encoder's error.
    private func result(_ status: Int32, _ message: [CChar]) throws(RasterError) -> [UInt8] {
        guard status == 0, let data = output.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .encodingFailed(text.isEmpty ? "PNG encoding failed (status \(status))" : text)
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}

extension PNGEncoder {
    /// For tests: whether the filter costs and filtered bytes an update computes by stretches of a
    /// row (`width` pixels of `bpp` = 3 or 4 bytes, `above` the row above) are those of the whole
    /// row on `path`; nil for bad arguments or a path this machine lacks.
    static func stretchesAgree(row: [UInt8], above: [UInt8], width: Int, bpp: Int, path: PNGCodec.EncodingOptions.FastPath) -> Bool? {
        guard width > 0, bpp == 3 || bpp == 4, row.count >= width * bpp, above.count >= width * bpp, width <= Int(UInt32.max) else { return nil }
        let result = strata_png_stretches_agree(row, above, UInt32(width), Int32(bpp), path.rawValue)
        return result < 0 ? nil : result == 1
    }
}
