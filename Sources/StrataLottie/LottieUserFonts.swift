import Foundation
import StrataModel
import StrataRaster
import StrataScene

/// The fonts a user has and a Lottie file names but does not carry (`strata … --font DIR`), as a
/// font provider gives lottie-ios fonts an app bundles. A text whose glyphs the file lacks is set
/// in the file from DIR whose name is the font's name (`fName`, `Roboto-Bold`) or its family and
/// style (`Roboto Bold`, or `Roboto` for a regular style) — compared without case, spaces, hyphens
/// or underscores — instead of Helvetica's design.
public struct LottieUserFonts: Sendable {
    /// The font files of the folder, by their compared names.
    let files: [String: String]

    /// The most font files a folder may hold.
    public static let maximumFiles = 1000

    /// Lists the TrueType and OpenType files (`.ttf`, `.otf`) of `folder`, without reading them.
    /// - Throws: when the folder cannot be read, naming it.
    public init(folder: String) throws(SceneError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw SceneError(file: folder, keyPath: "", expected: "a folder of font files (--font)", found: "a folder that cannot be read")
        }
        var files: [String: String] = [:]
        for name in names.sorted().prefix(Self.maximumFiles) where [".ttf", ".otf"].contains(where: { name.lowercased().hasSuffix($0) }) {
            let stem = String(name.dropLast(4))
            files[Self.key(stem)] = files[Self.key(stem)] ?? URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
        }
        self.files = files
    }

    static func key(_ text: String) -> String {
        String(text.lowercased().filter { !" -_".contains($0) })
    }

    /// The file for the font `name` of `family` and `style`, checked (a regular file of at most
    /// `Limits.maximumFontFileBytes` that is a font) with the SHA-256 of its bytes, its vertical
    /// metrics and the family it names itself (`family` when it names none): the file is chosen by
    /// its name, and its own family is what asks Pango for its face (After Effects' family name,
    /// "Airbnb Cereal", need not be the file's, "Airbnb Cereal App"). Nil when the folder has none.
    /// A file that is not a usable font is an error naming it.
    func file(name: String, family: String, style: String) throws(SceneError) -> UserFont? {
        let candidates = [Self.key(name), Self.key(family + style)] + (["regular", "normal", "book", ""].contains(Self.key(style)) ? [Self.key(family)] : [])
        guard let path = candidates.lazy.compactMap({ self.files[$0] }).first else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular, let size = attributes?[.size] as? Int, size <= Limits.maximumFontFileBytes,
              let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, keyPath: "", expected: "a regular font file of at most \(Limits.maximumFontFileBytes) bytes (--font)", found: "something else")
        }
        let bytes = [UInt8](data)
        if let problem = FontFileCheck.problem(bytes) {
            throw SceneError(file: path, keyPath: "", expected: "a TrueType or OpenType font that can be loaded (--font)", found: "a file in which \(problem)")
        }
        guard let metrics = FontFileCheck.verticalMetrics(bytes) else {
            throw SceneError(file: path, keyPath: "", expected: "a font whose 'head' and 'hhea' tables give its units per em and ascent (--font)", found: "tables too short for them")
        }
        return UserFont(path: path, sha256: SHA256.hex(bytes), metrics: metrics, family: FontFileCheck.familyName(bytes) ?? family)
    }
}

/// A font file of the user's folder, chosen for a text.
struct UserFont {
    var path: String
    /// The SHA-256 of its bytes (the render's fingerprint names it).
    var sha256: String
    var metrics: FontVerticalMetrics
    /// The family the file names itself, which Pango is asked for.
    var family: String
}
