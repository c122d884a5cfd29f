import StrataTestSupport
import Foundation
import Testing
import StrataAnimation
import StrataModel
import StrataRender
import StrataScene

/// CAReplicatorLayer's instances, delays and colours, and conic gradients.
@Suite("Replicators and conic gradients")
struct ReplicatorTests {
    static func decode(_ text: String) throws(SceneError) -> Scene {
        try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "test.yaml", baseURL: PackagePaths.scenes, defaultName: "test")
    }

    /// A 200×60 canvas with a replicator of `count` 10×10 red squares stepping 30 pt right.
    func row(count: Int, extra: String = "", animation: String = "") throws -> Scene {
        try Self.decode("""
            version: 1
            description: a replicated row
            size: [200, 60]
            background: black
            clock: {fps: 10, duration: 2}
            layers:
              - name: row
                frame: [0, 0, 200, 60]
                replicator: {instanceCount: \(count), instanceTransform: [{translate: [30, 0]}]\(extra)}
                sublayers:
                  - name: square
                    frame: [5, 25, 10, 10]
                    backgroundColor: red
            \(animation)
            """)
    }

    @Test func instancesStepByTheTransformAndTintByTheColour() throws {
        let scene = try row(count: 4, extra: ", instanceColor: [1, 1, 1, 1], instanceRedOffset: -0.25")
        let frame = try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers))
        // Instance k at x = 5 + 30k, red 1 − 0.25k; nothing at the fifth place.
        for k in 0..<4 {
            let pixel = frame[10 + 30 * k, 30]
            #expect(abs(Int(pixel.r) - Int((255 * (1 - 0.25 * Double(k))).rounded())) <= 1, "instance \(k): \(pixel)")
        }
        #expect(frame[130, 30].r == 0)
        #expect(frame[10, 10].r == 0)
        // Zero instances draw nothing; the instance transform turns about the anchor (the middle).
        let none = try row(count: 0)
        #expect(try Renderer.render(RenderTreeBuilder(size: none.size, scale: 1).build(none.layers))[10, 30].r == 0)
        var turned = try row(count: 2)
        turned.layers[0].replicator?.instanceTransform = .rotation(radians: .pi)
        let half = try Renderer.render(RenderTreeBuilder(size: turned.size, scale: 1).build(turned.layers))
        #expect(half[10, 30].r == 255 && half[190, 30].r == 255, "turned half way about (100, 30): the square lands at x 185…195")
    }

    @Test func eachInstanceRunsItsDelayLater() throws {
        let scene = try row(count: 3, extra: ", instanceDelay: 0.5", animation: """
                    animations: [{keyPath: position.y, from: 30, to: 50, duration: 1, fillMode: both, removedOnCompletion: false}]
            """.replacingOccurrences(of: "        animations", with: "        animations"))
        let tree = scene.timeline.evaluate(scene.layers, atSeconds: 0.75)
        let replicator = try #require(tree.layers[0].replicator)
        let delayed = try #require(replicator.delayedSublayers)
        // Instance 0 at 0.75 s, instance 1 at 0.25 s, instance 2 before its start (held at its from value).
        #expect(tree.layers[0].sublayers[0].position.y == 45)
        #expect(delayed.count == 2 && delayed[0][0].position.y == 35 && delayed[1][0].position.y == 30)
        // Drawn: the three squares at their own heights.
        let frame = try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1).build(tree.layers))
        #expect(frame[10, 44].r == 255 && frame[40, 34].r == 255 && frame[70, 29].r == 255 && frame[70, 44].r == 0)
    }

    @Test func replicatorBombsAreRefused() throws {
        // 100 × 100 × 100 instances of a square: a million layers drawn.
        let bomb = """
            version: 1
            description: nested replicators
            size: [100, 100]
            layers:
              - name: a
                frame: [0, 0, 100, 100]
                replicator: {instanceCount: 100}
                sublayers:
                  - name: b
                    frame: [0, 0, 100, 100]
                    replicator: {instanceCount: 100}
                    sublayers:
                      - name: c
                        frame: [0, 0, 100, 100]
                        replicator: {instanceCount: 100}
                        sublayers: [{frame: [0, 0, 1, 1], backgroundColor: red}]
            """
        #expect(throws: SceneError.self) { try Self.decode(bomb) }
        do { _ = try Self.decode(bomb) } catch { #expect("\(error)".contains("every replicator instance counted"), "\(error)") }
        #expect(throws: SceneError.self) { try row(count: 10_001) }
        #expect(throws: SceneError.self) { try row(count: 2, extra: ", instanceRedOffset: 3") }
    }

    @Test func conicGradientsSweepClockwiseFromTheEndPoint() throws {
        let scene = try Self.decode("""
            version: 1
            description: a conic gradient
            size: [100, 100]
            layers:
              - {name: c, frame: [0, 0, 100, 100], gradient: {type: conic, colors: ["#000000", "#ffffff"]}}
            """)
        let frame = try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers))
        // From 12 o'clock (black) clockwise: 3 o'clock a quarter, 6 half, 9 three quarters white.
        func level(_ x: Int, _ y: Int) -> Double { Double(frame[x, y].r) / 255 }
        #expect(abs(level(90, 50) - 0.25) < 0.02 && abs(level(50, 90) - 0.5) < 0.02 && abs(level(10, 50) - 0.75) < 0.02)
        #expect(level(52, 10) < 0.05 && level(48, 10) > 0.95, "the seam runs up from the centre")
    }
}
