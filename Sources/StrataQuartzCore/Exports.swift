// Code written against QuartzCore sees Core Graphics' geometry (CGFloat, CGPoint, CGSize, CGRect),
// which Foundation has on Linux: `import StrataQuartzCore` brings it, as `import QuartzCore` does.
@_exported import Foundation
