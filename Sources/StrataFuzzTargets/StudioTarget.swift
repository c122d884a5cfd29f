import Dispatch
import FlyingFox
import Foundation
import StrataStudio

enum StudioTarget {
    /// One session on a small scene with a motion-blur overlay, made once: requests are what vary.
    static let handler: StudioHandler = {
        let scene = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fuzz/studio-scene.yaml")
        return StudioHandler(session: StudioSession(scenePath: scene.path, workers: 1))
    }()

    /// The bytes as a request: the first line `METHOD TARGET` (the target split into path and
    /// query by URLComponents, as FlyingFox's decoder does), sent to the studio's router.
    static func run(_ bytes: [UInt8]) {
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return }
        let components = URLComponents(string: parts[1])
        let path = components?.percentEncodedPath.removingPercentEncoding ?? ""
        let query = components?.queryItems?.map { HTTPRequest.QueryItem(name: $0.name, value: $0.value ?? "") } ?? []
        let request = HTTPRequest(method: HTTPMethod(parts[0]), version: .http11, path: path, query: query, headers: [:], body: Data())
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await handler.handleRequest(request)
            done.signal()
        }
        done.wait()
    }
}
