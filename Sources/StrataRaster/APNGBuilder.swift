import CStrataPNG

/// Assembles an animated PNG (APNG) from PNG files of one size, keeping each file's compressed
/// image data as it is: frame k of the animation decodes to exactly the pixels of the k-th file.
///
/// The container is the APNG specification's: the first frame's data stays in `IDAT` (so a viewer
/// without APNG shows frame 0), every later frame is an `fcTL` (its size, offset 0, delay,
/// dispose none, blend source) followed by `fdAT` chunks, and `acTL` gives the frame count and
/// loops. Frames must be 8-bit RGB or RGBA PNGs of one size without interlacing (what Strata's
/// encoders write); others are refused, to be decoded and re-encoded by the caller. Everything is
/// held in memory: a preview is meant to be small (`--preview-scale`).
public struct APNGBuilder: Sendable {
    /// How long a frame stays on screen: `numerator / denominator` seconds (the fcTL fields).
    public struct Delay: Hashable, Sendable {
        /// Numerator, in units of 1/`denominator` seconds.
        public var numerator: UInt16
        /// Denominator (a denominator of 0 means 100, as the specification says).
        public var denominator: UInt16

        /// A delay of `numerator / denominator` seconds.
        public init(numerator: UInt16, denominator: UInt16) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// How many times the animation plays; 0 for ever.
    public let plays: UInt32
    /// The 13 bytes of the first frame's IHDR, which every frame must share.
    private var header: [UInt8]?
    private var body: [UInt8] = []
    private var sequence: UInt32 = 0
    /// Frames appended so far.
    public private(set) var frameCount = 0

    /// Starts an animation that plays `plays` times (0: for ever, the default).
    public init(plays: UInt32 = 0) {
        self.plays = plays
    }

    /// Appends one frame: a whole PNG file, shown for `delay`.
    public mutating func append(png: [UInt8], delay: Delay) throws(RasterError) {
        let (ihdr, data) = try Self.imageData(of: png)
        if let header {
            guard ihdr == header else {
                throw .invalidArgument("frame \(frameCount) is \(Self.describe(ihdr)), but the animation's first frame is \(Self.describe(header))")
            }
        } else {
            header = ihdr
        }
        var control: [UInt8] = []
        Self.append32(sequence, to: &control)
        control += ihdr[0..<8]  // width, height
        Self.append32(0, to: &control)  // x offset
        Self.append32(0, to: &control)  // y offset
        control += [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF),
                    UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF),
                    0,  // dispose: none (the next frame covers the canvas anyway)
                    0]  // blend: source (replace, so translucent pixels are the frame's own)
        Self.appendChunk("fcTL", control, to: &body)
        sequence += 1
        let pieceSize = 1 << 30
        var start = 0
        repeat {
            let piece = data[start..<min(data.count, start + pieceSize)]
            if frameCount == 0 {
                Self.appendChunk("IDAT", Array(piece), to: &body)
            } else {
                var chunk: [UInt8] = []
                Self.append32(sequence, to: &chunk)
                chunk += piece
                Self.appendChunk("fdAT", chunk, to: &body)
                sequence += 1
            }
            start += pieceSize
        } while start < data.count
        frameCount += 1
    }

    /// The APNG file. Throws when no frame was appended.
    public func finish() throws(RasterError) -> [UInt8] {
        guard let header else { throw .invalidArgument("an animation needs at least one frame") }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        Self.appendChunk("IHDR", header, to: &file)
        var control: [UInt8] = []
        Self.append32(UInt32(frameCount), to: &control)
        Self.append32(plays, to: &control)
        Self.appendChunk("acTL", control, to: &file)
        file += body
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    /// True when `png`'s compressed data can be copied into an animation as it is (an 8-bit RGB
    /// or RGBA PNG without interlacing, palette or transparency chunks).
    public static func canCopy(_ png: [UInt8]) -> Bool {
        (try? imageData(of: png)) != nil
    }

    // MARK: - Chunks

    /// The IHDR bytes and the concatenated IDAT data of a PNG file.
    static func imageData(of png: [UInt8]) throws(RasterError) -> (header: [UInt8], data: [UInt8]) {
        _ = try PNGCodec.headerSize(of: png)
        _ = try PNGChunks(png)  // no chunk claims more bytes than the file holds
        var offset = 8, header: [UInt8] = [], data: [UInt8] = []
        while offset + 8 <= png.count {
            let length = Int(read32(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let payload = png[(offset + 8)..<(offset + 8 + length)]
            if type == "IHDR" { header = Array(payload) }
            if type == "IDAT" { data += payload }
            if type == "PLTE" || type == "tRNS" || type == "acTL" {
                throw .invalidPNG("a frame with a \(type) chunk cannot be copied into an animation")
            }
            offset += length + 12
            if type == "IEND" { break }
        }
        guard header.count == 13, header[8] == 8, header[9] == 6 || header[9] == 2, header[12] == 0, !data.isEmpty else {
            throw .invalidPNG("only 8-bit RGB or RGBA PNGs without interlacing can be copied into an animation")
        }
        return (header, data)
    }

    static func describe(_ header: [UInt8]) -> String {
        "\(read32(header, 0))×\(read32(header, 4)) (\(header[9] == 6 ? "RGBA" : "RGB"))"
    }

    static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Length, type, data and the CRC of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        append32(UInt32(data.count), to: &bytes)
        let typed = Array(type.utf8) + data
        bytes += typed
        let crc = typed.withUnsafeBufferPointer { strata_png_crc32(0, $0.baseAddress, $0.count) }
        append32(crc, to: &bytes)
    }
}
