import StrataTestSupport
import Foundation
import Testing
import StrataAnimation
import StrataKit
import StrataModel
import StrataScene

/// The animated scenes hold their presentation values at exact times, and bad animations are
/// scene errors with key paths.
@Suite("Animated scenes")
struct SceneAnimationTests {
    func scene(_ name: String) throws -> Scene {
        try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
    }

    func layer(_ scene: Scene, _ name: String, at seconds: Double) throws -> Layer {
        let presentation = scene.presentation(atSeconds: seconds)
        return try #require(presentation.layers.first { $0.name == name })
    }

    @Test func linearSlide() throws {
        let scene = try scene("slide-linear")
        #expect(scene.clock.tickCount == 31 && scene.clock.framesPerSecond == 30)
        #expect(try layer(scene, "box", at: 0).position.x == 30)
        #expect(try layer(scene, "box", at: 0.5).position.x == 120)
        #expect(try layer(scene, "box", at: 1).position.x == 210)
        #expect(try layer(scene, "box", at: 2).position.x == 210, "fillMode forwards, not removed")
    }

    @Test func easedSlideLagsThenLeads() throws {
        let scene = try scene("slide-ease")
        let linear = try layer(scene, "linear", at: 0.2).position.x, eased = try layer(scene, "eased", at: 0.2).position.x
        #expect(eased < linear)
        #expect(abs(try layer(scene, "eased", at: 0.5).position.x - 120) < 1e-9)
        #expect(try layer(scene, "eased", at: 0.8).position.x > layer(scene, "linear", at: 0.8).position.x)
        #expect(abs(eased - (25 + 190 * TimingFunction.easeInEaseOut.value(at: 0.2))) < 1e-9)
    }

    @Test func keyframesAtTheirKeyTimes() throws {
        let scene = try scene("keyframes")
        #expect(try layer(scene, "dot", at: 0.4).position == Point(x: 180, y: 20))
        let middle = try layer(scene, "dot", at: 0.9).position
        #expect(middle.x == 180 && abs(middle.y - 70) < 1e-9)
        #expect(try layer(scene, "dot", at: 1.4).position == Point(x: 180, y: 120))
        #expect(try layer(scene, "dot", at: 2).position == Point(x: 20, y: 120))
        let early = try layer(scene, "dot", at: 0.2).position.x
        #expect(abs(early - (20 + 160 * TimingFunction.easeIn.value(at: 0.5))) < 1e-9)
        #expect(try layer(scene, "dot", at: 0.4).backgroundColor == Color(hex: "#43a047"))
    }

    @Test func springSettlesOnTheTarget() throws {
        let scene = try scene("spring-bounce")
        let spring = Spring(mass: 1, stiffness: 170, damping: 8)
        let expected = 30 + 110 * (1 - spring.displacement(atSeconds: 0.3))
        #expect(abs(try layer(scene, "ball", at: 0.3).position.y - expected) < 1e-9)
        #expect(try layer(scene, "ball", at: 0.25).position.y > 140, "it overshoots")
        #expect(abs(try layer(scene, "ball", at: 1.2).position.y - 140) < 1, "at rest to the eye")
        // The animation lasts its settling duration (within 0.1 % of the distance), then the model value shows.
        #expect(abs(spring.settlingDuration - 1.7) < 0.1)
        #expect(try layer(scene, "ball", at: 1.8).position.y == 140)
    }

    @Test func autoreversePulse() throws {
        let scene = try scene("autoreverse")
        let peak = try layer(scene, "pulse", at: 0.5)
        #expect(peak.opacity == 0.5)
        let expected = Transform2D.rotation(radians: .pi / 4).concatenating(.scale(x: 1.5, y: 1.5))
        #expect(abs(peak.transform.m11 - expected.a) < 1e-12 && abs(peak.transform.m12 - expected.b) < 1e-12)
        #expect(try layer(scene, "pulse", at: 1).opacity == 1)
        #expect(try layer(scene, "pulse", at: 1.5).opacity == 0.5)
        #expect(try layer(scene, "pulse", at: 0.25).opacity == 0.75)
    }

    func error(_ animation: String) -> SceneError? {
        let text = "version: 1\ndescription: d\nsize: [10, 10]\nclock: {fps: 10, duration: 1}\nlayers:\n  - animations:\n      - " + animation + "\n"
        do {
            _ = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "a.yaml", baseURL: PackagePaths.scenes, defaultName: "a")
            return nil
        } catch {
            return error
        }
    }

    @Test func badAnimationsAreSceneErrorsWithKeyPaths() {
        #expect(error("{keyPath: position.x, values: [0, 1, 2], keyTimes: [0, 1], duration: 1}")?.keyPath == "layers[0].animations[0].keyTimes")
        #expect(error("{keyPath: position.x, values: [0, 1, 2], keyTimes: [0, 0.8, 0.5], duration: 1}")?.keyPath == "layers[0].animations[0].keyTimes[2]")
        #expect(error("{keyPath: position.x, values: [0, 1], keyTimes: [0, 1.5], duration: 1}")?.keyPath == "layers[0].animations[0].keyTimes[1]")
        #expect(error("{keyPath: position.x, from: 0, to: 1, duration: -1}")?.keyPath == "layers[0].animations[0].duration")
        #expect(error("{keyPath: positon, from: 0, to: 1}")?.expected.contains("did you mean \"position\"?") == true)
        #expect(error("{keyPath: position, from: 0, to: 1}")?.keyPath == "layers[0].animations[0].from")
        #expect(error("{keyPath: opacity, duration: 1}")?.keyPath == "layers[0].animations[0].to")
        #expect(error("{keyPath: position.x, from: 0, to: 1, timingFunction: easeInOut}")?.expected.contains("did you mean") == true)
        #expect(error("{keyPath: position.x, from: 0, to: 1, stiffness: 0}")?.keyPath == "layers[0].animations[0].stiffness")
        #expect(error("{keyPath: opacity, path: {start: [0, 0], segments: [{lineTo: [1, 1]}]}}")?.keyPath == "layers[0].animations[0].path")
        #expect(error("{animations: [{keyPath: opacity, to: 2}]}")?.keyPath == "layers[0].animations[0].animations[0].to")
        #expect(error("{keyPath: position, values: [[0, 0], [1, 1]], rotationMode: auto}")?.keyPath == "layers[0].animations[0].rotationMode")
        #expect(error("{keyPath: position, path: {start: [0, 0], segments: [{lineTo: [1, 1]}]}, rotationMode: sideways}")?.keyPath
                == "layers[0].animations[0].rotationMode")
        #expect(error("{keyPath: position, path: {start: [0, 0], segments: [{lineTo: [1, 1]}]}, rotationMode: autoReverse}") == nil)
        #expect(error("{keyPath: shadowOffset, from: [0, 0], to: [4, 8]}") == nil && error("{keyPath: shadowColor, to: red}") == nil)
        #expect(error("{keyPath: shadowOpacity, to: [1, 2]}")?.keyPath == "layers[0].animations[0].to")
        // Discrete mode accepts one more key time than values, as Core Animation does.
        #expect(error("{keyPath: opacity, values: [0, 1], keyTimes: [0, 0.5, 1], calculationMode: discrete}") == nil)
        #expect(error("{keyPath: position.x, from: 0, to: 1, repeatCount: .inf}") == nil)
    }

    @Test func clockErrors() {
        func clockError(_ clock: String) -> SceneError? {
            let text = "version: 1\ndescription: d\nsize: [10, 10]\nclock: \(clock)\nlayers: []\n"
            do {
                _ = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "c.yaml", baseURL: PackagePaths.scenes, defaultName: "c")
                return nil
            } catch { return error }
        }
        #expect(clockError("{fps: 60}")?.keyPath == "clock.duration")
        #expect(clockError("{fps: 60, duration: 1, frames: 10}")?.keyPath == "clock.frames")
        #expect(clockError("{fps: 0, duration: 1}")?.keyPath == "clock.fps")
        #expect(clockError("{duration: 10000}")?.keyPath == "clock.duration")
        #expect(clockError("{duration: 1, droppedFrames: {every: 1}}")?.keyPath == "clock.droppedFrames.every")
        #expect(clockError("{duration: 1, droppedFrames: [3, 7]}") == nil)
    }
}
