import Testing
import StrataRaster

/// The whole-frame arithmetic the kit's ground truth, tuner and video sink use.
@Suite("Frame arithmetic: averaging, the overlay's error table, BGRA")
struct FrameArithmeticTests {
    static func image(_ bytes: [UInt8], width: Int = 1) throws -> PixelBuffer {
        try PixelBuffer(width: width, height: bytes.count / 4 / width, premultipliedRGBA: bytes)
    }

    @Test func averagesRoundHalvesAwayFromZeroAndRefuseAnotherSize() throws {
        var sum = FrameAccumulator()
        try sum.add(try Self.image([0, 1, 255, 255]))
        try sum.add(try Self.image([1, 2, 254, 255]))
        // (0 + 1) / 2 = 0.5 → 1; (1 + 2) / 2 = 1.5 → 2; 254.5 → 255.
        #expect(try sum.average(dividingBy: 2).pixels == [1, 2, 255, 255])
        // Divided by more frames than were added (a shutter's empty slices count as black).
        #expect(try sum.average(dividingBy: 4).pixels == [0, 1, 127, 128])
        #expect(throws: RasterError.self) { try sum.add(try Self.image([0, 0, 0, 0, 0, 0, 0, 0], width: 2)) }
        #expect(throws: RasterError.self) { try FrameAccumulator().average(dividingBy: 1) }
    }

    @Test func theErrorTableIsLinearInOpacityOverTheBoxThatDiffers() throws {
        // Two pixels; only the second differs. The overlay takes channel 0 from 0 to 200; the
        // truth is 100 there: the error is least (0) at opacity 0.5.
        let off = try Self.image([9, 9, 9, 9, 0, 0, 0, 255], width: 2)
        let on = try Self.image([9, 9, 9, 9, 200, 0, 0, 255], width: 2)
        let truth = try Self.image([9, 9, 9, 9, 100, 0, 0, 255], width: 2)
        let (errors, region) = OverlayErrorTable.measure(off: off, on: on, truth: truth)
        #expect(region == PixelWindow(x: 1, y: 0, width: 1, height: 1))
        #expect(errors.count == 101 && errors[50] == 0 && abs(errors[0] - 25) < 1e-12 && abs(errors[100] - 25) < 1e-12)
        #expect(errors.firstIndex(of: errors.min()!) == 50)
        let same = OverlayErrorTable.measure(off: off, on: off, truth: off)
        #expect(same.region == nil && same.errors == [Double](repeating: 0, count: 101))
    }

    @Test func swappingRedAndBlueTwiceIsTheIdentity() throws {
        let image = try Self.image([1, 2, 3, 4, 5, 6, 7, 8], width: 2)
        #expect(image.swappingRedAndBlue() == [3, 2, 1, 4, 7, 6, 5, 8])
        #expect(try Self.image(image.swappingRedAndBlue(), width: 2).swappingRedAndBlue() == image.pixels)
    }
}
