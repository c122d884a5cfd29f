/// Why pixels could not be drawn: by the renderer (Cairo, a group left open, a surface over the
/// limits) or by an effect preparing a snapshot. One type for both, so that a snapshot's failure
/// passes through the effects unchanged.
public struct RenderError: Error, Equatable, CustomStringConvertible {
    /// What failed, in words.
    public let message: String
    /// True when the input asked for more than `Limits` allow (a data error, not a fault).
    public let exceedsLimits: Bool

    /// Creates an error.
    public init(_ message: String, exceedsLimits: Bool = false) {
        self.message = message
        self.exceedsLimits = exceedsLimits
    }

    public var description: String { message }
}
