import CPNG

/// What the chunks of a PNG file say before any pixel is decoded: its bit depth and whether it
/// declares a colour space. Walking them also checks that no chunk claims more bytes than the file
/// holds (a 57-byte file declaring a 1 GiB text chunk is refused here, not after libpng has
/// allocated for it).
struct PNGChunks {
    /// Bits per channel from IHDR (1, 2, 4, 8 or 16).
    let bitDepth: Int
    /// True when a gAMA, sRGB, iCCP or cHRM chunk comes before the image data.
    let declaresColorSpace: Bool

    init(_ data: [UInt8]) throws(RasterError) {
        func be32(_ offset: Int) -> Int {
            Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        }
        var offset = 8, depth = 0, colorSpace = false, seenData = false
        while offset + 8 <= data.count {
            let length = be32(offset)
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= Int(Int32.max), length + 12 <= data.count - offset else {
                throw .invalidPNG("the chunk \(type.debugDescription) declares \(length) bytes of data (\(length + 12) with its length, type and CRC) but the file has only \(data.count - offset) left (truncated or corrupt)")
            }
            if type == "IHDR", length >= 13 { depth = Int(data[offset + 16]) }
            if type == "IDAT" { seenData = true }
            if !seenData, ["gAMA", "sRGB", "iCCP", "cHRM"].contains(type) { colorSpace = true }
            offset += length + 12
            if type == "IEND" { break }
        }
        bitDepth = depth
        declaresColorSpace = colorSpace
    }
}

extension PNGCodec {
    /// A 16-bit PNG without colour-space chunks, read as sRGB: libpng reads it without gamma
    /// conversion into premultiplied 16-bit channels, which are rounded to 8 bits (v / 257).
    static func decodeSixteenBitAsSRGB(_ image: inout png_image, width: Int, height: Int) throws(RasterError) -> PixelBuffer {
        image.format = strata_png_format_linear_rgba()
        var wide = [UInt16](repeating: 0, count: width * height * 4)
        let finished = wide.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let message = withUnsafeBytes(of: &image.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw .invalidPNG("cannot decode PNG: \(message)")
        }
        let bytes = wide.map { UInt8((UInt32($0) + 128) / 257) }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
    }
}
