/// How a path's inside is decided when it crosses itself, as `CAShapeLayerFillRule`.
public enum FillRule: String, CaseIterable, Sendable {
    /// Inside where the winding number is not zero (Core Animation's default).
    case nonZero
    /// Inside where a ray crosses the path an odd number of times.
    case evenOdd
}

/// The shape at the open ends of a stroke, as `CAShapeLayerLineCap`.
public enum LineCap: String, CaseIterable, Sendable {
    case butt, round, square
}

/// The shape where two stroked segments meet, as `CAShapeLayerLineJoin`.
public enum LineJoin: String, CaseIterable, Sendable {
    case miter, round, bevel
}

/// A shape layer's content, as `CAShapeLayer`: a path filled and stroked in the layer's
/// coordinates (points), drawn above the background and contents, below the sublayers.
public struct ShapeContent: Hashable, Sendable {
    /// The path, in the layer's coordinates (points).
    public var path: Path
    /// Fill colour; nil fills nothing (Core Animation's default is opaque black).
    public var fillColor: Color?
    public var fillRule: FillRule
    /// Stroke colour; nil (the default) strokes nothing.
    public var strokeColor: Color?
    /// Stroke width, in points (default 1).
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Longest miter, as a multiple of the line width, before a join is bevelled (default 10).
    public var miterLimit: Double
    /// Dash and gap lengths, in points, repeated along the stroke; empty for a solid line.
    public var lineDashPattern: [Double]
    /// How far into the dash pattern the stroke starts, in points.
    public var lineDashPhase: Double
    /// Where the stroke starts and ends, as fractions 0…1 of the path's whole length (see
    /// `Path.trimmed(start:end:)`); the fill is never cut.
    public var strokeStart: Double
    public var strokeEnd: Double

    /// Creates shape content with Core Animation's defaults.
    public init(path: Path, fillColor: Color? = .black, fillRule: FillRule = .nonZero, strokeColor: Color? = nil,
                lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                lineDashPattern: [Double] = [], lineDashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// True when the stroke draws something: a visible colour, a positive width, a range.
    public var strokes: Bool {
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0 else { return false }
        return strokeStart < strokeEnd || strokeStart.isNaN || strokeEnd.isNaN
    }

    /// True when the fill draws something.
    public var fills: Bool { (fillColor?.alpha ?? 0) > 0 }

    /// How far the stroke's outline can reach past the path's control bounds (points): half the
    /// line width times the miter limit (and a square cap's reach).
    public var strokeReach: Double {
        lineWidth / 2 * max(lineJoin == .miter ? max(1, miterLimit) : 1, lineCap == .square ? 2.0.squareRoot() : 1)
    }

    /// Where drawing can reach, in the layer's coordinates (points): the path's control bounds
    /// grown by the stroke's reach and a point for antialiasing.
    public var extent: Rect {
        let box = path.controlBounds
        guard !path.isEmpty else { return .zero }
        guard strokes else { return box }
        let reach = strokeReach + 1
        return box.outsetBy(dx: reach, dy: reach)
    }
}
