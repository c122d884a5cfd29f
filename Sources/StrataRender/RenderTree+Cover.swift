import StrataModel

// A frame drawn afresh starts transparent: its surface is cleared (a recycled one by `memset`).
// Where the first thing painted is an opaque colour over whole pixels, their clear is not needed —
// Cairo's OVER of an opaque colour at full coverage writes the colour whatever was under it — so
// only the pixels around them are cleared (a Lottie file's solid or "BG" layer, a scene's opaque
// background; around them, the columns or rows a composition fitted into the canvas leaves).
extension RenderTree {
    /// The pixels (x0..<x1, y0..<y1) that the first paint of a frame (the canvas background, else
    /// the first draw of the first nodes that draw) fills whole with an opaque colour: a solid
    /// fill of a rectangle (a layer's background, or a shape layer's path along a rectangle's
    /// sides) at opacity 1, drawn straight onto the canvas (no group, mask, blend mode, or clip but
    /// rectangles) through scales and moves only; nil when there are none.
    var firstPaintCover: PixelBox? {
        let width = Double(pixelWidth), height = Double(pixelHeight)
        let device = Transform2D(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)
        func deviceBox(_ rect: Rect, _ t: Transform2D) -> Box {
            let xs = [t.a * rect.minX + t.tx, t.a * rect.maxX + t.tx], ys = [t.d * rect.minY + t.ty, t.d * rect.maxY + t.ty]
            return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
        }
        func meet(_ a: Box, _ b: Box) -> Box { (max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1)) }
        /// The whole pixels of `box` (within the canvas and Cairo's fixed-point range).
        func pixels(_ box: Box) -> PixelBox? {
            guard [box.x0, box.y0, box.x1, box.y1].allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else { return nil }
            let x0 = max(0, Int(saturating: box.x0, .up)), y0 = max(0, Int(saturating: box.y0, .up))
            let x1 = min(pixelWidth, Int(saturating: box.x1, .down)), y1 = min(pixelHeight, Int(saturating: box.y1, .down))
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
        let canvas: Box = (0, 0, width, height)
        if let background {
            guard background.alpha >= 1 else { return nil }
            return pixels(meet(canvas, deviceBox(Rect(x: 0, y: 0, width: width / scale, height: height / scale), device)))
        }
        func opCover(_ operation: DrawOperation, _ t: Transform2D) -> Box? {
            switch operation {
            case .fill(let shape, let color):
                return color.alpha >= 1 && shape.effectiveRadius == 0 ? deviceBox(shape.rect, t) : nil
            case .shape(let shape):
                guard let fill = shape.fillColor, fill.alpha >= 1 else { return nil }
                return Self.rectangle(shape.path, t)
            default:
                return nil
            }
        }
        /// At the first node that draws, what its first draw covers (nil for nothing); nil
        /// (outer) when none of `nodes` draws.
        func visit(_ nodes: [RenderNode], _ parent: Transform2D, _ clip: Box) -> Box?? {
            for node in nodes where node.drawCount > 0 {
                let t = node.transform.concatenating(parent)
                guard node.isolation.isEmpty, node.opacity >= 1, node.mask == nil, node.polygonClip == nil,
                      node.projection == nil, node.shadow == nil, node.blendMode == nil, node.filters.isEmpty, node.backdrop == nil,
                      t.b == 0, t.c == 0 else { return .some(nil) }
                var clip = clip
                if let rounded = node.clip {
                    guard rounded.effectiveRadius == 0 else { return .some(nil) }
                    clip = meet(clip, deviceBox(rounded.rect, t))
                }
                if let first = node.content.first { return .some(opCover(first, t).map { meet($0, clip) }) }
                if let inside = visit(node.children, t, clip) { return inside }
                if !node.overlay.isEmpty { return .some(nil) }
            }
            return nil
        }
        guard let found = visit(roots, device, canvas), let box = found else { return nil }
        return pixels(box)
    }

    /// The rectangle `path` goes round once under `t` (each line or curve, its controls too, on
    /// one of its sides), in device pixels; nil for any other path.
    static func rectangle(_ path: Path, _ t: Transform2D) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        var segments: [[Point]] = [], start: Point?, last = Point.zero, moves = 0
        for element in path.elements {
            switch element {
            case .move(let p):
                moves += 1
                start = p
                last = p
            case .line(let p): segments.append([last, p]); last = p
            case .quad(let c, let p): segments.append([last, c, p]); last = p
            case .cubic(let c1, let c2, let p): segments.append([last, c1, c2, p]); last = p
            case .close: if let start { segments.append([last, start]); last = start }
            }
        }
        guard moves == 1, let start, !segments.isEmpty else { return nil }
        if last != start { segments.append([last, start]) }  // a fill closes it
        let device = segments.map { $0.map { Point(x: t.a * $0.x + t.tx, y: t.d * $0.y + t.ty) } }
        let all = device.flatMap { $0 }
        guard all.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let x0 = all.map(\.x).min()!, x1 = all.map(\.x).max()!, y0 = all.map(\.y).min()!, y1 = all.map(\.y).max()!
        for segment in device {
            let onSide = [x0, x1].contains { x in segment.allSatisfy { $0.x == x } } || [y0, y1].contains { y in segment.allSatisfy { $0.y == y } }
            guard onSide else { return nil }
        }
        // Round once: the loop of the segments' ends encloses the rectangle's area exactly.
        var twice = 0.0
        for segment in device {
            let a = segment[0], b = segment[segment.count - 1]
            twice += a.x * b.y - b.x * a.y
        }
        let area = (x1 - x0) * (y1 - y0)
        guard area > 0, abs(abs(twice / 2) - area) <= area * 1e-9 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// The canvas pixels a frame of this tree can touch: every pixel with a background, else
    /// what its top-level nodes can touch (`RenderNode.bounds`, grown by 2 pixels as the damage
    /// grows them); nil when nothing.
    var touched: PixelBox? {
        if background != nil { return (0, 0, pixelWidth, pixelHeight) }
        var box = Rect.zero
        for root in roots where !root.bounds.isEmpty { box = box.isEmpty ? root.bounds : box.union(root.bounds) }
        return box.isEmpty ? (0, 0, 0, 0) : pixels(of: box.outsetBy(dx: 2, dy: 2))
    }

    /// The whole pixels of `rect` (canvas pixels), rounded out, within the canvas (every pixel
    /// when it is not finite).
    func pixels(of rect: Rect) -> PixelBox {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return (0, 0, pixelWidth, pixelHeight) }
        return (max(0, Int(saturating: rect.minX, .down)), max(0, Int(saturating: rect.minY, .down)),
                min(pixelWidth, Int(saturating: rect.maxX, .up)), min(pixelHeight, Int(saturating: rect.maxY, .up)))
    }
}
