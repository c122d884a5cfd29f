import Foundation
import StrataFuzzTargets

// libFuzzer's driver, started from this program's own entry point (SwiftPM names the executable's
// entry point itself, so libFuzzer's `main` is not the one linked): built with
// `-sanitize=fuzzer,address` (and UBSan on the C targets) by `scripts/fuzz/campaign.py --libfuzzer`. One binary
// holds every target; `STRATA_FUZZ_TARGET` picks the one a run exercises, so each target keeps its
// own corpus while the build is shared. A target returns normally for every input: a clean error
// is the expected answer to bad bytes; a crash, a sanitizer report, a leak or a time-out is a finding.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

let target = FuzzTarget.selected
var argumentCount = CommandLine.argc
var arguments = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argumentCount, &arguments) { start, count in
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
})
