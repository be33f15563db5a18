import CEGL
import LayerFXPrimitives

/// Binds an instance layout (``PrimitiveAttribute`` tables such as
/// `PrimitiveInstance.attributes` and `DeviceCircle.attributes`) to the bound
/// vertex array: one attribute per field, advancing once per instance.
enum InstanceAttributes {
    /// Enables every attribute of `attributes` as per-instance in the bound vertex array.
    static func enable(_ attributes: [PrimitiveAttribute]) {
        for attribute in attributes {
            glEnableVertexAttribArray(GLuint(attribute.location))
            glVertexAttribDivisor(GLuint(attribute.location), 1)
        }
    }

    /// Points every attribute at instance `first` of the bound array buffer,
    /// instances `stride` bytes apart (OpenGL ES 3.0 has no base instance, so a
    /// draw of a later run starts by moving the pointers).
    static func point(_ attributes: [PrimitiveAttribute], stride: Int, atInstance first: Int) {
        for attribute in attributes {
            let location = GLuint(attribute.location)
            let offset = UnsafeRawPointer(bitPattern: first * stride + attribute.offset)
            if attribute.isInteger {
                glVertexAttribIPointer(location, GLint(attribute.components), GLenum(GL_UNSIGNED_INT),
                                       GLsizei(stride), offset)
            } else {
                glVertexAttribPointer(location, GLint(attribute.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(stride), offset)
            }
        }
    }
}
