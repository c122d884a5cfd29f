/// Caps how deep a string's explicit bidi controls nest before the string reaches Pango.
///
/// Pango runs every paragraph through libfribidi. FriBidi 1.0.8 (Debian 12's, under Pango 1.50)
/// can crash (SIGSEGV) once a paragraph's embeddings and isolates nest past Unicode's maximum
/// depth of 125 levels (UAX #9, rules X5–X6a: the "overflow" state): about 3 in 10 random strings
/// of 1,000 controls (LRE RLE LRO RLO PDF LRI RLI FSI PDI) crash it, and none does when the
/// overflow state is never entered (docs/robustness.md).
///
/// Each opener raises the level by one or two, so at most `maximumDepth` (60) nested openers keep
/// every level at or below 121, under fribidi's limit. An opener beyond that depth is removed,
/// together with the terminator (PDF or PDI) that would have closed it, following UAX #9's own
/// overflow counters — which is what the bidi algorithm itself does with such an opener (it has no
/// effect), so text with 60 or fewer levels of nesting is passed unchanged.
enum BidiNesting {
    /// Most explicit embeddings, overrides and isolates open at once in one paragraph.
    static let maximumDepth = 60

    private static let embeddings: Set<UInt32> = [0x202A, 0x202B, 0x202D, 0x202E]  // LRE RLE LRO RLO
    private static let isolates: Set<UInt32> = [0x2066, 0x2067, 0x2068]            // LRI RLI FSI
    private static let popDirectionalFormatting: UInt32 = 0x202C                   // PDF
    private static let popDirectionalIsolate: UInt32 = 0x2069                      // PDI
    /// Paragraph separators (bidi class B): each starts a paragraph with an empty stack.
    private static let paragraphSeparators: Set<UInt32> = [0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029]

    /// `string` with the openers nested deeper than `maximumDepth` and their terminators removed;
    /// `string` itself when it nests no deeper (the common case: one scan, no copy).
    static func capped(_ string: String, maximumDepth: Int = maximumDepth) -> String {
        guard string.unicodeScalars.contains(where: { embeddings.contains($0.value) || isolates.contains($0.value) }) else {
            return string
        }
        var kept = String.UnicodeScalarView()
        var stack: [Bool] = []  // true for an isolate, false for an embedding or override
        var overflowIsolates = 0, overflowEmbeddings = 0, removed = 0
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if paragraphSeparators.contains(value) {
                stack.removeAll(keepingCapacity: true)
                overflowIsolates = 0
                overflowEmbeddings = 0
            } else if embeddings.contains(value) || isolates.contains(value) {
                let isolate = isolates.contains(value)
                if stack.count < maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    stack.append(isolate)
                } else {
                    if isolate { overflowIsolates += 1 } else if overflowIsolates == 0 { overflowEmbeddings += 1 }
                    removed += 1
                    continue
                }
            } else if value == popDirectionalIsolate {
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                    removed += 1
                    continue
                }
                if let open = stack.lastIndex(of: true) {
                    overflowEmbeddings = 0
                    stack.removeSubrange(open...)
                }
            } else if value == popDirectionalFormatting {
                if overflowIsolates > 0 || overflowEmbeddings > 0 {
                    if overflowIsolates == 0 { overflowEmbeddings -= 1 }
                    removed += 1
                    continue
                }
                if stack.last == false { stack.removeLast() }
            }
            kept.append(scalar)
        }
        return removed == 0 ? string : String(kept)
    }
}
