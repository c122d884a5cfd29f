import Foundation
import StrataKit
import StrataRaster

/// The studio's frame cache as a sink of rendered frames: each frame the page asks for is handed
/// over as `FrameRenderer.render` made it and encoded as `strata frame` and the PNG folder encode
/// theirs (the fast encoder, from the pixels in place), so the bytes shown are the files' bytes by
/// construction; the last `limit` frames of the scene's current generation are kept by what they
/// show.
final class StudioFrameCache: FrameSink, @unchecked Sendable {
    /// What a frame shows: scene generation, frame, curves, clock and overlay settings, view.
    struct Key: Hashable {
        var generation: Int
        var frame: Int
        var curves: [String: String]
        var settings: StudioSession.Settings
        var overlays: Bool
        var view: StudioSession.FrameView
    }

    /// A frame on its way in: its key and what the session measured beside it.
    private struct Ticket {
        var key: Key
        var meanError: Double?
        var restoredBase: Bool
        var result: StudioSession.Rendered?
    }

    let limit: Int
    private let lock = NSLock()
    private var entries: [Key: StudioSession.Rendered] = [:]
    private var order: [Key] = []
    private var tickets: [Int: Ticket] = [:]
    private var nextTicket = 0
    private var generation = 0

    init(limit: Int) { self.limit = limit }

    var needsFramesInOrder: Bool { false }

    /// The frame kept for `key`, if any.
    func frame(for key: Key) -> StudioSession.Rendered? {
        lock.withLock { entries[key] }
    }

    /// A slot for the frame of `key`, to hand to `take`.
    func slot(for key: Key, meanError: Double?, restoredBase: Bool) -> Int {
        lock.withLock {
            nextTicket += 1
            tickets[nextTicket] = Ticket(key: key, meanError: meanError, restoredBase: restoredBase)
            return nextTicket
        }
    }

    func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError) {
        let png = try PNGEncoder().encode(frame, options: .fast)
        lock.withLock {
            guard var ticket = tickets[slot] else { return }
            let rendered = StudioSession.Rendered(png: png, sha256: SHA256.hex(png), meanError: ticket.meanError,
                                                  restoredBase: ticket.restoredBase)
            ticket.result = rendered
            tickets[slot] = ticket
            guard entries[ticket.key] == nil, ticket.key.generation >= generation else { return }
            entries[ticket.key] = rendered
            order.append(ticket.key)
            if order.count > limit { entries[order.removeFirst()] = nil }
        }
    }

    func fail(_ error: StrataError) {}

    /// The frame taken for `slot` (nil when none was), forgetting the slot.
    func result(of slot: Int) -> StudioSession.Rendered? {
        lock.withLock { tickets.removeValue(forKey: slot)?.result }
    }

    /// Forgets every frame: the scene is now at `generation`.
    func reset(generation: Int) {
        lock.withLock {
            self.generation = generation
            entries.removeAll()
            order.removeAll()
        }
    }
}
