// One import for clients: `import Strata` brings every public module of the pipeline — layers and
// geometry (StrataModel), animations, timing and the frame clock (StrataAnimation), pixels and PNG
// (StrataRaster, StrataPixels), filters (StrataFilters), the render tree (StrataRender), the seed
// effects (StrataEffects), scene files (StrataScene), the pipeline and frame sequences (StrataKit)
// and snapshot comparison (StrataSnapshotTesting). The pointfree strategy stays a library of its own
// (StrataSnapshotStrategy), so that clients who do not use swift-snapshot-testing do not build it.
@_exported import StrataAnimation
@_exported import StrataEffects
@_exported import StrataFilters
@_exported import StrataKit
@_exported import StrataModel
@_exported import StrataRaster
@_exported import StrataRender
@_exported import StrataScene
@_exported import StrataSnapshotTesting
