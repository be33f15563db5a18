import CEGL

/// Where a frame ends up: LayerFX's own framebuffer at (0, 0), or a
/// rectangle of a host's framebuffer. Drawing into it, the viewport and the
/// scissor box are the rectangle and `u_origin` (set by the renderer) its
/// corner, so device pixel (0, 0) is the rectangle's first pixel.
struct FinalTarget {
    let framebuffer: GLuint
    let x: Int, y: Int, width: Int, height: Int

    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(GLint(x), GLint(y), GLsizei(width), GLsizei(height))
        glScissor(GLint(x), GLint(y), GLsizei(width), GLsizei(height))
    }
}
