import StrataTestSupport
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

    /// A mirror image (x scale −1) turned by any angle — taken apart as half a turn about an axis
    /// in the plane, with three negated scales — comes back as itself, and halfway between two
    /// turns of one mirror image is the mirror image turned halfway (a Lottie layer flipped with
    /// scale −100 % and turning drew its turn the other way round).
    @Test func mirrorImagesRecomposeAndTurnTheRightWay() throws {
        for degrees in stride(from: -180.0, through: 180, by: 15) {
            let m = Transform3D(Transform2D.scale(x: -1, y: 1).concatenating(.rotation(radians: degrees * .pi / 180)))
            let parts = try #require(DecomposedTransform3D(m))
            #expect(Self.close(parts.recomposed, m, 1e-9), "\(degrees)°: \(parts.recomposed)")
            #expect(Self.close(m.interpolated(to: m, fraction: 0.5), m, 1e-9), "\(degrees)°")
        }
        let from = Transform3D(Transform2D.scale(x: -1, y: 1)), to = Transform3D(Transform2D.scale(x: -1, y: 1).concatenating(.rotation(radians: -.pi / 3)))
        let halfway = Transform3D(Transform2D.scale(x: -1, y: 1).concatenating(.rotation(radians: -.pi / 6)))
        #expect(Self.close(from.interpolated(to: to, fraction: 0.5), halfway, 1e-9), "\(from.interpolated(to: to, fraction: 0.5))")
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

    /// Interpolation vectors of web-platform-tests' css/css-transforms/animation/
    /// transform-interpolation-005.html (matrix transforms, which CSS interpolates by
    /// decomposition, as Strata always does), at every fraction the file gives, extrapolation
    /// included. `matrix(a, b, c, d, e, f)` and `matrix3d(…)` list CATransform3D's m11, m12, … in
    /// order. Compared up to a common factor (Strata's recomposed matrix has m44 = 1), to 1e-6 of
    /// the largest entry.
    @Test func interpolationMatchesWPTsMatrixVectors() throws {
        func matrix(_ text: String) -> Transform3D {
            let numbers = text.split(whereSeparator: { ", ".contains($0) }).map { Double($0)! }
            if numbers.count == 6 {
                return Transform3D(entries: [numbers[0], numbers[1], 0, 0, numbers[2], numbers[3], 0, 0, 0, 0, 1, 0, numbers[4], numbers[5], 0, 1])!
            }
            return Transform3D(entries: numbers)!
        }
        let none = "1, 0, 0, 1, 0, 0"
        let (c30, s30, c45, s45, c60, s60) = (cos(Double.pi / 6), sin(Double.pi / 6), cos(Double.pi / 4), sin(Double.pi / 4), cos(Double.pi / 3), sin(Double.pi / 3))
        let rotationScale = "1.0806046117362795, 0, -1.682941969615793, 0, 0, 3, 0, 0, 3.365883939231586, 0, 2.161209223472559, 0, 0, 0, 0, 1"
        let scaled = "2.3505561943, 0.0, 0.0, 0.0, 0.0, 2.6068943664, 0.0, 0.0, 0.0, 0.0, 2.6591082592, 0.0, 20.3339914256, 20.6709033765, 20.9147808456, 1.0"
        let projective = "0, 0.6875, -0.625, 0.3125, -0.6666666666666665, -1, 0.8333333333333334, 0.125, -0.6666666666666665, 0, 0.5, 1.0625, -1.1875, -0.0625, 1.3125, 1"
        let projective2 = "0.571428571428571, -0.625, -0.8333333333333346, -0.66666666666669, 0.5, -0.1875, -0.8125, 0.3125, 0.34375, -1, 0.8333333333333327, 1.34375, -1.34375, 1, -0.9375, 1"
        let vectors: [(from: String, to: String, expected: [(Double, String)])] = [
            ("1, 0, 0, 1, 0, -6", "0, 7, -1, 0, 6, 0", [
                (-1, "0, 5, 1, 0, -6, -12"), (1.0 / 3, "\(3 * c30), \(3 * s30), \(-s30), \(c30), 2, -4"),
                (0.5, "\(4 * c45), \(4 * s45), \(-s45), \(c45), 3, -3"), (2.0 / 3, "\(5 * c60), \(5 * s60), \(-s60), \(c60), 4, -2"),
                (2, "-13, 0, 0, -1, 12, 6")]),
            ("1, 0, 0, 7, 0, 0", "7, 0, 1, 1, 0, 0", [
                (-1, "-5, 0, -13, 13, 0, 0"), (0.5, "4, 0, 2, 4, 0, 0"), (2.0 / 3, "5, 0, 2, 3, 0, 0"), (2, "13, 0, -10, -5, 0, 0")]),
            (none, "7, 0, 2, 2, 6, 0", [
                (-1, "-5, 0, 0, 0, -6, 0"), (0.5, "4, 0, 0.75, 1.5, 3, 0"), (2, "13, 0, 6, 3, 12, 0")]),
            ("3, 0, 0, 5, 0, -6", none, [
                (-1, "5, 0, 0, 9, 0, -12"), (0.25, "2.5, 0, 0, 4, 0, -4.5"), (0.75, "1.5, 0, 0, 2, 0, -1.5"), (2, "-1, 0, 0, -3, 0, 6")]),
            (none, rotationScale, [
                (0.25, "1.211140527138306, 0, -0.30925494906815365, 0, 0, 1.5, 0, 0, 0.43295692869541513, 0, 1.6955967379936283, 0, 0, 0, 0, 1"),
                (0.75, "1.2804555205291865, 0, -1.1928678300408346, 0, 0, 2.5, 0, 0, 2.215325970075836, 0, 2.377988823839918, 0, 0, 0, 0, 1"),
                (2, "-1.2484405096414273, 0, -2.727892280477045, 0, 0, 5, 0, 0, 6.365081987779772, 0, -2.9130278558299967, 0, 0, 0, 0, 1")]),
            (scaled, "2.7133590938, 0.0, 0.0, 0.0, 0.0, 2.4645137761, 0.0, 0.0, 0.0, 0.0, 2.801687476, 0.0, 20.4335882254, 20.2330661998, 20.4583968206, 1.0", [
                (-1, "1.9877532948000005, 0.0, 0.0, 0.0, 0.0, 2.7492749567000003, 0.0, 0.0, 0.0, 0.0, 2.5165290423999997, 0.0, 20.2343946258, 21.1087405532, 21.371164870599998, 1.0"),
                (0.25, "2.441256919175, 0.0, 0.0, 0.0, 0.0, 2.571299218825, 0.0, 0.0, 0.0, 0.0, 2.6947530634, 0.0, 20.35889062555, 20.561444082325, 20.800684839349998, 1.0")]),
            (none, projective, [
                (0.25, "0.9041890962319094, 0.3522701519297133, -0.15240204298176957, -0.1428256720529315, -0.7579798772527586, 0.6803606288839232, -0.05133336076757235, 0.37904689530895724, -0.1957679784745485, 0.38554138029509327, 0.8226186974340638, 0.3370288143441876, -0.296875, -0.015625, 0.328125, 0.5930529142680923"),
                (0.75, "0.35007413226026135, 0.7254385504141292, -0.4977009150941454, 0.09582061929004702, -1.1027525038949482, -0.5884810398827429, 0.4516829688651701, 0.5447944343861767, -0.68717798815684, 0.2657772247405681, 0.5465690479810023, 1.0836207863885503, -0.890625, -0.046875, 0.984375, 0.5930529142680927")]),
            (projective, projective2, [
                (0.25, "0.33652832679595723, 0.55254445148386, -0.7544724447833296, 0.22700224951774267, -0.69720168363685, -0.036373245768780864, 0.28149188169180933, -0.2845156818045006, -0.24737156018941048, 0.31207160370190334, 0.4564821058052897, 0.9220853089096839, -1.2265625, 0.203125, 0.75, 1.647016932991011"),
                (0.75, "0.6861191524977764, -0.18025672746204927, -0.8710297237546482, 0.6072134247444672, 0.2819931018922366, 0.27778974607679663, -0.6540128246146626, 0.5063632314069845, 0.5509562084361049, -0.3215202993119732, 0.5459062603735321, 2.8697154005492105, -1.3046875, 0.734375, -0.375, 1.6470169329910096")]),
            (projective2, "1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1", [
                (0.25, "0.7912976716694541, -0.4517927901159618, -0.6868745974719376, 1.2522201536338506, 0.7952183069582651, 0.06340410955800829, -0.7956629784232128, 2.2561737435012983, 0.345639443327071, -0.8934490945546473, 0.830131443385676, 1.2606901484983566, -1.0078125, 0.75, -0.703125, 2.4888661932358946"),
                (0.75, "1.0093457700315165, -0.12746048375025829, -0.24746788943106088, 1.3202120308857304, 0.6128364656690982, 0.7600694601651116, -0.22233359857303325, 1.4081483224940277, 0.21669805381113447, -0.3786082265932788, 0.908354523914928, 0.6747509193960347, -0.3359375, 0.25, -0.234375, 2.4888661932358964")]),
        ]
        var checked = 0
        for vector in vectors {
            let from = matrix(vector.from), to = matrix(vector.to)
            for (fraction, text) in vector.expected {
                let expected = matrix(text), got = from.interpolated(to: to, fraction: fraction)
                // Up to a common factor: scale both so that their largest entry is 1 in size, same sign.
                func normalised(_ t: Transform3D) -> [Double] {
                    let e = t.entries, largest = e.max { abs($0) < abs($1) }!
                    return e.map { $0 / largest }
                }
                let difference = zip(normalised(got), normalised(expected)).map { abs($0 - $1) }.max()!
                #expect(difference < 1e-6, "\(vector.from) → \(vector.to) at \(fraction): \(got.entries) vs \(expected.entries)")
                checked += 1
            }
        }
        #expect(checked == 27)
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
        #expect(abs(shadow.offsetY - 4 * pixelScale) < 1e-9 && abs(shadow.sigma - 6 * pixelScale) < 1e-9)  // σ = shadowRadius
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
