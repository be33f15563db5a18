import Foundation
@testable import LayerFXEvaluation
import LayerFX
import Testing

/// Frames over a work budget fail with one message naming the limit, the
/// layer's place in the document and the scene time; frames within it render.
struct WorkBudgetTests {
    static func scene(_ layers: String, size: Int = 100) throws -> Scene {
        try SceneLoader.decode(Array(##"{"size":[\##(size),\##(size)],"layers":[\##(layers)]}"##.utf8), source: "budget.json")
    }

    static func message(_ scene: Scene, at time: Double = 0, _ limits: [WorkBudget.Key: Int] = [:]) -> String? {
        var budget = WorkBudget()
        for (key, value) in limits { budget[key] = value }
        do {
            _ = try SceneEvaluator().frame(for: scene, at: time, budget: budget)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let dot = ##"{"position":[5,5],"bounds":[0,0,2,2],"backgroundColor":"#FF0000"}"##

    @Test func nestedReplicatorsAreCountedBeforeTheyExpand() throws {
        let inner = ##"{"type":"replicator","instanceCount":100000,"sublayers":[\##(Self.dot)]}"##
        let middle = ##"{"type":"replicator","instanceCount":100000,"sublayers":[\##(inner)]}"##
        let outer = ##"{"sublayers":[{"type":"replicator","instanceCount":100000,"sublayers":[\##(middle)]}]}"##
        #expect(Self.message(try Self.scene(outer), at: 1.25)
                == "at t=1.25 s: layers[0].sublayers[0]: replicators expand to 1e15 layer instances; the limit is 10000000 (--budget instances=N)")
    }

    @Test func aReplicatorOfHiddenEmptyLayersStillCounts() throws {
        let inner = ##"{"type":"replicator","instanceCount":100000,"sublayers":[{"hidden":true}]}"##
        let huge = ##"{"type":"replicator","instanceCount":100000,"sublayers":[\##(inner)]}"##
        #expect(Self.message(try Self.scene(huge))
                == "at t=0 s: layers[0]: replicators expand to 10000100001 layer instances; the limit is 10000000 (--budget instances=N)")
    }

    @Test func instancesWithinTheLimitRender() throws {
        let replicator = ##"{"type":"replicator","instanceCount":1000,"sublayers":[\##(Self.dot)]}"##
        let frame = try SceneEvaluator().frame(for: try Self.scene(replicator), at: 0)
        #expect(frame.circles.count + frame.instances.count == 1000)
        #expect(Self.message(try Self.scene(replicator), [.instances: 1000])
                == "at t=0 s: layers[0]: replicators expand to 1001 layer instances; the limit is 1000 (--budget instances=N)")
    }

    @Test func primitives() throws {
        let layers = Array(repeating: Self.dot, count: 6).joined(separator: ",")
        #expect(Self.message(try Self.scene(layers), [.primitives: 5])
                == "at t=0 s: layers[5]: the frame needs 6 primitives; the limit is 5 (--budget primitives=N)")
        #expect(Self.message(try Self.scene(layers), [.primitives: 6]) == nil)
    }

    @Test func parallelWalksNameTheLayerOfTheFirstPartOverTheLimit() throws {
        let scene = try Self.scene(Array(repeating: Self.dot, count: 40).joined(separator: ","))
        var budget = WorkBudget()
        budget[.primitives] = 5
        #expect(throws: WorkBudgetExceeded.self) {
            try SceneEvaluator().referenceFrame(for: scene, at: 0, budget: budget, layersPerTask: 10)
        }
        do {
            _ = try SceneEvaluator().referenceFrame(for: scene, at: 0, budget: budget, layersPerTask: 10)
        } catch {
            #expect("\(error)" == "at t=0 s: layers[5]: the frame needs 6 primitives; the limit is 5 (--budget primitives=N)")
        }
        // Parts each within the limit, together over it: the whole frame is named.
        budget[.primitives] = 35
        do {
            _ = try SceneEvaluator().referenceFrame(for: scene, at: 0, budget: budget, layersPerTask: 10)
            Issue.record("40 primitives fit a limit of 35")
        } catch {
            #expect("\(error)" == "at t=0 s: layers: the frame needs 40 primitives; the limit is 35 (--budget primitives=N)")
        }
    }

    @Test func pixelsToShadeCountOverdraw() throws {
        let square = ##"{"position":[50,50],"bounds":[0,0,40,40],"backgroundColor":"#FF0000"}"##
        let layers = Array(repeating: square, count: 3).joined(separator: ",")
        // Each square's box, grown by a pixel for antialiasing: 42 × 42 = 1764 pixels.
        #expect(Self.message(try Self.scene(layers), [.pixels: 3000])
                == "at t=0 s: layers[1]: the frame needs 3528 pixels to shade; the limit is 3000 (--budget pixels=N)")
        let frameSized = ##"{"position":[50,50],"bounds":[0,0,1e30,1e30],"backgroundColor":"#FF0000"}"##
        #expect(Self.message(try Self.scene(frameSized), [.pixels: 9999])
                == "at t=0 s: layers[0]: the frame needs 10000 pixels to shade; the limit is 9999 (--budget pixels=N)")
    }

    @Test func pathVerticesAreCountedBeforeFlattening() throws {
        let curves = String(repeating: "C 0 100 100 100 100 0 ", count: 50)
        let shape = ##"{"sublayers":[{"type":"shape","path":{"svg":"M 0 0 \##(curves)Z"},"fillColor":"#00FF00"}]}"##
        let message = try #require(Self.message(try Self.scene(shape), [.vertices: 1000]))
        #expect(message.hasPrefix("at t=0 s: layers[0].sublayers[0]: the frame needs "))
        #expect(message.hasSuffix(" path vertices; the limit is 1000 (--budget vertices=N)"))
    }

    @Test func dashesAreCountedBeforeTheyAreLaidOut() throws {
        let dashed = ##"{"type":"shape","path":{"svg":"M 0 50 H 100000"},"lineWidth":2,"strokeColor":"#000000","lineDashPattern":[1,1]}"##
        #expect(Self.message(try Self.scene(dashed), [.strokePieces: 10000])
                == "at t=0 s: layers[0]: the frame needs 50005 stroke pieces; the limit is 10000 (--budget stroke-pieces=N)")
    }

    @Test func bandEdges() throws {
        let zigzag = "M 0 0 " + (0..<50).map { "L \($0 * 2 + 1) 100 L \($0 * 2 + 2) 0" }.joined(separator: " ") + " Z"
        let shape = ##"{"type":"shape","path":{"svg":"\##(zigzag)"},"fillColor":"#0000FF"}"##
        let message = try #require(Self.message(try Self.scene(shape), [.bandEdges: 100]))
        #expect(message.hasPrefix("at t=0 s: layers[0]: the frame needs "))
        #expect(message.hasSuffix(" polygon band edges; the limit is 100 (--budget band-edges=N)"))
    }

    @Test func offscreenLayersAndPixels() throws {
        let group = ##"{"opacity":0.5,"sublayers":[\##(Self.dot),{"position":[20,20],"bounds":[0,0,10,10],"backgroundColor":"#00FF00"}]}"##
        let three = [group, group, group].joined(separator: ",")
        #expect(Self.message(try Self.scene(three), [.offscreenLayers: 2])
                == "at t=0 s: layers[2]: the frame needs 3 offscreen layers; the limit is 2 (--budget offscreen-layers=N)")
        // Each group covers 25 × 25 pixels: its two squares' quads, antialiasing margins included.
        #expect(Self.message(try Self.scene(three), [.offscreenPixels: 900])
                == "at t=0 s: layers[1]: the frame needs 1250 offscreen pixels; the limit is 900 (--budget offscreen-pixels=N)")
    }

    @Test func textLengthAndGlyphs() throws {
        let text = ##"{"type":"text","bounds":[0,0,100,100],"string":"Hello, world","fontSize":10,"foregroundColor":"#000000"}"##
        #expect(Self.message(try Self.scene(text), [.textLength: 11])
                == "at t=0 s: layers[0]: the frame needs 12 characters of text; the limit is 11 (--budget text-length=N)")
        #expect(Self.message(try Self.scene(text), [.glyphs: 5])
                == "at t=0 s: layers[0]: the frame needs 11 glyphs; the limit is 5 (--budget glyphs=N)")
    }

    /// Gradients of more than 6 stops keep them in the frame's table, which
    /// the budget bounds; a replicated one fails after its first copy.
    @Test func gradientStops() throws {
        let colors = Array(repeating: "\"#FF0000\"", count: 12).joined(separator: ",")
        let gradient = ##"{"type":"gradient","bounds":[0,0,10,10],"position":[5,5],"colors":[\##(colors)]}"##
        #expect(Self.message(try Self.scene(gradient), [.gradientStops: 11])
                == "at t=0 s: layers[0]: the frame needs 12 gradient stops; the limit is 11 (--budget gradient-stops=N)")
        #expect(Self.message(try Self.scene(gradient), [.gradientStops: 12]) == nil)
        let replicator = ##"{"type":"replicator","instanceCount":100,"sublayers":[\##(gradient)]}"##
        #expect(Self.message(try Self.scene(replicator), [.gradientStops: 1000])
                == "at t=0 s: layers[0]: replicators expand to about 1200 gradient stops; the limit is 1000 (--budget gradient-stops=N)")
        let six = Array(repeating: "\"#FF0000\"", count: 6).joined(separator: ",")
        let inline = ##"{"type":"gradient","bounds":[0,0,10,10],"position":[5,5],"colors":[\##(six)]}"##
        #expect(Self.message(try Self.scene(inline), [.gradientStops: 0]) == nil, "six stops need no table")
    }

    @Test func aReplicatedExpensiveStarFailsAfterItsFirstCopy() throws {
        let star = ##"{"type":"shape","path":{"star":{"center":[50,50],"points":3000,"outerRadius":45,"innerRadius":20}},"lineWidth":3,"lineJoin":"miter","strokeColor":"#000000"}"##
        let replicator = ##"{"type":"replicator","instanceCount":100000,"instanceTransform":{"rotation":0.001},"sublayers":[\##(star)]}"##
        let message = try #require(Self.message(try Self.scene(replicator)))
        #expect(message.hasPrefix("at t=0 s: layers[0]: replicators expand to about "))
        #expect(message.contains("; the limit is "))
    }

    @Test func everyKeyHasItsOwnSlotAndADefault() {
        let budget = WorkBudget()
        for (position, key) in WorkBudget.Key.allCases.enumerated() {
            #expect(key.index == position, "\(key)")
            #expect(budget[key] == key.defaultLimit && key.defaultLimit > 0, "\(key)")
        }
    }

    @Test func settingLimitsFromText() throws {
        var budget = WorkBudget()
        try budget.set(parsing: "instances=50_000_000")
        #expect(budget[.instances] == 50_000_000)
        try budget.set(parsing: "band-edges=99999999999")
        #expect(budget[.bandEdges] == 1 << 24)
        #expect(throws: WorkBudgetSyntaxError.self) { try budget.set(parsing: "pixel=5") }
        #expect(throws: WorkBudgetSyntaxError.self) { try budget.set(parsing: "glyphs=-1") }
        do {
            try budget.set(parsing: "glyphs")
        } catch {
            #expect(error.description == "glyphs: expected KEY=N with KEY one of instances, primitives, pixels, vertices, stroke-pieces, band-edges, edge-tests, offscreen-layers, offscreen-pixels, glyphs, text-length, gradient-stops")
        }
    }
}
