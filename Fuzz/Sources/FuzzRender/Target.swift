import FuzzDriver
import LayerFXCPU
import LayerFXEvaluation
import LayerFXModel
import LayerFXScene

/// Largest frame side drawn, in pixels: small, so an input costs little.
private let maximumSide = 64.0

/// Scene times every decoded scene is evaluated and drawn at, in seconds.
private let times = [0, 0.37, 1.5, 1e3]

/// A hundredth of the default work budget: what a frame may cost here, so
/// that no input takes near libFuzzer's 10 s under ASan (over-budget frames
/// end in `WorkBudgetExceeded`, which is tested elsewhere).
private let budget: WorkBudget = {
    var budget = WorkBudget()
    for key in WorkBudget.Key.allCases { budget[key] = max(budget[key] / 100, 1000) }
    return budget
}()

/// Decodes the input; a scene that decodes is scaled down to at most
/// 64 × 64 px and evaluated and drawn on the CPU at each of `times`.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let evaluator = SceneEvaluator()
    guard var scene = try? SceneLoader.decode(fuzzInput(data, size), source: "fuzz.json",
                                              textContext: evaluator.textContext) else { return 0 }
    let side = max(scene.size.width, scene.size.height)
    let scale = min(scene.scale, maximumSide / side)
    guard scale.isFinite, scale > 0 else { return 0 }
    scene.scale = scale
    let renderer = CPURenderer()
    for time in times {
        _ = try? renderer.render(evaluator.frame(for: scene, at: time, budget: budget))
    }
    return 0
}
