import CEGL

/// A linked GLSL ES program built from files of `Shaders/`: a vertex and a
/// fragment shader, or a compute shader.
struct ShaderProgram {
    let id: GLuint

    /// Compiles `vertex` and `fragment` (file names in `Shaders/`), both with
    /// the display list's constants (`ShaderSource.layoutDefines`, from
    /// `lfx_layout.h`) and the fragment shader also with `defines`, as
    /// `#define NAME VALUE` lines after the `#version` line, and links them.
    init(vertex: String, fragment: String, defines: [(String, Int)] = []) throws {
        let vs = try Self.compile(vertex, type: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER), defines: defines)
        defer { glDeleteShader(fs) }
        id = try Self.link([vs, fs], naming: "\(vertex) + \(fragment)")
    }

    /// Compiles the compute shader `compute` (a file name in `Shaders/`,
    /// OpenGL ES 3.1) with the display list's constants and `defines`, and links it.
    init(compute: String, defines: [(String, Int)] = []) throws {
        let cs = try Self.compile(compute, type: GLenum(GL_COMPUTE_SHADER), defines: defines)
        defer { glDeleteShader(cs) }
        id = try Self.link([cs], naming: compute)
    }

    /// A program of `shaders`, linked; the error names the shaders as `name`.
    private static func link(_ shaders: [GLuint], naming name: String) throws -> GLuint {
        let program = glCreateProgram()
        for shader in shaders { glAttachShader(program, shader) }
        glLinkProgram(program)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(program, getLength: glGetProgramiv, getLog: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GPUError("linking \(name) failed: \(log)")
        }
        return program
    }

    private static func compile(_ name: String, type: GLenum, defines: [(String, Int)] = []) throws -> GLuint {
        guard var source = ShaderSource.files[name] else {
            throw GPUError("shader \(name) is not embedded in this build")
        }
        if let versionEnd = source.firstIndex(of: "\n") {
            let lines = ShaderSource.layoutDefines + defines.map { "#define \($0.0) \($0.1)\n" }.joined()
            source.insert(contentsOf: lines, at: source.index(after: versionEnd))
        }
        let shader = glCreateShader(type)
        source.withCString { cString in
            var pointer: UnsafePointer<GLchar>? = cString
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw GPUError("compiling \(name) failed: \(log)")
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        getLog(object, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
