// swift-tools-version:6.0
// Strata: a headless layer-tree compositor and animation simulator.
// Stages (DESIGN §1, docs/architecture.md): Pixels ← Model, Raster (kernels, PNG) → Filters (what a
// filter does) → Render (the only Cairo user) → Effects → Scene (file format) → Kit (the pipeline,
// FrameRenderer) → StrataCLI (the strata command); Strata re-exports the public modules. StrataSnapshotTesting compares images.
import Foundation
import PackageDescription

/// In the project's own test build (`scripts/test` sets STRATA_TEST_BUILD=1) the C inner loops
/// (pixel kernels, the PNG encoder, SHA-256) are optimised in debug builds too: at -O0 their vector
/// code is many times slower, and the debug build is what `scripts/test` runs, so the tests would
/// spend most of their time in unoptimised loops. The bytes they make are the same at every level
/// (integer arithmetic; no float contraction). Anywhere else — a package that depends on Strata by
/// URL and version, a plain `swift build` — the manifest has no unsafe flags at all, which SwiftPM
/// requires of a versioned dependency's products.
let testBuild = ProcessInfo.processInfo.environment["STRATA_TEST_BUILD"] == "1"
let optimizedC: [CSetting] = testBuild ? [.unsafeFlags(["-O2"], .when(configuration: .debug))] : []
/// The same for the Swift stages that touch pixels or run per frame (model, animation, raster,
/// filters, render, effects): optimised in the test build's debug configuration (`-O`, still with
/// `-enable-testing`, so `@testable import` works). Swift never contracts floating-point
/// operations, so the bytes do not change; the catalogue's references check it on every run.
let optimizedSwift: [SwiftSetting] = testBuild ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["StrataCLI"]),
        // Strata Studio's server: `strata studio` hands its process over to it.
        .executable(name: "strata-studio", targets: ["strata-studio"]),
        // `import Strata`: every public module in one import.
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataKit", targets: ["StrataKit"]),
        .library(name: "StrataSnapshotTesting", targets: ["StrataSnapshotTesting"]),
        .library(name: "StrataSnapshotStrategy", targets: ["StrataSnapshotStrategy"]),
        // `expectSnapshot(of:…)`: snapshot tests in one line, for test targets (it links XCTest and Testing).
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
        // Core Animation's and Core Graphics' names (CALayer, CABasicAnimation, CGPath, …) for
        // layer code written for iOS, drawn by Strata (docs/core-animation.md).
        .library(name: "StrataQuartzCore", targets: ["StrataQuartzCore"]),
        // The few UIKit value types layer code leans on: UIColor, UIBezierPath, UIImage, UIEdgeInsets.
        .library(name: "StrataUIKitShims", targets: ["StrataUIKitShims"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Only its SnapshotTesting target is built (it does not need swift-syntax).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // System libraries. apt: libcairo2-dev, libpng-dev, libdeflate-dev, pkg-config (scripts/setup installs them).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // Text layout: Pango with HarfBuzz, on fonts pinned by fontconfig (apt: libpango1.0-dev).
        // Declared by its own header, not found with pkg-config: Pango's pkg-config flags make
        // SwiftPM warn in every dependent package's build (Sources/CPango/shim.h says why).
        .systemLibrary(name: "CPango"),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // WebP images in Lottie files (lottie-ios draws them; apt: libwebp-dev). Decoding only.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Strata's PNG encoders: fast (its own deflate), compact (libdeflate) and a zlib writer
        // (zlib1g-dev, which libpng-dev brings); libpng only decodes (StrataRaster).
        .target(name: "CStrataPNG", dependencies: ["CDeflate"], cSettings: optimizedC, linkerSettings: [.linkedLibrary("z")]),
        // Vectorisable inner loops of the filter kernels.
        .target(name: "CStrataKernels", cSettings: optimizedC),
        // SHA-256 of frames, records and assets (x86 SHA extensions where the processor has them).
        .target(name: "CStrataHash", cSettings: optimizedC),
        // JPEG decoding through libjpeg-turbo's libjpeg API (apt: libjpeg-dev): a C shim, because
        // libjpeg reports errors by a jump Swift cannot take. Its header needs no flags.
        .target(name: "CStrataJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // Starting ffmpeg so that it dies with Strata (a fork on one long-lived thread, PR_SET_PDEATHSIG).
        .target(name: "CStrataProcess"),

        // The pixel buffer and the limits every stage checks: the base that Model and Raster share.
        .target(name: "StrataPixels", swiftSettings: optimizedSwift),
        .target(name: "StrataModel", dependencies: ["StrataPixels"], swiftSettings: optimizedSwift),
        .target(name: "StrataAnimation", dependencies: ["StrataModel"], swiftSettings: optimizedSwift),
        .target(name: "StrataRaster", dependencies: ["StrataPixels", "CPNG", "CWebP", "CStrataJPEG", "CStrataPNG", "CStrataKernels", "CStrataHash"], swiftSettings: optimizedSwift),
        .target(name: "StrataFilters", dependencies: ["StrataModel", "StrataRaster"], swiftSettings: optimizedSwift),
        .target(name: "StrataRender", dependencies: ["CCairo", "CPango", "CStrataKernels", "StrataModel", "StrataRaster", "StrataFilters"],
                resources: [.copy("Fonts")], swiftSettings: optimizedSwift),
        .target(name: "StrataEffects", dependencies: ["StrataModel", "StrataAnimation", "StrataFilters"], swiftSettings: optimizedSwift),
        .target(name: "StrataScene", dependencies: [
            "StrataModel", "StrataRaster", "StrataAnimation", "StrataEffects",
            .product(name: "Yams", package: "Yams"),
        ]),
        // Lottie (Bodymovin JSON, dotLottie) in: an importer in front of the scene model.
        .target(name: "StrataLottie", dependencies: ["StrataModel", "StrataAnimation", "StrataRaster", "StrataScene", "StrataEffects", "CDeflate"]),
        .target(name: "StrataKit", dependencies: [
            "StrataModel", "StrataRaster", "StrataAnimation", "StrataFilters", "StrataRender", "StrataEffects", "StrataScene", "StrataLottie",
            "CStrataProcess",
        ]),
        // Core Animation's classes as a front end: they build Strata's layer values (one way).
        .target(name: "StrataQuartzCore", dependencies: [
            "StrataModel", "StrataAnimation", "StrataRaster", "StrataScene", "StrataKit",
        ]),
        .target(name: "StrataUIKitShims", dependencies: ["StrataQuartzCore", "StrataModel"]),
        .target(name: "StrataSnapshotTesting", dependencies: ["StrataKit", "StrataModel", "StrataRaster", "StrataScene"]),
        // Snapshot tests in one line: references beside the test file, issues recorded in Swift
        // Testing or XCTest. Test targets only: it links XCTest and Testing.
        .target(name: "StrataTesting", dependencies: ["StrataKit", "StrataModel", "StrataRaster", "StrataScene", "StrataSnapshotTesting", "StrataQuartzCore"]),
        // A `Snapshotting` strategy for pointfreeco/swift-snapshot-testing users.
        .target(name: "StrataSnapshotStrategy", dependencies: [
            "StrataKit", "StrataRaster", "StrataSnapshotTesting",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // The umbrella module: re-exports the public modules (Sources/Strata/Strata.swift).
        .target(name: "Strata", dependencies: [
            "StrataAnimation", "StrataEffects", "StrataFilters", "StrataKit", "StrataModel", "StrataRaster", "StrataRender",
            "StrataScene", "StrataSnapshotTesting",
        ]),
        // Strata Studio: a local web page on the real renderer (a sink of the pipeline), served by
        // its own bounded HTTP/1.1 server on POSIX sockets (StudioHTTPServer; docs/studio.md says why).
        .target(name: "StrataStudio", dependencies: [
            "StrataKit", "StrataScene", "StrataEffects", "StrataRaster", "StrataAnimation", "StrataRender", "StrataModel",
        ], resources: [.copy("Web")]),
        // `strata studio`'s arguments, read by both programs below.
        .target(name: "StrataStudioCommand", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The `strata` command (the product's name is the binary's). It does not link the studio's
        // server (and the libraries the studio's session loads): `strata studio`
        // runs `strata-studio` in its place, so every other command starts without them.
        .executableTarget(name: "StrataCLI", dependencies: [
            "StrataKit", "StrataEffects", "StrataFilters", "StrataModel", "StrataScene", "StrataSnapshotTesting", "StrataStudioCommand",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "strata-studio", dependencies: [
            "StrataStudio", "StrataStudioCommand", "StrataKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/StrataStudioCLI"),
        .executableTarget(name: "strata-bench", dependencies: [
            "CCairo", "StrataKit", "StrataModel", "StrataRaster", "StrataRender", "StrataAnimation", "StrataScene", "StrataSnapshotTesting",
        ], path: "Sources/StrataBench"),

        // What the libFuzzer targets do with an input (Fuzz/ holds their entry point; the tests run
        // every seed and regression input through the same functions).
        .target(name: "StrataFuzzTargets", dependencies: [
            "StrataKit", "StrataModel", "StrataRaster", "StrataAnimation", "StrataRender", "StrataScene", "StrataStudio", "StrataLottie",
        ]),

        // What every test target shares: the package's paths, temporary folders, one process runner.
        // Optimised in debug builds too: its reference blurs are the tests' heaviest loops.
        .target(name: "StrataTestSupport", dependencies: ["StrataModel", "StrataRaster"], path: "Tests/StrataTestSupport",
                swiftSettings: optimizedSwift),
        // The stages' tests, one target per stage under test (each declares what it imports).
        .testTarget(name: "StrataModelTests", dependencies: ["StrataTestSupport", "StrataModel", "StrataAnimation", "StrataScene", "StrataKit"]),
        .testTarget(name: "StrataRasterTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataRaster", "StrataFilters", "StrataRender", "StrataKit",
            "CPNG",  // the PngSuite test decodes with libpng itself, as the reference
        ]),
        .testTarget(name: "StrataRenderTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataRaster", "StrataAnimation", "StrataFilters", "StrataRender", "StrataScene", "StrataKit",
            "CStrataKernels",  // the gradient kernel's paths checked against each other
        ]),
        .testTarget(name: "StrataSceneTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataRaster", "StrataAnimation", "StrataFilters", "StrataRender", "StrataEffects",
            "StrataScene", "StrataKit",
            .product(name: "Yams", package: "Yams"),  // scalar typing checked against Yams' default resolver
        ]),
        .testTarget(name: "StrataEffectsTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataRaster", "StrataAnimation", "StrataFilters", "StrataRender", "StrataEffects",
            "StrataScene", "StrataKit",
        ]),
        .testTarget(name: "StrataKitTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataRaster", "StrataAnimation", "StrataRender", "StrataEffects", "StrataScene",
            "StrataKit", "StrataSnapshotTesting", "StrataFuzzTargets",
        ]),
        .testTarget(name: "StrataLottieTests", dependencies: [
            "StrataTestSupport", "StrataModel", "StrataAnimation", "StrataRaster", "StrataScene", "StrataEffects", "StrataLottie", "StrataKit",
            "StrataSnapshotTesting",
        ]),
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCLI", "StrataRaster", "StrataTestSupport"]),
        .testTarget(name: "StrataStudioTests", dependencies: ["StrataCLI", "strata-studio", "StrataStudio", "StrataKit", "StrataRaster", "StrataEffects", "StrataTestSupport",
                                                       .product(name: "Yams", package: "Yams")]),
        // The Swift examples of README.md, docs/swift.md and docs/snapshot-testing.md, compiled and run as
        // printed: the plugin extracts them at build time.
        .executableTarget(name: "ReadmeExtractor"),
        .plugin(name: "ReadmeExamples", capability: .buildTool(), dependencies: ["ReadmeExtractor"]),
        .testTarget(name: "ReadmeTests", dependencies: [
            "Strata", "StrataSnapshotStrategy", "StrataTesting", "StrataQuartzCore", "StrataUIKitShims",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["README.md", "swift.md", "snapshot-testing.md", "__Snapshots__"], plugins: ["ReadmeExamples"]),
        // StrataQuartzCore's tests, and the Core Animation corpus (Tests/Fixtures/quartzcore: app code
        // by others, verbatim) compiled in by the plugin with only its imports rewritten; Swift 5
        // mode, as the app code was written.
        .executableTarget(name: "QuartzCoreCorpusRewriter"),
        .plugin(name: "QuartzCoreCorpus", capability: .buildTool(), dependencies: ["QuartzCoreCorpusRewriter"]),
        .testTarget(name: "StrataQuartzCoreTests", dependencies: [
            "StrataQuartzCore", "StrataUIKitShims", "StrataAnimation", "StrataKit", "StrataModel", "StrataRaster", "StrataRender",
            "StrataTestSupport",
        // The vendored code's own warnings (corelibs' NSMutableString results unused) are not
        // Strata's: silenced in the project's test build only.
        ], swiftSettings: [.swiftLanguageMode(.v5)] + (testBuild ? [.unsafeFlags(["-suppress-warnings"])] : []), plugins: ["QuartzCoreCorpus"]),
        // Core Animation code by others whose own names (its `Path`) would shadow Strata's in
        // StrataQuartzCoreTests: a module of its own (Tests/Fixtures/quartzcore/corpus.json).
        .testTarget(name: "StrataQuartzCoreCorpusTests", dependencies: [
            "StrataQuartzCore", "StrataUIKitShims", "StrataAnimation", "StrataRaster", "StrataTestSupport",
        ], swiftSettings: [.swiftLanguageMode(.v5)] + (testBuild ? [.unsafeFlags(["-suppress-warnings"])] : []), plugins: ["QuartzCoreCorpus"]),
        .testTarget(name: "StrataSnapshotStrategyTests", dependencies: [
            "StrataSnapshotStrategy", "StrataSnapshotTesting", "StrataTesting", "StrataKit", "StrataModel", "StrataRaster", "StrataTestSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/, docs/robustness.md): one executable whose `main` is libFuzzer's,
// so it exists only in the fuzz build (`scripts/fuzz/campaign.py --libfuzzer TARGET`, which sets STRATA_FUZZ=1
// and builds with -sanitize=fuzzer,address into .build-fuzz/); every other build leaves it out.
// libFuzzer itself (its `_no_main` runtime, STRATA_FUZZ_RUNTIME) is linked into this target alone.
if ProcessInfo.processInfo.environment["STRATA_FUZZ"] == "1" {
    let runtime = ProcessInfo.processInfo.environment["STRATA_FUZZ_RUNTIME"].map { [$0] } ?? []
    package.targets.append(.executableTarget(name: "strata-fuzz", dependencies: ["StrataFuzzTargets"], path: "Fuzz/StrataFuzz",
                                             linkerSettings: [.unsafeFlags(runtime + ["-lstdc++"])]))
    package.products.append(.executable(name: "strata-fuzz", targets: ["strata-fuzz"]))
    // The sanitized test pass (scripts/fuzz/libfuzzer.py --sanitized-tests) runs suites of these three test
    // targets only; the others, the README's plugin and the SnapshotTesting adapter are left out of
    // this build, so it compiles what it runs (docs/robustness.md, "The deep pass").
    let sanitizedTestTargets: Set = ["StrataRasterTests", "StrataRenderTests", "StrataKitTests"]
    let unused: Set = ["ReadmeExtractor", "ReadmeExamples", "QuartzCoreCorpusRewriter", "QuartzCoreCorpus", "StrataSnapshotStrategy", "strata-bench"]
    package.targets.removeAll { ($0.type == .test && !sanitizedTestTargets.contains($0.name)) || unused.contains($0.name) }
    package.products.removeAll { unused.contains($0.name) }
    // Only the SnapshotTesting adapter and the README's examples use swift-snapshot-testing: without
    // them SwiftPM would warn that the dependency is unused.
    package.dependencies.removeAll {
        if case .sourceControl(_, let location, _) = $0.kind { return location.contains("swift-snapshot-testing") }
        return false
    }
}

// `scripts/test` builds what the tests run: the benchmarks' executable (scripts/bench builds it
// in release) is left out of its build (STRATA_TEST_BUILD=1).
if ProcessInfo.processInfo.environment["STRATA_TEST_BUILD"] == "1" {
    package.targets.removeAll { $0.name == "strata-bench" }
}
