import Foundation
import StrataKit
import StrataQuartzCore
import StrataSnapshotTesting

/// Renders an app's own `CALayer` tree (StrataQuartzCore) at media time `seconds` and compares
/// the picture with its reference beside the test file, as `expectSnapshot(of: [Layer], …)`:
///
///     @Test func spinnerAtAQuarterSecond() {
///         expectSnapshot(of: makeSpinnerLayer(), at: 0.25, scale: 2)
///     }
///
/// The canvas is `size` points (default: the layer's bounds) at `scale` pixels per point, the layer
/// at its origin. What Strata cannot draw (a value of the wrong type for its key path) is reported
/// as the test's issue, naming the layer and the key path.
@discardableResult
public func expectSnapshot(of layer: CALayer, at seconds: Double = 0, size: CGSize? = nil, scale: CGFloat = 1, background: CGColor? = nil,
                           named: String? = nil, tolerance: SnapshotTolerance = .offByOne, record: RecordMode = .fromEnvironment(),
                           references: URL? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                           function: String = #function, line: Int = #line, column: Int = #column) -> SnapshotVerifier.Outcome {
    let site = SnapshotSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column, named: named, references: references)
    return site.check(tolerance: tolerance, record: record) { () throws(StrataError) in
        do {
            return try render(layer, size: size, scale: scale, at: seconds, background: background).pixels
        } catch let error as StrataError {
            throw error
        } catch {
            throw StrataError(.dataError, "\(error)")
        }
    }
}
