import StrataModel

/// How a frame is started from the kept base (see `RenderResources`).
enum BasePlan {
    /// Clear the canvas and paint everything; keep nothing.
    case none
    /// Start from a copy of `base`, which holds the background and the first `count` top-level nodes.
    case restore(CairoSurface, count: Int)
    /// Paint the background and the first `count` top-level nodes, keep the canvas as the base,
    /// then paint the rest.
    case keep(count: Int)
}

extension RenderResources {
    /// What the base stands for: a canvas of this size, scale and background, drawn with this
    /// curve tolerance.
    struct BaseKey: Equatable {
        let width: Int
        let height: Int
        let scale: Double
        let background: Color?
        let curveTolerance: Double

        init(_ tree: RenderTree) {
            width = tree.pixelWidth
            height = tree.pixelHeight
            scale = tree.scale
            background = tree.background
            curveTolerance = tree.curveTolerance
        }
    }

    /// The canvas after the background and `roots` were painted on it.
    struct Base {
        let key: BaseKey
        let roots: [RenderNode]
        let surface: CairoSurface
    }

    /// How to start `tree`. Its first nodes that draw what the thread's previous frame began with
    /// are taken as still: when the base holds them all (and perhaps more of what this tree begins
    /// with), the frame starts from a copy of it; otherwise a new base is kept with them, when it
    /// pays: the tree has a background (a copy costs what clearing and filling cost) or they cover
    /// a quarter of the canvas. Otherwise the frame is drawn afresh.
    func basePlan(for tree: RenderTree) -> BasePlan {
        guard keepsBase else { return .none }
        let key = BaseKey(tree)
        defer { previousFrame = (key, tree.roots) }
        let matchedBefore = previousMatchesBase
        previousMatchesBase = false
        var still = 0
        if let previous = previousFrame, previous.key == key {
            while still < min(previous.roots.count, tree.roots.count), tree.roots[still].drawsTheSame(as: previous.roots[still]) {
                still += 1
            }
        }
        // Drawing the same is an equality of every field, so it carries over: the first nodes
        // equal the previous frame's, which equalled the base's.
        if let base, base.key == key, base.roots.count >= still, base.roots.count <= tree.roots.count,
           (matchedBefore && still == base.roots.count) || zip(base.roots, tree.roots).allSatisfy({ $0.drawsTheSame(as: $1) }) {
            baseRestores += 1
            previousMatchesBase = true
            return .restore(base.surface, count: base.roots.count)
        }
        let canvasArea = Double(tree.pixelWidth) * Double(tree.pixelHeight)
        let covered = tree.roots[0..<still].reduce(0.0) { $0 + $1.bounds.width * $1.bounds.height }
        guard tree.background != nil || (still > 0 && covered >= canvasArea / 4) else { return .none }
        return .keep(count: still)
    }

    /// Keeps a copy of `surface` (the frame canvas after the background and `count` top-level
    /// nodes of `tree`) as the base, reusing the base's memory when the size is the same.
    func keepBase(_ surface: CairoSurface, for tree: RenderTree, count: Int) {
        let copy: CairoSurface
        if let old = base?.surface, old.width == surface.width, old.height == surface.height {
            copy = old
        } else if let new = try? CairoSurface(width: surface.width, height: surface.height) {
            copy = new
        } else {
            base = nil
            return
        }
        copy.copyPixels(of: surface)
        base = Base(key: BaseKey(tree), roots: Array(tree.roots[0..<count]), surface: copy)
        previousMatchesBase = true
    }
}
