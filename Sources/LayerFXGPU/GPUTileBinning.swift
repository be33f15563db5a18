import CEGL
import LayerFXPrimitives

/// Tile binning on the GPU: the lists ``TileBins`` makes on the CPU, made
/// from the circles already in the compute pass's storage buffer, so that
/// only the circles go up. Four OpenGL ES 3.1 passes:
/// `tiles-bin.comp.glsl` counts each tile's circles; `tiles-scan.comp.glsl`
/// turns the counts into offsets and reports the total and the longest list
/// (read back: the one wait of the frame); `tiles-bin.comp.glsl` again
/// fills the lists through atomic cursors; `tiles-sort.comp.glsl` sorts each
/// list back into drawing order in shared memory.
final class GPUTileBinning {
    /// What binning a frame came to.
    enum Outcome {
        /// The lists are in the offsets and entries buffers.
        case binned(columns: Int, rows: Int)
        /// Some list is longer than the sort holds: bin on the CPU instead.
        case listTooLong
        /// The lists would pass `TileBins.maximumEntries`: draw in order.
        case tooManyEntries
    }

    private let count: ShaderProgram, fill: ShaderProgram, scan: ShaderProgram, sort: ShaderProgram
    /// The longest list the sort holds in shared memory.
    let sortCapacity: Int
    private var cursors: GLuint = 0, result: GLuint = 0
    private var zeros: [UInt32] = []
    private var entriesCapacity = 0

    /// The passes, built in the current context (OpenGL ES 3.1); nil when one does not build.
    static func make() -> GPUTileBinning? { try? GPUTileBinning() }

    private init() throws {
        var shared: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE), &shared)
        var capacity = 2048   // 8 KiB: OpenGL ES 3.1 guarantees 16 KiB
        while capacity < 8192 && capacity * 2 * 4 <= Int(shared) { capacity *= 2 }
        sortCapacity = capacity
        count = try ShaderProgram(compute: "tiles-bin.comp.glsl", defines: [("LFX_BIN_FILL", 0)])
        fill = try ShaderProgram(compute: "tiles-bin.comp.glsl", defines: [("LFX_BIN_FILL", 1)])
        scan = try ShaderProgram(compute: "tiles-scan.comp.glsl")
        sort = try ShaderProgram(compute: "tiles-sort.comp.glsl", defines: [("LFX_SORT_CAPACITY", capacity)])
        glGenBuffers(1, &cursors)
        glGenBuffers(1, &result)
    }

    /// Bins the `circleCount` circles bound to storage binding 0 for a
    /// `width × height` frame into `offsets` (binding 1) and `entries`
    /// (binding 2), leaving those bindings set. Call with the context current.
    func bin(circleCount: Int, width: Int, height: Int, offsets: GLuint, entries: GLuint) -> Outcome {
        let size = TileBins.tileSize
        let columns = (width + size - 1) / size, rows = (height + size - 1) / size, tiles = columns * rows
        zeros.resize(to: tiles) { 0 }
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), cursors)
        glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), tiles * 4, zeros, GLenum(GL_STREAM_DRAW))
        var reset: (UInt32, UInt32) = (0, 0)
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), result)
        glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), 8, &reset, GLenum(GL_STREAM_READ))
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), offsets)
        glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), (tiles + 1) * 4, nil, GLenum(GL_STREAM_DRAW))
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), 1, offsets)
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), 3, cursors)
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), 4, result)

        visitCircles(with: count, circleCount: circleCount, width: width, height: height, columns: columns)
        glUseProgram(scan.id)
        glUniform1i(glGetUniformLocation(scan.id, "u_tiles"), GLint(tiles))
        glDispatchCompute(1, 1, 1)
        glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT))
        guard let (total, longest) = readResult() else { return .listTooLong }
        guard total <= TileBins.maximumEntries else { return .tooManyEntries }
        guard longest <= sortCapacity else { return .listTooLong }

        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), entries)
        if total > entriesCapacity || entriesCapacity == 0 {
            entriesCapacity = max(total, 1)
            glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), entriesCapacity * 4, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), 2, entries)
        visitCircles(with: fill, circleCount: circleCount, width: width, height: height, columns: columns)
        glUseProgram(sort.id)
        glUniform1i(glGetUniformLocation(sort.id, "u_columns"), GLint(columns))
        glDispatchCompute(GLuint(columns), GLuint(rows), 1)
        glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
        return .binned(columns: columns, rows: rows)
    }

    /// Runs the counting or filling pass over every circle.
    private func visitCircles(with program: ShaderProgram, circleCount: Int, width: Int, height: Int, columns: Int) {
        glUseProgram(program.id)
        glUniform1i(glGetUniformLocation(program.id, "u_count"), GLint(clamping: circleCount))
        glUniform2i(glGetUniformLocation(program.id, "u_size"), GLint(width), GLint(height))
        glUniform1i(glGetUniformLocation(program.id, "u_columns"), GLint(columns))
        let groups = (circleCount + 63) / 64, perRow = 65_535
        if groups > 0 {
            glDispatchCompute(GLuint(min(groups, perRow)), GLuint((groups + perRow - 1) / perRow), 1)
        }
        glMemoryBarrier(GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT))
    }

    /// The scan's total and longest list; nil when the buffer cannot be read.
    private func readResult() -> (total: Int, longest: Int)? {
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), result)
        guard let mapped = glMapBufferRange(GLenum(GL_SHADER_STORAGE_BUFFER), 0, 8, GLbitfield(GL_MAP_READ_BIT)) else {
            return nil
        }
        let values = mapped.assumingMemoryBound(to: UInt32.self)
        let read = (Int(values[0]), Int(values[1]))
        glUnmapBuffer(GLenum(GL_SHADER_STORAGE_BUFFER))
        return read
    }

    /// Forgets the entries buffer's size: the CPU's lists were uploaded
    /// into it, replacing its storage, so the next frame binned here sizes it again.
    func entriesReplaced() { entriesCapacity = 0 }

    /// Deletes the programs and buffers (context current).
    func delete() {
        glDeleteBuffers(1, &cursors)
        glDeleteBuffers(1, &result)
        for program in [count, fill, scan, sort] { glDeleteProgram(program.id) }
    }
}
