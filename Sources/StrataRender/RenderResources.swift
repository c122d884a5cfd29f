import StrataModel
import StrataRaster

/// Cairo surfaces one rendering thread keeps from frame to frame.
///
/// - The frame surface: the next frame of the same pixel size reuses it (cleared), instead of
///   allocating and faulting in a new one (a 1080p frame is 8 MB).
/// - The frame's pixels: an image handed back with `recycle(_:)` once it is encoded holds the
///   next frame's pixels.
/// - Image contents: a layer's `contents` are converted to Cairo's pixel format once per distinct
///   pixel storage, not on every draw. An entry keeps a reference to the storage it was made from,
///   so the same storage address always means the same, unchanged pixels (a mutated copy gets new
///   storage). Least recently used entries go when the cache passes `imageBudgetBytes`.
///
/// - The previous frame (with `keepsDamage`): the next frame is drawn over it, only where the
///   two can differ (the damage).
/// - The base: the canvas after its background and the top-level nodes that stayed the same from
///   one frame of the thread to the next (a still backdrop under moving layers). The next frame
///   whose first nodes draw the same starts from a copy of it instead of clearing and drawing
///   them again.
///
/// Rendering gives the same bytes with or without resources. Not thread-safe: give each thread
/// its own (Cairo surfaces and their pixman images must not be shared between threads).
public final class RenderResources {
    private struct CachedImage {
        let pixels: [UInt8]
        let surface: CairoSurface
        var lastUse: Int
    }

    /// Upper bound of the image cache, in bytes of converted pixels.
    public let imageBudgetBytes: Int
    var spareFrame: CairoSurface?
    /// Arc-length measurements of the paths cut by strokeStart and strokeEnd this frame and the
    /// last (RenderResources+Paths).
    var measuredPaths = TwoFrameCache<Int, (elements: [Path.Element], segments: [Path.MeasuredSegment])>()
    /// Paths measured for a trim so far, for tests.
    public internal(set) var pathMeasurements = 0
    /// The previous frame's nodes, for the render tree of the next (`RenderTreeBuilder.build(_:resources:)`).
    let nodeCache = RenderNodeCache()
    /// Render-tree nodes taken from the previous frame so far, for tests.
    public var nodesKept: Int { nodeCache.hits }
    /// The kept base and the top-level nodes of the thread's previous frame (RenderResources+Base).
    var base: Base?
    var previousFrame: (key: BaseKey, roots: [RenderNode])?
    /// Whether the previous frame's first nodes draw what the base holds (it started from the base
    /// or the base was kept from it): then a frame whose first nodes draw what the previous
    /// frame's did draws what the base holds too, without comparing them again.
    var previousMatchesBase = false
    /// Whether frames start from the kept base (default true). False draws every frame in full:
    /// for measuring what drawing a scene costs when nothing stays the same.
    public var keepsBase = true
    /// Frames started from a copy of the base so far, for tests.
    public internal(set) var baseRestores = 0
    /// Whether a frame is drawn over the thread's previous one, only where it can differ
    /// (default false; `Damage.swift`). The bytes are those of a frame drawn in full.
    /// For a thread drawing a sequence in order: the previous frame is its spare surface.
    public var keepsDamage = false
    /// Frames drawn over the previous one so far, for tests and benchmarks.
    public internal(set) var damageRedraws = 0
    var lastDrawn: DrawnFrame?
    /// The damage of the frame painted last (with `keepsDamage`), handed out with it
    /// (`Renderer.draw`, `DrawnFrame.damage`) and the next frame's `previous`.
    var lastDamage: FrameDamage?
    /// Intermediates of placed images (`CairoCanvas+PlacedImages`), kept while still frames use them.
    struct PlacedImage {
        let source: CairoSurface
        let placed: CairoSurface
        let bytes: Int
        var lastFrame: Int
    }
    var placedImages: [PlacedImageKey: PlacedImage] = [:]
    var placedBytes = 0
    var placementFrame = 0
    /// Upper bound of the kept intermediates of placed images, in bytes (64 MB).
    let placementBudgetBytes = 64 << 20
    private var sparePixels: [UInt8]?
    private var scratch: CairoSurface?
    /// Gradients' colour tables by their stops (`CairoCanvas.gradientTable`), at most 256.
    private var gradientTables: [GradientStops: [UInt32]] = [:]
    /// Gradient images kept while they are drawn frame after frame (RenderResources+Gradients).
    var gradientImages: [GradientImageKey: (image: CairoSurface, lastFrame: Int)] = [:]
    /// When each gradient image was last drawn without being kept.
    var gradientSightings: [GradientImageKey: Int] = [:]

    /// A gradient's stops: what its colour table depends on.
    struct GradientStops: Hashable {
        let colors: [Color]
        let locations: [Double]

        /// Hashed by the counts and the end stops (a Lottie gradient's 24 sampled stops, hashed in
        /// full for every lookup of every frame, cost more than the table they find); equality
        /// still compares every stop.
        func hash(into hasher: inout Hasher) {
            hasher.combine(colors.count)
            hasher.combine(colors.first)
            hasher.combine(colors.last)
            hasher.combine(locations.first)
            hasher.combine(locations.last)
        }
    }
    private var images: [UnsafeRawPointer: CachedImage] = [:]
    private var cachedBytes = 0
    private var useCounter = 0
    /// Images sampled into an intermediate so far (placements not found kept), for tests.
    public internal(set) var imagePlacements = 0
    /// Conversions of image contents to Cairo surfaces so far (cache misses), for tests.
    public private(set) var imageConversions = 0

    /// - Parameter imageBudgetBytes: the most converted image pixels to keep, in bytes (default 256 MB).
    public init(imageBudgetBytes: Int = 256 << 20) {
        self.imageBudgetBytes = imageBudgetBytes
    }

    /// An ARGB32 surface of `width × height` pixels for a frame, cleared (but for the pixels
    /// `covered`, which the frame's first paint fills: `RenderTree.firstPaintCover`) or holding a
    /// copy of `base`: the spare one when its size matches, otherwise a new one.
    func frameSurface(width: Int, height: Int, holding base: CairoSurface? = nil,
                      covered: PixelBox? = nil) throws(RenderError) -> CairoSurface {
        let surface: CairoSurface
        if let spare = spareFrame, spare.width == width, spare.height == height {
            spareFrame = nil
            surface = spare
            // Only where the last frame drew (the rest is transparent still), but the covered pixels.
            if base == nil { spare.clear(within: spare.marked, except: covered) }
            spare.marked = nil  // what is drawn now is unknown until the renderer marks it
        } else {
            surface = try CairoSurface(width: width, height: height)
        }
        if let base { surface.copyPixels(of: base) }
        return surface
    }

    /// Hands a rendered frame back once it is no longer needed (encoded and written): its pixel
    /// storage holds the next frame of the same size. Pass the last reference: if the image's
    /// pixels are shared, the next frame gets new storage and nothing changes for the sharer.
    public func recycle(_ image: consuming PixelBuffer) {
        sparePixels = image.pixels
    }

    /// The recycled pixel storage, if any (taken: the resources no longer hold it).
    func takeSparePixels() -> [UInt8]? {
        defer { sparePixels = nil }
        return sparePixels
    }

    /// Hands a frame surface back for the next frame.
    func recycle(frame surface: CairoSurface) {
        spareFrame = surface
    }

    /// The colour table of a gradient with these stops, computed by `make` the first time (and
    /// again after 256 others filled the cache).
    func gradientTable(_ stops: GradientStops, make: () -> [UInt32]) -> [UInt32] {
        if let table = gradientTables[stops] { return table }
        if gradientTables.count >= 256 { gradientTables.removeAll(keepingCapacity: true) }
        let table = make()
        gradientTables[stops] = table
        return table
    }

    /// Scratch pixels for an image of `width × height` drawn and used at once (a gradient's),
    /// not cleared: a view of a surface kept from draw to draw, which grows to the largest asked
    /// for, so that no draw pays for new memory.
    func scratchSurface(width: Int, height: Int) throws(RenderError) -> CairoSurface {
        if scratch == nil || scratch!.width < width || scratch!.height < height {
            scratch = try CairoSurface(width: max(width, scratch?.width ?? 0), height: max(height, scratch?.height ?? 0))
        }
        return try CairoSurface(topLeftOf: scratch!, width: width, height: height)
    }

    /// The Cairo surface holding `image`, converted at most once while it stays cached.
    func surface(for image: PixelBuffer) throws(RenderError) -> CairoSurface {
        guard let key = image.pixels.withUnsafeBytes({ $0.baseAddress }) else { return try CairoSurface(image: image) }
        useCounter += 1
        if var entry = images[key], entry.pixels.count == image.pixels.count,
           entry.surface.width == image.width, entry.surface.height == image.height {
            entry.lastUse = useCounter
            images[key] = entry
            return entry.surface
        }
        let surface = try CairoSurface(image: image)
        imageConversions += 1
        let bytes = image.pixels.count
        guard bytes <= imageBudgetBytes else { return surface }
        if let old = images.removeValue(forKey: key) { cachedBytes -= old.pixels.count }
        while cachedBytes + bytes > imageBudgetBytes, let oldest = images.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            images.removeValue(forKey: oldest.key)
            cachedBytes -= oldest.value.pixels.count
        }
        images[key] = CachedImage(pixels: image.pixels, surface: surface, lastUse: useCounter)
        cachedBytes += bytes
        return surface
    }
}
