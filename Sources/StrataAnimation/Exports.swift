// Animation descriptions (Animation, TimingFunction, Keyframes, Spring, MediaTiming) live in the
// model, so that a Layer can hold its animations; this module evaluates them. Re-exporting the
// model keeps `import StrataAnimation` enough to write animations.
@_exported import StrataModel
