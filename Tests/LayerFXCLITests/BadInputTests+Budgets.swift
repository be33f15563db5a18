import Foundation
import Testing

/// Scenes whose work explodes, and a GPU failure: each stops at the first
/// limit with one line naming the file, the scene time, the layer and the
/// limit (see `WorkBudget`), and leaves no file.
extension BadInputTests {
    static let budgets: [BadInput] = [
        .scene("replicators nested three deep (10¹⁵ copies)",
               #"{"size":[10,10],"layers":[{"type":"replicator","instanceCount":100000,"sublayers":[{"type":"replicator","instanceCount":100000,"sublayers":[{"type":"replicator","instanceCount":100000,"sublayers":[{"bounds":[0,0,1,1]}]}]}]}]}"#,
               "$DIR/scene.json: at t=0 s: layers[0]: replicators expand to 1e15 layer instances; the limit is 10000000 (--budget instances=N)"),
        .scene("a replicated 5000-point star with miter joins",
               ##"{"size":[400,400],"layers":[{"type":"replicator","instanceCount":100000,"instanceTransform":{"rotation":0.01},"sublayers":[{"type":"shape","path":{"star":{"center":[200,200],"points":5000,"outerRadius":180,"innerRadius":60}},"lineWidth":4,"lineJoin":"miter","strokeColor":"#000000","fillColor":"#FF000080"}]}]}"##,
               "$DIR/scene.json: at t=0 s: layers[0]: replicators expand to about 22747600000 pixels to shade; the limit is 8000000000 (--budget pixels=N)"),
        .scene("100 000 full-frame layers on a 16384 px frame",
               ##"{"size":[16384,16384],"layers":[{"type":"replicator","instanceCount":100000,"sublayers":[{"bounds":[0,0,16384,16384],"anchorPoint":[0,0],"backgroundColor":"#FF000010"}]}]}"##,
               "$DIR/scene.json: at t=0 s: layers[0]: replicators expand to about 26843545600000 pixels to shade; the limit is 8000000000 (--budget pixels=N)"),
        .scene("a path of 400 000 curves",
               #"{"size":[100,100],"layers":[{"type":"shape","path":{"svg":"M0 0"# + String(repeating: " C0 100 100 100 100 0", count: 400_000) + #""}}]}"#,
               "$DIR/scene.json: at t=0 s: layers[0]: the frame needs 16399993 path vertices; the limit is 10000000 (--budget vertices=N)"),
        .scene("30 lines each dashed into 100 000 dashes",
               ##"{"size":[100,100],"layers":[{"type":"shape","path":{"svg":""## + String(repeating: "M0 50 H200 ", count: 30)
                   + ##""},"lineWidth":1,"strokeColor":"#000000","lineDashPattern":[0.001,0.001]}]}"##,
               "$DIR/scene.json: at t=0 s: layers[0]: the frame needs 3000150 stroke pieces; the limit is 2000000 (--budget stroke-pieces=N)"),
        BadInput(input: "a limit lowered with --budget", arguments: ["render", "$DIR/scene.json", "--backend", "cpu",
                                                                      "--budget", "primitives=0", "-o", "$DIR/out.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "$DIR/scene.json: at t=0 s: layers[0]: the frame needs 1 primitives; the limit is 0 (--budget primitives=N)"),
        BadInput(input: "an unknown --budget key", arguments: ["render", "$DIR/scene.json", "--budget", "layers=5",
                                                               "-o", "$DIR/out.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "--budget layers=5: expected KEY=N with KEY one of instances, primitives, pixels, vertices, stroke-pieces, band-edges, edge-tests, offscreen-layers, offscreen-pixels, glyphs, text-length, gradient-stops"),
        .scene("text of 2 000 000 characters",
               ##"{"size":[100,100],"layers":[{"type":"text","bounds":[0,0,100,100],"foregroundColor":"#000000","string":""## + String(repeating: "ab", count: 1_000_000) + #""}]}"#,
               "$DIR/scene.json: at t=0 s: layers[0]: the frame needs 2000000 characters of text; the limit is 1000000 (--budget text-length=N)"),
    ]

    @Test(arguments: budgets) func badBudgets(_ row: BadInput) throws { try row.check() }
}
