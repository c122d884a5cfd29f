/// The damage of a frame: where it can differ from the frame it was drawn over. A frame of a
/// sequence drawn by a thread that keeps its previous frame (`RenderResources.keepsDamage`) is
/// drawn over it only inside its damage (`Damage.swift` in StrataRender diffs the two render
/// trees), and the PNG encoder is handed the damage with the pixels, so that it re-encodes only
/// those rows and columns. One name everywhere: the damage.
public struct FrameDamage: Hashable, Sendable {
    /// The frame: a number no other frame given to the same encoder has.
    public var image: UInt64
    /// The frame this one was drawn over (nil: drawn afresh, every row can differ).
    public var previous: UInt64?
    /// The rows (0 at the top) that can differ from `previous`; the others hold the same bytes.
    public var rows: Range<Int>
    /// The columns (0 at the left) of `rows` that can differ from `previous`; the others hold the
    /// same bytes. Every column unless the caller knows better.
    public var columns: Range<Int>

    /// Creates the damage of `image` drawn over `previous`.
    public init(image: UInt64, previous: UInt64?, rows: Range<Int>, columns: Range<Int> = 0..<Int.max) {
        self.image = image
        self.previous = previous
        self.rows = rows
        self.columns = columns
    }

    /// The damaged region in pixels, as (x, y, width, height): `columns` × `rows`, the columns
    /// bounded by `width`.
    public func region(width: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let left = max(0, min(columns.lowerBound, width)), right = max(left, min(columns.upperBound, width))
        return (left, rows.lowerBound, right - left, rows.count)
    }
}
