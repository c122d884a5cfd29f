import Foundation
import StrataTestSupport
import Testing
import StrataKit
import StrataModel
import StrataRaster
@testable import StrataRender
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
    static func drawBothWays(_ renderer: FrameRenderer, label: String) throws -> (resources: RenderResources, encoder: PNGEncoder, lastDamage: FrameDamage?) {
        let damaged = RenderResources(), following = PNGEncoder(), afresh = PNGEncoder()
        damaged.keepsDamage = true
        var lastDamage: FrameDamage?
        for index in renderer.frames.indices {
            let frame = try renderer.render(.displayed(index), resources: damaged)
            lastDamage = frame.damage
            let png = try following.encode(frame, options: .fast, resources: damaged)
            let expected = try afresh.encode(try renderer.render(displayedIndex: index).image)
            let agrees = png == expected
            #expect(agrees, "\(label) frame \(index): the frame drawn over the previous one differs (PNG of \(png.count) bytes, \(expected.count) in full)")
            if png != expected { break }
        }
        return (damaged, following, lastDamage)
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

    /// A card with a shadow moving over the 1080p interface of scripts/benchmarks/scenes/damage_scene.py — scaled
    /// photos in clipped cards, text, a radial badge — on a vertical and on a diagonal wallpaper:
    /// every frame equal to a full draw, and the vertical one drawn over the previous frame.
    @Test(arguments: ["vertical", "diagonal"])
    func aCardOverAnInterface(wallpaper: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-damage-\(getpid())-\(wallpaper)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("card.yaml").path
        let made = try TestProcess.run("python3", [PackagePaths.root.appendingPathComponent("scripts/benchmarks/scenes/damage_scene.py").path, path])
        #expect(made.status == 0, "\(made.stderr)")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if wallpaper == "diagonal" { text = text.replacingOccurrences(of: "startPoint: [0.5, 0], endPoint: [0.5, 1]", with: "startPoint: [0, 0], endPoint: [1, 1]") }
        // Every fourth frame: enough to cross photos, titles and badges.
        text = text.replacingOccurrences(of: "clock: {fps: 60, frames: 120}", with: "clock: {fps: 15, frames: 30}")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try Pipeline.loadScene(at: path)
        let renderer = try FrameRenderer(scene: scene)
        let (damaged, encoder, _) = try Self.drawBothWays(renderer, label: wallpaper)
        if wallpaper == "vertical" {
            #expect(damaged.damageRedraws >= renderer.frames.count / 2, "\(damaged.damageRedraws) of \(renderer.frames.count)")
            // A 1080p frame is 12 bands of rows; the card's old and new rows (it moves 4 frames'
            // worth at a time here) touch at most 8 of them.
            #expect(encoder.reusedBands >= 4 * damaged.damageRedraws, "\(encoder.reusedBands) bands reused in \(damaged.damageRedraws) frames")
        }
        print("damage: \(wallpaper): \(damaged.damageRedraws) of \(renderer.frames.count) frames drawn over the previous one, \(encoder.reusedBands) PNG bands reused")
    }

    /// Writes `yaml` as a scene beside a copy of the catalogue's photo and loads it.
    static func sceneWithPhoto(_ yaml: String, name: String) throws -> Scene {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-damage-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = folder.appendingPathComponent("photo.png")
        try? FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: PackagePaths.scenes.appendingPathComponent("assets/photo.png"), to: photo)
        let path = folder.appendingPathComponent("scene.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return try Pipeline.loadScene(at: path)
    }

    /// A still photo scaled by a fraction, under a rounded clip that shares its edges, with a box
    /// moving over it: the damage cuts the photo (drawn from its intermediate, sampled once on the
    /// thread), and every frame is the full draw's.
    @Test func aStillScaledImageIsPlacedOnceAndCutByTheDamage() throws {
        let scene = try Self.sceneWithPhoto("""
            version: 1
            description: A box slides over a scaled photo in a rounded clip.
            size: [301, 203]
            clock: {fps: 10, frames: 8}
            layers:
              - {name: card, frame: [10.25, 6.5, 280.5, 190.75], cornerRadius: 14, masksToBounds: true, sublayers: [{name: photo, frame: [0, 0, 280.5, 190.75], contents: photo.png, contentsGravity: resizeAspectFill}]}
              - name: box
                frame: [20, 60, 40, 40]
                backgroundColor: '#ff5722'
                animations:
                  - {keyPath: position.x, from: 40, to: 250, duration: 0.8}
            """, name: "still-photo")
        let renderer = try FrameRenderer(scene: scene)
        let (damaged, _, lastDamage) = try Self.drawBothWays(renderer, label: "still photo")
        #expect(damaged.damageRedraws == renderer.frames.count - 1, "\(damaged.damageRedraws)")
        #expect(damaged.imagePlacements == 1, "the photo was sampled \(damaged.imagePlacements) times")
        let rows = try #require(lastDamage?.rows)
        #expect(rows.count < 60, "the last damage spans rows \(rows): the photo is not redrawn whole")
    }

    /// A photo that moves is placed anew on every frame; the intermediates kept are at most those
    /// of this frame and the one before.
    @Test func aMovingImageKeepsNoMoreThanTwoPlacements() throws {
        let scene = try Self.sceneWithPhoto("""
            version: 1
            description: A scaled photo slides across.
            size: [200, 120]
            clock: {fps: 10, frames: 6}
            layers:
              - name: photo
                frame: [0, 10, 90.5, 60.25]
                contents: photo.png
                animations:
                  - {keyPath: position.x, from: 50, to: 150, duration: 0.6}
            """, name: "moving-photo")
        let renderer = try FrameRenderer(scene: scene)
        let (damaged, _, _) = try Self.drawBothWays(renderer, label: "moving photo")
        #expect(damaged.imagePlacements == renderer.frames.count)
        #expect(damaged.placedImages.count <= 2, "\(damaged.placedImages.count) intermediates kept")
        #expect(damaged.placedBytes == damaged.placedImages.values.reduce(0) { $0 + $1.bytes })
    }

    /// How an image reaches the surface: one to one at a whole-pixel offset straight; scaled,
    /// rotated or at a fractional offset through an intermediate cut to the surface; an extreme
    /// destination or an intermediate over 4 Mpixels straight (the damage then holds it whole).
    @Test func imagePlacements() {
        func placement(_ destination: Rect, _ device: Transform2D = .identity, width: Int = 100, height: Int = 50, margin: Int = 0) -> ImagePlacement {
            CairoCanvas.placement(width: width, height: height, destination: destination, device: device,
                                  surfaceWidth: 3000, surfaceHeight: 3000, margin: margin)
        }
        #expect(placement(Rect(x: 10, y: 20, width: 100, height: 50)) == .exact)
        #expect(placement(Rect(x: 10, y: 20, width: 100, height: 50), .translation(x: -7, y: 3)) == .exact)
        #expect(placement(Rect(x: 10.5, y: 20, width: 100, height: 50)) == .placed(x0: 10, y0: 20, x1: 111, y1: 70))
        #expect(placement(Rect(x: 10, y: 20, width: 150, height: 50)) == .placed(x0: 10, y0: 20, x1: 160, y1: 70))
        #expect(placement(Rect(x: 10, y: 20, width: 100, height: 50), .scale(x: 2, y: 2)) == .placed(x0: 20, y0: 40, x1: 220, y1: 140))
        #expect(placement(Rect(x: -50, y: -50, width: 5000, height: 100)) == .placed(x0: 0, y0: 0, x1: 3000, y1: 50))
        #expect(placement(Rect(x: 5000, y: 20, width: 150, height: 50)) == .placed(x0: 0, y0: 0, x1: 0, y1: 0))
        // 2,048 × 2,048 is the most an intermediate holds; a pixel more each way is drawn straight,
        // and the damage's margin of a pixel counts it so a pixel earlier.
        #expect(placement(Rect(x: 0, y: 0, width: 2048, height: 2048)) == .placed(x0: 0, y0: 0, x1: 2048, y1: 2048))
        #expect(placement(Rect(x: 0, y: 0, width: 2049, height: 2048)) == .direct)
        #expect(placement(Rect(x: 0, y: 0, width: 2048, height: 2048), margin: 1) == .direct)
        #expect(placement(Rect(x: 2e7, y: 0, width: 100, height: 50)) == .direct)
        #expect(placement(Rect(x: 0, y: 0, width: 1e9, height: 50)) == .direct)
        #expect(placement(Rect(x: 0, y: 0, width: 100, height: 50), Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) == .direct)
    }
}
