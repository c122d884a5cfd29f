/// Float → integer conversions that cannot trap. Swift's `Int(_: Double)` stops the process on NaN,
/// ±∞ and values outside the integer's range; every conversion of a computed value in Strata goes
/// through these instead (the architecture test checks it), after the value has been checked where
/// it entered. They round with `rule`, map NaN to 0 and clamp to the type's range.
extension BinaryInteger where Self: FixedWidthInteger {
    /// `value` rounded by `rule` and clamped to `Self.min…Self.max`; NaN gives 0.
    @inlinable
    public init<F: BinaryFloatingPoint>(saturating value: F, _ rule: FloatingPointRoundingRule = .towardZero) {
        guard !value.isNaN else { self = 0; return }
        let rounded = value.rounded(rule)
        if rounded <= F(Self.min) {
            self = Self.min
        } else if rounded >= F(Self.max) {
            // F(Self.max) may round up past Self.max (Int64.max → 2^63): anything at or above it clamps.
            self = Self.max
        } else {
            self = Self(rounded)
        }
    }
}

// The conversion to an index or a pixel count that geometry makes for every node and box of every
// frame, written for its concrete types (the generic one above, even specialised, converts
// through the standard library's generic integer conversion and rounds through a switch on the
// rule). Same results: ±2^63 are the bounds the generic one compares with.
extension Int {
    /// `value` rounded by `rule` and clamped to `Int.min…Int.max`; NaN gives 0.
    @inlinable
    public init(saturating value: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
        guard !value.isNaN else { self = 0; return }
        let rounded = value.rounded(rule)
        if rounded <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else if rounded >= 9_223_372_036_854_775_808.0 {
            self = .max
        } else {
            self = Int(rounded)
        }
    }
}

// The conversions to a byte that inner loops make, written for their concrete types: the generic
// one above converts through the standard library's generic path, which costs a call per pixel.
// Same results.
extension UInt8 {
    /// `value` rounded by `rule` and clamped to 0…255; NaN gives 0.
    @inlinable
    public init(saturating value: Float, _ rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        self = rounded.isNaN || rounded <= 0 ? 0 : rounded >= 255 ? 255 : UInt8(rounded)
    }

    /// `value` rounded by `rule` and clamped to 0…255; NaN gives 0.
    @inlinable
    public init(saturating value: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        self = rounded.isNaN || rounded <= 0 ? 0 : rounded >= 255 ? 255 : UInt8(rounded)
    }
}
