import Foundation
import Testing
import StrataKit
import StrataRaster
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
        _ = try Self.drawBothWays(try FrameRenderer(scene: scene), label: name)
    }

    /// Draws every frame of `renderer` in order over the previous one and in full, expecting the
    /// same PNG from an encoder that follows the damage (reusing the bands of rows it left alone)
    /// as from one that encodes every full frame afresh — the same pixels, since un-premultiplying
    /// is one-to-one on premultiplied pixels. Returns the resources that drew over (their count of
    /// damage redraws) and the encoder that followed them.
    @discardableResult
    static func drawBothWays(_ renderer: FrameRenderer, label: String) throws -> (resources: RenderResources, encoder: PNGEncoder) {
        let damaged = RenderResources(), following = PNGEncoder(), afresh = PNGEncoder()
        damaged.keepsDamage = true
        for index in renderer.frames.indices {
            let png = try renderer.renderPNG(displayedIndex: index, resources: damaged, encoder: following, options: .fast)
            let expected = try afresh.encode(try renderer.render(displayedIndex: index).image)
            let agrees = png == expected
            #expect(agrees, "\(label) frame \(index): the frame drawn over the previous one differs (PNG of \(png.count) bytes, \(expected.count) in full)")
            if png != expected { break }
        }
        return (damaged, following)
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

    /// A card with a shadow moving over the 1080p interface of scripts/damage_scene.py — scaled
    /// photos in clipped cards, text, a radial badge — on a vertical and on a diagonal wallpaper:
    /// every frame equal to a full draw, and the vertical one drawn over the previous frame.
    @Test(arguments: ["vertical", "diagonal"])
    func aCardOverAnInterface(wallpaper: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-damage-\(getpid())-\(wallpaper)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("card.yaml").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PackagePaths.root.appendingPathComponent("scripts/damage_scene.py").path, path]
        try process.run()
        process.waitUntilExit()
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if wallpaper == "diagonal" { text = text.replacingOccurrences(of: "startPoint: [0.5, 0], endPoint: [0.5, 1]", with: "startPoint: [0, 0], endPoint: [1, 1]") }
        // Every fourth frame: enough to cross photos, titles and badges.
        text = text.replacingOccurrences(of: "clock: {fps: 60, frames: 120}", with: "clock: {fps: 15, frames: 30}")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try Pipeline.loadScene(at: path)
        let renderer = try FrameRenderer(scene: scene)
        let (damaged, encoder) = try Self.drawBothWays(renderer, label: wallpaper)
        if wallpaper == "vertical" {
            #expect(damaged.damageRedraws >= renderer.frames.count / 2, "\(damaged.damageRedraws) of \(renderer.frames.count)")
            // A 1080p frame is 12 bands of rows; the card's old and new rows (it moves 4 frames'
            // worth at a time here) touch at most 8 of them.
            #expect(encoder.reusedBands >= 4 * damaged.damageRedraws, "\(encoder.reusedBands) bands reused in \(damaged.damageRedraws) frames")
        }
        print("damage: \(wallpaper): \(damaged.damageRedraws) of \(renderer.frames.count) frames drawn over the previous one, \(encoder.reusedBands) PNG bands reused")
    }
}
