import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StrataTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import StrataKit
import StrataRaster
import StrataEffects

/// Strata Studio through its HTTP API, `strata studio` on a free loopback port: frames are the
/// bytes `strata frame` writes for the same scene and curve, bad input is a 400 with the reason,
/// nothing outside the page and the scene's frames is served, edits of the scene file show within
/// a second and a broken file shows its error while the last good frame stays.
@Suite("Strata Studio", .serialized)
struct StudioTests {
    /// A 200×60 scene of a box sliding right under a motion-blur overlay, with `curve`.
    static func sceneText(curve: String = "log2:5", background: String = "white") -> String {
        """
        version: 1
        description: a box sliding under a motion-blur overlay
        size: [200, 60]
        background: "\(background)"
        clock: {fps: 30, duration: 1}
        layers:
          - name: box
            frame: [10, 20, 40, 20]
            backgroundColor: "#1e88e5"
            animations:
              - {keyPath: position.x, from: 30, to: 170, duration: 1, timingFunction: easeInEaseOut}
        effects:
          - motionBlurOverlay: {layer: box, angle: 0, radius: 12, curve: "\(curve)"}
        """
    }

    struct Running {
        let process: TestProcess
        let base: String
        let folder: URL
        let scene: URL
    }

    /// The `strata` binary built beside the tests.
    static func binary() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for folder in candidates where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("strata").path) {
            return folder.appendingPathComponent("strata")
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "strata next to \(candidates.map(\.path))"])
    }

    /// `strata studio` on a free loopback port, in a process of its own (as a user runs it: its
    /// threads are not the test runner's), serving a fresh copy of the slide scene.
    /// `copying` serves a copy of that file instead.
    static func start(copying source: URL? = nil, arguments: [String] = []) async throws -> Running {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-studio")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent(source?.lastPathComponent ?? "slide.yaml")
        if let source {
            try FileManager.default.copyItem(at: source, to: scene)
        } else {
            try sceneText().write(to: scene, atomically: true, encoding: .utf8)
        }
        let process = try TestProcess(try binary().path, ["studio", scene.path, "--port", "0"] + arguments)
        // The first line names the URL: waited for as long as the server runs and has not said it.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) && process.isRunning {
            usleep(10_000)
            line = process.stdoutSoFar
        }
        let text = String(decoding: process.stdoutSoFar, as: UTF8.self)
        guard let range = text.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression) else {
            process.send(SIGTERM)
            process.finish()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "strata studio did not start: \(text)"])
        }
        return Running(process: process, base: String(text[range]), folder: folder, scene: scene)
    }

    /// SIGTERM, then the exit status must be 143 (128 + SIGTERM, as `strata render` stopped by
    /// a signal), with the studio saying it stopped.
    static func stop(_ running: Running) async {
        running.process.send(SIGTERM)
        let ended = running.process.finish()
        #expect(ended.status == 143, "strata studio exits 143 on SIGTERM: \(ended.stderr.suffix(400))")
        #expect(String(decoding: ended.stdout, as: UTF8.self).contains("studio stopped"))
        try? FileManager.default.removeItem(at: running.folder)
    }

    static func get(_ url: String) async throws -> (status: Int, body: Data, headers: [AnyHashable: Any]) {
        var request = URLRequest(url: URL(string: url)!)
        request.timeoutInterval = 120
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, data, http.allHeaderFields)
    }

    /// What `strata frame` writes for `text` at displayed frame `index`.
    static func cliBytes(_ text: String, frame index: Int, folder: URL) throws -> [UInt8] {
        let file = folder.appendingPathComponent("reference-\(UUID().uuidString).yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let scene = try Pipeline.loadScene(at: file.path)
        let renderer = try FrameRenderer(scene: scene)
        return try Pipeline.encode(Pipeline.renderFrame(scene, atSeconds: renderer.frames.seconds(ofFrame: index)))
    }

    @Test func framesAreTheCLIsBytesWithTheCurveAskedFor() async throws {
        let running = try await Self.start()
        let page = try await Self.get(running.base + "/")
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("Strata Studio"))
        let summary = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/scene").body) as! [String: Any]
        #expect(summary["frameCount"] as? Int == 31 && (summary["overlays"] as? [[String: Any]])?.first?["curve"] as? String == "log2:5")
        for (frame, curve) in [(12, nil), (12, "linear:0.2"), (20, "smoothstep:0:4"), (0, "log2:2")] as [(Int, String?)] {
            let query = curve.map { "&curve.box=\($0)" } ?? ""
            let served = try await Self.get(running.base + "/api/frame?frame=\(frame)\(query)")
            #expect(served.status == 200)
            let expected = try Self.cliBytes(Self.sceneText(curve: curve ?? "log2:5"), frame: frame, folder: running.folder)
            #expect([UInt8](served.body) == expected, "frame \(frame), curve \(curve ?? "the scene's")")
            #expect(served.headers["X-Strata-SHA256"] as? String == SHA256.hex(expected))
        }
        // Another curve on the same frame: from the third, what lies under the overlay's layer comes
        // from the kept base and only the layers from it on are drawn — the CLI's bytes all the same.
        var bases: [String] = []
        for curve in ["log2:2", "log2:3", "log2:4", "linear:0.1"] {
            let served = try await Self.get(running.base + "/api/frame?frame=20&curve.box=\(curve)")
            #expect([UInt8](served.body) == (try Self.cliBytes(Self.sceneText(curve: curve), frame: 20, folder: running.folder)), "\(curve)")
            bases.append(served.headers["X-Strata-Base"] as? String ?? "")
        }
        #expect(bases[2] == "restored" && bases[3] == "restored", "\(bases)")
        // The command line the page exports reproduces the studio's frame: strata render --curve.
        let out = running.folder.appendingPathComponent("rendered")
        let render = try await TestProcess.run(try Self.binary().path,
                                         ["render", running.scene.path, "--curve", "box=linear:0.2", "--frames", "12", "--out", out.path, "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        let rendered = try Data(contentsOf: out.appendingPathComponent("frame-00012.png"))
        #expect(rendered == (try await Self.get(running.base + "/api/frame?frame=12&curve.box=linear:0.2")).body)
        // The curves, per frame: a steeper curve gives at least the opacity of a gentler one.
        let gentle = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/curve").body) as! [String: Any]
        let steep = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/curve?curve.box=log2:2").body) as! [String: Any]
        let a = ((gentle["overlays"] as! [[String: Any]])[0]["opacity"] as! [Double]), b = ((steep["overlays"] as! [[String: Any]])[0]["opacity"] as! [Double])
        #expect(a.count == 31 && b.count == 31 && zip(a, b).allSatisfy { $0 <= $1 } && zip(a, b).contains { $0 < $1 })
        await Self.stop(running)
    }

    /// A connection to the studio on 127.0.0.1:`port` that sends `bytes`, and what came back
    /// until the server closed it or `wait` seconds passed. Waited for on a thread of its own: the
    /// server's timeouts take seconds, and Swift concurrency's few threads run other tests meanwhile.
    static func raw(_ port: Int, _ bytes: [UInt8], wait: Double = 5) async -> (text: String, closed: Bool) {
        (try? await onThreadOfItsOwn { rawNow(port, bytes, wait: wait) }) ?? ("", true)
    }

    static func rawNow(_ port: Int, _ bytes: [UInt8], wait: Double = 5) -> (text: String, closed: Bool) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { return ("connect failed", true) }
        var timeout = timeval(tv_sec: Int(wait), tv_usec: Int((wait - wait.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            // Closed: an orderly end, or a reset (the server closed without reading all sent);
            // not a timeout.
            return (String(decoding: received, as: UTF8.self), count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        }
    }

    /// `strata studio` on the test scene under `ulimit -n 64` (8 connections at most), with
    /// `STRATA_STUDIO_TIMEOUTS` set to `timeouts` when given: the process, its port and the folder
    /// holding the scene (the caller removes it).
    static func startLimited(timeouts: String?) throws -> (TestProcess, Int, URL) {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-studio-limited")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent("slide.yaml")
        try sceneText().write(to: scene, atomically: true, encoding: .utf8)
        let process = try TestProcess("/bin/sh", ["-c", "ulimit -n 64 && exec \"$0\" studio \"$1\" --port 0", try binary().path, scene.path],
                                      environment: timeouts.map { ["STRATA_STUDIO_TIMEOUTS": $0] } ?? [:])
        while !process.stdoutSoFar.contains(UInt8(ascii: "\n")) && process.isRunning { usleep(10_000) }
        let text = String(decoding: process.stdoutSoFar, as: UTF8.self)
        guard let range = text.range(of: #"(?<=http://127\.0\.0\.1:)\d+"#, options: .regularExpression), let port = Int(text[range]) else {
            process.send(SIGTERM)
            process.finish()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "strata studio did not start: \(text)"])
        }
        return (process, port, folder)
    }

    @Test func theServerHoldsWhateverReachesItsPort() async throws {
        // Under `ulimit -n 64` (8 connections at most) with the timeouts cut to 1 s (head) and 2 s (idle).
        let (process, port, folder) = try Self.startLimited(timeouts: "1,2")
        defer { try? FileManager.default.removeItem(at: folder) }
        func request(_ head: String) -> [UInt8] { Array(head.utf8) }
        let host = "Host: 127.0.0.1:\(port)\r\n"
        // Heads too large, malformed, with a body, for another host; HEAD without the body.
        #expect(await Self.raw(port, request("GET / HTTP/1.1\r\n\(host)X: \(String(repeating: "a", count: 20_000))\r\n\r\n")).text.hasPrefix("HTTP/1.1 431"))
        #expect(await Self.raw(port, request("garbage\r\n\r\n")).text.hasPrefix("HTTP/1.1 400"))
        #expect(await Self.raw(port, request("POST /api/scene HTTP/1.1\r\n\(host)Content-Length: 1000000000000\r\n\r\n")).text.hasPrefix("HTTP/1.1 413"))
        #expect(await Self.raw(port, request("GET /api/scene HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n")).text.hasPrefix("HTTP/1.1 421"))
        #expect(await Self.raw(port, request("GET /api/scene HTTP/1.1\r\nHost: [::1]:\(port)\r\nConnection: close\r\n\r\n")).text.hasPrefix("HTTP/1.1 200"))
        #expect(await Self.raw(port, request("GET /api/curve?curve.box=table:nan=1 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")).text.hasPrefix("HTTP/1.1 400"))
        let head = await Self.raw(port, request("HEAD / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")).text
        #expect(head.hasPrefix("HTTP/1.1 200") && head.hasSuffix("\r\n\r\n") && !head.contains("Strata Studio"), "\(head)")
        // A head that never ends is answered 408 after its second; an idle connection is closed.
        let slow = await Self.raw(port, request("GET / HTTP/1.1\r\n"), wait: 6)
        #expect(slow.text.hasPrefix("HTTP/1.1 408") && slow.closed)
        #expect(await Self.raw(port, [], wait: 8).closed)
        #expect(process.isRunning)
        process.send(SIGINT)
        let ended = process.finish()
        #expect(ended.status == 130, "Ctrl-C: \(ended.status) \(ended.stderr.suffix(300))")
    }

    @Test func connectionsBeyondTheCapAreRefusedAndTheServerGoesOn() async throws {
        // Under `ulimit -n 64` (8 connections at most), with the usual timeouts (10 s for a head):
        // the eight heads that never end are held throughout, however slow the machine.
        let (process, port, folder) = try Self.startLimited(timeouts: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = Array("GET /api/scene HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        // More connections than it keeps: none is idle, so the rest are refused with 503.
        var open: [Int32] = []
        for _ in 0..<40 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            _ = "GET / HTTP/1.1\r\n".withCString { send(fd, $0, 16, Int32(MSG_NOSIGNAL)) }  // heads that never end
            open.append(fd)
        }
        // Connected after the forty, so taken after them: refused, whenever the server gets to it.
        let refused = await Self.raw(port, request, wait: 30)
        #expect(refused.text.hasPrefix("HTTP/1.1 503") && refused.closed, "\(refused.text.prefix(80))")
        for fd in open { close(fd) }
        // Once the server has seen the forty go, a request is answered — waited for as state.
        var answered = ""
        for _ in 0..<300 {
            answered = await Self.raw(port, request, wait: 30).text
            if !answered.hasPrefix("HTTP/1.1 503") { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(answered.hasPrefix("HTTP/1.1 200"), "\(answered.prefix(80))")
        #expect(process.isRunning)
        process.send(SIGTERM)
        let ended = process.finish()
        #expect(ended.status == 143, "SIGTERM: \(ended.status) \(ended.stderr.suffix(300))")
    }

    @Test func aLottieFileIsServedWithTheCommandLinesBytes() async throws {
        let source = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/samples/PinJump.json")
        let running = try await Self.start(copying: source)
        let summary = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/scene").body) as! [String: Any]
        #expect(summary["frameCount"] as? Int == 93, "\(summary)")
        let scene = try Pipeline.loadScene(at: source.path)
        let renderer = try FrameRenderer(scene: scene)
        for frame in [0, 40, 92] {
            let served = try await Self.get(running.base + "/api/frame?frame=\(frame)")
            let expected = try Pipeline.encode(Pipeline.renderFrame(scene, atSeconds: renderer.frames.seconds(ofFrame: frame)))
            #expect(served.status == 200 && [UInt8](served.body) == expected, "frame \(frame)")
        }
        await Self.stop(running)
    }

    @Test func aWhatIfClockReplaysTheScene() async throws {
        let running = try await Self.start()
        func summary(_ query: String) async throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/scene?" + query).body) as! [String: Any]
        }
        // 60 Hz over the same second: 61 frames; dropping every third tick leaves 41.
        #expect(try await summary("fps=60")["frameCount"] as? Int == 61)
        #expect(try await summary("fps=60&drop=every:3")["frameCount"] as? Int == 41)
        // The frame is the CLI's for the scene with that clock (strata render --fps 60 at that frame).
        let served = try await Self.get(running.base + "/api/frame?frame=40&fps=60")
        let text = Self.sceneText().replacingOccurrences(of: "clock: {fps: 30, duration: 1}", with: "clock: {fps: 60, duration: 1}")
        #expect([UInt8](served.body) == (try Self.cliBytes(text, frame: 40, folder: running.folder)))
        // A dropped tick doubles the displacement of the frame after it: the opacity there rises.
        let plain = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/curve?fps=60").body) as! [String: Any]
        let dropped = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/curve?fps=60&drop=ticks:30").body) as! [String: Any]
        let a = (plain["overlays"] as! [[String: Any]])[0]["delta"] as! [Any], b = (dropped["overlays"] as! [[String: Any]])[0]["delta"] as! [Any]
        let before = try #require(a[31] as? Double), after = try #require(b[30] as? Double)
        #expect(after > 1.9 * before && after < 2.1 * before, "frame 30 of the dropped clock is tick 31: two ticks of motion (\(after) vs \(before))")
        // Ground truth: the bytes of strata render --shutter 180 --subframes 4 at that frame; the
        // difference carries the fit's error.
        let truth = try await Self.get(running.base + "/api/frame?frame=12&truth=180:4")
        let scene = try Pipeline.loadScene(at: running.scene.path)
        let expected = try Pipeline.encode(GroundTruth(shutterDegrees: 180, subframes: 4).render(try FrameRenderer(scene: scene), displayedIndex: 12))
        #expect([UInt8](truth.body) == expected)
        let compare = try await Self.get(running.base + "/api/frame?frame=12&compare=180:4")
        let error = try #require((compare.headers["X-Strata-Fit-Error"] as? String).flatMap(Double.init))
        #expect(error > 0 && error < 255)
        // The fit's error on every frame; the one of frame 12 is the difference's.
        let fit = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/fit?compare=180:4").body) as! [String: Any]
        let errors = try #require(fit["errors"] as? [Double])
        #expect(errors.count == 31 && abs(errors[12] - error) < 1e-3)
        // One measure of a fit: the studio's is strata tune's (Tuner), per frame and on average.
        let measured = try Tuner.measure(scene, overlayIndex: 0, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 4), jobs: 1)
        let curve = scene.effects.motionBlurOverlays[0].curve
        #expect(zip(errors, Tuner.errors(curve, measured)).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(abs((fit["mean"] as? Double ?? -1) - Tuner.error(curve, measured)) < 1e-9)
        let tried = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/fit?compare=180:4&curve.box=linear:0.05").body) as! [String: Any]
        #expect(abs((tried["mean"] as? Double ?? -1) - Tuner.error(.linear(slope: 0.05), measured)) < 1e-9, "another curve, the same measurement")
        #expect(try await Self.get(running.base + "/api/fit?compare=180").status == 400)
        for query in ["truth=0:4", "truth=180:0", "truth=180:65", "compare=nan:4", "truth=180"] {
            #expect(try await Self.get(running.base + "/api/frame?frame=12&" + query).status == 400, "\(query)")
        }
        // The overlay's blur tried in the studio: the frame is the CLI's for the scene with that radius and angle.
        let tweaked = try await Self.get(running.base + "/api/frame?frame=12&radius.box=30&angle.box=90")
        let tweakedText = Self.sceneText().replacingOccurrences(of: "angle: 0, radius: 12", with: "angle: {degrees: 90}, radius: 30")
        #expect([UInt8](tweaked.body) == (try Self.cliBytes(tweakedText, frame: 12, folder: running.folder)))
        for query in ["radius.box=-1", "radius.box=1e9", "angle.box=nan", "rate.box=0.5", "radius.ghost=3"] {
            #expect(try await Self.get(running.base + "/api/frame?frame=12&" + query).status == 400, "\(query)")
        }
        // Overlays off: the same frame without them differs.
        let off = try await Self.get(running.base + "/api/frame?frame=40&fps=60&overlays=off")
        #expect(off.status == 200 && off.body != served.body)
        await Self.stop(running)
    }

    @Test func badInputIsA400AndNothingElseIsServed() async throws {
        let running = try await Self.start()
        for query in ["frame=-1", "frame=31", "frame=1e308", "frame=nan", "frame=", "curve.box=nope&frame=1", "curve.ghost=log2:5&frame=1"] {
            let response = try await Self.get(running.base + "/api/frame?" + query)
            #expect(response.status == 400, "\(query): \(response.status)")
            #expect(!response.body.isEmpty)
        }
        #expect(try await Self.get(running.base + "/api/frame").status == 400)
        for query in ["fps=0", "fps=1e308", "fps=nan", "fps=241", "drop=every:1", "drop=ticks:0", "drop=ticks:a", "drop=sometimes", "overlays=maybe"] {
            #expect(try await Self.get(running.base + "/api/frame?frame=1&" + query).status == 400, "\(query)")
        }
        #expect(try await Self.get(running.base + "/api/curve?curve.box=log2:0").status == 400)
        for path in ["/%2e%2e/Package.swift", "/slide.yaml", "/etc/passwd", "/Web/index.html", "/api/frames", "/%2fetc%2fpasswd", "/studio.js/../slide.yaml"] {
            #expect(try await Self.get(running.base + path).status == 404, "\(path)")
        }
        // Still answering afterwards.
        #expect(try await Self.get(running.base + "/api/frame?frame=3").status == 200)
        await Self.stop(running)
    }

    /// The studio re-reads an edited file and shows the edit; a broken file shows its error over the
    /// last good frame. Waited for as state (up to a minute of looks), never for a time: how soon
    /// an edit shows is a figure for a benchmark, not for a test on a busy machine.
    @Test func editsShowAndErrorsKeepTheLastGoodFrame() async throws {
        let running = try await Self.start()
        func generation() async throws -> (Int, String?) {
            let summary = try JSONSerialization.jsonObject(with: try await Self.get(running.base + "/api/scene").body) as! [String: Any]
            return (summary["generation"] as! Int, summary["error"] as? String)
        }
        let before = try await Self.get(running.base + "/api/frame?frame=5").body
        let (first, _) = try await generation()
        try Self.sceneText(background: "#ffeb3b").write(to: running.scene, atomically: true, encoding: .utf8)
        var (now, _) = try await generation()
        for _ in 0..<1200 where now == first {
            try await Task.sleep(nanoseconds: 50_000_000)
            (now, _) = try await generation()
        }
        #expect(now > first, "the edit was read again")
        let after = try await Self.get(running.base + "/api/frame?frame=5").body
        #expect(after != before)
        #expect([UInt8](after) == (try Self.cliBytes(Self.sceneText(background: "#ffeb3b"), frame: 5, folder: running.folder)))
        // A broken file: its error, worded as `strata validate` words it, and the last good frame.
        try "version: 1\ndescription: broken\nsize: [200, 60]\nlayers:\n  - {frame: [0, 0, 10, 10], opacity: 7}\n"
            .write(to: running.scene, atomically: true, encoding: .utf8)
        var error: String? = nil
        for _ in 0..<1200 where error == nil {
            try await Task.sleep(nanoseconds: 50_000_000)
            (_, error) = try await generation()
        }
        let message = try #require(error)
        #expect(message.contains("slide.yaml") && message.contains("layers[0].opacity") && message.contains(":5"), "\(message)")
        #expect(try await Self.get(running.base + "/api/frame?frame=5").body == after)
        await Self.stop(running)
    }
}
