import StrataRaster

/// Compares images pixel by pixel on un-premultiplied values, and draws three-panel diffs.
public enum ImageComparator {
    /// The figures of one comparison.
    public struct Result: Hashable, Sendable, CustomStringConvertible {
        /// True when the images match within the tolerance.
        public let matches: Bool
        /// Why they do not match (size, or the figures); nil when they match.
        public let failure: String?
        /// Pixels with a channel difference above the tolerance's channel limit.
        public let differentPixels: Int
        /// All pixels compared.
        public let totalPixels: Int
        /// The largest channel difference seen, 0…255.
        public let maxChannelDifference: Int

        public var description: String {
            failure ?? "match (max channel difference \(maxChannelDifference))"
        }
    }

    /// Compares `actual` with `expected` under `tolerance`. Sizes must be equal.
    public static func compare(expected: PixelBuffer, actual: PixelBuffer, tolerance: SnapshotTolerance) -> Result {
        guard expected.width == actual.width, expected.height == actual.height else {
            return Result(matches: false,
                          failure: "size differs: expected \(expected.width)×\(expected.height) px, found \(actual.width)×\(actual.height) px",
                          differentPixels: 0, totalPixels: 0, maxChannelDifference: 255)
        }
        let a = expected.straightRGBA, b = actual.straightRGBA
        var different = 0, maximum = 0
        var index = 0
        while index < a.count {
            var pixelMaximum = 0
            for channel in 0..<4 {
                pixelMaximum = max(pixelMaximum, abs(Int(a[index + channel]) - Int(b[index + channel])))
            }
            maximum = max(maximum, pixelMaximum)
            if pixelMaximum > tolerance.maxChannelDifference { different += 1 }
            index += 4
        }
        let total = expected.width * expected.height
        let allowed = Int(saturating: Double(total) * tolerance.maxDifferentPixelFraction, .down)
        let matches = different <= allowed
        let percent = Double(different) / Double(max(1, total)) * 100
        let failure = matches ? nil : "\(different) of \(total) pixels (\(String(format2: percent)) %) differ by more than \(tolerance.maxChannelDifference) (largest channel difference \(maximum), tolerance \(tolerance))"
        return Result(matches: matches, failure: failure, differentPixels: different, totalPixels: total, maxChannelDifference: maximum)
    }

    /// A three-panel picture without labels: expected | difference | actual, side by side with
    /// 4 px gaps (`DiffPanel` adds labels and figures).
    public static func diffImage(expected: PixelBuffer, actual: PixelBuffer, tolerance: SnapshotTolerance) throws(RasterError) -> PixelBuffer {
        let gap = 4
        let difference = try differenceImage(expected: expected, actual: actual, tolerance: tolerance)
        var output = try PixelBuffer(width: difference.width * 3 + gap * 2, height: difference.height)
        for (image, offset) in [(expected, 0), (difference, difference.width + gap), (actual, 2 * (difference.width + gap))] {
            for y in 0..<image.height {
                let row = y * image.width * 4
                output.pixels.replaceSubrange(((y * output.width + offset) * 4)..<((y * output.width + offset + image.width) * 4),
                                              with: image.pixels[row..<(row + image.width * 4)])
            }
        }
        return output
    }

    /// The middle panel: pixels beyond `tolerance` are red (brighter for larger differences),
    /// pixels within it a faded grey copy of the expected image, and where only one image has
    /// pixels (sizes differ) magenta. Its size is the larger of the two in each direction.
    public static func differenceImage(expected: PixelBuffer, actual: PixelBuffer, tolerance: SnapshotTolerance) throws(RasterError) -> PixelBuffer {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var output = try PixelBuffer(width: width, height: height)
        let a = expected.straightRGBA, b = actual.straightRGBA
        output.pixels.withUnsafeMutableBufferPointer { out in
            func put(_ x: Int, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
                let i = (y * width + x) * 4
                out[i] = r; out[i + 1] = g; out[i + 2] = b; out[i + 3] = 255
            }
            for y in 0..<height {
                for x in 0..<width {
                    let inA = x < expected.width && y < expected.height, inB = x < actual.width && y < actual.height
                    guard inA && inB else {
                        put(x, y, 255, 0, 255)
                        continue
                    }
                    let ia = (y * expected.width + x) * 4, ib = (y * actual.width + x) * 4
                    var difference = 0
                    for c in 0..<4 { difference = max(difference, abs(Int(a[ia + c]) - Int(b[ib + c]))) }
                    if difference > tolerance.maxChannelDifference {
                        put(x, y, UInt8(min(255, 128 + difference)), 0, 0)
                    } else {
                        let luma = (Int(a[ia]) * 3 + Int(a[ia + 1]) * 6 + Int(a[ia + 2])) / 10
                        let faded = UInt8(200 + luma * 55 / 255)
                        put(x, y, faded, faded, faded)
                    }
                }
            }
        }
        return output
    }
}

extension String {
    /// A number with two decimals.
    init(format2 value: Double) {
        let hundredths = Int(saturating: value * 100, .toNearestOrAwayFromZero)
        let fraction = abs(hundredths % 100)
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
