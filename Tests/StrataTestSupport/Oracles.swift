import Foundation
import Testing

extension Tag {
    /// Suites that open pages in headless Chromium (Debian's `chromium`).
    @Tag public static var chromium: Tag
    /// Suites that drive Chromium through Playwright for Python.
    @Tag public static var playwright: Tag
    /// Suites that compare with `pango-view` (Debian's `pango1.0-tools`).
    @Tag public static var pangoView: Tag
    /// Suites that compute references with numpy and OpenCV (pip).
    @Tag public static var numpyOpenCV: Tag
    /// Suites that measure paths with svgpathtools (pip).
    @Tag public static var svgpathtools: Tag
    /// Suites that start a single-node Slurm cluster (Debian's `slurm-wlm` and `munge`, as root).
    @Tag public static var slurm: Tag
    /// Suites that encode or decode video with ffmpeg (Debian's `ffmpeg`).
    @Tag public static var ffmpeg: Tag
}

/// A program or library outside the package that a suite compares with or runs (an oracle), how
/// to tell whether it is here, and how to install it. A suite that needs one carries its tag and
/// its `trait`: without the tool a plain `swift test` reports the suite as skipped with the
/// install line. `scripts/test` installs every oracle and sets `STRATA_ORACLES=required`, under
/// which a missing one is not skipped but fails, so that its run never passes by skipping.
public enum Oracle: String, CaseIterable, Sendable {
    case chromium, playwright, pangoView, numpyOpenCV, svgpathtools, slurm, ffmpeg

    /// What to run to install it (what `scripts/test` does).
    public var installLine: String {
        switch self {
        case .chromium: "sudo apt-get install chromium"
        case .playwright: "python3 -m pip install playwright (the browser is Debian's chromium: sudo apt-get install chromium)"
        case .pangoView: "sudo apt-get install pango1.0-tools"
        case .numpyOpenCV: "python3 -m pip install numpy opencv-python-headless"
        case .svgpathtools: "python3 -m pip install svgpathtools"
        case .slurm: "sudo apt-get install slurm-wlm munge, and run the tests as root (slurmd starts jobs as their user)"
        case .ffmpeg: "sudo apt-get install ffmpeg"
        }
    }

    /// Whether it is here (found once per process).
    public var isAvailable: Bool { Self.found[self] ?? false }

    /// True when `STRATA_ORACLES=required` (scripts/test): a missing oracle fails instead of skipping.
    public static var required: Bool { ProcessInfo.processInfo.environment["STRATA_ORACLES"] == "required" }

    /// The suite's condition: it runs when the oracle is here (or is required); otherwise it is
    /// skipped, and the report says what to install.
    public var trait: ConditionTrait {
        .enabled(if: isAvailable || Self.required, Comment(rawValue: "needs \(rawValue) — install with: \(installLine); scripts/test installs it"))
    }

    private static let found: [Oracle: Bool] = {
        var result: [Oracle: Bool] = [:]
        for oracle in Oracle.allCases { result[oracle] = oracle.probe() }
        return result
    }()

    private func probe() -> Bool {
        func onPath(_ names: [String]) -> Bool {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            return names.contains { name in folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") } }
        }
        func python(_ modules: String) -> Bool {
            (try? TestProcess.run("python3", ["-c", "import \(modules)"]).status) == 0
        }
        switch self {
        case .chromium: return onPath(["chromium", "chromium-browser", "google-chrome"])
        case .playwright: return onPath(["chromium", "chromium-browser", "google-chrome"]) && python("playwright")
        case .pangoView: return onPath(["pango-view"])
        case .numpyOpenCV: return python("numpy, cv2")
        case .svgpathtools: return python("svgpathtools")
        case .slurm: return getuid() == 0 && onPath(["munged"]) && onPath(["slurmctld"]) && onPath(["slurmd"]) && onPath(["sbatch"])
        case .ffmpeg: return onPath(["ffmpeg"]) && onPath(["ffprobe"])
        }
    }
}
