import Foundation
import StrataModel
import StrataRaster

/// Line charts drawn as layer trees (axes, ticks, labels, lines, legend) and rendered with Cairo,
/// like any scene.
public struct Chart: Sendable {
    /// One line.
    public struct Series: Sendable {
        public var name: String
        public var color: Color
        public var points: [(x: Double, y: Double)]
        public init(name: String, color: Color, points: [(x: Double, y: Double)]) {
            self.name = name
            self.color = color
            self.points = points
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    /// Axis ranges; nil fits the data (y from 0).
    public var xRange: ClosedRange<Double>?
    public var yRange: ClosedRange<Double>?

    public init(title: String, xLabel: String, yLabel: String, series: [Series],
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.xRange = xRange
        self.yRange = yRange
    }

    /// A palette that stays readable on white.
    public static let palette: [Color] = ["#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#00897b"].map { Color(hex: $0)! }

    /// The chart's layers inside `frame` (points).
    public func layers(in frame: Rect) -> [Layer] {
        let all = series.flatMap(\.points)
        let xs = xRange ?? ((all.map(\.x).min() ?? 0)...max((all.map(\.x).max() ?? 1), (all.map(\.x).min() ?? 0) + 1e-9))
        let top = max(all.map(\.y).max() ?? 1, 1e-9)
        let ys = yRange ?? (0...(top * 1.05))
        let plot = Rect(x: frame.minX + 56, y: frame.minY + 34, width: frame.width - 72, height: frame.height - 86)
        func map(_ p: (x: Double, y: Double)) -> Point {
            Point(x: plot.minX + (p.x - xs.lowerBound) / (xs.upperBound - xs.lowerBound) * plot.width,
                  y: plot.maxY - (min(max(p.y, ys.lowerBound), ys.upperBound) - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plot.height)
        }
        var result: [Layer] = []
        func text(_ string: String, _ rect: Rect, size: Double = 10, bold: Bool = false, alignment: TextAlignment = .center,
                  color: Color = Color(red: 0.2, green: 0.2, blue: 0.2)) {
            var layer = Layer(frame: rect)
            layer.text = TextContent(string: string, fontSize: size, isBold: bold, color: color, alignment: alignment)
            result.append(layer)
        }
        func rect(_ r: Rect, _ color: Color) {
            var layer = Layer(frame: r)
            layer.backgroundColor = color
            result.append(layer)
        }
        text(title, Rect(x: frame.minX, y: frame.minY + 8, width: frame.width, height: 18), size: 13, bold: true)
        let grid = Color(red: 0.9, green: 0.9, blue: 0.9), axis = Color(red: 0.35, green: 0.35, blue: 0.35)
        for i in 0...4 {
            let fraction = Double(i) / 4
            let y = plot.maxY - fraction * plot.height, x = plot.minX + fraction * plot.width
            rect(Rect(x: plot.minX, y: y - 0.5, width: plot.width, height: 1), grid)
            rect(Rect(x: x - 0.5, y: plot.minY, width: 1, height: plot.height), grid)
            text(Self.label(ys.lowerBound + fraction * (ys.upperBound - ys.lowerBound)), Rect(x: plot.minX - 50, y: y - 6, width: 44, height: 12), alignment: .right)
            text(Self.label(xs.lowerBound + fraction * (xs.upperBound - xs.lowerBound)), Rect(x: x - 30, y: plot.maxY + 4, width: 60, height: 12))
        }
        rect(Rect(x: plot.minX - 1, y: plot.minY, width: 1.5, height: plot.height + 1), axis)
        rect(Rect(x: plot.minX - 1, y: plot.maxY - 0.5, width: plot.width + 1, height: 1.5), axis)
        text(xLabel, Rect(x: plot.minX, y: plot.maxY + 18, width: plot.width, height: 14), size: 11)
        var yTitle = Layer(frame: Rect(x: frame.minX - plot.height / 2 + 8, y: plot.midY - 7, width: plot.height, height: 14))
        yTitle.text = TextContent(string: yLabel, fontSize: 11, color: Color(red: 0.2, green: 0.2, blue: 0.2), alignment: .center)
        yTitle.transform = .rotation(radians: -.pi / 2)
        result.append(yTitle)
        for line in series {
            let points = line.points.map(map)
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { continue }
                var segment = Layer(bounds: Rect(x: 0, y: 0, width: length + 1, height: 2), position: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
                segment.backgroundColor = line.color
                segment.cornerRadius = 1
                segment.transform = .rotation(radians: atan2(dy, dx))
                result.append(segment)
            }
            if points.count <= 120 {
                for p in points {
                    var dot = Layer(bounds: Rect(x: 0, y: 0, width: 4, height: 4), position: p)
                    dot.backgroundColor = line.color
                    dot.cornerRadius = 2
                    result.append(dot)
                }
            }
        }
        // Legend, top left inside the plot.
        for (index, line) in series.enumerated() {
            let y = plot.minY + 6 + Double(index) * 15
            rect(Rect(x: plot.minX + 8, y: y + 4, width: 14, height: 3), line.color)
            text(line.name, Rect(x: plot.minX + 26, y: y, width: plot.width - 30, height: 12), alignment: .left)
        }
        return result
    }

    static func label(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e6 { return String(Int(value)) }
        return String(format: abs(value) < 10 ? "%.2f" : "%.1f", value)
    }

    /// Charts side by side, each `panelSize` points, on white, rendered at scale 1.
    public static func render(_ charts: [Chart], panelSize: Size = Size(width: 520, height: 340)) throws(StrataError) -> PixelBuffer {
        var layers: [Layer] = []
        for (index, chart) in charts.enumerated() {
            layers += chart.layers(in: Rect(x: Double(index) * panelSize.width, y: 0, width: panelSize.width, height: panelSize.height))
        }
        let size = Size(width: panelSize.width * Double(charts.count), height: panelSize.height)
        return try FrameRenderer(layers: layers, size: size, background: .white).render(displayedIndex: 0).image
    }
}
