import StrataModel

// Trimmed strokes (strokeStart, strokeEnd) measure their path's arc length, curve by curve in
// fine steps, every time they are drawn. A path drawn frame after frame with only its trim
// moving (Lottie's trim paths) is the same elements' storage each frame: its measurement is kept
// for the frame after, by that storage, which the entry holds (so no other path can take its
// address while it is kept).
extension RenderResources {
    /// `path.measuredSegments()`, measured once for as long as frames keep drawing it.
    func measuredSegments(of path: Path) -> [Path.MeasuredSegment] {
        let key = path.elements.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if let kept = measuredPaths.value(for: key), kept.elements.count == path.elements.count { return kept.segments }
        let segments = path.measuredSegments()
        pathMeasurements += 1
        // An empty array has no storage of its own; only paths with elements are kept.
        if key != 0, !path.elements.isEmpty { measuredPaths.store((path.elements, segments), for: key) }
        return segments
    }

    /// Starts a frame: the measurements the last frame did not use go.
    func forgetMeasuredPaths() {
        guard !measuredPaths.isEmpty else { return }
        measuredPaths.nextFrame()
    }
}
