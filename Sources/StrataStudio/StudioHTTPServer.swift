import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The studio's HTTP/1.1 server: one thread polls the listening socket and every connection
/// (non-blocking), parses each request's head with its limits, hands the request to `handler`
/// (a task) and writes the answer back. Its limits are what a page on someone's desk needs
/// against whatever else reaches its port:
/// - request line and headers at most 16 KB (431), no body (413), malformed requests 400;
/// - a head must arrive within 10 s of its first byte (408), an idle connection closes after 30 s,
///   a reader that takes nothing for 30 s is dropped;
/// - connections are capped below the process's descriptor limit: at the cap, the connection
///   idle longest (nothing sent for at least a second) is closed to make room, or, when none is,
///   the new one is answered 503 and closed; running out of descriptors anyway never ends the
///   server (a spare one is kept to refuse with);
/// - `Host` must name this server (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` or the
///   `--host` given) or the answer is 421, so that a page elsewhere cannot read the studio through
///   DNS rebinding.
final class StudioHTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (StudioRequest) async -> StudioResponse

    /// Seconds a request's head may take from its first byte (408 after).
    let headerTimeout: Double
    /// Seconds a connection may stay idle, or a reader take nothing.
    let idleTimeout: Double

    private let handler: Handler
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    let port: UInt16
    private let allowedHosts: Set<String>
    /// The most connections open at once.
    let maximumConnections: Int
    private var spare: Int32
    private let lock = NSLock()
    private var completions: [(id: Int, response: StudioResponse)] = []
    private var stopping = false
    /// Set once `run()` has closed its descriptors: nothing may write to the wake pipe after.
    private var closed = false

    private final class Connection {
        let id: Int
        let fd: Int32
        var input: [UInt8] = []
        var scanned = 0
        var headStarted: Double? = nil
        var lastActivity: Double
        var output: [UInt8] = []
        var written = 0
        var inFlight = false
        var isHead = false
        var keepAlive = true
        var closeAfterWrite = false
        init(id: Int, fd: Int32, now: Double) { self.id = id; self.fd = fd; lastActivity = now }
    }

    /// Binds `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0: a free one).
    init(host: String, port: UInt16, handler: @escaping Handler) throws {
        self.handler = handler
        // STRATA_STUDIO_TIMEOUTS=HEADER,IDLE (seconds) shortens them for the tests.
        let custom = ProcessInfo.processInfo.environment["STRATA_STUDIO_TIMEOUTS"]?.split(separator: ",").compactMap { Double($0) } ?? []
        headerTimeout = custom.count == 2 && custom[0] > 0 ? custom[0] : 10
        idleTimeout = custom.count == 2 && custom[1] > 0 ? custom[1] : 30
        let address = host == "localhost" ? "127.0.0.1" : host
        let v6 = address.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StudioServerError("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // The address, IPv6 or IPv4, then one bind for either.
        var parsed: Int32, bound: Int32 = -1
        if v6 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = port.bigEndian
            parsed = inet_pton(AF_INET6, address, &sin6.sin6_addr)
            if parsed == 1 { bound = Self.bind(fd, sin6) }
        } else {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = port.bigEndian
            parsed = inet_pton(AF_INET, address, &sin.sin_addr)
            if parsed == 1 { bound = Self.bind(fd, sin) }
        }
        guard parsed == 1 else {
            close(fd)
            throw StudioServerError("\(host) is not an IPv4 or IPv6 address")
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw StudioServerError(message)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let actual: UInt16 = withUnsafePointer(to: &storage) { pointer in
            v6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
               : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw StudioServerError("pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeFDs { Self.setNonBlocking(end) }
        listener = fd
        wake = (pipeFDs[0], pipeFDs[1])
        self.port = actual
        var hosts: Set<String> = ["127.0.0.1:\(actual)", "localhost:\(actual)", "[::1]:\(actual)"]
        hosts.insert(v6 ? "[\(address)]:\(actual)" : "\(host):\(actual)")
        allowedHosts = hosts
        // Below the descriptor limit: the listener, the pipe, the spare, the scene's files and
        // the renderers' own descriptors need room too.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let soft = limit.rlim_cur > 65_536 ? 65_536 : Int(limit.rlim_cur)
        maximumConnections = max(8, min(4_096, soft - 64))
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Serves on the calling thread until `stop()`.
    func run() {
        var connections: [Int32: Connection] = [:]
        var byID: [Int: Connection] = [:]
        var nextID = 0
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        func drop(_ connection: Connection) {
            close(connection.fd)
            connections[connection.fd] = nil
            byID[connection.id] = nil
        }
        func answer(_ connection: Connection, _ response: StudioResponse, close: Bool) {
            connection.output = response.serialized(head: connection.isHead, close: close)
            connection.written = 0
            connection.closeAfterWrite = close
            connection.lastActivity = now()
        }
        func refuse(_ fd: Int32) {
            let bytes = StudioResponse.text(503, "the studio has too many connections open; try again").serialized(head: false, close: true)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            close(fd)
        }
        /// Parses what has arrived on `connection` and starts its request, if a whole head is there.
        func process(_ connection: Connection) {
            guard !connection.inFlight, connection.output.isEmpty, !connection.input.isEmpty else { return }
            if connection.headStarted == nil { connection.headStarted = now() }
            let end = StudioHTTPParser.headEnd(connection.input, from: connection.scanned)
            connection.scanned = connection.input.count
            if end == nil && connection.input.count <= StudioHTTPParser.maximumHead { return }
            switch StudioHTTPParser.parse(connection.input, end: end) {
            case .incomplete:
                return
            case .failure(let status, let reason):
                connection.input = []
                answer(connection, .text(status, reason), close: true)
            case .request(let request, let consumed, let keepAlive):
                connection.input.removeFirst(consumed)
                connection.scanned = 0
                connection.headStarted = nil
                connection.isHead = request.method == "HEAD"
                connection.keepAlive = keepAlive
                guard let host = request.header("host"), allowedHosts.contains(host.lowercased()) else {
                    answer(connection, .text(421, "Host must be this studio's own address (127.0.0.1, localhost or [::1] with its port)"), close: true)
                    return
                }
                connection.inFlight = true
                let id = connection.id
                let handler = self.handler
                Task.detached { [weak self] in
                    let response = await handler(request)
                    self?.complete(id, response)
                }
            }
        }

        while true {
            if lock.withLock({ stopping }) { break }
            let time = now()
            // Timeouts.
            for connection in Array(connections.values) {
                if !connection.output.isEmpty {
                    if time - connection.lastActivity > idleTimeout { drop(connection) }
                } else if let started = connection.headStarted, !connection.inFlight {
                    if time - started > headerTimeout {
                        connection.input = []
                        connection.headStarted = nil
                        answer(connection, .text(408, "the request's head did not arrive within \(Int(headerTimeout)) s"), close: true)
                    }
                } else if !connection.inFlight, connection.input.isEmpty, time - connection.lastActivity > idleTimeout {
                    drop(connection)
                }
            }
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            var order: [Connection] = []
            for connection in connections.values {
                var events: Int16 = 0
                if !connection.output.isEmpty { events |= Int16(POLLOUT) } else if !connection.inFlight { events |= Int16(POLLIN) }
                fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
                order.append(connection)
            }
            let ready = poll(&fds, nfds_t(fds.count), 1000)
            if ready < 0 && errno != EINTR { usleep(10_000) }
            if lock.withLock({ stopping }) { break }
            // Finished requests.
            if fds[0].revents != 0 {
                var scratch = [UInt8](repeating: 0, count: 256)
                while read(wake.read, &scratch, scratch.count) > 0 {}
            }
            let finished: [(id: Int, response: StudioResponse)] = lock.withLock {
                let taken = completions
                completions = []
                return taken
            }
            for (id, response) in finished {
                guard let connection = byID[id] else { continue }
                connection.inFlight = false
                answer(connection, response, close: !connection.keepAlive)
            }
            // Reads and writes.
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            for (index, connection) in order.enumerated() {
                let events = fds[index + 2].revents
                guard events != 0, byID[connection.id] != nil else { continue }
                if events & Int16(POLLOUT) != 0, !connection.output.isEmpty {
                    let sent = connection.output.withUnsafeBytes { raw in
                        send(connection.fd, raw.baseAddress! + connection.written, raw.count - connection.written, Int32(MSG_NOSIGNAL))
                    }
                    if sent > 0 {
                        connection.written += sent
                        connection.lastActivity = now()
                        if connection.written == connection.output.count {
                            connection.output = []
                            connection.written = 0
                            if connection.closeAfterWrite { drop(connection); continue }
                            process(connection)  // a request that came with the last one
                        }
                    } else if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
                        drop(connection)
                    }
                    continue
                }
                if events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                    let count = recv(connection.fd, &buffer, buffer.count, 0)
                    if count > 0 {
                        // Bytes beyond a head's limit are not kept: the head is refused anyway.
                        if connection.input.count <= StudioHTTPParser.maximumHead + buffer.count {
                            connection.input.append(contentsOf: buffer[0..<count])
                        }
                        connection.lastActivity = now()
                        process(connection)
                    } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        drop(connection)
                    }
                }
            }
            // New connections, once the hang-ups polled with them are reaped: a connection that
            // closed makes room for one that arrives in the same turn.
            if fds[1].revents & Int16(POLLIN) != 0 {
                while true {
                    let fd = accept(listener, nil, nil)
                    if fd < 0 {
                        if errno == EMFILE || errno == ENFILE {
                            // Out of descriptors: the spare one makes room to refuse this connection.
                            if spare >= 0 { close(spare); spare = -1 }
                            let extra = accept(listener, nil, nil)
                            if extra >= 0 { refuse(extra) }
                            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
                            if extra < 0 { break }
                            continue
                        }
                        break  // EAGAIN, or a connection that went away before it was taken
                    }
                    Self.setNonBlocking(fd)
                    if connections.count >= maximumConnections {
                        let time = now()
                        let idle = connections.values.filter { !$0.inFlight && $0.output.isEmpty && $0.input.isEmpty && time - $0.lastActivity >= 1 }
                        guard let oldest = idle.min(by: { $0.lastActivity < $1.lastActivity }) else {
                            refuse(fd)
                            continue
                        }
                        drop(oldest)
                    }
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    let connection = Connection(id: nextID, fd: fd, now: now())
                    nextID += 1
                    connections[fd] = connection
                    byID[connection.id] = connection
                }
            }
        }
        for connection in connections.values { close(connection.fd) }
        close(listener)
        lock.withLock {
            closed = true
            close(wake.read)
            close(wake.write)
        }
        if spare >= 0 { close(spare) }
    }

    /// Binds `fd` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ fd: Int32, _ address: Address) -> Int32 {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// Non-blocking and closed on exec.
    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private func complete(_ id: Int, _ response: StudioResponse) {
        lock.withLock {
            guard !closed else { return }
            completions.append((id, response))
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    /// Ends `run()` at once: the listener and every connection close; requests in flight are dropped.
    func stop() {
        lock.withLock {
            stopping = true
            guard !closed else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }
}

/// The server could not start: what the system said.
public struct StudioServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
