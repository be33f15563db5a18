import Foundation
import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// Layer timing, spring over-damping and keyframe paths as written in scene files.
struct TimingAndMotionDecodingTests {
    @Test func layerTimingKeys() throws {
        let scene = try decodeScene(sceneWithLayers(##"{"beginTime": 1, "speed": 0, "timeOffset": 2.5}"##))
        #expect(scene.layers[0].timing == LayerTiming(beginTime: 1, speed: 0, timeOffset: 2.5))
        #expect(try decodeScene(sceneWithLayers("{}")).layers[0].timing == .identity)
        #expect(layerError(##"{"speed": "fast"}"##)?.path == "layers[0].speed")
    }

    @Test func springOverdamping() throws {
        let allowed = try decodeAnimation(##"{"type": "spring", "keyPath": "opacity", "damping": 30, "allowsOverdamping": true}"##)
        #expect(allowed.kind == .spring(from: nil, to: nil, by: nil,
                                        parameters: SpringParameters(damping: 30, allowsOverdamping: true)))
        #expect(animationError(##"{"type": "basic", "keyPath": "opacity", "allowsOverdamping": true}"##) != nil)
    }

    @Test func keyframePath() throws {
        let animation = try decodeAnimation(
            ##"{"type": "keyframe", "keyPath": "position", "path": {"ellipseIn": [0, 0, 10, 10]}, "calculationMode": "paced", "rotationMode": "rotateAuto"}"##)
        guard case let .motion(path, keyTimes, _, mode, rotation) = animation.kind else {
            Issue.record("expected a motion animation, got \(animation.kind)")
            return
        }
        #expect(path.keyframeCount == 5)
        #expect(path.start == Point(x: 10, y: 5))
        #expect(keyTimes == nil && mode == .paced && rotation == .rotateAuto)
    }

    @Test func pathAnimationsMustInterpolatePointByPoint() throws {
        #expect(animationError(##"{"type": "keyframe", "keyPath": "path", "values": [{"ellipseIn": [0, 0, 1, 1]}, {"rect": [0, 0, 1, 1]}]}"##, layerType: "shape")?.message
                == "paths in one animation must have the same subpaths of the same kinds to interpolate point by point (subpath 0 is ellipseIn against rect)")
        #expect(animationError(##"{"keyPath": "path", "fromValue": {"ellipseIn": [0, 0, 1, 1]}, "toValue": [{"ellipseIn": [0, 0, 1, 1]}, {"ellipseIn": [0, 0, 2, 2]}]}"##, layerType: "shape")?.path
                == "layers[0].animations[0].toValue")
        let star = #"{"star": {"center": [0, 0], "points": 5, "outerRadius": 2, "innerRadius": 1}}"#
        let sixStar = star.replacingOccurrences(of: "5", with: "6")
        #expect(animationError(#"{"keyPath": "path", "fromValue": \#(star), "toValue": \#(sixStar)}"#, layerType: "shape")?.message
                .hasSuffix("(subpath 0 is star of 5 points against star of 6 points)") == true)
        _ = try decodeAnimation(#"{"keyPath": "path", "fromValue": \#(star), "toValue": \#(star)}"#, layerType: "shape")
    }

    @Test func keyframePathErrors() {
        #expect(animationError(##"{"type": "keyframe", "keyPath": "opacity", "path": {"ellipseIn": [0, 0, 10, 10]}}"##)?.message
                == "a keyframe path moves a point (position, anchorPoint); key path \"opacity\" holds a scalar")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "position", "values": [[0, 0]], "rotationMode": "rotateAuto"}"##)?.message
                == "rotationMode needs a keyframe \"path\"")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "position", "path": {"rect": [0, 0, 10, 10]}, "keyTimes": [0, 1]}"##)?.message
                == "keyTimes has 2 entries but 5 path keyframes (element end points) need 5")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "position", "path": {"rect": [0, 0, 10, 10]}, "rotationMode": "spin"}"##)?.message
                == "unknown rotation mode \"spin\"; expected one of rotateAuto, rotateAutoReverse")
        #expect(animationError(##"{"type": "keyframe", "keyPath": "position", "path": []}"##)?.message
                == "a keyframe path needs at least one subpath")
    }
}

/// Gradient layers as written in scene files.
struct GradientDecodingTests {
    @Test func gradientKeys() throws {
        let layer = try decodeScene(sceneWithLayers(##"{"type": "gradient", "colors": ["#FF0000", [0, 0, 1, 0.5]], "locations": [0.2, 0.8], "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "conic"}"##)).layers[0]
        #expect(layer.kind == .gradient)
        #expect(layer.properties.colors == [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)])
        #expect(layer.properties.locations == [0.2, 0.8])
        #expect(layer.properties.gradientType == .conic)
        #expect(layer.properties.endPoint == Point(x: 1, y: 1))
    }

    /// Any number of stops up to 1024 (the limit of a scene file), colours and locations alike.
    @Test func gradientsTakeUpTo1024Stops() throws {
        let colors = (0..<1024).map { "[\(Double($0 % 7) / 6), 0.5, 1]" }.joined(separator: ",")
        let locations = (0..<1024).map { "\(Double($0) / 1023)" }.joined(separator: ",")
        let layer = try decodeScene(sceneWithLayers(#"{"type": "gradient", "colors": [\#(colors)], "locations": [\#(locations)]}"#)).layers[0]
        #expect(layer.properties.colors?.count == 1024)
        #expect(layer.properties.locations?.count == 1024)
        #expect(LayerProperties.maximumGradientColors == 1024)
    }

    @Test func gradientErrors() {
        #expect(layerError(##"{"type": "gradient", "colors": ["#FF0000", "#00FF00"], "locations": [0.5, 0.2]}"##)?.message
                == "locations must not decrease (0.2 follows 0.5)")
        #expect(layerError(##"{"type": "gradient", "locations": [0, 0.5, 1], "colors": ["#FF0000", "#00FF00"]}"##)?.message
                == "locations has 3 entries but colors has 2; give one location per color")
        let many = Array(repeating: "\"#FFFFFF\"", count: 1025).joined(separator: ",")
        #expect(layerError(#"{"type": "gradient", "colors": [\#(many)]}"#)?.message
                == "a gradient takes at most 1024 colors (got 1025)")
        let locations = (0..<1025).map { "\(Double($0) / 1024)" }.joined(separator: ",")
        #expect(layerError(#"{"type": "gradient", "locations": [\#(locations)]}"#)?.message
                == "a gradient takes at most 1024 locations (got 1025)")
        #expect(animationError(#"{"keyPath": "colors", "toValue": [\#(many)]}"#, layerType: "gradient")?.message
                == "a gradient takes at most 1024 colors (got 1025)")
        #expect(layerError(##"{"type": "gradient", "colors": [null]}"##)?.message == "expected a color, found null")
        #expect(layerError(##"{"type": "gradient", "gradientType": "diamond"}"##)?.message
                == "unknown gradient type \"diamond\"; expected one of axial, radial, conic")
    }
}
