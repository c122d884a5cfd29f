import Foundation
import Testing
import StrataKit
import StrataRender
import StrataScene

/// Frames drawn over the previous frame where only the damage is redrawn (`keepsDamage`) have the
/// bytes of frames drawn in full: every frame of every catalogue scene, in order on one thread.
@Suite("Damage: redrawing only what changed gives the bytes of a full frame")
struct DamageTests {
    static let scenes = ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.scenes.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test(arguments: scenes)
    func everyFrameMatchesAFullDraw(name: String) throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent(name).path)
        let renderer = try FrameRenderer(scene: scene)
        let damaged = RenderResources()
        damaged.keepsDamage = true
        for index in renderer.frames.indices {
            let full = try renderer.render(displayedIndex: index).image
            let drawn = try renderer.render(displayedIndex: index, resources: damaged).image
            #expect(drawn.pixels == full.pixels, "\(name) frame \(index): \(zip(drawn.pixels, full.pixels).filter { $0 != $1 }.count) bytes differ")
            if drawn.pixels != full.pixels { break }
        }
        print("damage: \(name): \(damaged.damageRedraws) of \(renderer.frames.count) frames drawn over the previous one")
    }

    @Test func aSmallMoveRedrawsOnlyItsRegion() throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("slide-linear.yaml").path)
        let renderer = try FrameRenderer(scene: scene)
        let resources = RenderResources()
        resources.keepsDamage = true
        for index in renderer.frames.indices { _ = try renderer.render(displayedIndex: index, resources: resources) }
        // Every frame after the first is drawn over the one before (a box moving on a still track).
        #expect(resources.damageRedraws == renderer.frames.count - 1, "\(resources.damageRedraws)")
    }
}
