import ArgumentParser
import Dispatch
import Foundation
import StrataKit
import StrataStudio
import StrataStudioCommand

/// `strata-studio SCENE`: Strata Studio, a local web page on the real renderer. Users run it as
/// `strata studio SCENE`, which hands its process over to this program with the same arguments.
@main
struct StudioMain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strata studio", abstract: StudioOptions.abstract,
                                                    discussion: StudioOptions.discussion)

    @OptionGroup var options: StudioOptions

    /// `strata`'s `main` (`CommandLineMain`): one error style for both programs.
    static func main() {
        CommandLineMain.run(StudioMain.self)
    }

    func run() throws {
        let (scene, host, port, open) = (options.scene, options.host, options.port, options.open)
        if let problem = StudioHandler.missingPageProblem {
            FileHandle.standardError.write(Data("strata: error: studio: \(problem)\n".utf8))
            throw ExitCode(70)
        }
        let shape: OutputShape
        do {
            shape = try OutputShape(fit: options.fit, size: options.size, background: options.background)
            _ = try Pipeline.valueProviders(parsing: options.values, texts: options.texts)
        } catch {
            throw ValidationError(error.message)
        }
        let inputs = StudioSession.Inputs(animation: options.animation, values: options.values, texts: options.texts, effects: options.effects, shape: shape, fonts: options.fonts)
        let session = StudioSession(scenePath: scene, assets: options.assets, scale: options.scale, inputs: inputs)
        let server: StudioServer
        do {
            server = try StudioServer(session: session, host: host, port: UInt16(port))
        } catch {
            throw ValidationError("cannot listen on \(host):\(port): \(error)")
        }
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            FileHandle.standardError.write(Data("strata: studio: listening on \(host), not only this machine: anyone who can reach it sees the scene\n".utf8))
        }
        let finished = DispatchSemaphore(value: 0)
        Task {
            await server.run()
            finished.signal()
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardOutput.write(Data("strata: Strata Studio for \(scene) at http://\(shown):\(server.port)/ (Ctrl-C to stop)\n".utf8))
        if open { _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["xdg-open", "http://\(shown):\(server.port)/"]) }
        // Ctrl-C and SIGTERM stop the server at once; the exit status says which (130, 143), as
        // `strata render` stopped by a signal does.
        let received = Received()
        var sources: [DispatchSourceSignal] = []
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler {
                received.set(signal)
                server.stop()
            }
            source.resume()
            sources.append(source)
        }
        finished.wait()
        _ = sources
        print("strata: studio stopped")
        if let signal = received.value { throw ExitCode(128 + signal) }
    }
}

/// The signal that stopped the studio, handed from its handler to the command.
final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?
    func set(_ value: Int32) { lock.withLock { signal = value } }
    var value: Int32? { lock.withLock { signal } }
}
