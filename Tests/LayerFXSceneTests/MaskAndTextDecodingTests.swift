import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

@Suite struct MaskDecodingTests {
    @Test func inlineMaskIsALayerInTheMaskSlot() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"name": "content", "bounds": [0, 0, 10, 10],
         "mask": {"type": "shape", "name": "star", "path": {"ellipseIn": [0, 0, 10, 10]}},
         "sublayers": [{"name": "child"}]}
        """##))
        let content = scene.layers[0]
        #expect(content.mask?.name == "star")
        #expect(content.mask?.kind == .shape)
        #expect(content.sublayers.map(\.name) == ["child"])
        #expect(scene.layer(named: "star")?.layer.kind == .shape)
        #expect(try decodeScene(sceneWithLayers(##"{"mask": null}"##)).layers[0].mask == nil)
    }

    @Test func maskByNameMovesTheNamedLayer() throws {
        // Seed 002: the gradient is masked by its own title label's layer.
        let scene = try decodeScene(sceneWithLayers(##"""
        {"type": "gradient", "name": "button", "mask": "title",
         "sublayers": [{"type": "text", "name": "title", "string": "Find new skills"}, {"name": "other"}]},
        {"name": "sibling"}
        """##))
        #expect(scene.layers.map(\.name) == ["button", "sibling"])
        #expect(scene.layers[0].sublayers.map(\.name) == ["other"])
        #expect(scene.layers[0].mask?.name == "title")
        #expect(scene.layers[0].mask?.properties.string == "Find new skills")
    }

    @Test func maskReferencesFromAnotherBranch() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"name": "a", "mask": "m"}, {"name": "holder", "sublayers": [{"name": "m", "mask": {"name": "inner"}}]}
        """##))
        #expect(scene.layers[0].mask?.name == "m")
        #expect(scene.layers[0].mask?.mask?.name == "inner")
        #expect(scene.layers[1].sublayers.isEmpty)
    }

    @Test func maskErrors() {
        expectRejected(sceneWithLayers(##"{"name": "a", "mask": "nobody"}"##), path: "layers[0].mask",
                       message: "no layer is named \"nobody\"", at: "\"nobody\"")
        expectRejected(sceneWithLayers(##"{"name": "a", "mask": "a"}"##), path: "layers[0].mask",
                       message: "mask cycle: \"a\" → \"a\" (a layer cannot be masked by itself or by a layer that contains it)",
                       at: "\"a\"}")
        expectRejected(sceneWithLayers(##"{"name": "outer", "sublayers": [{"name": "inner", "mask": "outer"}]}"##),
                       path: "layers[0].sublayers[0].mask",
                       message: "mask cycle: \"outer\" → \"inner\" → \"outer\" (a layer cannot be masked by itself or by a layer that contains it)",
                       at: "\"outer\"}")
        expectRejected(sceneWithLayers(##"{"name": "a", "mask": "b"}, {"name": "b", "mask": "a"}"##),
                       path: "layers[0].mask",
                       message: "mask cycle: \"b\" → \"a\" → \"b\" (a layer cannot be masked by itself or by a layer that contains it)",
                       at: "\"b\"}")
        expectRejected(sceneWithLayers(##"{"name": "a", "mask": "m"}, {"name": "b", "mask": "m"}, {"name": "m"}"##),
                       path: "layers[1].mask",
                       message: "layer \"m\" is already the mask of \"a\"; a layer can mask only one layer", at: "\"m\"}, {\"name\": \"m\"")
        expectRejected(sceneWithLayers(##"{"mask": 3}"##), path: "layers[0].mask",
                       message: "expected a layer object or the name of another layer, found a number", at: "3}")
    }

    @Test func maskModeIsReadOnTheMaskedLayer() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"name": "a", "maskMode": "luminance", "mask": {"name": "m"}}, {"name": "b"},
        {"name": "c", "maskMode": "alphaInverted"}, {"maskMode": "luminanceInverted"}, {"maskMode": "alpha"}
        """##))
        #expect(scene.layers.map(\.properties.maskMode) == [.luminance, .alpha, .alphaInverted, .luminanceInverted, .alpha])
        expectRejected(sceneWithLayers(##"{"maskMode": "luma"}"##), path: "layers[0].maskMode",
                       message: "unknown mask mode \"luma\"; expected one of alpha, alphaInverted, luminance, luminanceInverted",
                       at: "\"luma\"")
        expectRejected(sceneWithLayers(##"{"maskMode": 1}"##), path: "layers[0].maskMode",
                       message: "expected a string, found a number", at: "1}")
    }
}

@Suite struct TextDecodingTests {
    @Test func textLayerProperties() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"type": "text", "string": "Find new skills", "font": "DejaVu Sans Bold", "fontSize": 24,
         "foregroundColor": "#FF0000", "alignmentMode": "center",
         "animations": [{"keyPath": "fontSize", "toValue": 30}, {"keyPath": "foregroundColor", "toValue": "#00FF00"}]}
        """##))
        let p = scene.layers[0].properties
        #expect(scene.layers[0].kind == .text)
        #expect(p.string == "Find new skills")
        #expect(p.font == "DejaVu Sans Bold")
        #expect(p.fontSize == 24)
        #expect(p.foregroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(p.alignmentMode == .center)
        #expect(scene.layers[0].animations.map(\.keyPath) == [.fontSize, .foregroundColor])
    }

    @Test func textDefaultsAreCATextLayers() throws {
        let p = try decodeScene(sceneWithLayers(##"{"type": "text"}"##)).layers[0].properties
        #expect(p.fontSize == 36)
        #expect(p.foregroundColor == .white)
        #expect(p.alignmentMode == .natural)
        #expect(p.font == nil)
    }

    @Test func textErrors() {
        #expect(layerError(##"{"type": "text", "alignmentMode": "middle"}"##)?.message
                == "unknown alignment mode \"middle\"; expected one of natural, left, right, center, justified")
        #expect(layerError(##"{"type": "text", "fontSize": -2}"##)?.message
                == "must not be negative (got -2)")
        #expect(animationError(##"{"keyPath": "fontSize", "toValue": 3}"##)?.message
                == "key path \"fontSize\" applies to text layers only (\"type\": \"text\")")
    }
}

@Suite struct FontDecodingTests {
    @Test func aMissingFontFileIsAnErrorAtTheFontKey() {
        expectRejected(sceneWithLayers(##"{"type": "text", "string": "Hi", "font": "/nonexistent/Font.ttf"}"##),
                       path: "layers[0].font", message: "font file \"/nonexistent/Font.ttf\" not found",
                       at: "\"/nonexistent")
    }

    @Test func anUnknownFamilyNamesTheSearch() {
        let message = layerError(##"{"type": "text", "font": "Comic Sans Ultra"}"##)?.message ?? ""
        #expect(message.hasPrefix("no font named \"Comic Sans Ultra\""), "\(message)")
    }

    @Test func familyNamesResolve() throws {
        _ = try decodeScene(sceneWithLayers(##"{"type": "text", "font": "Helvetica-Bold"}, {"type": "text"}"##))
    }
}
