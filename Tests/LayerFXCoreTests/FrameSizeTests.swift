import LayerFXCore
import Testing

/// The one frame-size rule the decoder, evaluation, the CLI and the C API use.
struct FrameSizeTests {
    @Test func sidesAreRoundedUpIgnoringDecimalRounding() {
        #expect(FrameSize.maximumSide == 16384)
        #expect(FrameSize.extent(0.1, scale: 30) == 3)            // 3.0000000000000004 px
        #expect(FrameSize.extent(8192.5, scale: 2) == 16385)
        #expect(FrameSize.extent(8192.0000000001, scale: 2) == 16384)
        #expect(FrameSize.extent(100.2, scale: 1) == 101)
        #expect(FrameSize.extent(1e300, scale: 10) == 1e301)
    }

    @Test func aFrameHasAtLeastOnePixelPerSide() {
        #expect(FrameSize.pixels(0.4, scale: 1) == 1)
        #expect(FrameSize.pixels(0, scale: 1) == 1)
        #expect(FrameSize.pixels(240, scale: 4.5) == 1080)
        #expect(FrameSize.pixels(1e300, scale: 10) == Int.max)
    }

    @Test func underHalfAPixelIsEmpty() {
        #expect(FrameSize.isEmpty(0.2, scale: 1))
        #expect(FrameSize.isEmpty(0.2, scale: 2))
        #expect(!FrameSize.isEmpty(0.5, scale: 1))
        #expect(!FrameSize.isEmpty(0.2, scale: 3))
    }
}
