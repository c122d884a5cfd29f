import Foundation

/// A damped harmonic oscillator, as `CASpringAnimation`, solved in closed form.
///
/// The animated value moves from its start to its end as 1 − x(t), where x(t) is the oscillator's
/// displacement with x(0) = 1 and x'(0) = −initialVelocity, and t is in seconds.
public struct Spring: Hashable, Sendable {
    /// Mass of the object on the spring (> 0); default 1.
    public var mass: Double
    /// Spring constant (> 0); default 100.
    public var stiffness: Double
    /// Damping coefficient (≥ 0); default 10.
    public var damping: Double
    /// Initial velocity in units of the whole distance per second, towards the end; default 0.
    public var initialVelocity: Double

    /// Creates a spring; the defaults are Core Animation's.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Undamped angular frequency ω₀ = √(k/m), radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)): < 1 oscillates, 1 is critical, > 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Remaining displacement x(t) at `seconds` (1 at the start, → 0 as the spring settles).
    public func displacement(atSeconds t: Double) -> Double {
        let omega = naturalFrequency, zeta = dampingRatio, v0 = -initialVelocity
        if t <= 0 { return 1 }
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega) / omegaD
            return exp(-zeta * omega * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta == 1 {
            return (1 + (v0 + omega) * t) * exp(-omega * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The time, in seconds, after which |x(t)| stays below 0.001 (a thousandth of the distance),
    /// found by stepping at 1/1000 s up to 100 s — `CASpringAnimation.settlingDuration`.
    public var settlingDuration: Double {
        let step = 0.001, threshold = 0.001
        var last = 0.0
        for index in 0...100_000 {
            let t = Double(index) * step
            if abs(displacement(atSeconds: t)) >= threshold { last = t }
        }
        return (last + step).rounded(toPlaces: 3)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (self * factor).rounded() / factor
    }
}
