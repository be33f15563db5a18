import LayerFXCore
@testable import LayerFXEvaluation
import LayerFXPrimitives
import Testing

/// The clip stack a walked layer's primitives carry, and the budget's
/// counters, held inline.
struct ClipStackTests {
    /// A sharp axis-aligned clip of the device box x0…x1 × y0…y1.
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Clip {
        Clip(deviceToClip: .translation(-(x0 + x1) / 2, -(y0 + y1) / 2),
             halfWidth: (x1 - x0) / 2, halfHeight: (y1 - y0) / 2, radius: 0)
    }
    static let round = Clip(deviceToClip: .identity, halfWidth: 10, halfHeight: 10, radius: 4)
    static let rotated = Clip(deviceToClip: .rotation(0.5), halfWidth: 10, halfHeight: 10, radius: 0)

    /// The clip fields of an instance carrying `stack`.
    static func fields(_ stack: ClipStack) -> [SIMD4<Float>] {
        var instance = PrimitiveInstance(transform: .zero, translation: .zero, shape: .zero, shapeExtra: .zero,
                                         fillColor: .zero, strokeColor: .zero)
        stack.apply(to: &instance)
        return [instance.clip0Linear, instance.clip0Offset, instance.clip1Linear, instance.clip1Offset,
                instance.clipRadii]
    }

    @Test func sharpBoxesIntersectIntoOne() throws {
        let stack = try #require(ClipStack(Self.box(0, 0, 100, 50)).pushing(Self.box(20, 10, 200, 30)))
        #expect(stack.count == 1)
        // The intersection 20…100 × 10…30: centre (60, 20), half sizes 40 and 10.
        #expect(Self.fields(stack) == [SIMD4(1, 0, 0, 1), SIMD4(-60, -20, 40, 10), .zero, .zero, SIMD4(0, 0, 1, 0)])
    }

    @Test func aBoxMergesWithTheInnermostBoxAndMovesInside() throws {
        // [box, round] + box: the boxes merge, and the merged box comes after the round clip.
        let stack = try #require(ClipStack(Self.box(0, 0, 100, 100)).pushing(Self.round)?
            .pushing(Self.box(50, 50, 150, 150)))
        #expect(stack.count == 2)
        let fields = Self.fields(stack)
        #expect(fields[1] == SIMD4(0, 0, 10, 10) && fields[4] == SIMD4(4, 0, 2, 0))
        #expect(fields[3] == SIMD4(-75, -75, 25, 25))
        // [round, box] + box: the second box merges into the first, in place.
        let inner = try #require(ClipStack(Self.round).pushing(Self.box(0, 0, 100, 100))?
            .pushing(Self.box(50, 50, 150, 150)))
        #expect(Self.fields(inner) == fields)
    }

    @Test func aThirdClipDoesNotFit() throws {
        let two = try #require(ClipStack(Self.round).pushing(Self.rotated))
        #expect(two.count == 2)
        #expect(two.pushing(Self.round) == nil)
        #expect(two.pushing(Self.box(0, 0, 1, 1)) == nil)
        #expect(!two.isEmpty)
        #expect(try #require(ClipStack(Self.round).pushing(Self.box(0, 0, 0, 5))).isEmpty)
    }

    @Test func everyBudgetKeyHasACounter() {
        var spent = SpentBudget()
        for key in WorkBudget.Key.allCases { spent[key] = key.index + 1 }
        #expect(WorkBudget.Key.allCases.allSatisfy { spent[$0] == $0.index + 1 })
    }
}
