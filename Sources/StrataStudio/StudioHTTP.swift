import Foundation

/// A request as the studio's router sees it: method, the percent-decoded path, the query's
/// name–value pairs (percent-decoded, in order) and the headers (names lower-cased).
public struct StudioRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The first value of query parameter `name`.
    public func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The first value of header `name` (any case).
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name == name }?.value
    }
}

/// A response: status code, headers and body. A HEAD request gets the headers alone.
public struct StudioResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A plain-text response (`message` and a newline), never cached.
    public static func text(_ status: Int, _ message: String) -> StudioResponse {
        StudioResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                       body: Array((message + "\n").utf8))
    }

    static let reasons: [Int: String] = [
        200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
        413: "Content Too Large", 421: "Misdirected Request", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    /// The bytes on the wire: status line, headers (with Content-Length and Connection), blank
    /// line, and the body unless `head`.
    func serialized(head: Bool, close: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
        for (name, value) in headers where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            text += "\(name): \(value)\r\n"
        }
        text += "Content-Length: \(body.count)\r\nConnection: \(close ? "close" : "keep-alive")\r\n\r\n"
        return Array(text.utf8) + (head ? [] : body)
    }
}

/// Reading a request's head (request line and headers) from bytes, bounded: the studio's API
/// takes no bodies, so a head is all a request is.
public enum StudioHTTPParser {
    /// The largest request line plus headers, in bytes (431 above it).
    public static let maximumHead = 16 * 1024
    /// The most header lines.
    public static let maximumHeaders = 100

    public enum Outcome {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes its head took (the rest belongs to the next request).
        case request(StudioRequest, consumed: Int, keepAlive: Bool)
        /// A bad request: the status to answer with before closing, and why.
        case failure(Int, String)
    }

    /// The index just past the blank line ending a head in `bytes`, searching from `from`.
    public static func headEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var index = max(0, from - 3)
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index + 4 }
            index += 1
        }
        return nil
    }

    /// Parses the head at the start of `bytes` (`end`: where it ends, if known).
    public static func parse(_ bytes: [UInt8], end known: Int? = nil) -> Outcome {
        guard let end = known ?? headEnd(bytes, from: 0) else {
            return bytes.count > maximumHead ? .failure(431, "the request line and headers exceed \(maximumHead) bytes") : .incomplete
        }
        guard end <= maximumHead else { return .failure(431, "the request line and headers exceed \(maximumHead) bytes") }
        guard let text = String(bytes: bytes[0..<(end - 4)], encoding: .utf8) else { return .failure(400, "the request head is not UTF-8") }
        let lines = text.components(separatedBy: "\r\n")
        guard lines.count - 1 <= maximumHeaders else { return .failure(431, "more than \(maximumHeaders) header lines") }
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter && $0.isUppercase }) else {
            return .failure(400, "the request line is not METHOD TARGET HTTP/1.x")
        }
        let version = parts[2]
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(version.hasPrefix("HTTP/") ? 505 : 400, "only HTTP/1.0 and HTTP/1.1")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                return .failure(400, "a header line without a name and a colon")
            }
            headers.append((String(line[..<colon]).lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .failure(413, "the studio takes no request bodies")
        }
        if let length = headers.first(where: { $0.name == "content-length" })?.value, length != "0" {
            return .failure(413, "the studio takes no request bodies")
        }
        let target = String(parts[1])
        guard target.hasPrefix("/") else { return .failure(400, "the target is not a path") }
        let pathPart: Substring, queryPart: Substring?
        if let mark = target.firstIndex(of: "?") {
            pathPart = target[..<mark]
            queryPart = target[target.index(after: mark)...]
        } else {
            pathPart = target[...]
            queryPart = nil
        }
        guard let path = String(pathPart).removingPercentEncoding else { return .failure(400, "the path's percent-encoding is broken") }
        var query: [(name: String, value: String)] = []
        for item in (queryPart ?? "").split(separator: "&") where !item.isEmpty {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(pair[0]).removingPercentEncoding,
                  let value = (pair.count > 1 ? String(pair[1]) : "").removingPercentEncoding else {
                return .failure(400, "the query's percent-encoding is broken")
            }
            query.append((name, value))
        }
        let connection = headers.first { $0.name == "connection" }?.value.lowercased() ?? ""
        let keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        return .request(StudioRequest(method: String(parts[0]), path: path, query: query, headers: headers), consumed: end, keepAlive: keepAlive)
    }
}
