import Foundation
import PackagePlugin

/// Embeds every `Shaders/*.glsl` file of the package into the target as a Swift
/// string constant (`ShaderSource.files["name.glsl"]`), so the binary needs no
/// resource bundle at run time, together with the integer constants of the
/// display list's C header (`ShaderSource.layoutDefines`, GLSL `#define`
/// lines every shader is compiled with). Adding or removing a shader file is noticed on
/// the next plugin run (`touch Package.swift`); edits are noticed every build.
@main
struct ShaderEmbed: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderDir = context.package.directoryURL.appending(path: "Shaders")
        let names = try FileManager.default.contentsOfDirectory(atPath: shaderDir.path)
            .filter { $0.hasSuffix(".glsl") }
            .sorted()
        let layoutHeader = context.package.directoryURL
            .appending(path: "Sources/CLayerFXLayout/include/lfx_layout.h")
        let shaders = names.map { shaderDir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShaderSource.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) shaders",
                executable: try context.tool(named: "ShaderEmbedTool").url,
                arguments: [output.path, layoutHeader.path] + shaders.map(\.path),
                inputFiles: [layoutHeader] + shaders,
                outputFiles: [output])
        ]
    }
}
