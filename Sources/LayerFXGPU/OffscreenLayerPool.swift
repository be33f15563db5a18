import CEGL

/// RGBA8 textures with framebuffers for offscreen layers and masks, each as
/// large as the layer it holds covers (``LayerRect``), not the frame; reused
/// across layers and frames. A layer's texel (0, 0) is its rectangle's first
/// device pixel: drawing into it, the viewport is moved so that device pixels
/// land there, and a composite samples it at its device pixel minus the
/// rectangle's corner (`u_layerRect`). Clearing, drawing into and
/// compositing a layer touch only its rectangle, so both its memory and its
/// cost scale with its area.
struct OffscreenLayerPool {
    /// Where a composite samples the layer and its mask (`u_layer`, `u_mask`).
    static let layerUnit: GLenum = 2
    static let maskUnit: GLenum = 3
    /// Texture sides are rounded up to a multiple of this, so that textures
    /// are reused by layers of slightly different sizes.
    static let sizeStep = 64

    struct Target {
        let framebuffer: GLuint
        let texture: GLuint
        let width: Int, height: Int
        var area: Int { width * height }

        /// Deletes the framebuffer and texture (in the renderer's context).
        func deleteObjects() {
            glDeleteFramebuffers(1, [framebuffer])
            glDeleteTextures(1, [texture])
        }
    }

    private var free: [Target] = []
    private var all: [Target] = []

    /// A target at least as large as `rect`: the smallest free one that is,
    /// or a new one (a free one too small is deleted first, so the pool holds
    /// no more targets than are ever open at once).
    mutating func acquire(for rect: LayerRect) throws -> Target {
        let fitting = free.indices.filter { free[$0].width >= rect.width && free[$0].height >= rect.height }
        if let best = fitting.min(by: { free[$0].area < free[$1].area }) {
            return free.remove(at: best)
        }
        if let smallest = free.indices.min(by: { free[$0].area < free[$1].area }) {
            delete(free.remove(at: smallest))
        }
        func rounded(_ side: Int) -> Int { (max(side, 1) + Self.sizeStep - 1) / Self.sizeStep * Self.sizeStep }
        let width = rounded(rect.width), height = rounded(rect.height)
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glActiveTexture(GLenum(GL_TEXTURE0) + Self.layerUnit)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        let target = Target(framebuffer: framebuffer, texture: texture, width: width, height: height)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete(target)
            throw GPUError("offscreen layer framebuffer of \(width)×\(height) is incomplete (0x\(String(status, radix: 16)))")
        }
        all.append(target)
        return target
    }

    mutating func release(_ target: Target) { free.append(target) }

    /// Draws into `target` from now on, transparent inside `rect`: see
    /// ``bind(_:rect:frameWidth:frameHeight:)``.
    func bindClearing(_ target: Target, rect: LayerRect, frameWidth: Int, frameHeight: Int) {
        bind(target, rect: rect, frameWidth: frameWidth, frameHeight: frameHeight)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Draws into `target` from now on, device pixel (x, y) at texel
    /// (x − rect.x0, y − rect.y0) (the viewport is the frame's, moved by the
    /// rectangle's corner: `u_origin` is then `rect.drawingOrigin`), inside
    /// `rect` only: the scissor box is the layer's rectangle, the only pixels
    /// its composite reads, so a primitive reaching beyond it costs only its
    /// pixels inside.
    func bind(_ target: Target, rect: LayerRect, frameWidth: Int, frameHeight: Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(GLint(-rect.x0), GLint(-rect.y0), GLsizei(frameWidth), GLsizei(frameHeight))
        glScissor(0, 0, GLsizei(rect.width), GLsizei(rect.height))
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

    private mutating func delete(_ target: Target) {
        target.deleteObjects()
        all.removeAll { $0.texture == target.texture }
    }

    mutating func delete() {
        for target in all { target.deleteObjects() }
        all = []; free = []
    }
}

/// The whole device pixels an offscreen layer holds: its marker's rectangle
/// (x0, y0, x1, y1; corners in either order, as the CPU backend takes them),
/// rounded out to whole pixels and kept to the frame (any value, NaN
/// included, gives a rectangle inside it, possibly empty).
struct LayerRect: Equatable {
    let x0: Int, y0: Int, width: Int, height: Int

    init(_ bounds: SIMD4<Float>, frameWidth: Int, frameHeight: Int) {
        func lower(_ v: Float, _ limit: Int) -> Int {
            v.isNaN ? 0 : min(max(Int(saturating: v, rounding: .down), 0), limit)
        }
        func upper(_ v: Float, _ limit: Int) -> Int {
            v.isNaN ? limit : min(max(Int(saturating: v, rounding: .up), 0), limit)
        }
        let low = pointwiseMin(bounds.lowHalf, bounds.highHalf), high = pointwiseMax(bounds.lowHalf, bounds.highHalf)
        x0 = lower(low.x, frameWidth); y0 = lower(low.y, frameHeight)
        width = max(upper(high.x, frameWidth) - x0, 0); height = max(upper(high.y, frameHeight) - y0, 0)
    }

    /// `u_origin` while drawing into the layer: where device pixel (0, 0) is.
    var drawingOrigin: SIMD2<Float> { SIMD2(Float(-x0), Float(-y0)) }
    /// `u_layerRect` while compositing it: (x0, y0, x1, y1) in device pixels,
    /// the first at texel (0, 0); a composite reads nothing outside it.
    var sampled: SIMD4<Float> { SIMD4(Float(x0), Float(y0), Float(x0 + width), Float(y0 + height)) }
}
