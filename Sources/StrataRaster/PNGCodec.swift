import CPNG
import CStrataPNG
import Foundation

/// Encodes and decodes PNG files (the only code that touches libpng and zlib).
///
/// Decoding uses libpng's simplified `png_image_*` API after the header's size has been checked
/// against `Limits`. Encoding uses Strata's own C encoders (`CStrataPNG`): the fast one (the
/// default), or a writer that filters rows itself and calls zlib (DESIGN §7).
public enum PNGCodec {
    // MARK: - Encoding options

    /// How a PNG is compressed. Every choice gives a valid 8-bit RGBA PNG of the same pixels; they
    /// differ in speed and size only.
    public struct EncodingOptions: Hashable, Sendable {
        /// The encoder.
        public enum Mode: String, Hashable, Sendable, CaseIterable {
            /// Strata's own encoder, the default for frames: per-row filter choice, bands of about
            /// 512 KB coded while in cache with Huffman tables from their own statistics, runs and
            /// matches (12–18× the speed of libpng's defaults at 1.1–1.4× the size; docs/png.md).
            case fast
            /// The same row filters compressed by libdeflate at `compressionLevel` (1…12): files
            /// within a few per cent of libpng's defaults, several times faster than them; for
            /// archives and reference images.
            case compact
            /// The zlib writer with the level, strategy and filter below (for comparisons).
            case zlib
        }

        /// A code path of the fast encoder. Every path writes the same bytes; `auto` takes the
        /// best this machine has, the others are for tests and benchmarks.
        public enum FastPath: Int32, Hashable, Sendable, CaseIterable {
            case auto = 0, portable = 1, sse41 = 2, avx2 = 3
        }

        /// The encoder.
        public var mode: Mode
        /// The fast encoder's code path (mode `fast`).
        public var fastPath: FastPath
        /// zlib level, 0 (store) … 9 (smallest) (mode `zlib`); libdeflate level 1…12 (mode `compact`).
        public var compressionLevel: Int
        /// zlib strategy (mode `zlib`).
        public var strategy: Strategy
        /// The row filter used for every row (mode `zlib`).
        public var filter: Filter
        /// Write 8-bit RGBA even when every pixel is opaque (modes `fast` and `compact`). By
        /// default such an image is written as 8-bit RGB, as libpng's and Cairo's writers do: it
        /// decodes to the same RGBA pixels with a quarter less data to compress. Set it where
        /// files must share one colour type (the frames of an APNG).
        public var keepsAlpha = false

        /// zlib's compression strategies.
        public enum Strategy: Int32, Sendable, CaseIterable {
            case `default` = 0, filtered = 1, huffmanOnly = 2, rle = 3
        }

        /// PNG row filters (the filter type numbers of the PNG specification).
        public enum Filter: Int32, Sendable, CaseIterable {
            case none = 0, sub = 1, up = 2, average = 3, paeth = 4
        }

        /// Options for the zlib writer.
        public init(compressionLevel: Int, strategy: Strategy, filter: Filter) {
            self.mode = .zlib
            self.fastPath = .auto
            self.compressionLevel = compressionLevel
            self.strategy = strategy
            self.filter = filter
        }

        /// Options for the fast encoder on `path`.
        public static func fast(path: FastPath) -> EncodingOptions {
            var options = EncodingOptions(compressionLevel: 1, strategy: .rle, filter: .paeth)
            options.mode = .fast
            options.fastPath = path
            return options
        }

        /// Options for the compact encoder at libdeflate `level` (1…12).
        public static func compact(level: Int) -> EncodingOptions {
            var options = EncodingOptions(compressionLevel: level, strategy: .default, filter: .paeth)
            options.mode = .compact
            return options
        }

        /// The default for frames: Strata's fast encoder on the best path of this machine.
        public static let fast = EncodingOptions.fast(path: .auto)
        /// For archives and reference images: libdeflate at level 6 (levels 7 and up are smaller
        /// but slower than libpng's defaults on blurred frames; measured by `scripts/bench`).
        public static let compact = EncodingOptions.compact(level: 6)
        /// The zlib writer at level 1 with the RLE strategy and the Paeth filter (Strata's frame
        /// encoder before the fast one; kept for comparisons).
        public static let zlibRLE = EncodingOptions(compressionLevel: 1, strategy: .rle, filter: .paeth)
        /// zlib level 9 with the Paeth filter: smaller, much slower.
        public static let small = EncodingOptions(compressionLevel: 9, strategy: .default, filter: .paeth)
    }

    /// The fast encoder's paths this machine can run (always `portable`; `sse41` and `avx2` on
    /// x86-64 machines that have them).
    public static var availableFastPaths: [EncodingOptions.FastPath] {
        let mask = strata_png_fast_paths()
        return EncodingOptions.FastPath.allCases.filter { $0 != .auto && mask & (1 << $0.rawValue) != 0 }
    }

    // MARK: - Encoding

    /// Encodes `image` as an 8-bit RGBA PNG with straight alpha (8-bit RGB when every pixel is opaque,
    /// unless `options.keepsAlpha`) and no time or version chunks, so
    /// equal pixels always give equal bytes. To encode many images on one thread, keep a
    /// `PNGEncoder`: it reuses its working memory (the same bytes).
    public static func encode(_ image: PixelBuffer, options: EncodingOptions = .fast) throws(RasterError) -> [UInt8] {
        try PNGEncoder().encode(image, options: options)
    }

    // MARK: - Decoding

    /// The size a PNG declares in its header, read without decoding any pixels.
    public static func headerSize(of data: [UInt8]) throws(RasterError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 24, Array(data[0..<8]) == signature else {
            throw .invalidPNG("not a PNG file (the 8-byte PNG signature is missing)")
        }
        guard Array(data[12..<16]) == Array("IHDR".utf8) else {
            throw .invalidPNG("PNG header chunk IHDR is missing")
        }
        func be32(_ offset: Int) -> Int {
            Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        }
        return (be32(16), be32(20))
    }

    /// Decodes PNG bytes into a premultiplied buffer. The header's size is checked against
    /// `Limits` before any pixel memory is allocated.
    ///
    /// The chunks are walked first (`PNGChunks`): a chunk that declares more bytes than the file
    /// holds is refused before libpng allocates for it. A 16-bit file that says nothing of its
    /// colour space (no gAMA, sRGB, iCCP or cHRM) is read as sRGB, as browsers and other decoders
    /// read it; libpng's simplified API would take it for linear light (50 % grey → 186).
    public static func decode(_ data: [UInt8]) throws(RasterError) -> PixelBuffer {
        let (width, height) = try headerSize(of: data)
        try Limits.checkSurface(width: width, height: height)
        let chunks = try PNGChunks(data)
        var image = png_image()
        image.version = strata_png_image_version()
        let began = data.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        }
        guard began != 0 else {
            throw .invalidPNG("cannot read PNG header: \(libpngMessage(&image))")
        }
        if chunks.bitDepth == 16 && !chunks.declaresColorSpace {
            return try decodeSixteenBitAsSRGB(&image, width: width, height: height)
        }
        image.format = strata_png_format_rgba()
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        let finished = straight.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let message = libpngMessage(&image)
            png_image_free(&image)
            throw .invalidPNG("cannot decode PNG: \(message)")
        }
        return try PixelBuffer(width: width, height: height, straightRGBA: straight)
    }

    /// Reads and decodes a PNG file.
    public static func decode(contentsOf url: URL) throws(RasterError) -> PixelBuffer {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidPNG("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try decode([UInt8](data))
    }

    private static func libpngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
