import Foundation
import StrataRaster
import StrataScene

/// A Lottie document parsed into compact storage and hashed (`LottieImporter.parse`), ready to
/// import; the bytes it was read from are no longer needed.
public struct LottieDocument: Sendable {
    let value: SceneValue
    /// The file it was read from, as errors name it.
    public let file: String
    let sha256: String
}

extension LottieImporter {
    /// The largest Lottie JSON document read, plain or in a dotLottie, in bytes (64 MiB, as a
    /// dotLottie entry). Parsing costs about the document again (`JSONTape`), the layers built
    /// from it a few times more.
    public static let maximumJSONBytes = LottieArchive.maximumEntryBytes

    static func tooLarge(_ count: Int, file: String) -> SceneError {
        SceneError(file: file, keyPath: "", expected: "a Lottie JSON document of at most \(maximumJSONBytes) bytes (64 MiB, the limit)",
                   found: "\(count) bytes")
    }

    /// Parses a Lottie document's JSON into compact storage and hashes it: what `decode` needs,
    /// so that the caller can let `data` go before the layers are built (a document then costs
    /// its tape, about its own size, beside what is built from it). At most `maximumJSONBytes`.
    public static func parse(_ data: Data, file: String) throws(SceneError) -> LottieDocument {
        guard data.count <= maximumJSONBytes else { throw tooLarge(data.count, file: file) }
        return LottieDocument(value: try SceneValue.parseJSON(data, file: file), file: file, sha256: SHA256.hex(data))
    }

    /// `data` parsed as `parse` does when it is a Lottie document: a JSON object whose top-level
    /// keys include the composition's (`fr`, `ip`, `op`, `w`, `h`, `layers`), told from the parsed
    /// value, so the text is read once (and hashed only then). Nil for anything else — a scene
    /// file, in YAML or JSON — but a file that is not JSON (or is over the limit) while its keys
    /// before the fault are those (`isLottie`) is a Lottie file cut short: the JSON reader's error.
    public static func parseIfLottie(_ data: Data, file: String) throws(SceneError) -> LottieDocument? {
        guard mayBeLottie(data) else { return nil }
        guard data.count <= maximumJSONBytes else {
            if isLottie(data) { throw tooLarge(data.count, file: file) }
            return nil
        }
        let value: SceneValue
        do {
            value = try SceneValue.parseJSON(data, file: file)
        } catch {
            if isLottie(data) { throw error }
            return nil
        }
        guard ["fr", "ip", "op", "w", "h", "layers"].allSatisfy({ value.member($0) != nil }) else { return nil }
        return LottieDocument(value: value, file: file, sha256: SHA256.hex(data))
    }

    static func parse(taking entry: String, from archive: inout LottieArchive, file: String) throws(SceneError) -> LottieDocument {
        let bytes = archive.take(entry)
        guard bytes.count <= maximumJSONBytes else { throw tooLarge(bytes.count, file: file) }
        return LottieDocument(value: try SceneValue.parseJSON(bytes: bytes, file: file), file: file, sha256: SHA256.hex(bytes))
    }
}
