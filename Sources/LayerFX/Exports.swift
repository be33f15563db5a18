// The umbrella module: `import LayerFX` brings in the whole pipeline.
@_exported import LayerFXCore
@_exported import LayerFXCPU
@_exported import LayerFXEvaluation
@_exported import LayerFXGPU
@_exported import LayerFXImageIO
@_exported import LayerFXModel
@_exported import LayerFXPrimitives
@_exported import LayerFXScene
@_exported import LayerFXSVG
@_exported import LayerFXText
@_exported import LayerFXGeometry
