import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// A document that uses most of the format, with the values it must decode to.
@Suite struct ValidSceneTests {
    static let json = """
    {
      "version": 1,
      "size": [320, 240],
      "scale": 2,
      "backgroundColor": "#336699",
      "layers": [
        {
          "name": "host",
          "bounds": [0, 0, 200, 100],
          "position": [160, 120],
          "anchorPoint": [0, 1],
          "transform": {"translation": [5, -5], "rotation": 0.5, "scale": 2},
          "sublayerTransform": [0, 2, -2, 0, 10, 20],
          "opacity": 0.75,
          "hidden": true,
          "backgroundColor": [0.1, 0.2, 0.3],
          "cornerRadius": 8,
          "borderWidth": 1.5,
          "borderColor": "#ff000080",
          "masksToBounds": true,
          "mask": null,
          "sublayers": [
            {
              "type": "shape", "name": "star",
              "path": {"star": {"center": [50, 50], "points": 5, "outerRadius": 40, "innerRadius": 20}},
              "fillColor": null, "strokeColor": "#00FF00", "lineWidth": 3, "lineCap": "round",
              "lineJoin": "bevel", "fillRule": "evenOdd", "miterLimit": 4, "strokeStart": 0.1,
              "strokeEnd": 0.9, "lineDashPattern": []
            },
            {
              "type": "shape",
              "path": [
                {"arcCenter": [10, 20], "radius": 5, "startAngle": 0, "endAngle": 6.283185307179586, "clockwise": false},
                {"rect": [0, 0, 10, 10], "cornerRadius": 2},
                {"ellipseIn": [1, 2, 3, 4]},
                {"svg": "M 0 0 L 10 0 Q 10 10 0 10 Z"},
                {"arcCenter": [0, 0], "radius": 5, "startAngle": 3.141592653589793, "endAngle": 0}
              ],
              "lineDashPattern": [4, 2], "lineDashPhase": 1
            },
            {"transform": [1, 0, 0.5, 1, 0, 0], "sublayerTransform": {"scaleX": 2, "scaleY": -1}},
            {"type": "layer"}
          ],
          "animations": [
            {
              "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2, "beginTime": 0.5,
              "timeOffset": 0.25, "speed": 2, "repeatCount": "infinity", "autoreverses": true,
              "fillMode": "forwards", "removedOnCompletion": false, "additive": true, "cumulative": true,
              "timingFunction": "easeInEaseOut"
            },
            {
              "type": "keyframe", "keyPath": "position", "values": [[0, 0], [10, 20], [30, 40]],
              "keyTimes": [0, 0.25, 1], "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 1.5]],
              "calculationMode": "cubic", "repeatDuration": "HUGE"
            },
            {"type": "spring", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1, "damping": 5},
            {
              "type": "group", "duration": 3, "repeatCount": 2.5,
              "animations": [
                {"keyPath": "backgroundColor", "toValue": null, "fromValue": "#FFFFFF"},
                {"keyPath": "bounds", "byValue": [0, 0, -10, -10]},
                {"keyPath": "transform", "toValue": {"rotation": 1}}
              ]
            }
          ]
        }
      ]
    }
    """

    let scene: Scene
    var host: Layer { scene.layers[0] }

    init() throws {
        scene = try decodeScene(Self.json)
    }

    @Test func document() {
        #expect(scene.size == Size(width: 320, height: 240))
        #expect(scene.scale == 2)
        #expect(scene.backgroundColor == Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0, alpha: 1))
        #expect(scene.layers.count == 1)
    }

    @Test func layerProperties() {
        let p = host.properties
        #expect(host.name == "host")
        #expect(host.kind == .plain)
        #expect(p.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(p.position == Point(x: 160, y: 120))
        #expect(p.anchorPoint == Point(x: 0, y: 1))
        #expect(p.opacity == 0.75)
        #expect(p.isHidden)
        #expect(p.backgroundColor == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(p.cornerRadius == 8)
        #expect(p.borderWidth == 1.5)
        #expect(p.borderColor == Color(red: 1, green: 0, blue: 0, alpha: 128 / 255.0))
        #expect(p.masksToBounds)
        #expect(host.sublayers.count == 4)
        #expect(host.animations.count == 4)
    }

    @Test func transforms() {
        // Object form fills the components directly.
        #expect(host.properties.transform
            == LayerTransform(translationX: 5, translationY: -5, rotation: 0.5, scaleX: 2, scaleY: 2))
        // A matrix without skew is decomposed: a 90° turn scaled by 2, translated by (10, 20).
        let sub = host.properties.sublayerTransform
        #expect(close(sub.rotation, .pi / 2))
        #expect(close(sub.scaleX, 2) && close(sub.scaleY, 2))
        #expect(sub.translationX == 10 && sub.translationY == 20)
        #expect(sub.matrix == .identity)
        // A skewed matrix is kept whole.
        let skewed = host.sublayers[2].properties.transform
        #expect(skewed == LayerTransform(matrix: AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)))
        #expect(host.sublayers[2].properties.sublayerTransform == LayerTransform(scaleX: 2, scaleY: -1))
    }

    @Test func shapeLayers() {
        let star = host.sublayers[0]
        #expect(star.kind == .shape)
        #expect(star.name == "star")
        let p = star.properties
        #expect(p.path == ShapePath([.star(center: Point(x: 50, y: 50), points: 5, outerRadius: 40,
                                          innerRadius: 20, rotation: 0)]))
        #expect(p.fillColor == nil)
        #expect(p.strokeColor == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(p.lineWidth == 3)
        #expect(p.lineCap == .round)
        #expect(p.lineJoin == .bevel)
        #expect(p.fillRule == .evenOdd)
        #expect(p.miterLimit == 4)
        #expect(p.strokeStart == 0.1 && p.strokeEnd == 0.9)
        #expect(p.lineDashPattern == [] && p.lineDashPhase == 0)

        let subpaths = host.sublayers[1].properties
        #expect(subpaths.path == ShapePath([
            .ellipse(in: Rect(x: 5, y: 15, width: 10, height: 10)),
            .roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2),
            .ellipse(in: Rect(x: 1, y: 2, width: 3, height: 4)),
            .elements([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0)),
                       .quad(control: Point(x: 10, y: 10), end: Point(x: 0, y: 10)), .close]),
            // Clockwise from π to 0: the upper half circle, in two quarters.
            .arc(center: .zero, radius: 5, startAngle: .pi, endAngle: 0),
        ]))
        #expect(subpaths.lineDashPattern == [4, 2] && subpaths.lineDashPhase == 1)
        // Shape defaults.
        #expect(subpaths.fillColor == .black)
        #expect(subpaths.strokeColor == nil)
        #expect(subpaths.lineWidth == 1)
    }

    @Test func defaults() {
        #expect(host.sublayers[3] == Layer())
        let p = host.sublayers[3].properties
        #expect(p.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(p.opacity == 1)
        #expect(p.borderColor == .black)
        #expect(p.backgroundColor == nil)
    }

    @Test func basicAnimation() {
        let a = host.animations[0]
        #expect(a.keyPath == .opacity)
        #expect(a.kind == .basic(from: .scalar(0), to: .scalar(1), by: nil))
        #expect(a.timing.duration == 2)
        #expect(a.timing.beginTime == 0.5)
        #expect(a.timing.timeOffset == 0.25)
        #expect(a.timing.speed == 2)
        #expect(a.timing.repeatCount == .infinity)
        #expect(a.timing.repeatDuration == 0)
        #expect(a.timing.autoreverses)
        #expect(a.timing.fillMode == .forwards)
        #expect(a.removedOnCompletion == false)
        #expect(a.isAdditive && a.isCumulative)
        #expect(a.timingFunction == .easeInEaseOut)
    }

    @Test func keyframeAnimation() {
        let a = host.animations[1]
        #expect(a.keyPath == .position)
        #expect(a.kind == .keyframe(
            values: [.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 20)), .point(Point(x: 30, y: 40))],
            keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, TimingFunction(0.1, 0.2, 0.3, 1.5)],
            calculationMode: .cubic))
        #expect(a.timing.repeatDuration == .infinity)
        #expect(a.timing.repeatCount == 0)
        #expect(a.timing.fillMode == .removed)
        #expect(a.removedOnCompletion)
        #expect(a.timingFunction == nil)
        #expect(!a.isAdditive)
    }

    @Test func springAnimation() {
        let a = host.animations[2]
        #expect(a.keyPath == .transformScale)
        #expect(a.kind == .spring(from: .scalar(0.5), to: .scalar(1), by: nil,
                                  parameters: SpringParameters(damping: 5)))
        #expect(a.timing.duration == 0)
    }

    @Test func groupAnimation() {
        let a = host.animations[3]
        #expect(a.keyPath == nil)
        #expect(a.timing.duration == 3)
        #expect(a.timing.repeatCount == 2.5)
        guard case .group(let children) = a.kind else {
            Issue.record("expected a group, got \(a.kind)")
            return
        }
        #expect(children.count == 3)
        #expect(children[0].keyPath == .backgroundColor)
        #expect(children[0].kind == .basic(from: .color(.white), to: .noColor, by: nil))
        #expect(children[1].kind == .basic(from: nil, to: nil, by: .rect(Rect(x: 0, y: 0, width: -10, height: -10))))
        #expect(children[2].kind == .basic(from: nil, to: .transform(LayerTransform(rotation: 1)), by: nil))
    }

    @Test func dataAndByteInputsAgree() throws {
        let fromData = try SceneLoader.decode(Data(Self.json.utf8), source: "scene.json")
        #expect(fromData == scene)
    }

    @Test func escapesAndUnicodeInStrings() throws {
        let scene = try decodeScene(#"{"size": [1, 1], "layers": [{"name": "a\"b\\c\u00e9\ud83d\ude00 ✓"}]}"#)
        #expect(scene.layers[0].name == "a\"b\\cé😀 ✓")
    }

    @Test func numberForms() throws {
        let scene = try decodeScene(#"{"size": [1E2, 0.5e+2], "scale": 2.50, "layers": [{"opacity": -0.0125, "position": [1.7976931348623157e308, 123456789012345678901234567890]}]}"#)
        #expect(scene.size == Size(width: 100, height: 50))
        #expect(scene.scale == 2.5)
        #expect(scene.layers[0].properties.opacity == -0.0125)
        #expect(scene.layers[0].properties.position == Point(x: 1.7976931348623157e308, y: 1.2345678901234568e29))
    }
}

import Foundation
