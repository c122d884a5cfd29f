import StrataPixels

extension TextContent {
    /// The font sizes Strata lays out, in points: a scene file is refused outside them, and text
    /// built in Swift with another size (infinite, 10³⁰⁰) is not drawn.
    public static let fontSizes: ClosedRange<Double> = 0.5...2000

    /// Why laying this text out would cost more than `Limits` allow, or nil when it is within them.
    ///
    /// The limits are on the layout work, not only on the text's length (every text is at most
    /// `Limits.maximumTextLength` bytes): `Limits.maximumTabs` tabs, and in wrapped text a run of at
    /// most `Limits.maximumUnbrokenRun` characters (Unicode scalars) between line-break
    /// opportunities. Whitespace and ideographic, kana and Hangul characters count as opportunities;
    /// scripts written without spaces and without ideographs (Thai, say) therefore need a space at
    /// least every 2,000 characters when wrapped. The scene decoder reports the problem with its
    /// key path; the text engine lays out nothing for text that has one.
    public var layoutCostProblem: (expected: String, found: String)? {
        var tabs = 0, run = 0, longestRun = 0
        for scalar in string.unicodeScalars {
            if scalar == "\t" { tabs += 1 }
            guard isWrapped else { continue }
            if Self.isBreakOpportunity(scalar) {
                run = 0
            } else {
                run += 1
                longestRun = max(longestRun, run)
            }
        }
        if tabs > Limits.maximumTabs {
            return ("text with at most \(Limits.maximumTabs) tabs", "\(tabs) tabs")
        }
        if longestRun > Limits.maximumUnbrokenRun {
            return ("wrapped text whose words are at most \(Limits.maximumUnbrokenRun) characters long (a space or an ideograph at least every \(Limits.maximumUnbrokenRun))",
                    "a run of \(longestRun) characters with no place to break a line")
        }
        return nil
    }

    private static func isBreakOpportunity(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace || scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x200B, 0x2010, 0x2013, 0x002D: return true  // zero-width space, hyphens, en dash
        case 0x3040...0x30FF, 0xAC00...0xD7AF: return true  // kana, Hangul syllables
        default: return false
        }
    }
}
