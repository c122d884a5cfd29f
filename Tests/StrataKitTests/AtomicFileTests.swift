import StrataTestSupport
import Foundation
import Testing
import StrataKit

@Suite("Atomic files")
struct AtomicFileTests {
    @Test("a write leaves the whole file under its name and no temporary; it replaces a file when asked to")
    func writesWholeFiles() throws {
        let folder = PackagePaths.temporaryDirectory()
        let url = folder.appendingPathComponent("frame.png")
        let first = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(first, to: url, overwrite: false)
        #expect(try Data(contentsOf: url) == Data(first))
        #expect(throws: StrataError.self) { try AtomicFile.write([1, 2, 3], to: url, overwrite: false) }
        try AtomicFile.write([1, 2, 3], to: url, overwrite: true)
        #expect(try Data(contentsOf: url) == Data([1, 2, 3]))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["frame.png"])
    }

    @Test("a folder that is missing is an error naming the temporary file's path, and nothing is left")
    func missingFolder() throws {
        let folder = PackagePaths.temporaryDirectory().appendingPathComponent("missing")
        let url = folder.appendingPathComponent("frame.png")
        let error = #expect(throws: StrataError.self) { try AtomicFile.write([1, 2, 3], to: url, overwrite: true) }
        #expect(error?.message.contains(folder.path) == true)
        #expect(error?.message.contains("No such file or directory") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
