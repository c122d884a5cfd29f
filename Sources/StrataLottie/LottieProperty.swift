import Foundation
import StrataModel
import StrataScene

/// A value a Lottie property can hold: interpolated component by component.
protocol LottieInterpolable {
    func interpolated(to other: Self, fractions: (Int) -> Double) -> Self
}

extension Array: LottieInterpolable where Element == Double {
    func interpolated(to other: [Double], fractions: (Int) -> Double) -> [Double] {
        indices.map { index in
            guard index < other.count else { return self[index] }
            let f = fractions(index)
            return self[index] + (other[index] - self[index]) * f
        }
    }
}

/// Easing of one keyframe segment in one dimension: the Bézier's control points (x in 0…1).
struct LottieEase: Hashable {
    var outX = 0.0, outY = 0.0, inX = 1.0, inY = 1.0
    static let linear = LottieEase()
    var timingFunction: TimingFunction {
        .cubicBezier(x1: min(1, max(0, outX)), y1: outY, x2: min(1, max(0, inX)), y2: inY)
    }
    var isLinear: Bool { outX == outY && inX == inY }
}

/// One keyframe: the frame it is at (the layer's own frames), the value, and how the segment to
/// the next keyframe runs.
struct LottieKeyframe<Value> {
    var frame: Double
    var value: Value
    /// The value is held until the next keyframe.
    var hold: Bool
    /// The easing per dimension as the file gives it (one entry applies to every dimension).
    var ease: [LottieEase]
    /// Spatial tangents of a position segment (`to` leaving this keyframe, `ti` arriving at the
    /// next), relative to the points; nil when straight.
    var spatialOut: Point?
    var spatialIn: Point?

    /// The easing of `dimension`: the first dimension's, for every dimension. lottie-ios reads a
    /// keyframe's `o` and `i` as one point each, taking the first entry of per-dimension lists, so
    /// Core Animation eases every dimension alike (its pictures of fireworks: rays scaled 50 → 0
    /// wide and 0 → 100 long with two easings match only so). After Effects and lottie-web ease
    /// each dimension on its own.
    func ease(dimension: Int) -> LottieEase { ease.first ?? .linear }
}

/// An animatable Lottie property (`{"a": 0|1, "k": …}`): one keyframe when it is constant.
struct LottieProperty<Value: LottieInterpolable> {
    var keyframes: [LottieKeyframe<Value>]

    init(constant value: Value) {
        keyframes = [LottieKeyframe(frame: 0, value: value, hold: false, ease: [])]
    }

    init(keyframes: [LottieKeyframe<Value>]) { self.keyframes = keyframes }

    var isAnimated: Bool { keyframes.count > 1 }

    /// Whether `other` has keyframes at the same frames, with the same holds and easing (the first
    /// dimension's): the timing lottie-ios's `Keyframes.combined` requires to merge properties.
    func sharesTiming(with other: LottieProperty) -> Bool {
        keyframes.count == other.keyframes.count
            && zip(keyframes, other.keyframes).allSatisfy { $0.frame == $1.frame && $0.hold == $1.hold && $0.ease(dimension: 0) == $1.ease(dimension: 0) }
    }

    var first: Value { keyframes[0].value }

    /// The value at `frame` (the layer's own frames), as Lottie evaluates it.
    func value(atFrame frame: Double) -> Value {
        guard keyframes.count > 1, frame > keyframes[0].frame else { return keyframes[0].value }
        guard frame < keyframes[keyframes.count - 1].frame else { return keyframes[keyframes.count - 1].value }
        var index = 0
        while index < keyframes.count - 2 && frame >= keyframes[index + 1].frame { index += 1 }
        let a = keyframes[index], b = keyframes[index + 1]
        if a.hold { return a.value }
        let span = b.frame - a.frame
        let local = span > 0 ? (frame - a.frame) / span : 1
        return a.value.interpolated(to: b.value) { a.ease(dimension: $0).timingFunction.value(at: local) }
    }

    /// The frames where the value may change direction or jump: every keyframe's.
    var frames: [Double] { keyframes.map(\.frame) }
}

extension LottieNode {
    /// Reads an animatable property whose values `read` decodes (`k` a value, or a list of
    /// keyframes `{t, s, e?, h?, o, i, to?, ti?}`; Bodymovin's older files give each segment's end
    /// as `e` and close with a keyframe holding only `t`).
    func property<Value>(_ read: (LottieNode) throws(SceneError) -> Value) throws(SceneError) -> LottieProperty<Value> {
        guard isObject else { throw error("an animatable property {\"a\", \"k\"}") }
        let k = try required("k", "a value or keyframes")
        let list = k.isArray ? try k.array(max: Lottie.maximumArray) : []
        guard let firstNode = list.first, firstNode.isObject, firstNode.value.member("t") != nil else {
            return LottieProperty(constant: try read(k))
        }
        var keyframes: [LottieKeyframe<Value>] = []
        var previousEnd: Value?
        for node in list {
            // A plain number is taken as it stands; anything else is read the long way, for its error.
            let frame: Double
            if let t = node.value.member("t")?.number, t.isFinite, abs(t) <= Lottie.maximumMagnitude {
                frame = t
            } else {
                frame = try node.required("t", "the keyframe's frame").number()
            }
            if let last = keyframes.last, frame < last.frame {
                throw node.error(at: "t", "a frame at or after the previous keyframe's (\(Lottie.format(last.frame)))")
            }
            let value: Value
            if let start = node["s"] {
                value = try read(start)
            } else if let previousEnd {
                value = previousEnd
            } else if let last = keyframes.last {
                value = last.value
            } else {
                throw node.missing("s", "the keyframe's value")
            }
            if let end = node["e"] {
                previousEnd = try read(end)
            } else {
                previousEnd = nil
            }
            let hold: Bool
            if let h = node.value.member("h") {
                if let flag = h.number, flag >= 0, flag <= 1 { hold = flag == 1 } else { hold = try node.number("h", default: 0, in: 0...1) == 1 }
            } else {
                hold = false
            }
            keyframes.append(LottieKeyframe(frame: frame, value: value, hold: hold, ease: try node.easing(),
                                            spatialOut: try node.tangent("to"), spatialIn: try node.tangent("ti")))
        }
        return LottieProperty(keyframes: keyframes)
    }

    /// The keyframe's easing (`o` leaving it, `i` arriving at the next), per dimension.
    private func easing() throws(SceneError) -> [LottieEase] {
        guard let outValue = value.member("o"), let intoValue = value.member("i") else { return [] }
        // Lists (or single numbers) of plain numbers are read from the document at once; anything
        // else is read again the long way below, which names what is wrong.
        if let ox = Self.plainNumbers(outValue.member("x"), clamped: false), let oy = Self.plainNumbers(outValue.member("y"), clamped: true),
           let ix = Self.plainNumbers(intoValue.member("x"), clamped: false), let iy = Self.plainNumbers(intoValue.member("y"), clamped: true),
           !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty {
            return Self.eases(ox, oy, ix, iy)
        }
        guard let out = self["o"], let into = self["i"] else { return [] }
        let ox = try out.required("x", "the easing's x").vector(), oy = try out.required("y", "the easing's y").clampedVector()
        let ix = try into.required("x", "the easing's x").vector(), iy = try into.required("y", "the easing's y").clampedVector()
        guard !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else { throw error("easing with x and y values") }
        return Self.eases(ox, oy, ix, iy)
    }

    /// One easing per dimension: the longest list's count, shorter lists repeating their last value.
    private static func eases(_ ox: [Double], _ oy: [Double], _ ix: [Double], _ iy: [Double]) -> [LottieEase] {
        let count = max(ox.count, oy.count, ix.count, iy.count)
        return (0..<count).map { d in
            LottieEase(outX: ox[min(d, ox.count - 1)], outY: oy[min(d, oy.count - 1)],
                       inX: ix[min(d, ix.count - 1)], inY: iy[min(d, iy.count - 1)])
        }
    }

    private func tangent(_ key: String) throws(SceneError) -> Point? {
        guard let raw = value.member(key) else { return nil }
        if let v = Self.plainNumbers(raw, clamped: false), v.count >= 2 {
            return v[0] == 0 && v[1] == 0 ? nil : Point(x: v[0], y: v[1])
        }
        guard let node = self[key] else { return nil }
        let v = try node.vector()
        guard v.count >= 2 else { throw node.error("a tangent [x, y]") }
        return v[0] == 0 && v[1] == 0 ? nil : Point(x: v[0], y: v[1])
    }

    /// A vector property with at least `count` components (missing ones are `fill`).
    func vectorProperty(count: Int = 1, fill: Double = 0) throws(SceneError) -> LottieProperty<[Double]> {
        try property { (node: LottieNode) throws(SceneError) -> [Double] in
            let v = try node.vector()
            return v.count >= count ? v : v + Array(repeating: fill, count: count - v.count)
        }
    }

    /// An effect's value (`ef[].v`), a dash's (`d[].v`) or an offset path's miter limit
    /// (`ml`, a plain number as a stroke's is in ThorVG's files): an animatable property, or a plain
    /// number, a constant — what exporters write for values After Effects does not animate (the
    /// Lottie specification's "ignored" effect value, type 6, holds a number; LottieFiles'
    /// dotLottie files write a drop shadow's direction so).
    func effectValue(count: Int = 1, fill: Double = 0) throws(SceneError) -> LottieProperty<[Double]> {
        guard isNumber else { return try vectorProperty(count: count, fill: fill) }
        return LottieProperty(constant: [try number()] + Array(repeating: fill, count: Swift.max(0, count - 1)))
    }

    /// An optional vector property, constant `fallback` when absent.
    func vectorProperty(_ key: String, default fallback: [Double]) throws(SceneError) -> LottieProperty<[Double]> {
        guard let node = self[key] else { return LottieProperty(constant: fallback) }
        return try node.vectorProperty(count: fallback.count, fill: fallback.last ?? 0)
    }
}

/// How a layer's own frames map onto the root composition's: root = local × stretch + offset
/// (a precomposition's start time and time stretch, composed down the tree), or — inside a
/// time-remapped precomposition — a table of the local frame at every root frame.
struct LottieTime: Hashable {
    var offset = 0.0
    var stretch = 1.0
    /// The local frame at root frames `tableStart`, `tableStart + 1`, …; nil when affine.
    var table: [Double]? = nil
    var tableStart = 0.0

    var isRemapped: Bool { table != nil }

    /// The root frame of local frame `local` (affine times only).
    func root(_ local: Double) -> Double { local * stretch + offset }

    /// The local frame at root frame `root` (between table entries, linearly).
    func local(_ root: Double) -> Double {
        guard let table, !table.isEmpty else { return (root - offset) / stretch }
        let position = min(Double(table.count - 1), max(0, root - tableStart))
        let index = min(table.count - 2, Int(saturating: position, .down))
        guard index >= 0 else { return table[0] }
        let fraction = position - Double(index)
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    /// The time of a layer inside a composition with this time, started at `start` and stretched
    /// by `stretch`.
    func inner(start: Double, stretch inner: Double) -> LottieTime {
        if let table {
            return LottieTime(table: table.map { ($0 - start) / inner }, tableStart: tableStart)
        }
        return LottieTime(offset: offset + stretch * start, stretch: stretch * inner)
    }
}

extension LottieProperty {
    /// The property as lottie-ios's Core Animation engine plays its holds. It splits the keyframes
    /// into runs of held and of interpolated segments, each a `CAKeyframeAnimation`; a discrete one
    /// over a single segment that the animation's first frame or last does not stretch is left with one value, and Core Animation does not apply
    /// it: over that segment the layer shows its un-animated value, `unanimated` (lottie-ios's
    /// pr_1632 samples: a fill held at 0 % shows at 100 %). Remapped times are left as they are.
    func coreAnimationHolds(showing unanimated: Value, time: LottieTime, context: LottieContext) -> LottieProperty {
        guard keyframes.count > 1, !time.isRemapped else { return self }
        let start = time.local(context.firstFrame), end = time.local(context.endFrame)
        var result: [LottieKeyframe<Value>] = []
        for (index, keyframe) in keyframes.enumerated() {
            result.append(keyframe)
            let next = index + 1
            guard keyframe.hold, next < keyframes.count, index == 0 || !keyframes[index - 1].hold,
                  !keyframes[next].hold || next == keyframes.count - 1 else { continue }
            let stretchedAtStart = index == 0 && start < keyframe.frame
            let stretchedAtEnd = next == keyframes.count - 1 && end > keyframes[next].frame
            guard !stretchedAtStart, !stretchedAtEnd else { continue }
            // The keyframe keeps its value for the segment arriving at it; from its frame on, the
            // un-animated value holds.
            var shown = keyframe
            shown.value = unanimated
            result.append(shown)
        }
        return LottieProperty(keyframes: result)
    }

    /// A Core Animation keyframe animation of `keyPath` playing this property in the scene's time
    /// (seconds from the composition's first frame): keyframes at their times, one timing function
    /// per segment (a hold is a one-step staircase), held before the first keyframe and after the
    /// last. Nil when the property is constant.
    func animation(_ keyPath: AnimationKeyPath, time: LottieTime, clock: LottieClock, dimension: Int = 0,
                   path: KeyframePath? = nil, make: (Value) -> AnimationValue) -> Animation? {
        guard isAnimated else { return nil }
        if let table = time.table, table.count > 1 {
            // A remapped time: the value at every root frame, linear between them.
            return clock.sampled(keyPath, table.map { make(value(atFrame: $0)) }, fromRootFrame: time.tableStart)
        }
        var seconds = keyframes.map { clock.seconds(ofRootFrame: time.root($0.frame)) }
        if keyframes.allSatisfy(\.hold) {
            // One discrete CAKeyframeAnimation in lottie-ios, whose key times it hands Core
            // Animation as Float (`keyframeAnimation(for:keyframes:…)`: `Float(progressTime)`): a
            // key time that rounds up lies after its frame, so a frame drawn exactly there still
            // shows the keyframe before (TypeFace/C at 50 %, H at 25 %). Mixed runs are split into
            // segments whose key times stay Double.
            seconds = zip(keyframes, seconds).map { clock.coreAnimationSeconds(ofRootFrame: time.root($0.frame), exact: $1) }
        }
        let begin = seconds[0], duration = seconds[seconds.count - 1] - begin
        guard duration > 0 else { return nil }
        let keyTimes = seconds.map { min(1, max(0, ($0 - begin) / duration)) }
        let functions: [TimingFunction] = keyframes.dropLast().map {
            $0.hold ? .steps(count: 1, position: .jumpEnd) : $0.ease(dimension: dimension).timingFunction
        }
        let frames = Keyframes(values: keyframes.map { make($0.value) }, keyTimes: keyTimes, timingFunctions: functions,
                               calculationMode: .linear, path: path)
        return Animation(keyPath: keyPath, kind: .keyframe(frames),
                         timing: MediaTiming(beginTime: begin, duration: duration, fillMode: .both, isRemovedOnCompletion: false))
    }
}

/// The root composition's clock: frames per second and its first frame.
struct LottieClock: Hashable {
    var framesPerSecond: Double
    var firstFrame: Double
    /// The composition's end frame (`op`, at most `Limits.maximumFrames` after the first).
    var endFrame: Double
    func seconds(ofRootFrame frame: Double) -> Double { (frame - firstFrame) / framesPerSecond }

    /// When Core Animation reaches the key time of `frame` handed to it as a Float, as lottie-ios
    /// hands a single-mode keyframe animation's key times: progress through the paused
    /// timeline, which lottie-ios lengthens by a frame so that its last frame can be shown
    /// (`LayerAnimationContext.animationDuration`). `exact` (the frame's own time) where the
    /// Float is not above it: the same frames show the same values then.
    func coreAnimationSeconds(ofRootFrame frame: Double, exact: Double) -> Double {
        let duration = (endFrame + 1 - firstFrame) / framesPerSecond
        let progress = (frame - firstFrame) / (duration * framesPerSecond)
        let key = Double(Float(progress))
        guard key > progress, key.isFinite else { return exact }
        return key * duration
    }

    /// An animation through `values`, one per root frame from `first` on (or `perFrame` a frame),
    /// linear between them and held before and after: what a value sampled at every frame
    /// becomes. Nil for fewer than two.
    func sampled(_ keyPath: AnimationKeyPath, _ values: [AnimationValue], fromRootFrame first: Double, perFrame: Int = 1) -> Animation? {
        guard values.count > 1 else { return nil }
        let begin = seconds(ofRootFrame: first), end = seconds(ofRootFrame: first + Double(values.count - 1) / Double(max(1, perFrame)))
        return Animation(keyPath: keyPath, kind: .keyframe(Keyframes(values: values)),
                         timing: MediaTiming(beginTime: begin, duration: end - begin, fillMode: .both, isRemovedOnCompletion: false))
    }
}
