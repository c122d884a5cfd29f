import ArgumentParser
import Foundation
import StrataFilters
import StrataKit

/// `strata filter IN.png OUT.png --gaussian-blur 8 --motion-blur 20 --angle 30 …`
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Apply filters to a still PNG, in the order given; the output grows by each blur's reach.",
        discussion: StillFilter.usage)

    @Argument(help: "The input PNG.")
    var input: String

    @Argument(help: "The output PNG.")
    var output: String

    @Flag(help: "Replace the output if it exists.")
    var overwrite = false

    @OptionGroup var pngOptions: PNGOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Filter options, in order (see above).", valueName: "filters"))
    var filters: [String] = []

    func validate() throws {
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("the output must be a .png file, found \(output)") }
        guard !filters.isEmpty else { throw ValidationError("give at least one filter option, e.g. --gaussian-blur 8") }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let parsed = try StillFilter.parseOptions(filters)
            let size = try StillFilter.run(input: input, output: output, filters: parsed, encoding: pngOptions.png.options, overwrite: overwrite)
            print("wrote \(output) (\(size.width)×\(size.height) px)")
        }
    }
}
