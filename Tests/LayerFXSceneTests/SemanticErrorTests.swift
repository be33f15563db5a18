import Testing
import LayerFXModel
import LayerFXScene

/// Documents that parse but break the contract: each error names the JSON
/// path, the line and column of the offending value, and what was expected.
@Suite struct SemanticErrorTests {
    @Test func unknownKeyWithSuggestion() {
        let json = """
        {
          "size": [100, 100],
          "layers": [
            {
              "sublayers": [
                {},
                {"opactiy": 0.5}
              ]
            }
          ]
        }
        """
        #expect(sceneError(json)?.description
                == "scene.json:7:10: layers[0].sublayers[1]: unknown key \"opactiy\"; did you mean \"opacity\"?")
    }

    @Test func unknownKeysElsewhere() {
        expectRejected(##"{"size": [1, 1], "backgroundcolor": "#000000"}"##, path: "",
                       message: "unknown key \"backgroundcolor\"; did you mean \"backgroundColor\"?",
                       at: "\"backgroundcolor\"")
        expectRejected(##"{"size": [1, 1], "frame": [0, 0, 1, 1]}"##, path: "",
                       message: "unknown key \"frame\"", at: "\"frame\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "durtion": 1}]}]}"##,
                       path: "layers[0].animations[0]",
                       message: "unknown key \"durtion\"; did you mean \"duration\"?", at: "\"durtion\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"transform": {"scale": 2, "skew": 1}}]}"##,
                       path: "layers[0].transform", message: "unknown key \"skew\"", at: "\"skew\"")
    }

    /// The timeline: a positive frame rate, an end after the start.
    @Test func timelineLimits() throws {
        let scene = try decodeScene(##"{"size": [1, 1], "timeline": {"frameRate": 25, "end": 2}}"##)
        #expect(scene.timeline == SceneTimeline(frameRate: 25, start: 0, end: 2))
        expectRejected(##"{"size": [1, 1], "timeline": {"frameRate": 0, "end": 2}}"##, path: "timeline.frameRate",
                       message: "must be greater than 0 (got 0)", at: "0,")
        expectRejected(##"{"size": [1, 1], "timeline": {"frameRate": 30, "start": 2, "end": 2}}"##, path: "timeline",
                       message: "end (2) must come after start (2)", at: "{\"frameRate\"")
        expectRejected(##"{"size": [1, 1], "timeline": {"frameRate": 30}}"##, path: "timeline",
                       message: "expected \"frameRate\" and \"end\"", at: "{\"frameRate\"")
        expectRejected(##"{"size": [1, 1], "timeline": {"fps": 30, "end": 1}}"##, path: "timeline",
                       message: "unknown key \"fps\"", at: "\"fps\"")
    }

    @Test func namedLayerAppearsInDescription() {
        let json = ##"{"size": [1, 1], "layers": [{"name": "ring", "opactiy": 1}]}"##
        let error = sceneError(json)
        #expect(error?.layerName == "ring")
        #expect(error?.description
                == "scene.json:1:46: layers[0]: unknown key \"opactiy\"; did you mean \"opacity\"? (in layer \"ring\")")
    }

    @Test func shapeKeyOnPlainLayer() {
        expectRejected(##"{"size": [1, 1], "layers": [{"fillColor": "#FF0000"}]}"##, path: "layers[0]",
                       message: "unknown key \"fillColor\" (fillColor belongs to shape layers; add \"type\": \"shape\")",
                       at: "\"fillColor\"")
    }

    @Test func keysOfOtherSubclasses() {
        expectRejected(##"{"size": [1, 1], "layers": [{"colors": []}]}"##, path: "layers[0]",
                       message: "unknown key \"colors\" (colors belongs to gradient layers; add \"type\": \"gradient\")",
                       at: "\"colors\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "instanceCount": 3}]}"##, path: "layers[0]",
                       message: "unknown key \"instanceCount\" (instanceCount belongs to replicator layers; add \"type\": \"replicator\")",
                       at: "\"instanceCount\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"string": "Hi"}]}"##, path: "layers[0]",
                       message: "unknown key \"string\" (string belongs to text layers; add \"type\": \"text\")",
                       at: "\"string\"")
    }

    @Test func unsupportedAndUnknownLayerTypes() {
        let json = """
        {
          "size": [100, 100],
          "layers": [{"type": "effect"}]
        }
        """
        #expect(sceneError(json)?.description
                == "scene.json:3:14: layers[0]: missing required key \"effect\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "circle"}]}"##, path: "layers[0].type",
                       message: "unknown layer type \"circle\"; expected one of layer, shape, gradient, replicator, text, effect",
                       at: "\"circle\"")
    }

    @Test func wrongValueShapes() {
        expectRejected(##"{"size": [1, 1], "layers": [{"position": [1, 2, 3]}]}"##, path: "layers[0].position",
                       message: "expected a point [x, y], found an array of 3 elements", at: "[1, 2, 3]")
        expectRejected(##"{"size": [1, 1], "layers": [{"opacity": "1"}]}"##, path: "layers[0].opacity",
                       message: "expected a number, found a string", at: "\"1\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"hidden": 1}]}"##, path: "layers[0].hidden",
                       message: "expected true or false, found a number", at: "1}")
        expectRejected(##"{"size": [1, 1], "layers": [{"bounds": {"x": 0}}]}"##, path: "layers[0].bounds",
                       message: "expected a rect [x, y, width, height]", at: "{\"x\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"sublayers": {}}]}"##, path: "layers[0].sublayers",
                       message: "expected an array, found an object", at: "{}")
        expectRejected(##"{"size": [1, 1], "layers": [{"transform": [1, 0, 0, 1]}]}"##, path: "layers[0].transform",
                       message: "expected a transform [a, b, c, d, tx, ty] or an object with scale, scaleX, scaleY, rotation, translation, found an array of 4 elements",
                       at: "[1, 0, 0, 1]")
        expectRejected(##"{"size": [1, 1], "layers": [{"position": [1, null]}]}"##, path: "layers[0].position[1]",
                       message: "expected a number, found null", at: "null")
        expectRejected(##"{"size": [1, 1], "layers": [{"opacity": null}]}"##, path: "layers[0].opacity",
                       message: "expected a number, found null", at: "null")
    }

    @Test func animationValueFollowsKeyPathType() {
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "fromValue": [1, 2]}]}]}"##,
                       path: "layers[0].animations[0].fromValue",
                       message: "expected a number, found an array", at: "[1, 2]")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "position", "toValue": 3}]}]}"##,
                       path: "layers[0].animations[0].toValue", message: "expected a point [x, y]", at: "3}")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"type": "keyframe", "keyPath": "bounds.size", "values": [[1, 2], [3]]}]}]}"##,
                       path: "layers[0].animations[0].values[1]",
                       message: "expected a size [width, height], found an array of 1 element", at: "[3]")
    }

    @Test func numbersThatMustBeFinite() {
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "duration": 1e999}]}]}"##,
                       path: "layers[0].animations[0].duration", message: "number 1e999 is out of range (beyond ±1.8e308)", at: "1e999")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "beginTime": "infinity"}]}]}"##,
                       path: "layers[0].animations[0].beginTime",
                       message: "expected a number, found a string", at: "\"infinity\"")
        // Sizes whose product with the scale overflows.
        expectRejected(##"{"size": [1e300, 1], "scale": 1e300}"##, path: "size",
                       message: "frame of inf×1e+300 px exceeds the 16384 px limit per side", at: "[1e300")
    }

    @Test func negativeSizesAndLengths() {
        expectRejected(##"{"size": [-1, 10]}"##, path: "size[0]", message: "width must not be negative (got -1)", at: "-1")
        expectRejected(##"{"size": [1, 1], "layers": [{"bounds": [0, 0, 10, -5]}]}"##, path: "layers[0].bounds[3]",
                       message: "height must not be negative (got -5)", at: "-5")
        expectRejected(##"{"size": [1, 1], "layers": [{"borderWidth": -0.5}]}"##, path: "layers[0].borderWidth",
                       message: "must not be negative (got -0.5)", at: "-0.5")
        expectRejected(##"{"size": [1, 1], "layers": [{"cornerRadius": -2}]}"##, path: "layers[0].cornerRadius",
                       message: "must not be negative (got -2)", at: "-2")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "lineWidth": -1}]}"##, path: "layers[0].lineWidth",
                       message: "must not be negative (got -1)", at: "-1")
        expectRejected(##"{"size": [1, 1], "scale": 0}"##, path: "scale", message: "must be greater than 0 (got 0)", at: "0}")
    }

    @Test func timingValidation() {
        #expect(animationError(##"{"keyPath": "opacity", "duration": -1}"##)?.message == "must not be negative (got -1)")
        #expect(animationError(##"{"keyPath": "opacity", "repeatCount": -2}"##)?.message == "must not be negative (got -2)")
        #expect(animationError(##"{"keyPath": "opacity", "repeatDuration": -2}"##)?.path == "layers[0].animations[0].repeatDuration")
        #expect(animationError(##"{"keyPath": "opacity", "repeatCount": "forever"}"##)?.message
                == "expected a number, \"infinity\" or \"HUGE\", found \"forever\"")
        #expect(animationError(##"{"type": "spring", "keyPath": "opacity", "mass": 0}"##)?.message
                == "must be greater than 0 (got 0)")
        #expect(animationError(##"{"type": "spring", "keyPath": "opacity", "stiffness": -5}"##)?.path
                == "layers[0].animations[0].stiffness")
        #expect(animationError(##"{"type": "spring", "keyPath": "opacity", "damping": -1}"##)?.message
                == "must not be negative (got -1)")
        #expect(animationError(##"{"keyPath": "opacity", "fillMode": "forward"}"##)?.message
                == "unknown fill mode \"forward\"; expected one of removed, forwards, backwards, both")
        #expect(animationError(##"{"keyPath": "opacity", "timingFunction": "easeInOut"}"##)?.message
                == "unknown timing function \"easeInOut\"; expected one of linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]")
        let bezier = animationError(##"{"keyPath": "opacity", "timingFunction": [0.5, 0, 1.5, 1]}"##)
        #expect(bezier?.path == "layers[0].animations[0].timingFunction[2]")
        #expect(bezier?.message == "control point x must be in 0…1 (got 1.5)")
        #expect(animationError(##"{"type": "bouncy", "keyPath": "opacity"}"##)?.message
                == "unknown animation type \"bouncy\"; expected one of basic, keyframe, spring, group")
    }

    @Test func hugeAndEmptyFrames() {
        expectRejected(##"{"size": [50000, 50000], "scale": 2}"##, path: "size",
                       message: "frame of 100000×100000 px exceeds the 16384 px limit per side", at: "[50000")
        expectRejected(##"{"size": [8192.5, 10], "scale": 2}"##, path: "size",
                       message: "frame of 16385×20 px exceeds the 16384 px limit per side", at: "[8192.5")
        expectRejected(##"{"size": [0.2, 100]}"##, path: "size",
                       message: "frame of 0×100 px is empty; size × scale must be at least 1 px per side", at: "[0.2")
        #expect(sceneError(##"{"size": [8192, 8192], "scale": 2}"##) == nil)
        // The rule evaluation renders by: 1e-10 pt of decimal rounding is not a 16385th pixel.
        #expect(sceneError(##"{"size": [8192.0000000001, 10], "scale": 2}"##) == nil)
    }

    @Test func keyPaths() {
        let json = ##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacit", "toValue": 1}]}]}"##
        let error = sceneError(json)
        #expect(error?.path == "layers[0].animations[0].keyPath")
        #expect(error?.column == column(of: "\"opacit\"", in: json))
        let names = AnimatableKeyPath.allCases.map(\.name).joined(separator: ", ")
        #expect(error?.message == "unknown key path \"opacit\"; expected one of \(names)")
        #expect(error?.message.hasPrefix("unknown key path \"opacit\"; expected one of opacity, position, ") == true)

        #expect(animationError(##"{"keyPath": "colors"}"##)?.message
                == "key path \"colors\" applies to gradient layers only (\"type\": \"gradient\")")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"type": "group", "animations": [{"keyPath": "strokeEnd", "toValue": 1}]}]}]}"##,
                       path: "layers[0].animations[0].animations[0].keyPath",
                       message: "key path \"strokeEnd\" applies to shape layers only (\"type\": \"shape\")",
                       at: "\"strokeEnd\"")
        #expect(animationError(##"{"keyPath": "strokeEnd", "toValue": 1}"##, layerType: "shape") == nil)
        #expect(animationError(##"{"toValue": 1}"##)?.message == "missing required key \"keyPath\"")
        #expect(animationError(##"{"type": "group", "keyPath": "opacity"}"##)?.message
                == "unknown key \"keyPath\" (a group has no keyPath; set it on the animations in its \"animations\")")
        #expect(animationError(##"{"keyPath": "opacity", "values": [1]}"##)?.message
                == "unknown key \"values\" (values belongs to keyframe animations (\"type\": \"keyframe\"))")
    }

    @Test func keyframeValidation() {
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}]}"##,
                       path: "layers[0].animations[0].keyTimes",
                       message: "keyTimes has 3 entries but 2 values need 2", at: "[0, 0.5, 1]")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}]}]}"##,
                       path: "layers[0].animations[0].keyTimes[2]",
                       message: "key times must not decrease (0.5 follows 0.7)", at: "0.5]")
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1.5]}]}]}"##,
                       path: "layers[0].animations[0].keyTimes[1]",
                       message: "key time must be in 0…1 (got 1.5)", at: "1.5")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "timingFunctions": ["linear", "easeIn"]}"##)?.message
                == "timingFunctions has 2 entries but 2 values need 1 (one per segment)")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity"}"##)?.message == "missing required key \"values\"")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity", "values": []}"##)?.message
                == "a keyframe animation needs at least one value")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "smooth"}"##)?.message
                == "unknown calculation mode \"smooth\"; expected one of linear, discrete, paced, cubic, cubicPaced")
        // Discrete mode takes n or n + 1 key times.
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1], "calculationMode": "discrete"}"##) == nil)
    }

    @Test func colors() {
        expectRejected(##"{"size": [1, 1], "layers": [{"backgroundColor": "#12345"}]}"##, path: "layers[0].backgroundColor",
                       message: "invalid color \"#12345\"; expected \"#RRGGBB\" or \"#RRGGBBAA\"", at: "\"#12345\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"backgroundColor": "red"}]}"##, path: "layers[0].backgroundColor",
                       message: "invalid color \"red\"; expected \"#RRGGBB\" or \"#RRGGBBAA\"", at: "\"red\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"borderColor": [1, 2, 0]}]}"##, path: "layers[0].borderColor[1]",
                       message: "color component must be in 0…1 (got 2)", at: "2, 0]")
        expectRejected(##"{"size": [1, 1], "layers": [{"borderColor": [1, 0]}]}"##, path: "layers[0].borderColor",
                       message: "expected a color \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a] with components in 0…1, found an array of 2 elements",
                       at: "[1, 0]")
    }

    @Test func paths() {
        #expect(layerError(##"{"type": "shape", "path": {"arcCenter": [0, 0], "radius": 5, "startAngle": 0, "endAngle": 3}}"##) == nil)
        #expect(layerError(##"{"type": "shape", "path": {"arcCenter": [0, 0], "radius": 5, "startAngle": 0}}"##)?.message
                == "missing required key \"endAngle\"")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "path": {"svg": "M 0 0 L 10 10 Q"}}]}"##,
                       path: "layers[0].path.svg",
                       message: "invalid SVG path data at character 16 (end of data): expected a number", at: "\"M 0")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "path": [{"rect": [0, 0, 1, 1]}, {"ellipseIn": [0, 0, 1, 1], "rect": [0, 0, 1, 1]}]}]}"##,
                       path: "layers[0].path[1]",
                       message: "a path object takes one of ellipseIn, rect, arcCenter, star, svg; found both ellipseIn and rect (use an array for several subpaths)",
                       at: "\"rect\"", occurrence: 2)
        #expect(layerError(##"{"type": "shape", "path": {"ellipseIn": [0, 0, 1, 1], "cornerRadius": 1}}"##)?.message
                == "unknown key \"cornerRadius\"")
        #expect(layerError(##"{"type": "shape", "path": {"elipseIn": [0, 0, 1, 1]}}"##)?.message
                == "unknown key \"elipseIn\"; did you mean \"ellipseIn\"?")
        #expect(layerError(##"{"type": "shape", "path": {"star": {"center": [0, 0], "points": 1, "outerRadius": 2, "innerRadius": 1}}}"##)?.message
                == "a star needs 2 to 10000 points (got 1)")
        #expect(layerError(##"{"type": "shape", "path": {"star": {"center": [0, 0], "points": 2.5, "outerRadius": 2, "innerRadius": 1}}}"##)?.message
                == "expected an integer, found 2.5")
        #expect(layerError(##"{"type": "shape", "path": {"star": {"center": [0, 0], "points": 5, "outerRadius": 2}}}"##)?.message
                == "missing required key \"innerRadius\"")
        #expect(layerError(##"{"type": "shape", "path": 5}"##)?.message
                == "expected a path object with one of ellipseIn, rect, arcCenter, star, svg, or an array of them")
    }

    @Test func dashPatterns() {
        #expect(layerError(##"{"type": "shape", "lineDashPattern": [4, 2], "lineDashPhase": -3}"##) == nil)
        #expect(layerError(##"{"type": "shape", "lineDashPattern": null}"##) == nil)
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "lineDashPattern": [4, -2]}]}"##,
                       path: "layers[0].lineDashPattern[1]", message: "dash length must not be negative (got -2)",
                       at: "-2")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "lineDashPattern": [0, 0]}]}"##,
                       path: "layers[0].lineDashPattern",
                       message: "a dash pattern needs a length greater than 0 (all are 0); use null or [] for a solid line",
                       at: "[0, 0]")
        #expect(layerError(##"{"type": "shape", "lineDashPattern": 4}"##)?.message == "expected an array, found a number")
        #expect(layerError(##"{"lineDashPhase": 4}"##)?.message
                == "unknown key \"lineDashPhase\" (lineDashPhase belongs to shape layers; add \"type\": \"shape\")")
        // Animated patterns are checked the same way, except a byValue (added to another pattern).
        #expect(animationError(##"{"keyPath": "lineDashPattern", "fromValue": [1, 2], "toValue": [3, -1]}"##, layerType: "shape")?.message
                == "dash length must not be negative (got -1)")
        #expect(animationError(##"{"keyPath": "lineDashPattern", "toValue": [0]}"##, layerType: "shape")?.message
                == "a dash pattern needs a length greater than 0 (all are 0); use null or [] for a solid line")
        #expect(animationError(##"{"keyPath": "lineDashPattern", "byValue": [-1, 0]}"##, layerType: "shape") == nil)
        // Unlike locations, dash lengths need not increase.
        #expect(animationError(##"{"type": "keyframe", "keyPath": "lineDashPattern", "values": [[5, 1], [1, 5]]}"##, layerType: "shape") == nil)
        #expect(animationError(##"{"keyPath": "lineDashPattern", "fromValue": [1, 2], "toValue": [3, 1, 1, 1]}"##, layerType: "shape")?.message
                == "lists in one animation must be equally long to interpolate element by element (2 against 4)")
        #expect(animationError(##"{"keyPath": "lineDashPhase", "toValue": 3}"##)?.message
                == "key path \"lineDashPhase\" applies to shape layers only (\"type\": \"shape\")")
    }

    @Test func notSupportedYet() {
        expectRejected(##"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "speed": -1}]}]}"##,
                       path: "layers[0].animations[0].speed",
                       message: "negative speeds (playing backwards) are not supported yet by this version of LayerFX",
                       at: "-1")
    }

    @Test func documentLevel() {
        expectRejected(##"{"version": 2, "size": [1, 1]}"##, path: "version",
                       message: "unsupported version 2; this LayerFX reads version 1", at: "2,")
        #expect(sceneError(##"{"layers": []}"##)?.description == "scene.json:1:1: missing required key \"size\"")
        let json = "{\n  \"scale\": 2\n}"
        #expect(sceneError(json)?.description == "scene.json:1:1: missing required key \"size\"")
    }

    @Test func unreadableFiles() {
        do {
            _ = try SceneLoader.load(contentsOfFile: "/nonexistent/scene.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "")
            #expect(error.line == nil && error.column == nil)
            #expect(error.message == "cannot read file: No such file or directory")
            #expect(error.description == "/nonexistent/scene.json: cannot read file: No such file or directory")
        }
        do {
            _ = try SceneLoader.load(contentsOfFile: "/")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "cannot read file: Is a directory")
        }
    }
}
