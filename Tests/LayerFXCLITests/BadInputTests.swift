import Foundation
import Testing

/// Bad input: exit status 1, exactly one line `layerfx: error: …` naming the
/// place and what was expected, and no output file (nor temporary file) left
/// behind. Every row is listed in docs/bad-inputs.md.
@Suite
struct BadInputTests {
    /// Every row of the table, in the documentation's order.
    static let all = syntax + values + ranges + arguments + outputs + mounted + devices + files + images + budgets

    @Test(arguments: syntax) func badSyntax(_ row: BadInput) throws { try row.check() }
    @Test(arguments: values) func badValues(_ row: BadInput) throws { try row.check() }
    @Test(arguments: ranges) func badRanges(_ row: BadInput) throws { try row.check() }
    @Test(arguments: arguments) func badArguments(_ row: BadInput) throws { try row.check() }
    @Test(arguments: outputs) func badOutputs(_ row: BadInput) throws { try row.check() }
    @Test(arguments: files) func badFiles(_ row: BadInput) throws { try row.check() }
    @Test(arguments: images) func badImages(_ row: BadInput) throws { try row.check() }

    /// JSON syntax: the strict parser's located errors.
    static let syntax: [BadInput] = [
        .scene("truncated file", #"{"size":[10,10],"layers":[{"opacity":0."#,
               "$DIR/scene.json:1:38: layers[0].opacity: invalid number; expected a digit after '.'"),
        .scene("truncated after a value", #"{"size":[10,10],"layers":["#,
               "$DIR/scene.json:1:27: layers[0]: unexpected end of input; expected a JSON value"),
        .scene("empty file", "",
               "$DIR/scene.json:1:1: unexpected end of input; expected a JSON value"),
        BadInput(input: "byte order mark only", arguments: ["render", "$DIR/scene.json", "-o", "$DIR/out.png"],
                 scene: [0xEF, 0xBB, 0xBF], error: "$DIR/scene.json:1:2: unexpected end of input; expected a JSON value"),
        BadInput(input: "binary garbage (a PNG signature)", arguments: ["render", "$DIR/scene.json", "-o", "$DIR/out.png"],
                 scene: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0],
                 error: "$DIR/scene.json:1:1: unexpected non-ASCII character; expected a JSON value"),
        BadInput(input: "invalid UTF-8 in a string", arguments: ["render", "$DIR/scene.json", "-o", "$DIR/out.png"],
                 scene: Array(#"{"size":[10,10],"layers":[{"name":""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8),
                 error: "$DIR/scene.json:1:36: layers[0].name: invalid UTF-8 in string"),
        .scene("trailing garbage", #"{"size":[10,10],"layers":[]} x"#,
               "$DIR/scene.json:1:30: unexpected character 'x' after the end of the JSON document"),
        .scene("100 000 nested `[`", String(repeating: "[", count: 100_000),
               "$DIR/scene.json:1:513: [0][0][0][0][0][0][0][0]…[0][0][0][0][0][0][0][0]: arrays and objects are nested more than 512 levels deep"),
        .scene("layers nested 300 deep", #"{"size":[10,10],"layers":["# + String(repeating: #"{"sublayers":["#, count: 300),
               "$DIR/scene.json:1:3597: layers[0].sublayers[0].sublayers[0].sublayers[0]….sublayers[0].sublayers[0].sublayers[0].sublayers[0]: arrays and objects are nested more than 512 levels deep"),
        .scene("duplicate key", #"{"size":[10,10],"size":[5,5],"layers":[]}"#,
               "$DIR/scene.json:1:17: duplicate key \"size\""),
        .scene("comment", "{\"size\":[10,10], // hi\n\"layers\":[]}",
               "$DIR/scene.json:1:18: comments are not allowed in JSON"),
        .scene("single quotes", #"{'size':[10,10],"layers":[]}"#,
               "$DIR/scene.json:1:2: strings must use double quotes"),
        .scene("trailing comma", #"{"size":[10,10],"layers":[],}"#,
               "$DIR/scene.json:1:28: trailing comma is not allowed"),
        .scene("malformed JSON", "{\"size\": [10, 10],\n \"layers\": [}",
               "$DIR/scene.json:2:13: layers[0]: unexpected character '}'; expected a JSON value"),
    ]

    /// Values of the wrong type or an unknown name.
    static let values: [BadInput] = [
        .scene("string where a number goes", #"{"size":[10,10],"layers":[{"opacity":"0.5"}]}"#,
               "$DIR/scene.json:1:38: layers[0].opacity: expected a number, found a string"),
        .scene("number where an array goes", #"{"size":[10,10],"layers":[{"position":5}]}"#,
               "$DIR/scene.json:1:39: layers[0].position: expected a point [x, y]"),
        .scene("object where an array goes", #"{"size":[10,10],"layers":{}}"#,
               "$DIR/scene.json:1:26: layers: expected an array, found an object"),
        .scene("null size", #"{"size":null,"layers":[]}"#,
               "$DIR/scene.json:1:9: size: expected a size [width, height]"),
        .scene("null number", #"{"size":[10,10],"layers":[{"opacity":null}]}"#,
               "$DIR/scene.json:1:38: layers[0].opacity: expected a number, found null"),
        .scene("bool as number", #"{"size":[10,10],"layers":[{"hidden":1}]}"#,
               "$DIR/scene.json:1:37: layers[0].hidden: expected true or false, found a number"),
        .scene("colour name", #"{"size":[10,10],"layers":[{"backgroundColor":"red"}]}"#,
               "$DIR/scene.json:1:46: layers[0].backgroundColor: invalid color \"red\"; expected \"#RRGGBB\" or \"#RRGGBBAA\""),
        .scene("unknown fillRule", #"{"size":[10,10],"layers":[{"type":"shape","fillRule":"odd"}]}"#,
               "$DIR/scene.json:1:54: layers[0].fillRule: unknown fill rule \"odd\"; expected one of nonZero, evenOdd"),
        .scene("unknown lineCap", #"{"size":[10,10],"layers":[{"type":"shape","lineCap":"flat"}]}"#,
               "$DIR/scene.json:1:53: layers[0].lineCap: unknown line cap \"flat\"; expected one of butt, round, square"),
        .scene("unknown maskMode", #"{"size":[10,10],"layers":[{"maskMode":"luma"}]}"#,
               "$DIR/scene.json:1:39: layers[0].maskMode: unknown mask mode \"luma\"; expected one of alpha, alphaInverted, luminance, luminanceInverted"),
        .scene("unknown timing function",
               #"{"size":[10,10],"layers":[{"animations":[{"keyPath":"opacity","toValue":1,"duration":1,"timingFunction":"easeInOutQuad"}]}]}"#,
               "$DIR/scene.json:1:105: layers[0].animations[0].timingFunction: unknown timing function \"easeInOutQuad\"; expected one of linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]"),
        .scene("unknown layer type", #"{"size":[10,10],"layers":[{"type":"sprite"}]}"#,
               "$DIR/scene.json:1:35: layers[0].type: unknown layer type \"sprite\"; expected one of layer, shape, gradient, replicator, text, effect"),
        .scene("misspelt key", #"{"size":[10,10],"layers":[{"opactiy":0.5}]}"#,
               "$DIR/scene.json:1:28: layers[0]: unknown key \"opactiy\"; did you mean \"opacity\"?"),
        .scene("unknown key path", #"{"size":[10,10],"layers":[{"animations":[{"keyPath":"opacit","toValue":1}]}]}"#,
               "$DIR/scene.json:1:53: layers[0].animations[0].keyPath: unknown key path \"opacit\"; expected one of opacity, position, position.x, position.y, anchorPoint, bounds, bounds.size, bounds.origin, bounds.size.width, bounds.size.height, transform, transform.scale, transform.scale.x, transform.scale.y, transform.rotation, transform.rotation.z, transform.translation.x, transform.translation.y, sublayerTransform, backgroundColor, borderColor, borderWidth, cornerRadius, path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, miterLimit, lineDashPhase, lineDashPattern, colors, locations, startPoint, endPoint, instanceDelay, instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, fontSize, foregroundColor"),
        .scene("point with three numbers", #"{"size":[10,10],"layers":[{"position":[1,2,3]}]}"#,
               "$DIR/scene.json:1:39: layers[0].position: expected a point [x, y], found an array of 3 elements"),
        .scene("malformed SVG path", #"{"size":[10,10],"layers":[{"type":"shape","path":{"svg":"M 0 0 L 5 x"}}]}"#,
               "$DIR/scene.json:1:57: layers[0].path.svg: invalid SVG path data at character 11 ('x'): expected a number"),
        .scene("mask cycle", #"{"size":[10,10],"layers":[{"name":"a","sublayers":[{"name":"b","mask":"a"}]}]}"#,
               "$DIR/scene.json:1:71: layers[0].sublayers[0].mask: mask cycle: \"a\" → \"b\" → \"a\" (a layer cannot be masked by itself or by a layer that contains it) (in layer \"b\")"),
    ]

    /// Numbers out of range, NaN and infinity.
    /// `count` white colours, a JSON array's elements.
    static func whites(_ count: Int) -> String {
        Array(repeating: ##""#FFFFFF""##, count: count).joined(separator: ",")
    }

    static let ranges: [BadInput] = [
        .scene("`NaN`", #"{"size":[10,10],"layers":[{"opacity":NaN}]}"#,
               "$DIR/scene.json:1:38: layers[0].opacity: NaN and Infinity are not valid JSON numbers"),
        .scene("`-Infinity`", #"{"size":[10,10],"layers":[{"opacity":-Infinity}]}"#,
               "$DIR/scene.json:1:38: layers[0].opacity: NaN and Infinity are not valid JSON numbers"),
        .scene("`1e999`", #"{"size":[10,10],"layers":[{"position":[1e999,0]}]}"#,
               "$DIR/scene.json:1:40: layers[0].position[0]: number 1e999 is out of range (beyond ±1.8e308)"),
        .scene("negative duration", #"{"size":[10,10],"layers":[{"animations":[{"keyPath":"opacity","toValue":1,"duration":-1}]}]}"#,
               "$DIR/scene.json:1:86: layers[0].animations[0].duration: must not be negative (got -1)"),
        .scene("negative repeatCount",
               #"{"size":[10,10],"layers":[{"animations":[{"keyPath":"opacity","toValue":1,"duration":1,"repeatCount":-2}]}]}"#,
               "$DIR/scene.json:1:102: layers[0].animations[0].repeatCount: must not be negative (got -2)"),
        .scene("negative lineWidth", #"{"size":[10,10],"layers":[{"type":"shape","lineWidth":-1}]}"#,
               "$DIR/scene.json:1:55: layers[0].lineWidth: must not be negative (got -1)"),
        .scene("negative bounds size", #"{"size":[10,10],"layers":[{"bounds":[0,0,-5,5]}]}"#,
               "$DIR/scene.json:1:42: layers[0].bounds[2]: width must not be negative (got -5)"),
        .scene("negative instanceCount", #"{"size":[10,10],"layers":[{"type":"replicator","instanceCount":-3}]}"#,
               "$DIR/scene.json:1:64: layers[0].instanceCount: instanceCount must be in 0…100000 (got -3)"),
        .scene("fractional instanceCount", #"{"size":[10,10],"layers":[{"type":"replicator","instanceCount":2.5}]}"#,
               "$DIR/scene.json:1:64: layers[0].instanceCount: expected an integer, found 2.5"),
        .scene("scale 0", #"{"size":[10,10],"scale":0,"layers":[]}"#,
               "$DIR/scene.json:1:25: scale: must be greater than 0 (got 0)"),
        .scene("negative scale", #"{"size":[10,10],"scale":-1,"layers":[]}"#,
               "$DIR/scene.json:1:25: scale: must be greater than 0 (got -1)"),
        .scene("frame larger than 16384 px", #"{"size":[100000,100000],"layers":[]}"#,
               "$DIR/scene.json:1:9: size: frame of 100000×100000 px exceeds the 16384 px limit per side"),
        .scene("gradient locations decreasing",
               ##"{"size":[10,10],"layers":[{"type":"gradient","colors":["#FF0000","#0000FF"],"locations":[0.5,0.2]}]}"##,
               "$DIR/scene.json:1:94: layers[0].locations[1]: locations must not decrease (0.2 follows 0.5)"),
        .scene("more than 1024 gradient colours",
               #"{"size":[10,10],"layers":[{"type":"gradient","colors":[\#(Self.whites(1025))]}]}"#,
               "$DIR/scene.json:1:55: layers[0].colors: a gradient takes at most 1024 colors (got 1025)"),
    ]
}
