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
            let xa = t.a * rect.minX + t.tx, xb = t.a * rect.maxX + t.tx, ya = t.d * rect.minY + t.ty, yb = t.d * rect.maxY + t.ty
            return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
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
        // Two passes over the elements, allocating nothing (this runs on every frame): the device
        // bounds of every point, then each segment (its start, controls and end) on a side of them.
        func device(_ p: Point) -> Point { Point(x: t.a * p.x + t.tx, y: t.d * p.y + t.ty) }
        var moves = 0, segments = 0, start: Point?, last = Point.zero
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity, finite = true
        func include(_ p: Point) {
            let d = device(p)
            guard d.x.isFinite, d.y.isFinite else { finite = false; return }
            x0 = min(x0, d.x); x1 = max(x1, d.x); y0 = min(y0, d.y); y1 = max(y1, d.y)
        }
        for element in path.elements {
            switch element {
            case .move(let p): moves += 1; start = p; last = p; include(p)
            case .line(let p): segments += 1; include(last); include(p); last = p
            case .quad(let c, let p): segments += 1; include(last); include(c); include(p); last = p
            case .cubic(let c1, let c2, let p): segments += 1; include(last); include(c1); include(c2); include(p); last = p
            case .close: if let start { segments += 1; include(last); include(start); last = start }
            }
        }
        guard moves == 1, let start, segments > 0, finite else { return nil }
        /// The sides of the bounds a device point lies on, one bit each (left, right, top, bottom):
        /// a segment lies on a side when its points share a bit.
        func sides(_ p: Point) -> UInt8 {
            (p.x == x0 ? 1 : 0) | (p.x == x1 ? 2 : 0) | (p.y == y0 ? 4 : 0) | (p.y == y1 ? 8 : 0)
        }
        func onSide(_ a: Point, _ b: Point) -> Bool { sides(a) & sides(b) != 0 }
        // Round once: the loop of the segments' ends encloses the rectangle's area exactly.
        var twice = 0.0, from = Point.zero, opened: Point?
        func edge(_ a: Point, _ b: Point) { twice += a.x * b.y - b.x * a.y }
        for element in path.elements {
            switch element {
            case .move(let p): from = p; opened = p
            case .line(let p):
                let a = device(from), b = device(p)
                guard onSide(a, b) else { return nil }
                edge(a, b); from = p
            case .quad(let c, let p):
                let a = device(from), b = device(p)
                guard sides(a) & sides(device(c)) & sides(b) != 0 else { return nil }
                edge(a, b); from = p
            case .cubic(let c1, let c2, let p):
                let a = device(from), b = device(p)
                guard sides(a) & sides(device(c1)) & sides(device(c2)) & sides(b) != 0 else { return nil }
                edge(a, b); from = p
            case .close:
                guard let opened else { continue }
                let a = device(from), b = device(opened)
                guard onSide(a, b) else { return nil }
                edge(a, b); from = opened
            }
        }
        if last != start {  // a fill closes it
            let a = device(last), b = device(start)
            guard onSide(a, b) else { return nil }
            edge(a, b)
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
