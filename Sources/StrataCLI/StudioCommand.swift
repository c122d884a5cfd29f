import ArgumentParser
import Foundation
import StrataStudioCommand

/// `strata studio SCENE`: a local web page on the real renderer (Strata Studio). The server is a
/// program of its own, `strata-studio`, built beside `strata`: this command checks the arguments
/// and hands the process over to it (`execv`: same process, same signals, same output), so that
/// the HTTP server and the networking libraries it brings in load only for the studio.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "studio", abstract: StudioOptions.abstract,
                                                    discussion: StudioOptions.discussion)

    @OptionGroup var options: StudioOptions

    func run() throws {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let studio = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("strata-studio").path
        guard FileManager.default.isExecutableFile(atPath: studio) else {
            FileHandle.standardError.write(Data("""
                strata: error: studio: \(studio) is missing: the studio is a program of its own, built beside strata \
                (swift build -c release --product strata-studio)\n
                """.utf8))
            throw ExitCode(69)
        }
        // The arguments after `studio`, as given.
        let given = Array(CommandLine.arguments.dropFirst().drop { $0 != "studio" }.dropFirst())
        var argv: [UnsafeMutablePointer<CChar>?] = ([studio] + given).map { strdup($0) } + [nil]
        execv(studio, &argv)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("strata: error: studio: cannot run \(studio): \(reason)\n".utf8))
        throw ExitCode(69)
    }
}
