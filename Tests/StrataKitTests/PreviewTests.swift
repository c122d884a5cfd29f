import StrataTestSupport
import Foundation
import StrataKit
import StrataRaster
import Testing

/// A reader of the APNG container written from the specification, independent of the writer:
/// every chunk's CRC, the sequence numbers, and each frame as a standalone PNG for libpng.
struct APNGReader {
    struct Frame {
        var width: Int, height: Int, x: Int, y: Int
        var delayNumerator: Int, delayDenominator: Int
        var dispose: Int, blend: Int
        /// A standalone PNG of the frame's data, for libpng.
        var png: [UInt8]
    }

    var frameCount = 0, plays = 0
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        func be32(_ offset: Int) -> Int {
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }
        func be16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var offset = 8, header: [UInt8] = [], expectedSequence = 0, sawEnd = false
        var current: Frame?
        func finishFrame() {
            guard var frame = current else { return }
            var ihdr = header
            ihdr.replaceSubrange(0..<8, with: Self.be32(frame.width) + Self.be32(frame.height))
            frame.png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr)
                + Self.chunk("IDAT", frame.png) + Self.chunk("IEND", [])
            frames.append(frame)
            current = nil
        }
        while offset + 12 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            let crc = be32(data + length)
            #expect(UInt32(crc) == Self.crc32(Array(bytes[(offset + 4)..<(data + length)])), "CRC of \(type)")
            switch type {
            case "IHDR": header = Array(bytes[data..<(data + length)])
            case "acTL": frameCount = be32(data); plays = be32(data + 4)
            case "fcTL":
                finishFrame()
                #expect(be32(data) == expectedSequence, "fcTL sequence number")
                expectedSequence += 1
                current = Frame(width: be32(data + 4), height: be32(data + 8), x: be32(data + 12), y: be32(data + 16),
                                delayNumerator: be16(data + 20), delayDenominator: be16(data + 22),
                                dispose: Int(bytes[data + 24]), blend: Int(bytes[data + 25]), png: [])
            case "IDAT":
                #expect(frames.isEmpty, "IDAT belongs to the first frame")
                current?.png += bytes[data..<(data + length)]
            case "fdAT":
                #expect(be32(data) == expectedSequence, "fdAT sequence number")
                expectedSequence += 1
                current?.png += bytes[(data + 4)..<(data + length)]
            case "IEND": sawEnd = true
            default: break
            }
            offset = data + length + 4
        }
        finishFrame()
        #expect(sawEnd && offset == bytes.count, "IEND ends the file")
    }

    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    /// CRC-32 of ISO 3309 (reflected, polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

@Suite("Animated previews (APNG)")
struct PreviewTests {
    func render(_ name: String) throws -> URL {
        let directory = PackagePaths.temporaryDirectory()
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
        try FrameSequence(scene: scene, options: FrameSequence.Options(directory: directory, jobs: 2)).run()
        return directory
    }

    func frame(_ directory: URL, _ index: Int) throws -> PixelBuffer {
        try PNGCodec.decode(contentsOf: directory.appendingPathComponent(Pipeline.frameFileName(index)))
    }

    @Test("every frame exactly, with the displayed frames' delays (a dropped tick shows twice as long)")
    func exactFramesAndDelays() throws {
        let directory = try render("dropped-frames")
        let output = directory.appendingPathComponent("preview.png")
        let summary = try AnimatedPreview.write(frames: directory, to: output, overwrite: false)
        let apng = try APNGReader([UInt8](try Data(contentsOf: output)))
        #expect(summary.framesRead == 31 && summary.framesWritten == 31 && apng.frameCount == 31 && apng.frames.count == 31)
        #expect(apng.plays == 0)
        // Ticks 0, 1, 3, 4, 6, …: delays of 1, 2, 1, 2 … sixtieths; the last frame shows one tick.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        let ticks = manifest.frames.map(\.tick) + [manifest.frames.last!.tick + 1]
        #expect(apng.frames.map(\.delayNumerator) == zip(ticks.dropFirst(), ticks).map { $0 - $1 })
        #expect(apng.frames.map(\.delayNumerator).prefix(4) == [1, 2, 1, 2])
        #expect(apng.frames.allSatisfy { $0.delayDenominator == 60 && $0.x == 0 && $0.y == 0 && $0.blend == 0 })
        for (index, entry) in apng.frames.enumerated() {
            #expect(try PNGCodec.decode(entry.png) == frame(directory, index), "frame \(index)")
        }
        // Frame 0 is the plain PNG a viewer without APNG shows.
        #expect(try PNGCodec.decode(contentsOf: output) == frame(directory, 0))
    }

    /// The preview of a run is a sink of its frames: the bytes `AnimatedPreview.write` makes of the
    /// folder afterwards, at scale 1 and ½, and when a resumed run kept some frames from before.
    @Test("a run's preview sink makes the folder's preview, byte for byte")
    func previewSinkMatchesTheFolder() throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("card-flip.yaml").path)
        for scale in [1, 0.5] {
            let directory = PackagePaths.temporaryDirectory()
            let sink = directory.appendingPathComponent("run.png"), pass = directory.appendingPathComponent("pass.png")
            var options = FrameSequence.Options(directory: directory, frames: 0...5, jobs: 2)
            try FrameSequence(scene: scene, options: options).run()
            try FileManager.default.removeItem(at: directory.appendingPathComponent(Pipeline.frameFileName(3)))
            options.frames = 0...11
            options.skipExisting = true
            options.preview = PreviewSettings(url: sink, scale: scale)
            let summary = try FrameSequence(scene: scene, options: options).run()
            #expect(summary.written == 7 && summary.skipped == 5, "frames 3 and 6…11 rendered, 0…2 and 4…5 kept")
            #expect(summary.preview?.framesRead == 12)
            try AnimatedPreview.write(frames: directory, indices: 0...11, to: pass, scale: scale, overwrite: false)
            #expect(try Data(contentsOf: sink) == Data(contentsOf: pass), "scale \(scale)")
            options.overwrite = true
            options.skipExisting = false
            options.preview = PreviewSettings(url: sink, scale: scale)
            options.shard = try FrameShard(index: 0, count: 2)
            #expect(throws: StrataError.self) { try FrameSequence(scene: scene, options: options).run() }
        }
    }

    @Test("a scaled preview holds each frame downscaled by area averaging")
    func scaledPreview() throws {
        let directory = try render("slide-linear")
        let output = directory.appendingPathComponent("half.png")
        let summary = try AnimatedPreview.write(frames: directory, indices: 5...9, to: output, scale: 0.5, overwrite: false)
        let first = try frame(directory, 5)
        #expect(summary.framesRead == 5 && summary.width == (first.width + 1) / 2)
        let apng = try APNGReader([UInt8](try Data(contentsOf: output)))
        for (offset, entry) in apng.frames.enumerated() {
            #expect(try PNGCodec.decode(entry.png) == frame(directory, 5 + offset).scaled(by: 0.5))
        }
    }

    @Test("opaque frames are RGB; mixed with translucent ones, the animation is RGBA and every frame exact")
    func mixedColourTypes() throws {
        let directory = PackagePaths.temporaryDirectory()
        var opaque = try PixelBuffer(width: 6, height: 4), clear = try PixelBuffer(width: 6, height: 4)
        for index in stride(from: 0, to: opaque.pixels.count, by: 4) {
            opaque.pixels.replaceSubrange(index..<(index + 4), with: [UInt8(index % 251), 90, 200, 255])
            clear.pixels.replaceSubrange(index..<(index + 4), with: [UInt8(index % 64), 30, 60, 128])
        }
        let opaquePNG = try PNGCodec.encode(opaque), clearPNG = try PNGCodec.encode(clear)
        #expect(opaquePNG[25] == 2 && clearPNG[25] == 6, "colour types: opaque RGB, translucent RGBA")
        try Data(opaquePNG).write(to: directory.appendingPathComponent(Pipeline.frameFileName(0)))
        let rgb = directory.appendingPathComponent("rgb.png")
        try AnimatedPreview.write(frames: directory, to: rgb, framesPerSecond: 10, overwrite: false)
        let rgbAnimation = try APNGReader([UInt8](try Data(contentsOf: rgb)))
        #expect(rgbAnimation.frames[0].png[25] == 2, "all frames opaque: an RGB animation, the frame copied")
        #expect(try PNGCodec.decode(rgbAnimation.frames[0].png) == opaque)
        try Data(clearPNG).write(to: directory.appendingPathComponent(Pipeline.frameFileName(1)))
        let mixed = directory.appendingPathComponent("mixed.png")
        try AnimatedPreview.write(frames: directory, to: mixed, framesPerSecond: 10, overwrite: false)
        let animation = try APNGReader([UInt8](try Data(contentsOf: mixed)))
        #expect(animation.frames.count == 2 && animation.frames.allSatisfy { $0.png[25] == 6 })
        #expect(try PNGCodec.decode(animation.frames[0].png) == opaque, "the RGB frame re-encoded as RGBA, same pixels")
        #expect(try PNGCodec.decode(animation.frames[1].png) == clear)
    }

    @Test("identical neighbours become one longer frame; --fps replaces the manifest's times")
    func identicalFramesMerge() throws {
        let source = try render("slide-linear")
        let directory = PackagePaths.temporaryDirectory()
        for (target, from) in [(0, 0), (1, 0), (2, 0), (3, 30)] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(Pipeline.frameFileName(from)),
                                             to: directory.appendingPathComponent(Pipeline.frameFileName(target)))
        }
        let output = directory.appendingPathComponent("merged.png")
        #expect(throws: StrataError.self) { try AnimatedPreview.write(frames: directory, to: output, overwrite: false) }  // no manifest, no fps
        let summary = try AnimatedPreview.write(frames: directory, to: output, framesPerSecond: 10, overwrite: false)
        let apng = try APNGReader([UInt8](try Data(contentsOf: output)))
        #expect(summary.framesRead == 4 && apng.frames.count == 2)
        #expect(apng.frames.map { [$0.delayNumerator, $0.delayDenominator] } == [[3, 10], [1, 10]])
        // A rate that is not a whole number: delays in milliseconds, from the rounded times (0 and 1200 ms).
        let thirds = directory.appendingPathComponent("thirds.png")
        try AnimatedPreview.write(frames: directory, to: thirds, framesPerSecond: 2.5, overwrite: false)
        let slow = try APNGReader([UInt8](try Data(contentsOf: thirds)))
        #expect(slow.frames.map { [$0.delayNumerator, $0.delayDenominator] } == [[1200, 1000], [400, 1000]])
        #expect(throws: StrataError.self) { try AnimatedPreview.write(frames: directory, to: output, framesPerSecond: 10, overwrite: false) }
        for bad in [0, -1, 1.5, .nan, .infinity] {
            #expect(throws: StrataError.self) { try AnimatedPreview.write(frames: directory, to: output, scale: bad, framesPerSecond: 10, overwrite: true) }
        }
    }

    @Test("area downscaling: means of the covered pixels, constant stays constant, 1 is the identity")
    func areaDownscaling() throws {
        let pixels: [UInt8] = [0, 0, 0, 255, 100, 0, 0, 255, 200, 0, 0, 255, 40, 40, 40, 255]
        let image = try PixelBuffer(width: 2, height: 2, premultipliedRGBA: pixels)
        #expect(try image.scaled(by: 0.5).pixels == [85, 10, 10, 255])  // (0 + 100 + 200 + 40) / 4
        #expect(try image.scaled(by: 1) == image)
        let grey = try solidImage(width: 37, height: 23, r: 90, g: 120, b: 30, a: 200)
        let small = try grey.scaled(by: 0.3)
        #expect(small.width == 11 && small.height == 7)
        #expect(small.pixels == (try solidImage(width: 11, height: 7, r: 90, g: 120, b: 30, a: 200)).pixels)
        for bad in [0, -0.5, 1.01, .nan, .infinity] { #expect(throws: RasterError.self) { try image.scaled(by: bad) } }
    }
}
