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

    /// A three-panel picture: expected | difference | actual, side by side with 4 px gaps.
    ///
    /// In the middle panel, pixels beyond `tolerance` are red (brighter for larger differences),
    /// pixels within it are a faded grey copy of the expected image.
    public static func diffImage(expected: PixelBuffer, actual: PixelBuffer, tolerance: SnapshotTolerance) throws(RasterError) -> PixelBuffer {
        let gap = 4
        let panelWidth = max(expected.width, actual.width), panelHeight = max(expected.height, actual.height)
        var output = try PixelBuffer(width: panelWidth * 3 + gap * 2, height: panelHeight)
        let width = output.width
        func put(_ x: Int, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
            let i = (y * width + x) * 4
            output.pixels[i] = r; output.pixels[i + 1] = g; output.pixels[i + 2] = b; output.pixels[i + 3] = a
        }
        for (image, offset) in [(expected, 0), (actual, 2 * (panelWidth + gap))] {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    put(offset + x, y, p.r, p.g, p.b, p.a)
                }
            }
        }
        let a = expected.straightRGBA, b = actual.straightRGBA
        let middle = panelWidth + gap
        for y in 0..<panelHeight {
            for x in 0..<panelWidth {
                let inA = x < expected.width && y < expected.height, inB = x < actual.width && y < actual.height
                guard inA && inB else {
                    put(middle + x, y, 255, 0, 255, 255)  // outside one of the images: magenta
                    continue
                }
                let ia = (y * expected.width + x) * 4, ib = (y * actual.width + x) * 4
                var difference = 0
                for c in 0..<4 { difference = max(difference, abs(Int(a[ia + c]) - Int(b[ib + c]))) }
                if difference > tolerance.maxChannelDifference {
                    put(middle + x, y, UInt8(min(255, 128 + difference)), 0, 0, 255)
                } else {
                    let luma = (Int(a[ia]) * 3 + Int(a[ia + 1]) * 6 + Int(a[ia + 2])) / 10
                    let faded = UInt8(200 + luma * 55 / 255)
                    put(middle + x, y, faded, faded, faded, 255)
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
