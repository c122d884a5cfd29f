import StrataAnimation
import StrataModel

/// Reading `clock:` and `animations:` (docs/scene-format.md, "Animation").
extension SceneDecoder {
    static let clockKeys = ["fps", "duration", "frames", "droppedFrames"]

    func clock(_ value: SceneValue, at path: String) throws(SceneError) -> FrameClock {
        let e = try reader.object(value, at: path, allowed: Self.clockKeys)
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        let fps = try e["fps"].map { v throws(SceneError) in try reader.number(v, at: key("fps"), in: 1...1000) } ?? 60
        var dropped = DroppedFrames.none
        if let v = e["droppedFrames"] {
            if case .array(let values) = v.content {
                var ticks = Set<Int>()
                for (index, element) in values.enumerated() {
                    ticks.insert(try integer(element, at: "\(key("droppedFrames"))[\(index)]", minimum: 1))
                }
                dropped = .ticks(ticks)
            } else {
                let entries = try reader.object(v, at: key("droppedFrames"), allowed: ["every"])
                guard let every = entries["every"] else {
                    throw reader.error(key("droppedFrames"), expected: "a list of tick indices or {every: n}", found: v)
                }
                dropped = .every(try integer(every, at: key("droppedFrames.every"), minimum: 2))
            }
        }
        switch (e["duration"], e["frames"]) {
        case (let duration?, nil):
            let seconds = try reader.number(duration, at: key("duration"), in: 0...100_000, expected: "a duration in seconds ≥ 0")
            let clock = FrameClock(framesPerSecond: fps, seconds: seconds, droppedFrames: dropped)
            guard clock.tickCount <= Limits.maximumFrames else {
                throw reader.error(key("duration"), expected: "at most \(Limits.maximumFrames) frames (duration × fps)", found: duration)
            }
            return clock
        case (nil, let frames?):
            return FrameClock(framesPerSecond: fps, tickCount: try integer(frames, at: key("frames"), minimum: 1, maximum: Limits.maximumFrames),
                              droppedFrames: dropped)
        case (nil, nil):
            throw SceneError(file: reader.file, keyPath: key("duration"), expected: "the clock's duration (seconds) or frames", found: "nothing", line: value.line)
        case (_?, _?):
            throw reader.error(key("frames"), expected: "either duration or frames, not both", found: e["frames"]!)
        }
    }

    func integer(_ value: SceneValue, at path: String, minimum: Int, maximum: Int = Int(Int32.max)) throws(SceneError) -> Int {
        let number = try reader.number(value, at: path, expected: "a whole number in \(minimum)…\(maximum)")
        guard number == number.rounded(), number >= Double(minimum), number <= Double(maximum) else {
            throw reader.error(path, expected: "a whole number in \(minimum)…\(maximum)", found: value)
        }
        return Int(saturating: number)
    }

    // MARK: - Animations

    static let animationKeys = [
        "keyPath", "type", "from", "to", "by", "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode",
        "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        "removedOnCompletion", "additive", "timingFunction", "mass", "stiffness", "damping", "initialVelocity", "animations", "key",
    ]

    enum AnimationType: String, CaseIterable { case basic, keyframe, spring, group }

    func animation(_ value: SceneValue, at path: String, inGroup: Bool) throws(SceneError) -> Animation {
        let e = try reader.object(value, at: path, allowed: Self.animationKeys)
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        let type: AnimationType
        if let v = e["type"] {
            type = try reader.enumeration(v, at: key("type"), as: AnimationType.self)
        } else if e["animations"] != nil {
            type = .group
        } else if e["values"] != nil || e["path"] != nil {
            type = .keyframe
        } else if e["stiffness"] != nil || e["damping"] != nil || e["mass"] != nil || e["initialVelocity"] != nil {
            type = .spring
        } else {
            type = .basic
        }
        if inGroup, let v = e["key"] {
            throw reader.error(key("key"), expected: "no key inside a group (a group's animations are not looked up by key)", found: v)
        }
        var keyPath: AnimationKeyPath? = nil
        if type != .group {
            guard let v = e["keyPath"] else {
                throw SceneError(file: reader.file, keyPath: key("keyPath"), expected: "the animated property (e.g. position)", found: "nothing", line: value.line)
            }
            keyPath = try animationKeyPath(v, at: key("keyPath"))
        }
        var timing = try mediaTiming(e, at: path)
        var animation = Animation(keyPath: keyPath, kind: .group([]), timing: timing)
        if let v = e["timingFunction"] { animation.timingFunction = try timingFunction(v, at: key("timingFunction")) }
        if let v = e["additive"] { animation.isAdditive = try reader.bool(v, at: key("additive")) }

        switch type {
        case .basic, .spring:
            let from = try e["from"].map { v throws(SceneError) in try animationValue(v, for: keyPath!, at: key("from")) }
            let to = try e["to"].map { v throws(SceneError) in try animationValue(v, for: keyPath!, at: key("to")) }
            let by = try e["by"].map { v throws(SceneError) in try animationValue(v, for: keyPath!, at: key("by")) }
            if from == nil && to == nil && by == nil {
                throw SceneError(file: reader.file, keyPath: key("to"), expected: "at least one of from, to, by", found: "none", line: value.line)
            }
            if type == .basic {
                animation.kind = .basic(from: from, to: to, by: by)
            } else {
                let spring = try self.spring(e, at: path)
                animation.kind = .spring(spring, from: from, to: to, by: by)
                if e["duration"] == nil {
                    timing.duration = spring.settlingDuration
                    animation.timing = timing
                }
            }
        case .keyframe:
            animation.kind = .keyframe(try keyframes(e, keyPath: keyPath!, at: path, line: value.line))
        case .group:
            let list = try reader.array(e["animations"] ?? SceneValue(content: .array([]), line: value.line), at: key("animations"))
            var children: [Animation] = []
            for (index, element) in list.enumerated() {
                children.append(try self.animation(element, at: "\(key("animations"))[\(index)]", inGroup: true))
            }
            animation.kind = .group(children)
        }
        return animation
    }

    private func mediaTiming(_ e: [String: SceneValue], at path: String) throws(SceneError) -> MediaTiming {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        var timing = MediaTiming()
        if let v = e["duration"] {
            timing.duration = try reader.number(v, at: key("duration"), in: 1e-9...1e9, expected: "a duration in seconds > 0")
        }
        if let v = e["beginTime"] { timing.beginTime = try reader.number(v, at: key("beginTime")) }
        if let v = e["speed"] { timing.speed = try reader.number(v, at: key("speed"), in: 0...1e6, expected: "a speed ≥ 0") }
        if let v = e["timeOffset"] { timing.timeOffset = try reader.number(v, at: key("timeOffset")) }
        if let v = e["repeatCount"] {
            if case .number(let n) = v.content, n == .infinity {
                timing.repeatCount = .infinity
            } else if case .string(let text) = v.content, ["inf", ".inf", "+.inf", "infinity"].contains(text.lowercased()) {
                timing.repeatCount = .infinity
            } else {
                timing.repeatCount = try reader.number(v, at: key("repeatCount"), in: 0...1e9, expected: "a repeat count ≥ 0 or .inf")
            }
        }
        if let v = e["repeatDuration"] {
            timing.repeatDuration = try reader.number(v, at: key("repeatDuration"), in: 0...1e9, expected: "a duration in seconds ≥ 0")
        }
        if let v = e["autoreverses"] { timing.autoreverses = try reader.bool(v, at: key("autoreverses")) }
        if let v = e["fillMode"] { timing.fillMode = try reader.enumeration(v, at: key("fillMode"), as: FillMode.self) }
        if let v = e["removedOnCompletion"] { timing.isRemovedOnCompletion = try reader.bool(v, at: key("removedOnCompletion")) }
        return timing
    }

    private func spring(_ e: [String: SceneValue], at path: String) throws(SceneError) -> Spring {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        var spring = Spring()
        if let v = e["mass"] { spring.mass = try reader.number(v, at: key("mass"), in: 1e-6...1e6, expected: "a mass > 0") }
        if let v = e["stiffness"] { spring.stiffness = try reader.number(v, at: key("stiffness"), in: 1e-6...1e9, expected: "a stiffness > 0") }
        if let v = e["damping"] { spring.damping = try reader.number(v, at: key("damping"), in: 0...1e9, expected: "a damping ≥ 0") }
        if let v = e["initialVelocity"] { spring.initialVelocity = try reader.number(v, at: key("initialVelocity")) }
        return spring
    }

    private func keyframes(_ e: [String: SceneValue], keyPath: AnimationKeyPath, at path: String, line: Int?) throws(SceneError) -> Keyframes {
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        var keyframes = Keyframes(values: [])
        if let v = e["calculationMode"] {
            keyframes.calculationMode = try reader.enumeration(v, at: key("calculationMode"), as: CalculationMode.self)
        }
        if let v = e["path"] {
            guard keyPath == .position else {
                throw reader.error(key("path"), expected: "a path only for keyPath position", found: v)
            }
            keyframes.path = try keyframePath(v, at: key("path"))
            if let mode = e["rotationMode"] {
                keyframes.rotationMode = try reader.enumeration(mode, at: key("rotationMode"), as: RotationMode.self)
            }
        } else {
            if let mode = e["rotationMode"] {
                throw reader.error(key("rotationMode"), expected: "a rotation mode only with a path", found: mode)
            }
            guard let valuesValue = e["values"] else {
                throw SceneError(file: reader.file, keyPath: key("values"), expected: "a list of keyframe values", found: "nothing", line: line)
            }
            let list = try reader.array(valuesValue, at: key("values"))
            guard !list.isEmpty else { throw reader.error(key("values"), expected: "at least one value", found: valuesValue) }
            for (index, element) in list.enumerated() {
                keyframes.values.append(try animationValue(element, for: keyPath, at: "\(key("values"))[\(index)]"))
            }
        }
        let count = keyframes.path.map { $0.segments.count + 1 } ?? keyframes.values.count
        if let v = e["keyTimes"] {
            let list = try reader.array(v, at: key("keyTimes"))
            let allowed = keyframes.calculationMode == .discrete ? [count, count + 1] : [count]
            guard allowed.contains(list.count) else {
                throw reader.error(key("keyTimes"), expected: "one key time per value (\(count))", found: v)
            }
            var times: [Double] = []
            for (index, element) in list.enumerated() {
                let time = try reader.number(element, at: "\(key("keyTimes"))[\(index)]", in: 0...1, expected: "a key time in 0…1")
                if let last = times.last, time < last {
                    throw reader.error("\(key("keyTimes"))[\(index)]", expected: "key times in ascending order (≥ \(SceneReader.format(last)))", found: element)
                }
                times.append(time)
            }
            keyframes.keyTimes = times
        }
        if let v = e["timingFunctions"] {
            let list = try reader.array(v, at: key("timingFunctions"))
            guard list.count == 1 || list.count == count - 1 else {
                throw reader.error(key("timingFunctions"), expected: "one timing function per segment (\(count - 1)) or one for all", found: v)
            }
            var functions: [TimingFunction] = []
            for (index, element) in list.enumerated() {
                functions.append(try timingFunction(element, at: "\(key("timingFunctions"))[\(index)]"))
            }
            keyframes.timingFunctions = functions
        }
        return keyframes
    }

    private func keyframePath(_ value: SceneValue, at path: String) throws(SceneError) -> KeyframePath {
        let e = try reader.object(value, at: path, allowed: ["start", "segments"])
        func key(_ name: String) -> String { SceneReader.join(path, name) }
        guard let startValue = e["start"], let segmentsValue = e["segments"] else {
            throw reader.error(path, expected: "a path with start and segments", found: value)
        }
        let start = try reader.point(startValue, at: key("start"))
        let list = try reader.array(segmentsValue, at: key("segments"))
        guard !list.isEmpty else { throw reader.error(key("segments"), expected: "at least one segment", found: segmentsValue) }
        var segments: [KeyframePath.Segment] = []
        for (index, element) in list.enumerated() {
            let segmentPath = "\(key("segments"))[\(index)]"
            let entries = try reader.object(element, at: segmentPath, allowed: ["lineTo", "quadTo", "curveTo"])
            guard entries.count == 1, let (name, operand) = entries.first else {
                throw reader.error(segmentPath, expected: "one of lineTo, quadTo, curveTo", found: element)
            }
            let operandPath = SceneReader.join(segmentPath, name)
            switch name {
            case "lineTo":
                segments.append(.line(to: try reader.point(operand, at: operandPath)))
            case "quadTo":
                let o = try reader.object(operand, at: operandPath, allowed: ["control", "to"])
                guard let c = o["control"], let to = o["to"] else { throw reader.error(operandPath, expected: "{control, to}", found: operand) }
                segments.append(.quadCurve(control: try reader.point(c, at: SceneReader.join(operandPath, "control")),
                                           to: try reader.point(to, at: SceneReader.join(operandPath, "to"))))
            default:
                let o = try reader.object(operand, at: operandPath, allowed: ["control1", "control2", "to"])
                guard let c1 = o["control1"], let c2 = o["control2"], let to = o["to"] else {
                    throw reader.error(operandPath, expected: "{control1, control2, to}", found: operand)
                }
                segments.append(.curve(control1: try reader.point(c1, at: SceneReader.join(operandPath, "control1")),
                                       control2: try reader.point(c2, at: SceneReader.join(operandPath, "control2")),
                                       to: try reader.point(to, at: SceneReader.join(operandPath, "to"))))
            }
        }
        return KeyframePath(start: start, segments: segments)
    }

    /// A timing function: a Core Animation name, [x1, y1, x2, y2], or {steps: n, position: …}.
    func timingFunction(_ value: SceneValue, at path: String) throws(SceneError) -> TimingFunction {
        let expected = "a timing function (linear, easeIn, easeOut, easeInEaseOut, default, [x1, y1, x2, y2] or {steps: n, position: jumpEnd})"
        switch value.content {
        case .string(let name):
            if let function = TimingFunction.named[name] { return function }
            var message = expected
            if let guess = SceneReader.suggestion(for: name, among: Array(TimingFunction.named.keys).sorted()) {
                message += " (did you mean \"\(guess)\"?)"
            }
            throw reader.error(path, expected: message, found: value)
        case .array:
            let n = try reader.numbers(value, at: path, count: 4, what: "[x1, y1, x2, y2]")
            guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
                throw reader.error(path, expected: "x1 and x2 in 0…1", found: value)
            }
            guard abs(n[1]) <= 1e6, abs(n[3]) <= 1e6 else {
                throw reader.error(path, expected: "y1 and y2 within ±1e6 (larger overshoots overflow)", found: value)
            }
            return .cubicBezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3])
        case .object:
            let e = try reader.object(value, at: path, allowed: ["steps", "position"])
            guard let stepsValue = e["steps"] else { throw reader.error(path, expected: expected, found: value) }
            let steps = try integer(stepsValue, at: SceneReader.join(path, "steps"), minimum: 1, maximum: 100_000)
            var position = TimingFunction.StepPosition.jumpEnd
            if let v = e["position"] {
                position = try reader.enumeration(v, at: SceneReader.join(path, "position"), as: TimingFunction.StepPosition.self)
            }
            if position == .jumpNone && steps < 2 {
                throw reader.error(SceneReader.join(path, "steps"), expected: "at least 2 steps with jumpNone", found: stepsValue)
            }
            return .steps(count: steps, position: position)
        default:
            throw reader.error(path, expected: expected, found: value)
        }
    }

    /// A key path: a property name, or filters.NAME.PARAMETER (checked against the layer when the
    /// layer's filters are known, see `checkFilterKeyPaths`).
    func animationKeyPath(_ value: SceneValue, at path: String) throws(SceneError) -> AnimationKeyPath {
        let names = AnimationKeyPath.properties.map(\.description)
        guard case .string(let text) = value.content, let keyPath = AnimationKeyPath(text) else {
            var expected = "one of " + names.joined(separator: ", ") + ", or filters.NAME.radius|angle|amount"
            if case .string(let text) = value.content, let guess = SceneReader.suggestion(for: text, among: names) {
                expected += " (did you mean \"\(guess)\"?)"
            }
            throw reader.error(path, expected: expected, found: value)
        }
        return keyPath
    }

    /// A value of the key path's kind; rotations accept {degrees: d}.
    func animationValue(_ value: SceneValue, for keyPath: AnimationKeyPath, at path: String) throws(SceneError) -> AnimationValue {
        switch keyPath.valueKind {
        case .number:
            if keyPath.isAngle { return .number(try reader.angle(value, at: path)) }
            if keyPath == .opacity { return .number(try reader.number(value, at: path, in: 0...1)) }
            return .number(try reader.number(value, at: path))
        case .point: return .point(try reader.point(value, at: path))
        case .size:
            let n = try reader.numbers(value, at: path, count: 2, what: "a size [width, height]")
            return .size(Size(width: n[0], height: n[1]))
        case .color: return .color(try reader.color(value, at: path))
        case .transform: return .transform(try transform(value, at: path))
        case .path: return .path(try svgPath(value, at: path))
        }
    }
}

extension SceneDecoder {
    /// An animation's optional `key:` (Core Animation's `forKey:`), unique within its layer.
    func animationKey(_ value: SceneValue, at path: String, taken: [String?]) throws(SceneError) -> String? {
        guard case .object(let entries) = value.content, let v = entries.first(where: { $0.key == "key" })?.value else { return nil }
        let key = try reader.string(v, at: SceneReader.join(path, "key"))
        guard !key.isEmpty, !taken.contains(key) else {
            throw reader.error(SceneReader.join(path, "key"), expected: "a key no other animation of the layer has", found: v)
        }
        return key
    }
}
