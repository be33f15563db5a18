import CEGL
import LayerFXPrimitives

/// The circle program (`Shaders/circle.vert.glsl`, `circle.frag.glsl`) and its
/// instance buffer: draws runs of plain device circles (``DeviceCircle``) with
/// a shader that does only what a circle needs, over a quad only as large as
/// the circle's coverage. The general program draws everything else.
struct CirclePass {
    private let program: ShaderProgram
    private let viewportUniform: GLint
    private let originUniform: GLint
    private var vertexArray: GLuint = 0
    private var instanceBuffer: GLuint = 0

    /// Builds the program and its vertex array in the current context.
    init() throws {
        program = try ShaderProgram(vertex: "circle.vert.glsl", fragment: "circle.frag.glsl")
        viewportUniform = glGetUniformLocation(program.id, "u_viewport")
        originUniform = glGetUniformLocation(program.id, "u_origin")
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &instanceBuffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        InstanceAttributes.enable(DeviceCircle.attributes)
        glBindVertexArray(0)
    }

    /// Sends this frame's circles.
    func upload(_ circles: [DeviceCircle]) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        circles.withUnsafeBytes { raw in
            glBufferData(GLenum(GL_ARRAY_BUFFER), raw.count, raw.baseAddress, GLenum(GL_STREAM_DRAW))
        }
    }

    /// Draws circles `range` of the uploaded ones into the bound target, whose
    /// device size is `viewport` and device pixel (0, 0) is at window `origin`.
    /// Leaves the circle program and vertex array bound.
    func draw(_ range: Range<Int>, viewport: SIMD2<Float>, origin: SIMD2<Float>) {
        glUseProgram(program.id)
        glUniform2f(viewportUniform, viewport.x, viewport.y)
        glUniform2f(originUniform, origin.x, origin.y)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        InstanceAttributes.point(DeviceCircle.attributes, stride: MemoryLayout<DeviceCircle>.stride,
                                 atInstance: range.lowerBound)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(range.count))
    }

    func delete() {
        var buffer = instanceBuffer, array = vertexArray
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &array)
        glDeleteProgram(program.id)
    }
}
