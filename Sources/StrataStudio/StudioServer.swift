import Foundation
import StrataRender

/// Strata Studio's HTTP side (`StudioHTTPServer`, bounded: see its limits): the page and its
/// script and style from the package, and the scene's summary, curves and frames from a
/// `StudioSession`. Nothing else is served: any other path — `..`, `%2e%2e`, an absolute path, a
/// file of the scene's folder — is a 404.
public final class StudioServer: Sendable {
    public let session: StudioSession
    let server: StudioHTTPServer
    /// How often the scene file and its assets are checked for changes, in seconds.
    public static let reloadInterval = 0.25

    /// A server for `session` on `host` (an IPv4 or IPv6 address, or `localhost`; default
    /// loopback) and `port` (0: a free one). Binds at once, so `port` is known.
    public init(session: StudioSession, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.session = session
        let handler = StudioHandler(session: session)
        server = try StudioHTTPServer(host: host, port: port) { request in await handler.respond(to: request) }
    }

    /// The port it listens on.
    public var port: UInt16 { server.port }

    /// The most connections it keeps open at once (below the process's descriptor limit).
    public var maximumConnections: Int { server.maximumConnections }

    /// Serves until `stop()` is called; re-reads the scene on changes.
    public func run() async {
        let watcher = Task.detached { [session] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(Self.reloadInterval * 1e9))
                session.reloadIfChanged()
            }
        }
        defer { watcher.cancel() }
        let server = self.server
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                server.run()
                continuation.resume()
            }
        }
    }

    /// Stops at once: the socket and every connection close.
    public func stop() {
        server.stop()
    }
}

/// Routes by exact path; parameters are checked before anything is rendered. Public so that a
/// request can be answered without a socket (the studio's fuzz target does).
public struct StudioHandler: Sendable {
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

    /// The folder of the page's files (`ResourceFolder` says where it is looked for), nil when missing.
    static let webFolder = ResourceFolder.find("Web", target: "StrataStudio", sourceFolder: sourceFolder)
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// Nil when the studio's page is installed; otherwise what is missing and where it was looked for.
    public static var missingPageProblem: String? {
        guard webFolder == nil else { return nil }
        let places = ResourceFolder.candidates("Web", target: "StrataStudio", sourceFolder: sourceFolder)
        return "the studio's page (its Web folder) was not found; looked in \(places.joined(separator: ", ")). "
            + "Install strata with scripts/install, which puts it in PREFIX/share/strata, or set STRATA_RESOURCES to a folder holding Web/"
    }

    static func text(_ status: Int, _ message: String) -> StudioResponse { .text(status, message) }

    static func json(_ value: Any) -> StudioResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
        return StudioResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: [UInt8](data))
    }

    static func failure(_ error: StudioSession.RequestError) -> StudioResponse {
        let status = switch error.kind {
        case .invalid: 400
        case .noScene, .superseded: 409
        case .failed: 500
        case .busy: 503
        }
        return text(status, error.reason)
    }

    /// `curve.ID=SPEC` parameters.
    static func curves(_ request: StudioRequest) -> [String: String] {
        var result: [String: String] = [:]
        for item in request.query where item.name.hasPrefix("curve.") {
            result[String(item.name.dropFirst("curve.".count))] = item.value
        }
        return result
    }

    static func settings(_ request: StudioRequest) throws(StudioSession.RequestError) -> StudioSession.Settings {
        var settings = try StudioSession.Settings.parse(fps: request.parameter("fps"), drop: request.parameter("drop"))
        try settings.parseOverlayTweaks(request.query.map { ($0.name, $0.value) })
        return settings
    }

    /// The response to `request`: the page's files, the API's JSON and frames, 400/404/405 otherwise.
    public func respond(to request: StudioRequest) async -> StudioResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.text(405, "only GET and HEAD")
        }
        if let (name, type) = Self.files[request.path] {
            guard let folder = Self.webFolder, let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                return Self.text(500, Self.missingPageProblem ?? "the studio's page \(name) cannot be read")
            }
            return StudioResponse(status: 200, headers: [("Content-Type", type)], body: [UInt8](data))
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
        case "/api/export":
            do {
                let export = try session.export(curves: Self.curves(request), settings: Self.settings(request))
                return Self.json(["command": export.command, "yaml": export.yaml])
            } catch {
                return Self.failure(error)
            }
        case "/api/fit":
            do {
                let view = try StudioSession.FrameView.parse(truth: nil, compare: request.parameter("compare") ?? "")
                guard case .difference(let shutter, let subframes) = view else {
                    return Self.text(400, "compare: expected SHUTTER:SUBFRAMES")
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
            guard let text = request.parameter("frame") else {
                return Self.text(400, "frame: expected a displayed frame index, found nothing")
            }
            guard text.count <= 12, let index = Int(text) else {
                return Self.text(400, "frame: expected a whole number, found \"\(text.prefix(40))\"")
            }
            do {
                let overlays = request.parameter("overlays")
                guard overlays == nil || overlays == "on" || overlays == "off" else {
                    return Self.text(400, "overlays: expected on or off, found \"\(overlays!.prefix(40))\"")
                }
                var client: (id: String, seek: Int)? = nil
                if let id = request.parameter("client"), id.count <= 64, let seek = request.parameter("seek").flatMap({ Int($0) }) {
                    client = (id, seek)
                }
                let view = try StudioSession.FrameView.parse(truth: request.parameter("truth"), compare: request.parameter("compare"))
                let rendered = try await session.frame(index, curves: Self.curves(request), settings: Self.settings(request),
                                                       overlays: overlays != "off", view: view, client: client)
                var headers: [(name: String, value: String)] = [
                    ("Content-Type", "image/png"), ("X-Strata-SHA256", rendered.sha256), ("Cache-Control", "no-store"),
                ]
                if let error = rendered.meanError { headers.append(("X-Strata-Fit-Error", String(format: "%.4f", error))) }
                headers.append(("X-Strata-Base", rendered.restoredBase ? "restored" : "drawn"))
                return StudioResponse(status: 200, headers: headers, body: rendered.png)
            } catch {
                return Self.failure(error)
            }
        default:
            return Self.text(404, "not found")
        }
    }
}
