import StrataModel
import StrataRaster

extension Filter {
    /// How far the output extends past the input on each side, in the filter's own units:
    /// ⌈3σ⌉ for Gaussian, (⌈|vx|⌉, ⌈|vy|⌉) for motion, ⌈r⌉ for box, nothing for colour filters.
    public var outset: (x: Double, y: Double) {
        switch self {
        case .gaussianBlur(let radius), .variableBlur(let radius, _):
            let pad = Double(GaussianBlur.outset(sigma: radius))
            return (pad, pad)
        case .motionBlur(let radius, let angle, let samples):
            guard samples >= 1, radius != 0 else { return (0, 0) }
            let (x, y) = MotionBlur.outset(radius: radius, angle: angle)
            return (Double(x), Double(y))
        case .boxBlur(let radius):
            let pad = radius.rounded()
            return (pad, pad)
        default:
            return (0, 0)
        }
    }
}
