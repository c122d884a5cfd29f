import StrataTestSupport
import Foundation
import Testing
import StrataModel
@testable import StrataRaster
import StrataRender

/// Strata's fast PNG encoder: every file it writes is a valid PNG that libpng decodes to exactly
/// the input, and every code path (portable, SSE4.1, AVX2: those this machine has) writes the
/// same bytes.
@Suite("Fast PNG encoder")
struct FastPNGTests {
    /// The kinds of image a frame can be.
    enum Kind: CaseIterable {
        case transparent, opaque, noise, sparse, gradient
    }

    /// A deterministic image of `kind` (straight RGBA in, premultiplied buffer out).
    static func image(_ kind: Kind, width: Int, height: Int, seed: UInt32 = 0x9E37_79B9) throws -> PixelBuffer {
        var state = seed | 1
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state >> 7)
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                switch kind {
                case .transparent:
                    break
                case .opaque:
                    bytes[i] = 30; bytes[i + 1] = 120; bytes[i + 2] = 200; bytes[i + 3] = 255
                case .noise:
                    for c in 0..<4 { bytes[i + c] = next() }
                case .sparse:
                    // Mostly transparent with scattered pixels: zero runs of every length.
                    if next() < 12 { bytes[i] = next(); bytes[i + 1] = next(); bytes[i + 2] = next(); bytes[i + 3] = next() | 1 }
                case .gradient:
                    bytes[i] = UInt8(x * 255 / max(1, width - 1)); bytes[i + 1] = UInt8(y * 255 / max(1, height - 1))
                    bytes[i + 2] = UInt8((x + 2 * y) & 255); bytes[i + 3] = UInt8(128 + (x * 127) / max(1, width))
                }
            }
        }
        return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
    }

    /// A 1080p UI frame: gradient wallpaper, translucent rounded cards with shadows, text (or the
    /// top-left `width × height` pixels of it).
    static func uiFrame(width: Double = 1920, height: Double = 1080) throws -> PixelBuffer {
        var wallpaper = Layer(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        wallpaper.gradient = Gradient(colors: [Color(hex: "#0d47a1")!, Color(hex: "#4a148c")!],
                                      startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))
        var layers = [wallpaper]
        for index in 0..<12 {
            var card = Layer(frame: Rect(x: 80 + Double(index % 4) * 440, y: 120 + Double(index / 4) * 300, width: 400, height: 260))
            card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.85)
            card.cornerRadius = 24
            card.shadow = Shadow(color: .black, opacity: 0.3, offset: Size(width: 0, height: 8), radius: 12)
            var title = Layer(frame: Rect(x: 24, y: 24, width: 352, height: 40))
            title.text = TextContent(string: "Card \(index)", fontSize: 28, isBold: true, color: .black)
            card.addSublayer(title)
            layers.append(card)
        }
        return try Renderer.render(layers, size: Size(width: width, height: height), scale: 1, background: nil)
    }

    /// Encodes on every path, checks that the bytes agree and that libpng decodes them to `image`.
    func check(_ image: PixelBuffer, _ label: String) throws {
        let paths = PNGCodec.availableFastPaths
        #expect(paths.contains(.portable))
        let reference = try PNGCodec.encode(image, options: .fast(path: .portable))
        for path in paths where path != .portable {
            #expect(try PNGCodec.encode(image, options: .fast(path: path)) == reference, "\(label): \(path) differs from portable")
        }
        #expect(try PNGCodec.encode(image, options: .fast) == reference, "\(label): auto differs")
        let decoded = try PNGCodec.decode(reference)
        #expect(decoded.width == image.width && decoded.height == image.height, "\(label)")
        #expect(decoded.pixels == image.pixels, "\(label): decoded pixels differ from the input")
    }

    @Test("small sizes: widths 1…67, heights 1…5, every kind", arguments: Kind.allCases)
    func smallImagesRoundTrip(kind: Kind) throws {
        for height in 1...5 {
            for width in 1...67 {
                try check(try Self.image(kind, width: width, height: height, seed: UInt32(width * 7 + height)), "\(kind) \(width)×\(height)")
            }
        }
    }

    @Test("1080p: noise, gradient, a UI frame, transparent")
    func fullHDRoundTrips() throws {
        for kind in [Kind.noise, .gradient, .transparent] {
            try check(try Self.image(kind, width: 1920, height: 1080), "\(kind) 1920×1080")
        }
        try check(try Self.uiFrame(), "UI frame 1920×1080")
        // A random tile of 97 × 3 pixels repeated: matches everywhere, also from the first rows of
        // each band (the encoder works in bands of about 512 KB) back into the band before.
        let tile = try Self.image(.noise, width: 97, height: 3, seed: 5)
        var tiled = try PixelBuffer(width: 1920, height: 1080)
        for y in 0..<1080 {
            for x in 0..<1920 {
                let from = ((y % 3) * 97 + x % 97) * 4, to = (y * 1920 + x) * 4
                tiled.pixels.replaceSubrange(to..<(to + 4), with: tile.pixels[from..<(from + 4)])
            }
        }
        try check(tiled, "tiled noise 1920×1080")
        // Opaque but for one pixel in the last row: written as RGB band after band until that row,
        // then again from the start as RGBA.
        var late = try Self.image(.opaque, width: 1920, height: 1080)
        late.pixels[(1079 * 1920 + 7) * 4 + 3] = 200
        for channel in 0..<3 { late.pixels[(1079 * 1920 + 7) * 4 + channel] /= 2 }
        try check(late, "opaque but the last row")
        #expect(try PNGCodec.encode(late)[25] == 6 && PNGCodec.encode(Self.image(.opaque, width: 1920, height: 1080))[25] == 2)
        #expect(try PNGCodec.encode(tiled).count < 400_000, "repeats are found across bands")
    }

    @Test("long zero runs span rows and are coded as matches")
    func flatImagesAreSmall() throws {
        let flat = try Self.image(.transparent, width: 1920, height: 1080)
        let png = try PNGCodec.encode(flat)
        // 8.3 MB of zeros: a handful of 258-byte matches per kilobyte, a few kilobytes in all.
        #expect(png.count < 16_000, "\(png.count) bytes")
        #expect(try PNGCodec.decode(png) == flat)
    }

    @Test("compact: libdeflate over the same filters decodes to the input, and is smaller than fast on a UI frame")
    func compactRoundTrips() throws {
        for kind in Kind.allCases {
            for (width, height) in [(1, 1), (2, 5), (67, 3), (33, 4)] {
                let image = try Self.image(kind, width: width, height: height)
                #expect(try PNGCodec.decode(try PNGCodec.encode(image, options: .compact)) == image, "\(kind) \(width)×\(height)")
            }
        }
        let ui = try Self.uiFrame()
        let compact = try PNGCodec.encode(ui, options: .compact), fast = try PNGCodec.encode(ui)
        #expect(try PNGCodec.decode(compact) == ui)
        #expect(compact.count < fast.count, "compact \(compact.count) B, fast \(fast.count) B")
        #expect(throws: RasterError.self) { try PNGCodec.encode(ui, options: .compact(level: 13)) }
    }

    @Test("one encoder kept across images of other sizes and kinds writes the bytes of a new one")
    func reusedEncoderWritesTheSameBytes() throws {
        let encoder = PNGEncoder()
        var images: [PixelBuffer] = [try Self.uiFrame()]
        for (index, kind) in Kind.allCases.enumerated() {
            images.append(try Self.image(kind, width: 67 - index * 9, height: 5 + index))
            images.append(try Self.image(kind, width: 640, height: 48, seed: UInt32(index)))
        }
        images.append(images[0])  // big again after small: nothing of the small ones is left over
        for (index, image) in images.enumerated() {
            for options in [PNGCodec.EncodingOptions.fast, .compact, .zlibRLE] {
                #expect(try encoder.encode(image, options: options) == PNGCodec.encode(image, options: options),
                        "image \(index), \(options.mode)")
            }
        }
    }

    @Test("BGRA input, with or without row padding, gives the bytes of the same pixels in RGBA, on every path")
    func bgraGivesTheSameBytes() throws {
        var images: [PixelBuffer] = [try Self.uiFrame()]
        for kind in Kind.allCases { images += [try Self.image(kind, width: 67, height: 5), try Self.image(kind, width: 1, height: 3)] }
        let encoder = PNGEncoder()
        for (index, image) in images.enumerated() {
            for padding in [0, 12] {
                let rowBytes = image.width * 4 + padding
                var bgra = [UInt8](repeating: 0xAB, count: rowBytes * image.height)
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let from = (y * image.width + x) * 4, to = y * rowBytes + x * 4
                        bgra[to] = image.pixels[from + 2]; bgra[to + 1] = image.pixels[from + 1]
                        bgra[to + 2] = image.pixels[from]; bgra[to + 3] = image.pixels[from + 3]
                    }
                }
                var options: [PNGCodec.EncodingOptions] = [.compact]
                options += PNGCodec.availableFastPaths.map { PNGCodec.EncodingOptions.fast(path: $0) }
                for option in options {
                    let direct = try bgra.withUnsafeBytes { (pixels) throws -> [UInt8] in
                        try encoder.encode(premultipliedBGRA: pixels, width: image.width, height: image.height,
                                           rowBytes: rowBytes, options: option)
                    }
                    #expect(direct == (try PNGCodec.encode(image, options: option)), "image \(index), padding \(padding), \(option.mode) \(option.fastPath)")
                }
            }
        }
        #expect(throws: RasterError.self) {
            try [UInt8](repeating: 0, count: 15).withUnsafeBytes { try encoder.encode(premultipliedBGRA: $0, width: 2, height: 2, rowBytes: 8) }
        }
    }

    @Test("a frame changed in a rectangle and encoded as an update of the one before gives the bytes of a full encode",
          arguments: [PNGCodec.EncodingOptions.fast, .fast(path: .portable), .fast(path: .sse41)], [true, false])
    func updatesGiveTheBytesOfAFullEncode(options: PNGCodec.EncodingOptions, keepsRows: Bool) throws {
        guard PNGCodec.availableFastPaths.contains(options.fastPath) || options.fastPath == .auto else { return }
        // A 640×360 frame in bands of 60,000 bytes: 31 rows in RGB, 23 in RGBA (12 and 16 bands).
        let image = try Self.uiFrame(width: 640, height: 360)
        let (width, height, rowBytes) = (image.width, image.height, image.width * 4 + 16)
        let frame = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes * height, alignment: 64)
        defer { frame.deallocate() }
        frame.initializeMemory(as: UInt8.self, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + x) * 4, to = y * rowBytes + x * 4
                frame[to] = image.pixels[from + 2]; frame[to + 1] = image.pixels[from + 1]
                frame[to + 2] = image.pixels[from]; frame[to + 3] = image.pixels[from + 3]
            }
        }
        var state: UInt32 = 0x2545_F491
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return Int(state % UInt32(bound))
        }
        let following = PNGEncoder(), afresh = PNGEncoder()
        following.bandBytes = 60_000
        afresh.bandBytes = 60_000
        // Without kept rows (an image over the limit), the bands that cannot be reused are filtered in full.
        if !keepsRows { following.keptRowsLimit = 1 }
        var previous: UInt64?
        var reusedBefore = 0
        // After the random steps, single whole rows at and just above band boundaries (a band
        // depends on its two rows above): RGB bands start at 31, 62 …, RGBA ones at 23, 46 ….
        let boundaryRows = [30, 29, 28, 61, 62, 22, 21, 45, 44]
        for step in 0..<(48 + boundaryRows.count) {
            // Rows top..<bottom change: a colour bit, translucent, opaque or cleared pixels (premultiplied
            // values stay valid), so the image goes between RGB and RGBA.
            var top = next(height), bottom = min(height, top + 1 + next(step % 5 == 0 ? height : 40))
            var kind = next(4), left = next(width / 2), right = min(width, left + 1 + next(300))
            if step >= 48 { (top, bottom, kind, left, right) = (boundaryRows[step - 48], boundaryRows[step - 48] + 1, 0, 0, width) }
            for y in top..<bottom {
                for x in left..<right {
                    let p = y * rowBytes + 4 * x
                    switch kind {
                    case 0: for c in 0..<3 { frame[p + c] = min(frame[p + c] ^ 1, frame[p + 3]) }
                    case 1: for c in 0..<3 { frame[p + c] /= 2 }; frame[p + 3] = frame[p + 3] / 2 + 1
                    case 2: frame[p + 3] = 255
                    default: for c in 0..<4 { frame[p + c] = 0 }
                    }
                }
            }
            // Some steps claim more rows than changed (and every column), or more columns; the
            // others the rectangle that changed (the kept rows are then filtered again only there).
            let claimed = step % 7 == 3 && step < 48 ? 0..<height : top..<bottom
            let columns = step % 7 == 3 ? 0..<Int.max : step % 5 == 1 ? max(0, left - 7)..<min(width, right + 9) : left..<right
            let damage = FrameDamage(image: UInt64(step), previous: previous, rows: claimed, columns: columns)
            let updated = try following.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                               rowBytes: rowBytes, options: options, damage: damage)
            let full = try afresh.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                         rowBytes: rowBytes, options: options)
            let agrees = updated == full
            #expect(agrees, "step \(step): rows \(top)..<\(bottom), columns \(left)..<\(right), kind \(kind)")
            if step % 11 == 10 {
                let same = try following.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                                 rowBytes: rowBytes, options: options,
                                                 damage: FrameDamage(image: 1000 + UInt64(step), previous: UInt64(step), rows: 0..<0))
                let agrees = same == full
                #expect(agrees, "step \(step): no rows changed")
                previous = 1000 + UInt64(step)
            } else {
                previous = UInt64(step)
            }
            reusedBefore = following.reusedBands
        }
        #expect(reusedBefore > 48 * 3, "\(reusedBefore) bands reused")
        // A damage naming an image this encoder did not encode last is encoded in full.
        let stranger = FrameDamage(image: 7_000, previous: 6_999, rows: 0..<0)
        frame[0] ^= 1
        let full = try afresh.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                     rowBytes: rowBytes, options: options)
        let encoded = try following.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                           rowBytes: rowBytes, options: options, damage: stranger)
        let agrees = encoded == full
        #expect(agrees, "a damage from another encoder")
        #expect(following.reusedBands == reusedBefore)
    }

    @Test("an update's costs and filters by stretches of a row are the whole row's, on every path")
    func stretchesAddUpToTheRow() throws {
        var state: UInt32 = 0x9E37_79B9
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        for path in PNGCodec.availableFastPaths {
            for (width, bpp) in [(1, 3), (63, 4), (64, 3), (65, 4), (200, 3), (333, 4), (1_920, 3)] {
                // Noise, then runs and steps (so that every filter wins somewhere and small residuals are common).
                for kind in 0..<2 {
                    let count = width * bpp
                    let row = (0..<count).map { i in kind == 0 ? next() : UInt8(truncatingIfNeeded: i / 7 * 3) &+ (next() & 1) }
                    let above = (0..<count).map { i in kind == 0 ? next() : UInt8(truncatingIfNeeded: i / 7 * 3) }
                    let agree = PNGEncoder.stretchesAgree(row: row, above: above, width: width, bpp: bpp, path: path)
                    #expect(agree == true, "\(path), \(width) pixels of \(bpp) bytes, kind \(kind)")
                }
            }
        }
        #expect(PNGEncoder.stretchesAgree(row: [1, 2, 3], above: [1, 2, 3], width: 1, bpp: 2, path: .portable) == nil)
    }

    @Test("hostile band sizes give valid PNGs of the image; hostile damage the bytes of a full encode")
    func hostileBandSizesAndDamages() throws {
        let image = try Self.image(.gradient, width: 67, height: 41)
        let encoder = PNGEncoder()
        for bandBytes in [Int.min, -1, 0, 1, 7, 300, Int.max] {
            encoder.bandBytes = bandBytes
            let decoded = try PNGCodec.decode(try encoder.encode(image, options: .fast))
            #expect(decoded.pixels == image.pixels, "bands of \(bandBytes) bytes")
        }
        encoder.bandBytes = 300
        let afresh = PNGEncoder()
        afresh.bandBytes = 300
        let expected = try afresh.encode(image, options: .fast)
        var bgra = image.pixels
        for offset in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(offset, offset + 2) }
        var previous: UInt64?
        let damages: [(rows: Range<Int>, columns: Range<Int>)] = [
            (0..<41, 0..<67), (-5..<3, 0..<67), (40..<Int.max, 0..<67), (3..<3, 0..<67), (Int.min..<Int.max, 0..<67), (0..<0, 0..<67),
            (0..<41, -9..<3), (2..<9, 60..<Int.max), (2..<9, Int.min..<Int.max), (2..<9, 5..<5), (2..<9, 67..<67), (2..<9, 0..<68),
        ]
        for (step, damage) in damages.enumerated() {
            let encoded = try bgra.withUnsafeBytes { pixels in
                try encoder.encode(premultipliedBGRA: pixels, width: 67, height: 41, rowBytes: 268,
                                   damage: FrameDamage(image: UInt64(step), previous: previous, rows: damage.rows,
                                                         columns: damage.columns))
            }
            let agrees = encoded == expected
            #expect(agrees, "damage rows \(damage.rows), columns \(damage.columns)")
            previous = UInt64(step)
        }
    }

    @Test("a path this machine lacks is an error, not a crash")
    func missingPathIsAnError() throws {
        let image = try Self.image(.noise, width: 3, height: 2)
        for path in PNGCodec.EncodingOptions.FastPath.allCases where path != .auto && !PNGCodec.availableFastPaths.contains(path) {
            #expect(throws: RasterError.self) { try PNGCodec.encode(image, options: .fast(path: path)) }
        }
    }
}
