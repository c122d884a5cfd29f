import Foundation
import StrataAnimation
import StrataModel
import StrataRender
import StrataScene
import Testing

/// `Transform3D` against `CATransform3D`'s definitions, the CSS Transforms 2 decomposition, and
/// how 3-D layers are placed, culled, sorted and drawn.
@Suite("3-D transforms")
struct Transform3DTests {
    static func decode(_ text: String) throws(SceneError) -> Scene {
        try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "test.yaml", baseURL: PackagePaths.scenes, defaultName: "test")
    }

    static func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
    }

    // MARK: - Model

    @Test func layoutAndConventionsAreCoreAnimations() {
        // rotateY(+40°) sends the right edge (x > 0) away from the viewer (z < 0).
        let turn = Transform3D.rotation(radians: 40 * .pi / 180, x: 0, y: 1, z: 0)
        let right = turn.apply(x: 1, y: 0)
        #expect(right.z < 0 && abs(right.x - cos(40 * .pi / 180)) < 1e-15)
        // rotateX(+θ) sends the bottom edge (y > 0, y down) toward the viewer.
        #expect(Transform3D.rotation(radians: 0.3, x: 1, y: 0, z: 0).apply(x: 0, y: 1).z > 0)
        // About z it is the 2-D rotation, to the bit.
        #expect(Transform3D.rotation(radians: 0.7, x: 0, y: 0, z: 1).affine == Transform2D.rotation(radians: 0.7))
        // Perspective: m34 = -1/d, w = 1 - z/d; a point toward the viewer looks bigger.
        let eye = Transform3D.perspective(distance: 500)
        #expect(eye.m34 == -1.0 / 500 && eye.apply(x: 0, y: 0, z: 100).w == 0.8)
        #expect(Transform3D.perspective(distance: 0).isIdentity && Transform3D.perspective(distance: .nan).isIdentity)
        // Concat applies self, then the argument (translation then scale doubles the translation).
        let t = Transform3D.translation(x: 10, y: 0, z: 5).concatenating(.scale(x: 2, y: 2, z: 2))
        #expect(t.m41 == 20 && t.m43 == 10)
        // isAffine and the 2-D part.
        #expect(Transform3D(Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)).isAffine)
        #expect(!turn.isAffine && !eye.isAffine && !Transform3D.translation(x: 0, y: 0, z: 1).isAffine)
        #expect(Transform3D(Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)).affine == Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }

    @Test func inverseAndDeterminant() throws {
        let m = Transform3D.rotation(radians: 0.4, x: 1, y: 2, z: 3).concatenating(.translation(x: 3, y: -4, z: 5))
            .concatenating(.perspective(distance: 300)).concatenating(.scale(x: 2, y: 0.5, z: 1.5))
        let inverse = try #require(m.inverted())
        #expect(Self.close(m.concatenating(inverse), .identity, 1e-12))
        #expect(abs(m.determinant - 1.5) < 1e-12)
        #expect(Transform3D.scale(x: 0, y: 1).inverted() == nil)
        #expect(Transform3D(entries: Array(repeating: .nan, count: 16))!.inverted() == nil)
    }

    @Test func backFacesAreCSSs() {
        #expect(Transform3D.rotation(radians: .pi, x: 0, y: 1, z: 0).showsBackFace)
        #expect(Transform3D.rotation(radians: 2.0, x: 1, y: 0, z: 0).showsBackFace)
        #expect(!Transform3D.rotation(radians: 1.0, x: 0, y: 1, z: 0).showsBackFace)
        // A 2-D mirror is not a back face (CSS: the inverse's m33 stays positive).
        #expect(!Transform3D.scale(x: -1, y: 1).showsBackFace)
        #expect(!Transform3D.rotation(radians: .pi, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 400))
            .concatenating(.rotation(radians: .pi, x: 0, y: 1, z: 0)).showsBackFace)
    }

    // MARK: - Decomposition and interpolation (CSS Transforms 2)

    @Test func decompositionRecomposesTheMatrix() throws {
        var seed: UInt64 = 0x5EED
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 2 - 1
        }
        for _ in 0..<200 {
            let m = Transform3D.scale(x: 1 + next() * 0.5, y: 1 + next() * 0.5, z: 1 + next() * 0.5)
                .concatenating(.skew(xRadians: next() * 0.3, yRadians: 0))
                .concatenating(.rotation(radians: next() * 3, x: next(), y: next(), z: next()))
                .concatenating(.translation(x: next() * 100, y: next() * 100, z: next() * 100))
                .concatenating(.perspective(distance: 400 + next() * 200))
            let parts = try #require(DecomposedTransform3D(m))
            // CSS normalises by m44 first: the same projective map.
            let normalised = Transform3D(entries: m.entries.map { $0 / m.m44 })!
            #expect(Self.close(parts.recomposed, normalised, 1e-9), "\(m)\n\(parts.recomposed)")
        }
    }

    @Test func interpolationFollowsCSSTransforms2() {
        // rotateY(0) → rotateY(90°) at ½ is rotateY(45°): a turn, not a shrink.
        let a = Transform3D.identity, b = Transform3D.rotation(radians: .pi / 2, x: 0, y: 1, z: 0)
        #expect(Self.close(a.interpolated(to: b, fraction: 0.5), .rotation(radians: .pi / 4, x: 0, y: 1, z: 0), 1e-12))
        // WPT transforms/animation: perspective(400px) → perspective(500px) at ½ interpolates the
        // decomposed perspective component (-1/400 → -1/500): -0.00225.
        let p = Transform3D.perspective(distance: 400).interpolated(to: .perspective(distance: 500), fraction: 0.5)
        #expect(abs(p.m34 - -0.00225) < 1e-15)
        // translate3d and scale interpolate linearly.
        let moved = Transform3D.translation(x: 0, y: 0, z: 0).interpolated(to: .translation(x: 100, y: -50, z: 20), fraction: 0.25)
        #expect(Self.close(moved, .translation(x: 25, y: -12.5, z: 5)))
        let scaled = Transform3D.scale(x: 1, y: 1).interpolated(to: .scale(x: 3, y: 2, z: 5), fraction: 0.5)
        #expect(Self.close(scaled, .scale(x: 2, y: 1.5, z: 3)))
        // A matrix that cannot be decomposed switches at half way.
        let flat = Transform3D.scale(x: 0, y: 1)
        #expect(flat.interpolated(to: .identity, fraction: 0.4) == flat && flat.interpolated(to: .identity, fraction: 0.6) == .identity)
    }

    // MARK: - Placement

    /// A scene of one canvas-sized stage, seen from `distance` points, holding `sublayers`
    /// (YAML list items, indented by 6).
    static func stage(width: Int, height: Int, distance: Int, _ sublayers: String) throws -> Scene {
        try Self.decode("""
            version: 1
            description: a test of 3-D placement
            size: [\(width), \(height)]
            layers:
              - name: stage
                frame: [0, 0, \(width), \(height)]
                sublayerTransform: [{perspective: \(distance)}]
                sublayers:
            """ + "\n" + sublayers)
    }

    /// A stage with perspective and one card under a transform written in a scene file.
    static func tiltedCard(_ steps: String, doubleSided: Bool = true) throws -> Scene {
        try stage(width: 300, height: 200, distance: 400, """
                  - {name: card, frame: [75, 50, 150, 100], backgroundColor: "#1e88e5", doubleSided: \(doubleSided), transform: \(steps)}
            """)
    }

    @Test func edgeOnAndBackFacingLayersDrawNothing() throws {
        func nodes(_ scene: Scene) -> [RenderNode] {
            RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers).allNodes.filter { $0.name == "card" }
        }
        #expect(nodes(try Self.tiltedCard("[{rotateY: {degrees: 90}}]")).isEmpty)
        #expect(nodes(try Self.tiltedCard("[{rotateX: {degrees: -90}}]")).isEmpty)
        #expect(nodes(try Self.tiltedCard("[{rotateY: {degrees: 150}}]", doubleSided: false)).isEmpty)
        #expect(nodes(try Self.tiltedCard("[{rotateY: {degrees: 150}}]", doubleSided: true)).contains { $0.projection != nil })
        // Seen in perspective, the card is a projection; seen flat (no m34 anywhere) it stays affine.
        #expect(nodes(try Self.tiltedCard("[{rotateY: {degrees: 30}}]")).first?.projection != nil)
        let flat = try Self.decode("""
            version: 1
            description: a test of 3-D placement
            size: [300, 200]
            layers: [{name: card, frame: [75, 50, 150, 100], backgroundColor: red, transform: [{rotateY: {degrees: 60}}]}]
            """)
        let node = try #require(nodes(flat).first)
        #expect(node.projection == nil && abs(node.transform.a - 0.5) < 1e-12, "rotateY(60°) without perspective halves the width")
    }

    @Test func geometryBehindTheEyeIsCutNotMirrored() throws {
        // The card's near edge passes the eye (z > 400 at its left edge): only the part in front
        // is drawn, nothing is NaN, and the rendered frame has no card pixels right of the hinge's mirror.
        let scene = try Self.tiltedCard("[{translateZ: 300}, {rotateY: {degrees: 80}}]")
        let tree = RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers)
        for node in tree.allNodes {
            let finite = [node.bounds.minX, node.bounds.minY, node.bounds.width, node.bounds.height].allSatisfy { $0.isFinite }
            #expect(finite)
        }
        let frame = try Renderer.render(tree)
        #expect(frame.width == 300 && frame.height == 200)
        // Everything behind the eye: nothing at all.
        let behind = try Self.tiltedCard("[{translateZ: 1000}]")
        let behindTree = RenderTreeBuilder(size: behind.size, scale: 1).build(behind.layers)
        #expect(behindTree.allNodes.allSatisfy { $0.name != "card" })
    }

    @Test func hostileMatricesNeverCrash() throws {
        for steps in ["[{matrix3d: [1e308, 0, 0, 1e308, 0, 1e308, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-308]}]",
                      "[{matrix3d: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]",
                      "[{matrix3d: [1, 0, 0, -1, 0, 1, 0, -1, 0, 0, 1, 0, 0, 0, 0, -1]}]",
                      "[{perspective: 1e-300}, {rotateY: {degrees: 45}}]", "[{scaleZ: 1e308}, {rotateX: {degrees: 45}}]"] {
            let scene = try Self.tiltedCard(steps)
            let frame = try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers))
            #expect(frame.width == 300, "\(steps)")
        }
        // Not numbers, or too few: a clean error naming the key path.
        #expect(throws: SceneError.self) { try Self.tiltedCard("[{matrix3d: [1, 2, 3]}]") }
        #expect(throws: SceneError.self) { try Self.tiltedCard("[{perspective: 0}]") }
        #expect(throws: SceneError.self) { try Self.tiltedCard("[{matrix3d: [.nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]") }
    }

    @Test func backdropFiltersSeeWhatLiesBehindTheProjectedQuad() throws {
        // A red-to-blue stage and a card turned 35° in perspective whose backdrop filter swaps red
        // and blue: inside the projected quad each pixel is the swapped stage pixel at the same
        // place on the canvas (the gradient is linear, so sampling it back and forth costs ≤ 3/255).
        func scene(card: Bool) throws -> Scene {
            try Self.decode("""
                version: 1
                description: a backdrop filter on a projected card
                size: [240, 160]
                layers:
                  - name: stage
                    frame: [0, 0, 240, 160]
                    gradient: {type: linear, colors: ["#ff0000", "#0000ff"], startPoint: [0, 0.5], endPoint: [1, 0.5]}
                    sublayerTransform: [{perspective: 300}]
                    sublayers:
                      - name: card
                        frame: [60, 30, 120, 100]
                        hidden: \(!card)
                        transform: [{rotateY: {degrees: 35}}]
                        backgroundFilters: [{colorMatrix: [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]}]
                """)
        }
        let withCard = try scene(card: true), stageOnly = try scene(card: false)
        let tree = RenderTreeBuilder(size: withCard.size, scale: 1).build(withCard.layers)
        #expect(tree.allNodes.contains { $0.name == "card" && $0.projection != nil })
        let frame = try Renderer.render(tree)
        let stage = try Renderer.render(RenderTreeBuilder(size: stageOnly.size, scale: 1).build(stageOnly.layers))
        var worst = 0
        for y in stride(from: 62, through: 98, by: 4) {
            for x in stride(from: 92, through: 148, by: 4) {
                let seen = frame[x, y], behind = stage[x, y]
                worst = max(worst, abs(Int(seen.r) - Int(behind.b)), abs(Int(seen.b) - Int(behind.r)), abs(Int(seen.g) - Int(behind.g)))
            }
        }
        #expect(worst <= 3, "inside the quad: \(worst)/255 from the swapped stage")
        #expect(stage[100, 80].r > stage[100, 80].b + 20, "the stage is still red there; the card shows it blue")
        // Outside the quad the stage is untouched.
        for (x, y) in [(4, 4), (235, 155), (120, 5)] { #expect(frame[x, y] == stage[x, y]) }
    }

    @Test func filterAndShadowLengthsAreTheLayersPointsInPerspective() throws {
        // Drawn offscreen at more pixels per point than the canvas (its near edge is magnified),
        // the card's blur and shadow are converted with that offscreen scale, not the canvas's.
        let scene = try Self.stage(width: 300, height: 200, distance: 300, """
                  - {name: card, frame: [75, 50, 150, 100], backgroundColor: "#1e88e5", transform: [{rotateY: {degrees: 40}}],
                     filters: [{gaussianBlur: {radius: 3}}], shadow: {opacity: 0.5, offset: [0, 4], radius: 6}}
            """)
        let tree = RenderTreeBuilder(size: scene.size, scale: 2).build(scene.layers)
        let projected = try #require(tree.allNodes.first { $0.name == "card" && $0.projection != nil })
        let pixelScale = try #require(projected.projection?.pixelScale)
        #expect(pixelScale > 2.2, "the near edge is magnified: \(pixelScale)")
        let flat = try #require(tree.allNodes.first { $0.name == "card" && $0.projection == nil })
        #expect(flat.filters == [.gaussianBlur(radius: 3 * pixelScale)])
        let shadow = try #require(flat.shadow)
        #expect(abs(shadow.offsetY - 4 * pixelScale) < 1e-9 && abs(shadow.sigma - 3 * pixelScale) < 1e-9)
    }

    @Test func transformLayersDrawBackToFrontByDepth() throws {
        let scene = try Self.stage(width: 200, height: 200, distance: 500, """
                  - name: box
                    transformLayer: true
                    frame: [50, 50, 100, 100]
                    sublayers:
                      - {name: near, frame: [0, 0, 100, 100], backgroundColor: red, zPosition: 40}
                      - {name: far, frame: [0, 0, 100, 100], backgroundColor: blue, zPosition: -40}
                      - {name: middle, frame: [0, 0, 100, 100], backgroundColor: green}
            """)
        let tree = RenderTreeBuilder(size: scene.size, scale: 1).build(scene.layers)
        // (A projected plane's flat drawing carries its name too: count each plane once.)
        var order: [String] = []
        for name in tree.allNodes.compactMap(\.name) where ["near", "far", "middle"].contains(name) && order.last != name {
            order.append(name)
        }
        #expect(order == ["far", "middle", "near"])
        // The nearest plane is drawn last and looks bigger (z 40 at d 500: ×500/460).
        let frame = try Renderer.render(tree)
        #expect(frame[100, 100].r == 255 && frame[100, 100].b == 0)
        #expect(frame[47, 100].r == 255, "the near plane reaches past the 100 pt box")
    }

    // MARK: - Animation

    @Test func componentKeyPathsAndWholeMatrixAnimate() throws {
        var layer = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        layer.transform = .perspective(distance: 500)
        try layer.add(.basic(.transformComponent(.rotationY), from: .number(0), to: .number(.pi), duration: 1), forKey: "flip")
        try layer.add(.basic(.transform, from: .transform(.identity), to: .transform(.rotation(radians: .pi / 2, x: 1, y: 0, z: 0)),
                             duration: 1), forKey: "tilt")
        #expect(AnimationKeyPath("transform.rotation.y") == .transformComponent(.rotationY))
        #expect(AnimationKeyPath("sublayerTransform.translation.z") == .sublayerTransformComponent(.translationZ))
        #expect(AnimationKeyPath("zPosition") == .zPosition && AnimationKeyPath("anchorPointZ") == .anchorPointZ)
        let presented = Timeline(layers: [layer]).evaluate([layer], atSeconds: 0.5).layers[0]
        // The whole-matrix animation replaces the model transform (rotateX 45°); the component
        // turns the layer about y before it: Ry(90°) · Rx(45°).
        let expected = Transform3D.rotation(radians: .pi / 2, x: 0, y: 1, z: 0)
            .concatenating(.rotation(radians: .pi / 4, x: 1, y: 0, z: 0))
        #expect(Self.close(presented.transform, expected, 1e-12), "\(presented.transform)")
    }
}
