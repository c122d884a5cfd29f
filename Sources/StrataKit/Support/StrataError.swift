import Foundation
import StrataFilters
import StrataRaster
import StrataRender
import StrataScene

/// An error of the pipeline with the exit status the CLI uses (BSD sysexits).
public struct StrataError: Error, CustomStringConvertible, LocalizedError {
    /// The failure's category, which fixes the exit status.
    public enum Kind: Int32, Sendable {
        /// Wrong command-line use (EX_USAGE).
        case usage = 64
        /// Bad input data: a scene or image that is wrong (EX_DATAERR).
        case dataError = 65
        /// An input file that does not exist (EX_NOINPUT).
        case noInput = 66
        /// A program Strata needs is missing, such as ffmpeg (EX_UNAVAILABLE).
        case unavailable = 69
        /// An internal failure (EX_SOFTWARE).
        case software = 70
        /// An output file that cannot be created (EX_CANTCREAT).
        case cannotCreate = 73
        /// A read or write error (EX_IOERR).
        case ioError = 74
        /// Stopped by SIGINT (Ctrl-C): 128 + 2, as shells report it.
        case interrupted = 130
    }

    /// The category.
    public let kind: Kind
    /// The message shown to the user.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The process exit status for this error.
    public var exitCode: Int32 { kind.rawValue }

    public var description: String { message }

    /// The message, so that `localizedDescription` (what test libraries print) is the message.
    public var errorDescription: String? { message }

    /// Wraps a scene error (missing file → 66, bad content → 65).
    public init(_ error: SceneError) {
        // Further problems each on their own line, in the CLI's error style.
        self.init(error.kind == .inputMissing ? .noInput : .dataError, error.all.map(\.description).joined(separator: "\nstrata: error: "))
    }

    /// Wraps a render error (a Cairo failure or an over-size surface).
    public init(_ error: RenderError, prefix: String = "") {
        self.init(error.exceedsLimits ? .dataError : .software, prefix + error.description)
    }

    /// Wraps a raster error.
    public init(_ error: RasterError, file: String? = nil) {
        let prefix = file.map { "\($0): " } ?? ""
        switch error {
        case .invalidPNG, .tooLarge, .invalidArgument: self.init(.dataError, prefix + error.description)
        case .encodingFailed: self.init(.software, prefix + error.description)
        }
    }

    /// Wraps a filter-option error (usage → 64, missing file → 66, unreadable file → 65).
    public init(_ error: FilterOptionError) {
        switch error.kind {
        case .usage: self.init(.usage, error.description)
        case .missingFile: self.init(.noInput, error.description)
        case .unreadableFile: self.init(.dataError, error.description)
        }
    }
}
