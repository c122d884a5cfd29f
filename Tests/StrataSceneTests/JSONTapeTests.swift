import Foundation
@testable import StrataScene
import StrataTestSupport
import Testing

/// The JSON reader's compact storage (`JSONTape`): every value reads back as the text says,
/// lines are kept, and the tape is never longer than the text (issue 52: memory in proportion
/// to the file).
@Suite("JSON in compact storage") struct JSONTapeTests {
    func parse(_ text: String) throws(SceneError) -> SceneValue {
        try SceneValue.parseJSON(Data(text.utf8), file: "t.json")
    }

    @Test func numbersReadBackExactlyAsDoubleReadsTheirText() throws {
        var texts = ["0", "-0", "0.0", "-0.0", "1", "-1", "127", "128", "999", "16384", "-99", "1.5", "-0.5", "0.05", "1e2", "1E-2",
                     "1.5e1", "12345678901234567", "123456789012345678", "1234567890123456789012", "9007199254740993",
                     "0.1", "0.30000000000000004", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324", "5e-324", "1.7976931348623157e308",
                     "1e300", "1e400", "-1e400", "1e-400", "3.14159265358979323846", "100000000000000000000000", "0e5", "0.000"]
        var generator = SplitMix(seed: 52)
        for _ in 0..<2000 {
            let digits = String(generator.next() % 10_000_000_000)
            let point = Int(generator.next() % UInt64(digits.count + 1))
            var text = String(digits.prefix(point)) + (point < digits.count ? "." + digits.dropFirst(point) : "")
            if text.hasPrefix(".") { text = "0" + text }
            if text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text = String(Int(text) ?? 0) }
            if generator.next() % 3 == 0 { text += "e\(Int(generator.next() % 60) - 30)" }
            texts.append(generator.next() % 2 == 0 ? "-" + text : text)
        }
        let value = try parse("[" + texts.joined(separator: ",") + "]")
        guard case .array(let values) = value.content else { Issue.record("not a list"); return }
        #expect(values.count == texts.count)
        for (text, value) in zip(texts, values) {
            let expected = try #require(Double(text), "\(text)")
            let read = try #require(value.number, "\(text)")
            #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) ≠ \(expected)")
        }
    }

    @Test func stringsMappingsAndLiteralsReadBack() throws {
        let value = try parse(#"{"a": "héllo \"q\" \u00e9 \ud83d\ude00 \n", "b": [true, false, null, {}], "c": {"d": [[], [1, [2]]]}, "n": null}"#)
        #expect(value.isObject)
        guard case .string(let text)? = value.member("a")?.content else { Issue.record("a"); return }
        #expect(text == "héllo \"q\" é 😀 \n")
        guard case .array(let b)? = value.member("b")?.content else { Issue.record("b"); return }
        #expect(b.count == 4 && value.member("b")?.count == 4)
        if case .bool(true) = b[0].content {} else { Issue.record("true") }
        if case .null = b[2].content {} else { Issue.record("null") }
        #expect(b[3].isObject && !b[3].isArray)
        #expect(value.member("n") == nil, "a member holding null is absent, as before")
        #expect(value.member("zz") == nil)
        guard case .object(let entries) = value.content else { Issue.record("object"); return }
        #expect(entries.map(\.key) == ["a", "b", "c", "n"])
        #expect(value.member("c")?.member("d")?.count == 2)
        #expect(value.member("c")?.member("d")?.summary == "a list of 2")
    }

    @Test func linesAreKeptAcrossLargeContainers() throws {
        // A list long enough that its length takes three bytes: the members after it moved along.
        let long = (0..<20_000).map { "\($0 % 100)" }.joined(separator: ",")
        let text = "{\n\"big\": [\(long)],\n\"after\":\n  [1,\n   2.5]\n}"
        let value = try parse(text)
        #expect(value.member("big")?.count == 20_000)
        let after = try #require(value.member("after"))
        #expect(after.line == 4)
        guard case .array(let two) = after.content else { Issue.record("after"); return }
        #expect(two[1].line == 5 && two[1].number == 2.5)
        #expect(value.line == 1)
    }

    @Test func theTapeIsNoLongerThanTheText() throws {
        let points = (0..<5000).map { "[\($0 % 10),\(($0 * 7) % 10)]" }.joined(separator: ",")
        let lottieLike = #"{"v":"5.7.4","fr":30,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":[100.25,-3.5,0]}},"pt":{"k":{"i":[\#(points)],"o":[\#(points)],"v":[\#(points)],"c":true}}}]}"#
        for text in [lottieLike, "[]", "{}", "[[],[],{}]", "[0,1,2,99,128,999,-5,1.5,-0.25,1e300]", #"{"k":"a\n"}"#] {
            let data = Data(text.utf8)
            let value = try SceneValue.parseJSON(data, file: "t.json")
            let size = try #require(JSONTape.size(of: value))
            #expect(size <= data.count + 2, "\(text.prefix(40)): \(size) bytes for \(data.count)")
        }
    }

    @Test func badTextIsStillRefusedWithItsPlace() throws {
        for (text, expected) in [("[1,]", "no trailing comma"), ("{\"a\":1,\"a\":2}", "each key once"), ("[01]", "','"), ("[1e]", "exponent"),
                                 ("[\"\u{1}\"]", "control character"), ("[tru]", "true"), ("[1] x", "the end")] {
            do {
                _ = try parse(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.expected.contains(expected), "\(text): \(error)")
            }
        }
        // Bytes that are not UTF-8 are refused in a plain string and in one with an escape (read
        // by two different loops), and text that is UTF-8 is kept as written in both.
        for bytes in [[0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22, 0x5D]] as [[UInt8]] {
            do {
                _ = try SceneValue.parseJSON(Data(bytes), file: "t.json")
                Issue.record("\(bytes) was read")
            } catch {
                #expect(error.expected == "UTF-8 text", "\(error)")
            }
        }
        let text = try parse(#"{"é":"naïve – ok","b":"a\tb é"}"#)
        guard case .string(let plain)? = text.member("é")?.content, case .string(let escaped)? = text.member("b")?.content else {
            Issue.record("the strings were not read")
            return
        }
        #expect(plain == "naïve – ok" && escaped == "a\tb é")
        // Duplicates are found among a few keys (compared in the tape) and among many (a set).
        for count in [3, 16, 17, 40] {
            let keys = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
            #expect(try parse("{\(keys)}").member("k\(count - 1)")?.number == Double(count - 1))
            for repeated in [0, count - 1] {
                do {
                    _ = try parse("{\(keys),\"k\(repeated)\":1}")
                    Issue.record("a duplicate of k\(repeated) among \(count) keys was read")
                } catch {
                    #expect(error.keyPath == "k\(repeated)" && error.expected == "each key once", "\(error)")
                }
            }
        }
        #expect(try parse(#"{"a":{"a":1},"b":{"a":2}}"#).member("b")?.member("a")?.number == 2, "the same key in different mappings")
        do {
            _ = try SceneValue.parseJSON(Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]), file: "t.json")
            Issue.record("bad UTF-8 was read")
        } catch {
            #expect(error.expected == "UTF-8 text")
        }
    }
}
