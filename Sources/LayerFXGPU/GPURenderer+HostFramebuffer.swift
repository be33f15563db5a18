import CEGL
import LayerFXPrimitives

/// How ``GPURenderer/render(_:intoFramebuffer:origin:options:)`` treats the
/// host's framebuffer and GL state.
public struct FramebufferRenderOptions: OptionSet, Sendable {
    /// The raw bits (the C API's `LFX_RENDER_…` flags).
    public let rawValue: UInt32
    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Do not restore the host's GL state afterwards: the state listed in
    /// ``GLStateSnapshot/items`` is left as LayerFX leaves it (unspecified),
    /// and the host sets what it needs itself. Saves the `glGet` calls.
    public static let skipStateRestore = FramebufferRenderOptions(rawValue: 1 << 0)
    /// Do not clear the frame's rectangle to the scene's background first:
    /// the scene's layers are drawn over the framebuffer's contents
    /// (premultiplied source-over), and the background colour is not drawn.
    public static let keepContents = FramebufferRenderOptions(rawValue: 1 << 1)
    /// Every option this version knows.
    public static let all: FramebufferRenderOptions = [.skipStateRestore, .keepContents]
}

extension GPURenderer {
    /// Draws `frame` into framebuffer object `framebuffer` of the host's
    /// context, in the rectangle of the frame's size whose lowest GL row is
    /// `origin.y` and first column `origin.x`.
    ///
    /// Rows keep the order of ``render(_:)``'s buffer: the frame's top row is
    /// at GL row `origin.y` (so the image reads right side up through
    /// `glReadPixels` or as a texture sampled with t = 0 at the top).
    /// Nothing outside the rectangle is written. The host's GL state is saved
    /// before and restored after (``GLStateSnapshot``) unless `options`
    /// contains ``FramebufferRenderOptions/skipStateRestore``.
    ///
    /// - Precondition: the renderer was made with ``GLContextOwner/host`` and
    ///   that context is current on this thread; otherwise this throws.
    /// - Parameters:
    ///   - frame: the evaluated frame; its size is the rectangle's.
    ///   - framebuffer: a complete framebuffer object of the host's context,
    ///     or 0 for the default framebuffer of its current surface.
    ///   - origin: the rectangle's first column and lowest GL row.
    ///   - options: state restore and clearing, see ``FramebufferRenderOptions``.
    public func render(_ frame: Frame, intoFramebuffer framebuffer: UInt32, origin: (x: Int, y: Int) = (0, 0),
                       options: FramebufferRenderOptions = []) throws {
        guard contextOwner == .host else {
            throw GPUError("rendering into a framebuffer needs a renderer made for the host's context (GPURenderer(context: .host))")
        }
        try withCurrentContext(preservingHostState: !options.contains(.skipStateRestore)) {
            guard framebuffer == 0 || glIsFramebuffer(framebuffer) == GLboolean(GL_TRUE) else {
                throw GPUError("\(framebuffer) is not a framebuffer object of the current context")
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw GPUError("framebuffer \(framebuffer) is incomplete (status 0x\(String(status, radix: 16)))")
            }
            try drawFrame(frame, framebuffer: framebuffer, x: origin.x, y: origin.y, clear: !options.contains(.keepContents))
            try failureCheck.check(while: "drawing a \(frame.width)×\(frame.height) frame into framebuffer \(framebuffer)")
        }
    }
}
