// `import UIKit` brings Foundation and QuartzCore; `import StrataUIKitShims` brings Foundation
// and StrataQuartzCore.
@_exported import Foundation
@_exported import StrataQuartzCore

/// The module name as a namespace, so that module-qualified names (`UIKit.CGColor`, used where an
/// app's own type shadows the framework's) compile as they do against UIKit, which re-exports
/// Core Graphics and QuartzCore. (`import UIKit` itself is what the corpus rewrites; `canImport`
/// checks modules, so this enum does not make `#if canImport(UIKit)` true.)
public enum UIKit {
    public typealias CGFloat = Foundation.CGFloat
    public typealias CGPoint = Foundation.CGPoint
    public typealias CGSize = Foundation.CGSize
    public typealias CGRect = Foundation.CGRect
    public typealias CGVector = StrataQuartzCore.CGVector
    public typealias CGAffineTransform = StrataQuartzCore.CGAffineTransform
    public typealias CGColor = StrataQuartzCore.CGColor
    public typealias CGPath = StrataQuartzCore.CGPath
    public typealias CGMutablePath = StrataQuartzCore.CGMutablePath
    public typealias CGImage = StrataQuartzCore.CGImage
    public typealias CATransform3D = StrataQuartzCore.CATransform3D
    public typealias CALayer = StrataQuartzCore.CALayer
    public typealias CAShapeLayer = StrataQuartzCore.CAShapeLayer
    public typealias CAGradientLayer = StrataQuartzCore.CAGradientLayer
    public typealias CATextLayer = StrataQuartzCore.CATextLayer
    public typealias CAReplicatorLayer = StrataQuartzCore.CAReplicatorLayer
    public typealias UIColor = StrataUIKitShims.UIColor
    public typealias UIFont = StrataUIKitShims.UIFont
    public typealias UIImage = StrataUIKitShims.UIImage
    public typealias UIBezierPath = StrataUIKitShims.UIBezierPath
    public typealias UIEdgeInsets = StrataUIKitShims.UIEdgeInsets
    public typealias UIScreen = StrataUIKitShims.UIScreen
}
