import StrataModel

extension RenderNode {
    /// What this node alone would draw over `Limits`, as text; nil when it fits: its offscreen
    /// group (grown by its filters or shadow), its filters' whole outputs, what its backdrop
    /// filter reads, and its dashed strokes' dashes (`Limits.maximumDashes`). Its sublayers and
    /// mask are theirs to answer for.
    static func ownProblem(isolation: [IsolationReason], groupBounds: Rect, filters: [Filter], backdrop: Backdrop?,
                           content: [DrawOperation], overlay: [DrawOperation]) -> String? {
        func check(_ rect: Rect, _ what: String) -> String? {
            let r = rect.roundedOut
            let (width, height) = (max(1, Int(saturating: r.width)), max(1, Int(saturating: r.height)))
            do {
                try Limits.checkSurface(width: width, height: height)
                return nil
            } catch {
                return "\(what) needs a \(width)×\(height) px surface, over the limits (\(Limits.maximumSide) px a side, \(Limits.maximumPixels / (1024 * 1024)) Mpx); use smaller radii or a smaller canvas"
            }
        }
        if !isolation.isEmpty, let problem = check(groupBounds, filters.isEmpty ? "its offscreen group" : "its filters' grown extent") {
            return problem
        }
        // A filter chain computes whole outputs (the input grown by the filter's reach) for every
        // filter that moves pixels but the last, and for that one too unless it is a Gaussian or
        // variable blur, which compute only the group's window.
        if !filters.isEmpty {
            let moving = filters.filter { !$0.isPointwise }
            var whole = moving
            if let last = moving.last, case .gaussianBlur = last { whole.removeLast() } else if let last = moving.last, case .variableBlur = last { whole.removeLast() }
            if !whole.isEmpty {
                let (fx, fy) = RenderTreeBuilder.totalOutset(whole)
                if let problem = check(groupBounds.outsetBy(dx: fx, dy: fy), "its filters' output") { return problem }
            }
        }
        if let backdrop, let problem = check(backdrop.readBounds, "its backdrop filter's input") { return problem }
        func dashes(_ operations: [DrawOperation]) -> String? {
            for operation in operations {
                let shape: ShapeContent
                switch operation {
                case .shape(let content), .gradientInStroke(_, _, let content, _): shape = content
                default: continue
                }
                let count = shape.dashCount
                guard count > Limits.maximumDashes else { continue }
                return "its dashed stroke would be cut into \(Int(saturating: count)) dashes and gaps (pattern \(shape.effectiveDashPattern ?? []) along \(shape.path.length) pt), over the limit of \(Int(Limits.maximumDashes)); use a longer dash pattern or a shorter path"
            }
            return nil
        }
        return dashes(content) ?? dashes(overlay)
    }
}

extension RenderTree {
    /// The first thing this tree would draw that breaks `Limits`, as a message naming the layer
    /// (its name and its ancestors' names) and the quantity: an offscreen surface (a group grown
    /// by its filters or shadow, or what a backdrop filter reads) by its size, a dashed stroke by
    /// its number of dashes (`Limits.maximumDashes`); nil when everything fits. Checked before any
    /// pixel is allocated, so that a scene cannot ask for more than the limits. Each node was
    /// checked when it was made (`RenderNode.withinLimits`); the subtree that holds the problem
    /// is searched again here for its names.
    public func overLimits() -> String? {
        /// What is over, and the names of the nodes from the one that holds it up to the root.
        struct Problem { var names: [String], text: String }
        func visit(_ node: RenderNode) -> Problem? {
            guard !node.withinLimits else { return nil }
            let own = RenderNode.ownProblem(isolation: node.isolation, groupBounds: node.groupBounds, filters: node.filters,
                                            backdrop: node.backdrop, content: node.content, overlay: node.overlay)
            if var problem = own.map({ Problem(names: [], text: $0) }) ?? node.children.lazy.compactMap(visit).first ?? node.mask.flatMap(visit) {
                problem.names.append(node.name.map { "\"\($0)\"" } ?? "(unnamed)")
                return problem
            }
            return nil
        }
        for root in roots {
            if let problem = visit(root) { return "layer \(problem.names.reversed().joined(separator: " › ")): \(problem.text)" }
        }
        return nil
    }
}
