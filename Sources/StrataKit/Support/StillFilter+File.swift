import Foundation
import StrataFilters
import StrataModel
import StrataRaster

extension StillFilter {
    /// Parses the filter options, with the CLI's exit statuses (see `parse(_:)`).
    public static func parseOptions(_ arguments: [String]) throws(StrataError) -> [Filter] {
        do {
            return try parse(arguments)
        } catch {
            throw StrataError(error)
        }
    }

    /// Reads `input`, applies `filters` in order (the image grows by each blur's reach) and writes
    /// `output` atomically.
    public static func run(input: String, output: String, filters: [Filter], encoding: PNGCodec.EncodingOptions = .fast,
                           overwrite: Bool) throws(StrataError) -> (width: Int, height: Int) {
        guard FileManager.default.fileExists(atPath: input) else { throw StrataError(.noInput, "\(input): no such file") }
        let image: PixelBuffer
        do {
            image = try PNGCodec.decode(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw StrataError(error, file: input)
        }
        let result: PixelBuffer
        do {
            result = try apply(filters, to: image)
        } catch {
            throw StrataError(error, file: input)
        }
        try AtomicFile.write(try Pipeline.encode(result, options: encoding), to: URL(fileURLWithPath: output), overwrite: overwrite)
        return (result.width, result.height)
    }
}
