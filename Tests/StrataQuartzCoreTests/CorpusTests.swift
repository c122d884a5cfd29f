import Foundation
import StrataQuartzCore
import StrataUIKitShims
import Testing

@Suite struct CorpusTests {
    @Test func placeholder() {}
}
