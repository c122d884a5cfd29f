// swift-tools-version:6.0
// Strata: a headless layer-tree compositor and animation simulator.
// Stages (DESIGN §1): Model → Raster (pixels, PNG) → Render (the only Cairo user) → Scene
// (file format) → Kit (pipeline) → strata (CLI). StrataSnapshotTesting compares images.
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        .library(name: "StrataKit", targets: ["StrataKit"]),
        .library(name: "StrataSnapshotTesting", targets: ["StrataSnapshotTesting"]),
        .library(name: "StrataSnapshotStrategy", targets: ["StrataSnapshotStrategy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Only its SnapshotTesting target is built (it does not need swift-syntax).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // System libraries. apt: libcairo2-dev, libpng-dev, pkg-config (scripts/setup installs them).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libpng's classic write API needs setjmp; it stays inside this small C target (DESIGN §7).
        .target(name: "CStrataPNG", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),

        // Layer contents are pixel buffers, so the model depends on Raster (not the reverse).
        .target(name: "StrataModel", dependencies: ["StrataRaster"]),
        // Vectorisable inner loops of the filter kernels.
        .target(name: "CStrataKernels"),
        .target(name: "StrataRaster", dependencies: ["CPNG", "CStrataPNG", "CStrataKernels"]),
        .target(name: "StrataAnimation", dependencies: ["StrataModel"]),
        .target(name: "StrataRender", dependencies: ["CCairo", "StrataModel", "StrataRaster"]),
        .target(name: "StrataEffects", dependencies: ["StrataModel", "StrataRaster", "StrataAnimation", "StrataRender"]),
        .target(name: "StrataScene", dependencies: [
            "StrataModel", "StrataRaster", "StrataAnimation", "StrataEffects",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "StrataKit", dependencies: [
            "StrataModel", "StrataRaster", "StrataAnimation", "StrataRender", "StrataEffects", "StrataScene",
        ]),
        .target(name: "StrataSnapshotTesting", dependencies: ["StrataKit", "StrataRaster"]),
        // A `Snapshotting` strategy for pointfreeco/swift-snapshot-testing users.
        .target(name: "StrataSnapshotStrategy", dependencies: [
            "StrataKit", "StrataSnapshotTesting",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(name: "strata", dependencies: [
            "StrataKit", "StrataSnapshotTesting",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "strata-bench", dependencies: [
            "StrataKit", "StrataRender", "StrataRaster",
        ], path: "Sources/StrataBench"),

        .testTarget(name: "StrataTests", dependencies: [
            "StrataModel", "StrataRaster", "StrataAnimation", "StrataRender", "StrataEffects", "StrataScene", "StrataKit",
            "StrataSnapshotTesting",
        ]),
        .testTarget(name: "StrataCLITests", dependencies: ["strata", "StrataRaster"]),
        .testTarget(name: "StrataSnapshotStrategyTests", dependencies: [
            "StrataSnapshotStrategy", "StrataKit", "StrataModel", "StrataRaster",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
