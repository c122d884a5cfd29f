// `import UIKit` brings Foundation and QuartzCore; `import StrataUIKitShims` brings Foundation
// and StrataQuartzCore.
@_exported import Foundation
@_exported import StrataQuartzCore
