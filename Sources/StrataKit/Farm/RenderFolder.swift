import Foundation
import StrataRaster

/// An output folder as a render finds it: the fingerprint of the manifest there and the frame
/// records. One folder holds the frames of one fingerprint (docs/farm.md).
struct RenderFolder {
    let directory: URL
    let fingerprint: RunFingerprint

    var manifestURL: URL { directory.appendingPathComponent("manifest.json") }

    /// The fingerprint recorded in a manifest: `.none` when there is no manifest, `.some(nil)`
    /// when it has no fingerprint (written before there were fingerprints) or cannot be read.
    static func manifestFingerprint(at url: URL) -> RunFingerprint?? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .none }
        struct Head: Decodable { var fingerprint: RunFingerprint? }
        return .some((try? JSONDecoder().decode(Head.self, from: data))?.fingerprint)
    }

    /// Checks that the folder holds nothing of another fingerprint and returns its records.
    /// With `overwrite`, another run's manifest, curve and records are removed instead (its frames
    /// are replaced as this run renders them; the ones it does not render stay unrecorded, and
    /// `strata check` reports them).
    ///
    /// - Throws: `.dataError` (exit 65) naming the settings that differ.
    func claim(overwrite: Bool) throws(StrataError) -> [FrameRecords.Record] {
        var records = FrameRecords.read(directory)
        var problems: [String] = []
        var stale: [URL] = []
        if case .some(let recorded) = Self.manifestFingerprint(at: manifestURL), recorded?.id != fingerprint.id {
            if let recorded {
                problems.append(contentsOf: fingerprint.differences(from: recorded))
            } else {
                problems.append("its manifest.json has no run fingerprint (it was written by an earlier strata, or is not a manifest)")
            }
            stale += [manifestURL, directory.appendingPathComponent("curve.csv")]
        }
        for record in records where record.fingerprint != nil && record.fingerprint?.id != fingerprint.id {
            for line in fingerprint.differences(from: record.fingerprint!) where !problems.contains(line) { problems.append(line) }
            stale.append(record.file)
        }
        guard !problems.isEmpty else { return records }
        guard overwrite else {
            throw StrataError(.dataError, "\(directory.path) holds frames rendered with other settings: \(problems.joined(separator: "; ")); pass --overwrite to replace them, or render into another folder")
        }
        for url in stale where FileManager.default.fileExists(atPath: url.path) {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw StrataError(.cannotCreate, "cannot remove \(url.path), left by a run with other settings: \(error.localizedDescription)")
            }
        }
        records.removeAll { stale.contains($0.file) }
        return records
    }
}
