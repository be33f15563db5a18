import LayerFX
import Testing

/// `Scenes/parity.json` describes the scenes beside it: every entry names one
/// of them and sets something, and every scene gets usable times and scales.
struct RenderSettingsTests {
    @Test func everyEntryNamesASceneOfTheFolder() throws {
        let settings = try Fixtures.settings.get()
        let unknown = settings.scenes.keys.filter { !Fixtures.sceneNames.contains($0) }.sorted()
        #expect(unknown.isEmpty, "parity.json names scenes that Scenes/ does not hold: \(unknown)")
        let empty = settings.scenes.filter { $0.value.times == nil && $0.value.scales == nil }.keys.sorted()
        #expect(empty.isEmpty, "entries that set neither times nor scales (a misspelt key?): \(empty)")
    }

    @Test func everySceneIsCoveredByItsEntryOrTheDefault() throws {
        #expect(try Fixtures.settings.get().default.times?.isEmpty == false, "the default must list times")
        for name in Fixtures.sceneNames {
            let times = try Fixtures.times(for: name)
            let scales = try Fixtures.scales(for: name, scene: try Fixtures.scene(name))
            #expect(!times.isEmpty && times.allSatisfy { $0.isFinite && $0 >= 0 }, "\(name): times \(times)")
            #expect(!scales.isEmpty && scales.allSatisfy { $0.isFinite && $0 > 0 }, "\(name): scales \(scales)")
        }
    }

    /// The layer kinds of issue #4 (scenes 21 and up) render at 1 and 4 pixels
    /// per point; the scenes before them at the scale their file sets.
    @Test func newLayerKindsRenderAtOneAndFourPixelsPerPoint() throws {
        let settings = try Fixtures.settings.get()
        for name in Fixtures.sceneNames {
            let number = try #require(Int(name.prefix { $0.isNumber }), "\(name) is not numbered")
            #expect(settings.scales(for: name) == (number >= 21 ? [1, 4] : nil), "\(name)")
        }
    }
}
