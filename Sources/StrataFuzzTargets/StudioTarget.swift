import Dispatch
import Foundation
import StrataStudio

enum StudioTarget {
    /// One session on a small scene with a motion-blur overlay, made once: requests are what vary.
    static let handler: StudioHandler = {
        let scene = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fuzz/studio-scene.yaml")
        return StudioHandler(session: StudioSession(scenePath: scene.path, workers: 1))
    }()

    /// The bytes as what reaches the server: the request head is parsed as the server parses it
    /// (with its limits), and a request that reads is sent to the studio's router. A first line
    /// without the HTTP version (`METHOD TARGET`, the older seeds) gets one.
    static func run(_ bytes: [UInt8]) {
        var input = bytes
        if StudioHTTPParser.headEnd(input, from: 0) == nil {
            let line = input.prefix { $0 != 0x0A }
            input = Array(line) + Array(" HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n".utf8)
        }
        guard case .request(let request, _, _) = StudioHTTPParser.parse(input) else { return }
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = await handler.respond(to: request)
            done.signal()
        }
        done.wait()
    }
}
