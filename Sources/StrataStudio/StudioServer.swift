import FlyingFox
import FlyingSocks
import Foundation

/// Strata Studio's HTTP side (FlyingFox): the page and its script and style from the package,
/// and the scene's summary, curves and frames from a `StudioSession`. Nothing else is served:
/// any other path — `..`, `%2e%2e`, an absolute path, a file of the scene's folder — is a 404.
public final class StudioServer: Sendable {
    public let session: StudioSession
    let server: HTTPServer
    /// How often the scene file and its assets are checked for changes, in seconds.
    public static let reloadInterval = 0.25

    /// A server for `session` on `host` (an IPv4 address; default loopback) and `port` (0: a free one).
    public init(session: StudioSession, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.session = session
        let address = try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
        server = HTTPServer(address: address, timeout: 120, logger: .disabled, handler: StudioHandler(session: session))
    }

    /// Serves until the task is cancelled or `stop()` is called; re-reads the scene on changes.
    public func run() async throws {
        let watcher = Task.detached { [session] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(Self.reloadInterval * 1e9))
                session.reloadIfChanged()
            }
        }
        defer { watcher.cancel() }
        try await server.run()
    }

    /// Waits until the socket listens, then gives its port.
    public func port() async throws -> UInt16 {
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { return 0 }
        return port
    }

    /// Stops after the requests in flight (at most `timeout` seconds).
    public func stop(timeout: TimeInterval = 2) async {
        await server.stop(timeout: timeout)
    }
}

/// Routes by exact path; parameters are checked before anything is rendered. Public so that a
/// request can be answered without a socket (the studio's fuzz target does).
public struct StudioHandler: HTTPHandler {
    let session: StudioSession

    /// A router answering from `session`.
    public init(session: StudioSession) {
        self.session = session
    }

    /// The page's own files, by request path: (resource name, content type).
    static let files: [String: (String, String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/index.html": ("index.html", "text/html; charset=utf-8"),
        "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
        "/studio.css": ("studio.css", "text/css; charset=utf-8"),
    ]

    static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8", HTTPHeader("Cache-Control"): "no-store"],
                     body: Data((message + "\n").utf8))
    }

    static func json(_ value: Any) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", HTTPHeader("Cache-Control"): "no-store"], body: data)
    }

    static func failure(_ error: StudioSession.RequestError) -> HTTPResponse {
        let status: HTTPStatusCode = switch error.kind {
        case .invalid: .badRequest
        case .noScene, .superseded: .conflict
        case .failed: .internalServerError
        }
        return text(status, error.reason)
    }

    /// `curve.ID=SPEC` parameters.
    static func curves(_ request: HTTPRequest) -> [String: String] {
        var result: [String: String] = [:]
        for item in request.query where item.name.hasPrefix("curve.") {
            result[String(item.name.dropFirst("curve.".count))] = item.value
        }
        return result
    }

    static func settings(_ request: HTTPRequest) throws(StudioSession.RequestError) -> StudioSession.Settings {
        var settings = try StudioSession.Settings.parse(fps: request.query.first { $0.name == "fps" }?.value,
                                                        drop: request.query.first { $0.name == "drop" }?.value)
        try settings.parseOverlayTweaks(request.query.map { ($0.name, $0.value) })
        return settings
    }

    /// The response to `request`: the page's files, the API's JSON and frames, 400/404/405 otherwise.
    public func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.text(.methodNotAllowed, "only GET and HEAD")
        }
        if let (name, type) = Self.files[request.path] {
            guard let url = Bundle.module.url(forResource: "Web/\(name)", withExtension: nil), let data = try? Data(contentsOf: url) else {
                return Self.text(.notFound, "not found")
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type], body: data)
        }
        switch request.path {
        case "/api/scene":
            do {
                return Self.json(try session.summary(settings: Self.settings(request)))
            } catch {
                return Self.failure(error)
            }
        case "/api/curve":
            do {
                return Self.json(try session.curves(Self.curves(request), settings: Self.settings(request)))
            } catch {
                return Self.failure(error)
            }
        case "/api/fit":
            do {
                let view = try StudioSession.FrameView.parse(truth: nil, compare: request.query.first { $0.name == "compare" }?.value ?? "")
                guard case .difference(let shutter, let subframes) = view else {
                    return Self.text(.badRequest, "compare: expected SHUTTER:SUBFRAMES")
                }
                let fits = try await session.fitErrors(curves: Self.curves(request), settings: Self.settings(request),
                                                       shutter: shutter, subframes: subframes)
                // `errors` and `mean`: the first overlay's (the difference view's figure); every overlay's in `overlays`.
                let overlays: [[String: Any]] = fits.map { ["id": $0.id, "errors": $0.errors, "mean": $0.mean] }
                let first: [Double] = fits.first?.errors ?? []
                return Self.json(["errors": first, "mean": fits.first?.mean ?? 0, "overlays": overlays])
            } catch {
                return Self.failure(error)
            }
        case "/api/frame":
            guard let text = request.query.first(where: { $0.name == "frame" })?.value else {
                return Self.text(.badRequest, "frame: expected a displayed frame index, found nothing")
            }
            guard text.count <= 12, let index = Int(text) else {
                return Self.text(.badRequest, "frame: expected a whole number, found \"\(text.prefix(40))\"")
            }
            do {
                let overlays = request.query.first { $0.name == "overlays" }?.value
                guard overlays == nil || overlays == "on" || overlays == "off" else {
                    return Self.text(.badRequest, "overlays: expected on or off, found \"\(overlays!.prefix(40))\"")
                }
                var client: (id: String, seek: Int)? = nil
                if let id = request.query.first(where: { $0.name == "client" })?.value, id.count <= 64,
                   let seek = request.query.first(where: { $0.name == "seek" }).flatMap({ Int($0.value) }) {
                    client = (id, seek)
                }
                let view = try StudioSession.FrameView.parse(truth: request.query.first { $0.name == "truth" }?.value,
                                                        compare: request.query.first { $0.name == "compare" }?.value)
                let rendered = try await session.frame(index, curves: Self.curves(request), settings: Self.settings(request),
                                                       overlays: overlays != "off", view: view, client: client)
                var headers: HTTPHeaders = [
                    .contentType: "image/png", HTTPHeader("X-Strata-SHA256"): rendered.sha256, HTTPHeader("Cache-Control"): "no-store",
                ]
                if let error = rendered.meanError { headers[HTTPHeader("X-Strata-Fit-Error")] = String(format: "%.4f", error) }
                headers[HTTPHeader("X-Strata-Base")] = rendered.restoredBase ? "restored" : "drawn"
                return HTTPResponse(statusCode: .ok, headers: headers, body: Data(rendered.png))
            } catch {
                return Self.failure(error)
            }
        default:
            return Self.text(.notFound, "not found")
        }
    }
}
