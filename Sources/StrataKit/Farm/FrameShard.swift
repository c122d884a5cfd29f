import Foundation

/// One of N contiguous chunks of a sequence's frames, for render farms: shard K of N renders the
/// K-th chunk (0-based). Chunks differ in length by at most one frame, cover every frame once,
/// and their frames have the same bytes as a one-process run (docs/farm.md).
public struct FrameShard: Hashable, Sendable, CustomStringConvertible {
    /// This shard, 0 ..< count.
    public var index: Int
    /// Number of shards, ≥ 1.
    public var count: Int

    /// The most shards a run can be split into (more than `Limits.maximumFrames` frames' worth
    /// of shards would all be empty).
    public static let maximumCount = 1_000_000

    /// Shard `index` of `count`; throws a usage error when `index` is not in 0 ..< count or
    /// `count` is not in 1 … `maximumCount`.
    public init(index: Int, count: Int) throws(StrataError) {
        guard count >= 1 else { throw StrataError(.usage, "a sharded run needs at least 1 shard, found \(count)") }
        guard count <= Self.maximumCount else {
            throw StrataError(.usage, "\(count) shards is more than the \(Self.maximumCount) a run can be split into")
        }
        guard (0..<count).contains(index) else {
            throw StrataError(.usage, "shard \(index) is not one of the \(count) shards 0..\(count - 1)")
        }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// This shard's chunk of `frames`, or nil when it has none (more shards than frames).
    public func chunk(of frames: ClosedRange<Int>) -> ClosedRange<Int>? {
        let total = frames.count
        let start = frames.lowerBound + index * total / count
        let end = frames.lowerBound + (index + 1) * total / count
        return start < end ? start...(end - 1) : nil
    }

    /// The schedulers whose own variables name a shard.
    public enum Scheduler: String, CaseIterable, Sendable {
        /// Slurm job arrays: the array index `SLURM_ARRAY_TASK_ID` is the shard number (submit
        /// `--array=0-(N-1)`); the number of shards is `shards` or else `SLURM_ARRAY_TASK_COUNT`.
        /// Give `shards` whenever a subset of the indices is submitted (resubmitting `--array=2`
        /// makes an array of one task).
        case slurm
        /// Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`; the number of shards is the Job's
        /// `completions`, which the pod does not see: give it with `shards`.
        case k8s
    }

    /// The shard a scheduler's task is, from its environment variables. Throws a usage error
    /// naming the variable that is missing or malformed.
    public static func from(_ scheduler: Scheduler, environment: [String: String], shards: Int? = nil) throws(StrataError) -> FrameShard {
        func integer(_ name: String, why: String) throws(StrataError) -> Int {
            guard let text = environment[name] else {
                throw StrataError(.usage, "--shard \(scheduler.rawValue) needs the environment variable \(name), which is not set (\(why))")
            }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw StrataError(.usage, "--shard \(scheduler.rawValue): \(name) is \"\(text)\", not a whole number")
            }
            return value
        }
        switch scheduler {
        case .slurm:
            let why = "is this a task of an sbatch --array job?"
            let id = try integer("SLURM_ARRAY_TASK_ID", why: why)
            var count = shards ?? 0
            if shards == nil { count = try integer("SLURM_ARRAY_TASK_COUNT", why: why) }
            guard count >= 1 else {
                throw StrataError(.usage, "--shard slurm: SLURM_ARRAY_TASK_COUNT is \(count); an array has at least one task")
            }
            guard id < count || shards != nil else {
                throw StrataError(.usage, "--shard slurm: SLURM_ARRAY_TASK_ID is \(id) but the array has \(count) tasks; array indices are shard numbers, so submit --array=0-\(count - 1) (or give --shards N)")
            }
            return try FrameShard(index: id, count: count)
        case .k8s:
            let index = try integer("JOB_COMPLETION_INDEX", why: "is this a pod of an Indexed Job?")
            guard let shards else {
                throw StrataError(.usage, "--shard k8s needs --shards N, the Job's completions (a pod does not see it)")
            }
            return try FrameShard(index: index, count: shards)
        }
    }
}
