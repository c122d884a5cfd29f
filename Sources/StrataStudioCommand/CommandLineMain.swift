import ArgumentParser
import Foundation

/// The `main` of both programs, `strata` and `strata-studio`: ArgumentParser's, with one error
/// style — usage errors say `strata: error: …` like every other error (ArgumentParser writes
/// `Error: …`), errors already reported only set the exit status, and an unknown first word can
/// get a suggestion.
public enum CommandLineMain {
    /// Parses `arguments` as `Command`, runs it and exits with its status.
    ///
    /// - Parameter suggest: for the first argument when parsing fails, the line to print instead
    ///   of the parser's message (a misspelt subcommand), or nil.
    public static func run<Command: ParsableCommand>(_: Command.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                                                     suggest: (String) -> String? = { _ in nil }) -> Never {
        do {
            var command = try Command.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch let status as ExitCode {
            exit(status.rawValue)
        } catch {
            let code = Command.exitCode(for: error)
            var text = Command.fullMessage(for: error)
            if code == .success {
                print(text)
                exit(0)
            }
            // An ExitCode thrown by a validate() that reported its own error has no message.
            if text.isEmpty { exit(code.rawValue) }
            if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
            if let first = arguments.first, !first.hasPrefix("-"), let line = suggest(first) { text = line }
            FileHandle.standardError.write(Data("strata: error: \(text)\n".utf8))
            exit(code.rawValue)
        }
    }
}
