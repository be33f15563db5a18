import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Valid scenes with extreme but finite numbers render what they mean on
/// both backends (usually nothing, or a fill clipped to the frame), never trap.
@Suite(.serialized)
struct ExtremeGeometryTests {
    /// What the centre pixel of the 100×100 frame shows.
    enum Centre: Sendable {
        /// The transparent background: nothing is drawn there.
        case nothing
        /// Opaque red (#FF0000).
        case red
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let layer: String
        let centre: Centre
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "position 1e30", layer: ##"{"position":[1e30,50],"bounds":[0,0,20,20],"backgroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "position -1e300", layer: ##"{"position":[-1e300,-1e300],"bounds":[0,0,20,20],"backgroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "bounds 1e30", layer: ##"{"bounds":[0,0,1e30,1e30],"backgroundColor":"#FF0000"}"##, centre: .red),
        Case(name: "bounds 1e300 with a corner radius",
             layer: ##"{"bounds":[0,0,1e300,1e300],"cornerRadius":10,"backgroundColor":"#FF0000"}"##, centre: .red),
        Case(name: "bounds origin -1e30",
             layer: ##"{"bounds":[-1e30,-1e30,1e30,1e30],"position":[0,0],"anchorPoint":[0,0],"backgroundColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "zero-size bounds", layer: ##"{"position":[50,50],"bounds":[0,0,0,0],"backgroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "scale 1e30",
             layer: ##"{"position":[50,50],"bounds":[0,0,10,10],"transform":{"scale":1e30},"backgroundColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "scale 1e-30",
             layer: ##"{"position":[50,50],"bounds":[0,0,10,10],"transform":{"scale":1e-30},"backgroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "degenerate transform (x scale 0)",
             layer: ##"{"position":[50,50],"bounds":[0,0,80,80],"transform":{"scaleX":0},"backgroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "rotated bounds 1e30",
             layer: ##"{"position":[50,50],"bounds":[0,0,1e30,1e30],"transform":{"rotation":0.7},"backgroundColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "corner radius 1e30",
             layer: ##"{"position":[50,50],"bounds":[0,0,40,40],"cornerRadius":1e30,"backgroundColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "border 1e30 wide",
             layer: ##"{"position":[50,50],"bounds":[0,0,80,80],"borderWidth":1e30,"borderColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "stroke 1e30 wide around a rect path",
             layer: ##"{"type":"shape","position":[20,20],"bounds":[0,0,10,10],"path":{"svg":"M0 0 H10 V10 H0 Z"},"lineWidth":1e30,"strokeColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "stroke 1e30 wide around a circle",
             layer: ##"{"type":"shape","position":[20,20],"bounds":[0,0,10,10],"path":{"ellipseIn":[0,0,10,10]},"lineWidth":1e30,"strokeColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "circle of radius 1e30",
             layer: ##"{"type":"shape","position":[50,50],"bounds":[0,0,10,10],"path":{"ellipseIn":[-1e30,-1e30,2e30,2e30]},"fillColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "path vertex at 1e300",
             layer: ##"{"type":"shape","path":{"svg":"M0 0 L1e300 50 L0 100 Z"},"fillColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "star of radius 1e30",
             layer: ##"{"type":"shape","path":{"star":{"center":[50,50],"points":5,"outerRadius":1e30,"innerRadius":1e29}},"fillColor":"#FF0000"}"##,
             centre: .red),
        Case(name: "masksToBounds with bounds 1e30",
             layer: ##"{"bounds":[0,0,1e30,1e30],"masksToBounds":true,"sublayers":[{"position":[1e30,1e30],"bounds":[0,0,1e30,1e30],"backgroundColor":"#FF0000"}]}"##,
             centre: .red),
        Case(name: "gradient over bounds 1e30",
             layer: ##"{"type":"gradient","bounds":[0,0,1e30,1e30],"colors":["#FF0000","#FF0000"]}"##, centre: .red),
        Case(name: "replicator stepping 1e30",
             layer: ##"{"type":"replicator","instanceCount":3,"instanceTransform":{"translation":[1e30,0]},"sublayers":[{"position":[50,50],"bounds":[0,0,20,20],"backgroundColor":"#FF0000"}]}"##,
             centre: .red),
        Case(name: "group opacity over bounds 1e30",
             layer: ##"{"opacity":0.999,"sublayers":[{"bounds":[0,0,1e30,1e30],"backgroundColor":"#FF0000"},{"position":[1e30,0],"bounds":[0,0,5,5],"backgroundColor":"#00FF00"}]}"##,
             centre: .red),
        Case(name: "position animated to 1e300",
             layer: ##"{"position":[50,50],"bounds":[0,0,20,20],"backgroundColor":"#FF0000","animations":[{"keyPath":"position.x","fromValue":50,"toValue":1e300,"duration":1}]}"##,
             centre: .nothing),
        Case(name: "text 1e30 points high",
             layer: ##"{"type":"text","position":[50,50],"bounds":[0,0,100,100],"string":"W","fontSize":1e30,"foregroundColor":"#FF0000"}"##,
             centre: .nothing),
        Case(name: "image at position 1e30", layer: ##"{"position":[1e30,50],"bounds":[0,0,20,20],"contents":"\##(red)"}"##,
             centre: .nothing),
        Case(name: "image over bounds 1e30", layer: ##"{"bounds":[0,0,1e30,1e30],"contents":"\##(red)"}"##, centre: .red),
        Case(name: "rotated image over bounds 1e300",
             layer: ##"{"position":[50,50],"bounds":[0,0,1e300,1e300],"transform":{"rotation":0.7},"contents":"\##(red)"}"##,
             centre: .red),
        Case(name: "image over bounds origin -1e30",
             layer: ##"{"bounds":[-1e30,-1e30,1e30,1e30],"position":[0,0],"anchorPoint":[0,0],"contents":"\##(red)"}"##,
             centre: .red),
        Case(name: "image scaled by 1e30",
             layer: ##"{"position":[50,50],"bounds":[0,0,10,10],"transform":{"scale":1e30},"contents":"\##(red)"}"##,
             centre: .red),
        Case(name: "image scaled by 1e-30",
             layer: ##"{"position":[50,50],"bounds":[0,0,10,10],"transform":{"scale":1e-30},"contents":"\##(red)"}"##,
             centre: .nothing),
    ]

    /// A 1×1 opaque red PNG.
    static let red = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="

    /// The case's frame at t = 0.5.
    static func frame(_ c: Case) throws -> Frame {
        let json = ##"{"size":[100,100],"layers":["## + c.layer + "]}"
        let scene = try SceneLoader.decode(Array(json.utf8), source: "extreme.json")
        return try SceneEvaluator().frame(for: scene, at: 0.5)
    }

    @Test(arguments: cases)
    func rendersWhatItMeansOnTheCPU(_ c: Case) throws {
        let frame = try Self.frame(c)
        #expect(frame.instances.allSatisfy { $0.isFinite })
        let circleFields = frame.circles.flatMap { [$0.geometry, $0.ring, $0.fill, $0.stroke] }
        #expect(circleFields.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite })
        let cpu = try CPURenderer().render(frame)
        let centre = Array(cpu.bytes[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4])
        switch c.centre {
        case .nothing: #expect(centre == [0, 0, 0, 0], "\(c.name): centre \(centre)")
        case .red: #expect(centre == [255, 0, 0, 255], "\(c.name): centre \(centre)")
        }
    }

    @Test(.requiresGPU, arguments: cases)
    func gpuMatchesCPU(_ c: Case) throws {
        let frame = try Self.frame(c)
        let gpu = try GPUAvailability.renderer.get()
        let difference = ImageDifference(try gpu.render(frame), try CPURenderer().render(frame))
        print("extreme \(c.name): \(difference)")
        #expect(difference.max <= ParityTests.maxTolerance, "\(c.name): \(difference)")
    }
}
