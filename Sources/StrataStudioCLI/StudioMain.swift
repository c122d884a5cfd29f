import ArgumentParser
import Dispatch
import Foundation
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
        let session = StudioSession(scenePath: scene, assets: options.assets, scale: options.scale)
        let server: StudioServer
        do {
            server = try StudioServer(session: session, host: host, port: UInt16(port))
        } catch {
            throw ValidationError("cannot listen on \(host):\(port): \(error)")
        }
        if host != "127.0.0.1" && host != "localhost" {
            FileHandle.standardError.write(Data("strata: studio: listening on \(host), not only this machine: anyone who can reach it sees the scene\n".utf8))
        }
        let finished = DispatchSemaphore(value: 0)
        let failure = Failure()
        let task = Task {
            do {
                try await server.run()
            } catch where !failure.stopping {
                failure.set("\(error)")
            } catch {}  // stopping: the listening socket was closed on purpose
            finished.signal()
        }
        Task {
            if let bound = try? await server.port() {
                FileHandle.standardOutput.write(Data("strata: Strata Studio for \(scene) at http://\(host):\(bound)/ (Ctrl-C to stop)\n".utf8))
                if open { _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["xdg-open", "http://\(host):\(bound)/"]) }
            }
        }
        // Ctrl-C and SIGTERM stop the server after the requests in flight.
        var sources: [DispatchSourceSignal] = []
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler {
                failure.stopping = true
                Task {
                    await server.stop(timeout: 2)
                    task.cancel()
                }
            }
            source.resume()
            sources.append(source)
        }
        finished.wait()
        _ = sources
        if let message = failure.message { throw ValidationError("studio stopped: \(message)") }
        print("strata: studio stopped")
    }
}

/// An error message handed from the server's task to the command.
final class Failure: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    private var stop = false
    func set(_ message: String) { lock.withLock { text = message } }
    var message: String? { lock.withLock { text } }
    /// Set when a signal asked the server to stop.
    var stopping: Bool {
        get { lock.withLock { stop } }
        set { lock.withLock { stop = newValue } }
    }
}
