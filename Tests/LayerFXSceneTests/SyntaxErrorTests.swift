import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// Malformed JSON: every error names the line, the column and the enclosing value.
@Suite struct SyntaxErrorTests {
    @Test func missingCommaBetweenMembers() {
        let json = """
        {
          "size": [100, 100],
          "layers": [
            {"name": "a" "opacity": 1}
          ]
        }
        """
        let error = sceneError(json)
        #expect(error?.description == "scene.json:4:18: layers[0]: unexpected character '\"'; expected ',' or '}'")
        #expect(error?.line == 4)
        #expect(error?.column == 18)
        #expect(error?.path == "layers[0]")
    }

    @Test func trailingCommaInObject() {
        let json = """
        {
          "size": [100, 100],
          "layers": [],
        }
        """
        #expect(sceneError(json)?.description == "scene.json:3:15: trailing comma is not allowed")
    }

    @Test func trailingCommaInArray() {
        #expect(sceneError(#"{"size": [100, 100,]}"#)?.description
                == "scene.json:1:19: size: trailing comma is not allowed")
    }

    @Test func emptyAndBlankInput() {
        #expect(sceneError("")?.description == "scene.json:1:1: unexpected end of input; expected a JSON value")
        #expect(sceneError("\n\n  ")?.description == "scene.json:3:3: unexpected end of input; expected a JSON value")
    }

    @Test func unterminatedDocument() {
        let error = sceneError("{\"size\": [1, 1],\n \"layers\": [{}")
        #expect(error?.description == "scene.json:2:15: layers: unexpected end of input; expected ',' or ']'")
    }

    @Test func nanAndInfinityLiterals() {
        #expect(sceneError(#"{"size": [NaN, 1]}"#)?.description
                == "scene.json:1:11: size[0]: NaN and Infinity are not valid JSON numbers")
        #expect(sceneError(#"{"size": [1, -Infinity]}"#)?.description
                == "scene.json:1:14: size[1]: NaN and Infinity are not valid JSON numbers")
    }

    @Test func numbersOutOfRange() {
        #expect(sceneError(#"{"size": [1e999, 1]}"#)?.description == "scene.json:1:11: size[0]: number 1e999 is out of range (beyond ±1.8e308)")
        #expect(sceneError(#"{"size": [1, -2.5E+400]}"#)?.description == "scene.json:1:14: size[1]: number -2.5E+400 is out of range (beyond ±1.8e308)")
    }

    @Test func malformedNumbers() {
        #expect(sceneError(#"{"size": [01, 1]}"#)?.description
                == "scene.json:1:11: size[0]: leading zeros are not allowed in numbers")
        #expect(sceneError(#"{"size": [1., 1]}"#)?.message == "invalid number; expected a digit after '.'")
        #expect(sceneError(#"{"size": [.5, 1]}"#)?.message == "unexpected character '.'; expected a JSON value")
        #expect(sceneError(#"{"size": [+1, 1]}"#)?.message == "unexpected character '+'; expected a JSON value")
        #expect(sceneError(#"{"size": [1e, 1]}"#)?.message == "invalid number; expected a digit in the exponent")
        #expect(sceneError(#"{"size": [0x10, 1]}"#)?.message == "invalid number \"0x10\"")
    }

    @Test func comments() {
        let json = "{\n  // the frame\n  \"size\": [1, 1]\n}"
        #expect(sceneError(json)?.description == "scene.json:2:3: comments are not allowed in JSON")
        #expect(sceneError("{\"size\": [1, 1]} /* end */")?.message == "comments are not allowed in JSON")
    }

    @Test func quotesAndKeys() {
        #expect(sceneError("{'size': [1, 1]}")?.description == "scene.json:1:2: strings must use double quotes")
        #expect(sceneError("{size: [1, 1]}")?.description
                == "scene.json:1:2: unexpected character 's'; expected a string key in double quotes")
        #expect(sceneError(#"{"size" [1, 1]}"#)?.description
                == "scene.json:1:9: unexpected character '['; expected ':' after the key \"size\"")
        #expect(sceneError(#"{"size": [1, 1], "size": [2, 2]}"#)?.description
                == "scene.json:1:18: duplicate key \"size\"")
    }

    @Test func badStrings() {
        #expect(sceneError("{\"na\tme\": 1}")?.description
                == "scene.json:1:5: control character U+0009 must be escaped in a string")
        #expect(sceneError(#"{"size"#)?.description == "scene.json:1:2: unterminated string")
        #expect(sceneError(#"{"a\x": 1}"#)?.description == "scene.json:1:4: invalid escape sequence \"\\x\" in string")
        #expect(sceneError(#"{"a\ud800": 1}"#)?.description == "scene.json:1:4: unpaired surrogate \\uD800 in string")
        #expect(sceneError(#"{"a\u12G4": 1}"#)?.message == "invalid \\u escape in string; expected four hex digits")
        var bytes = Array(#"{"size": [1, 1], "layers": [{"name": "#.utf8)
        bytes += [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")] + Array("}]}".utf8)
        #expect(throws: SceneError.self) { try SceneLoader.decode(bytes, source: "bad.json") }
        do {
            _ = try SceneLoader.decode(bytes, source: "bad.json")
        } catch {
            #expect(error.description == "bad.json:1:39: layers[0].name: invalid UTF-8 in string")
        }
    }

    @Test func badLiterals() {
        #expect(sceneError(#"{"size": [1, 1], "layers": [{"hidden": tru}]}"#)?.description
                == "scene.json:1:40: layers[0].hidden: unexpected \"tru\"; expected a JSON value")
        #expect(sceneError(#"{"size": [1, 1], "layers": [{"hidden": True}]}"#)?.message
                == "unexpected character 'T'; expected a JSON value")
        #expect(sceneError(#"{"size": [1, 1], "layers": [{"hidden": nullx}]}"#)?.message
                == "unexpected \"nullx\"; expected a JSON value")
    }

    @Test func contentAfterDocument() {
        #expect(sceneError(#"{"size": [1, 1]} x"#)?.description
                == "scene.json:1:18: unexpected character 'x' after the end of the JSON document")
        #expect(sceneError(#"{"size": [1, 1]}{}"#)?.message
                == "unexpected character '{' after the end of the JSON document")
    }

    @Test func nestingLimit() {
        let json = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = sceneError(json)
        #expect(error?.message == "arrays and objects are nested more than 512 levels deep")
        #expect(error?.column == 513)
    }

    @Test func columnsCountCharactersNotBytes() {
        let json = #"{"size": [1, 1], "layers": [{"name": "éé✓", "opactiy": 1}]}"#
        let error = sceneError(json)
        #expect(error?.column == column(of: "\"opactiy\"", in: json))
        #expect(error?.column == 45)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"size": [2, 3]}"#.utf8)
        #expect(try SceneLoader.decode(bytes, source: "bom.json").size == Size(width: 2, height: 3))
    }

    @Test func rootMustBeAnObject() {
        #expect(sceneError("[1, 2]")?.description == "scene.json:1:1: expected an object, found an array")
        #expect(sceneError("null")?.description == "scene.json:1:1: expected an object, found null")
    }
}
