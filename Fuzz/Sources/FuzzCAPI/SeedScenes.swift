/// Small valid scenes (at most 48 × 48 px) that render quickly.
enum SeedScenes {
    static let all: [String] = [
        """
        {"version": 1, "size": [40, 30], "backgroundColor": "#102030",
         "layers": [{"bounds": [0, 0, 20, 20], "position": [20, 15], "cornerRadius": 10,
                     "backgroundColor": "#FF8000",
                     "animations": [{"keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1.5,
                                     "duration": 1, "repeatCount": "infinity", "autoreverses": true}]}]}
        """,
        """
        {"version": 1, "size": [48, 48], "scale": 1,
         "layers": [{"type": "shape", "path": {"svg": "M4 4 L40 8 Q44 40 8 40 A10 6 30 1 0 4 4 Z"},
                     "fillColor": "#40C0FF", "strokeColor": "#FFFFFF", "lineWidth": 2,
                     "lineDashPattern": [3, 2], "lineJoin": "round", "strokeEnd": 0.8}]}
        """,
        """
        {"version": 1, "size": [32, 32], "scale": 1.5,
         "layers": [{"type": "replicator", "bounds": [0, 0, 32, 32], "position": [16, 16], "instanceCount": 3,
                     "instanceTransform": {"translation": [8, 0]}, "instanceAlphaOffset": -0.3,
                     "sublayers": [{"type": "gradient", "bounds": [0, 0, 8, 8], "position": [4, 16],
                                    "colors": ["#FF0000", "#0000FF"], "opacity": 0.5}]}]}
        """,
    ]
}
