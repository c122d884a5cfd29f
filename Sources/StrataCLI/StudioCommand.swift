import ArgumentParser
import Dispatch
import Foundation
import StrataKit
import StrataStudio

/// `strata studio SCENE`: a local web page on the real renderer (Strata Studio).
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Serve Strata Studio for a scene: scrub its frames, tune its motion-blur curves, live reload.",
        discussion: """
            Prints the page's URL and serves until Ctrl-C or SIGTERM. Binds 127.0.0.1 unless --host \
            says otherwise. The scene file is never written.
            """)

    @Argument(help: "The scene file (.yaml, .yml or .json).")
    var scene: String

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in (default: the scene's folder).", valueName: "dir"))
    var assets: String?

    @Option(help: "Pixels per point (1, 2 or 3); overrides the scene's scale.")
    var scale: Double?

    @Option(help: "The port to listen on (0: a free one).")
    var port: Int = 8080

    @Option(help: "The IPv4 address to listen on.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in a browser (xdg-open).")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, found \(port)") }
        if let scale, ![1.0, 2.0, 3.0].contains(scale) { throw ValidationError("--scale must be 1, 2 or 3, found \(scale)") }
        guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no scene file at \(scene)") }
    }

    func run() throws {
        let session = StudioSession(scenePath: scene, assets: assets, scale: scale)
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
