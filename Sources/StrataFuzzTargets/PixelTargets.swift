import Foundation
import StrataRaster

enum PixelTargets {
    /// Image bytes (PNG, JPEG or WebP, told apart by their bytes) → `ImageCodec.decode`.
    static func decode(_ bytes: [UInt8]) {
        _ = try? ImageCodec.decode(bytes)
    }

    /// A differential target: an image from the bytes (size, then premultiplied pixels, the
    /// colour never above the alpha) through the fast encoder (every path this machine has) and
    /// the compact one, decoded by libpng, must be the image: premultiplied again from the
    /// straight values the encoders write.
    static func encoders(_ bytes: [UInt8]) {
        var reader = FuzzReader(bytes)
        let width = reader.int(1...70), height = reader.int(1...40)
        let opaque = reader.byte() & 1 == 1
        let level = reader.int(1...12)
        let source = reader.rest()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if !source.isEmpty {
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = opaque ? 255 : source[(offset + 3) % source.count]
                pixels[offset + 3] = alpha
                for channel in 0..<3 { pixels[offset + channel] = min(alpha, source[(offset + channel) % source.count]) }
            }
        }
        guard let image = try? PixelBuffer(width: width, height: height, premultipliedRGBA: pixels) else { fatalError("a valid image was refused") }
        // What the encoders mean: straight values by their rule, read back premultiplied.
        var straight = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            straight.withUnsafeMutableBytes { target in
                StraightAlpha.unpremultiply(source, rowBytes: 4 * width, width: width, height: height, into: target)
            }
        }
        guard let expected = try? PixelBuffer(width: width, height: height, straightRGBA: straight) else { fatalError("straight image refused") }
        var options: [PNGCodec.EncodingOptions] = [.compact(level: level)]
        for path in PNGCodec.availableFastPaths {
            options.append(.fast(path: path))
        }
        let encoder = PNGEncoder()
        for option in options {
            guard let png = try? encoder.encode(image, options: option) else { fatalError("\(option.mode) could not encode a \(width)×\(height) image") }
            guard let decoded = try? PNGCodec.decode(png) else { fatalError("libpng refused the \(option.mode) encoder's PNG of \(width)×\(height)") }
            guard decoded.pixels == expected.pixels else { fatalError("the \(option.mode) encoder's PNG decodes to other pixels (\(width)×\(height), \(option.fastPath))") }
        }
        updates(of: pixels, width: width, height: height, source: source)
    }

    /// The fast encoder's updates (issue 29): the image, then a run of images each changed in a
    /// rectangle of rows and columns (read from `source`), each encoded as an update of the one
    /// before with small bands, must give the bytes of a full encode.
    static func updates(of start: [UInt8], width: Int, height: Int, source: [UInt8]) {
        guard !source.isEmpty else { return }
        var reader = FuzzReader(source)
        let rowBytes = 4 * width + reader.int(0...2) * 4
        let frame = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes * height, alignment: 16)
        defer { frame.deallocate() }
        frame.initializeMemory(as: UInt8.self, repeating: 0)
        for y in 0..<height {
            for x in 0..<4 * width { frame[y * rowBytes + x] = start[y * 4 * width + x] }
        }
        let following = PNGEncoder(), afresh = PNGEncoder()
        let bandBytes = reader.int(1...600)
        following.bandBytes = bandBytes
        afresh.bandBytes = bandBytes
        let keepsAlpha = reader.byte() & 1 == 1
        var options = PNGCodec.EncodingOptions.fast
        options.keepsAlpha = keepsAlpha
        var previous: UInt64?
        for step in 0..<UInt64(reader.int(1...6)) {
            let top = reader.int(0...(height - 1)), bottom = min(height, top + reader.int(0...height))
            let left = reader.int(0...(width - 1)), right = min(width, left + reader.int(0...width))
            let value = reader.byte(), alpha = reader.byte()
            for y in top..<bottom {
                for x in left..<right where reader.byte() & 3 == 0 {
                    let p = y * rowBytes + 4 * x
                    frame[p + 3] = alpha
                    for c in 0..<3 { frame[p + c] = min(alpha, value &+ UInt8(truncatingIfNeeded: x * (c + 1))) }
                }
            }
            let damage = FrameDamage(image: step, previous: previous, rows: top..<bottom, columns: left..<right)
            guard let updated = try? following.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                                      rowBytes: rowBytes, options: options, damage: damage),
                  let full = try? afresh.encode(premultipliedBGRA: UnsafeRawBufferPointer(frame), width: width, height: height,
                                                rowBytes: rowBytes, options: options)
            else { fatalError("the fast encoder refused a \(width)×\(height) image") }
            guard updated == full else {
                fatalError("an update of rows \(top)..<\(bottom), columns \(left)..<\(right) (\(width)×\(height), bands of \(bandBytes) bytes) differs from a full encode")
            }
            previous = step
        }
    }
}
