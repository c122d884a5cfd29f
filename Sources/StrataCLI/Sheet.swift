import ArgumentParser
import Foundation
import StrataKit

/// `strata sheet DIR --columns N --out FILE`: one picture of a whole frame sequence.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tile the frames of a folder into one contact sheet with frame numbers.")

    @Argument(help: "A folder of frame-NNNNN.png files.")
    var directory: String

    @Option(help: "Tiles per row.")
    var columns: Int = 6

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var out: String

    @Flag(help: "Replace the file if it exists.")
    var overwrite = false

    func validate() throws {
        if columns < 1 { throw ValidationError("--columns must be at least 1, found \(columns)") }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            try ContactSheet.write(directory: URL(fileURLWithPath: directory), columns: columns,
                                   to: URL(fileURLWithPath: out), overwrite: overwrite)
        }
    }
}
