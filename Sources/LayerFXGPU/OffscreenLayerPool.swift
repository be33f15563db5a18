import CEGL

/// Frame-sized RGBA8 textures with framebuffers, for offscreen layers and
/// masks; reused across layers and frames, remade when the frame size
/// changes. Clearing, drawing into and compositing a layer touch only its
/// rectangle (the scissor box), so its cost scales with its area.
struct OffscreenLayerPool {
    /// Where a composite samples the layer and its mask (`u_layer`, `u_mask`).
    static let layerUnit: GLenum = 2
    static let maskUnit: GLenum = 3

    struct Target {
        let framebuffer: GLuint
        let texture: GLuint
    }

    private var free: [Target] = []
    private var all: [Target] = []
    private var size = (width: 0, height: 0)

    /// Drops the targets when the frame size changed.
    mutating func prepare(width: Int, height: Int) {
        guard size != (width, height) else { return }
        delete()
        size = (width, height)
    }

    mutating func acquire() throws -> Target {
        if let target = free.popLast() { return target }
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glActiveTexture(GLenum(GL_TEXTURE0) + Self.layerUnit)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GPUError("offscreen layer framebuffer of \(size.width)×\(size.height) is incomplete (0x\(String(status, radix: 16)))")
        }
        let target = Target(framebuffer: framebuffer, texture: texture)
        all.append(target)
        return target
    }

    mutating func release(_ target: Target) { free.append(target) }

    /// Draws into `target` from now on, transparent inside `bounds` (x0, y0,
    /// x1, y1): see ``bind(_:bounds:)``.
    func bindClearing(_ target: Target, bounds: SIMD4<Float>) {
        bind(target, bounds: bounds)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Draws into `target` from now on (the frame's coordinates, origin (0,
    /// 0)), inside `bounds` only: the scissor box is the layer's rectangle,
    /// the only pixels its composite reads, so a primitive reaching beyond it
    /// costs only its pixels inside.
    func bind(_ target: Target, bounds: SIMD4<Float>) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glScissor(GLint(bounds.x), GLint(bounds.y), GLsizei(bounds.z - bounds.x), GLsizei(bounds.w - bounds.y))
    }

    func bindForSampling(content: Target, mask: Target) {
        glActiveTexture(GLenum(GL_TEXTURE0) + Self.layerUnit)
        glBindTexture(GLenum(GL_TEXTURE_2D), content.texture)
        glActiveTexture(GLenum(GL_TEXTURE0) + Self.maskUnit)
        glBindTexture(GLenum(GL_TEXTURE_2D), mask.texture)
    }

    /// Unbinds the sampled layers, so no texture is bound while it is drawn into.
    func unbindSampling() {
        for unit in [Self.layerUnit, Self.maskUnit] {
            glActiveTexture(GLenum(GL_TEXTURE0) + unit)
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        }
    }

    mutating func delete() {
        for target in all {
            glDeleteFramebuffers(1, [target.framebuffer])
            glDeleteTextures(1, [target.texture])
        }
        all = []; free = []
    }
}
