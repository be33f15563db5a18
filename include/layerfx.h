/**
 * @file layerfx.h
 * @brief LayerFX C API: Core Animation-style layer scenes rendered headlessly
 *        (OpenGL ES 3 through EGL, or the CPU), or into a host's GL context.
 *
 * Build against it with `pkg-config --cflags --libs layerfx`.
 *
 * Conventions
 * - Every function that can fail returns an ::lfx_result; ::LFX_OK is 0. On
 *   failure, lfx_last_error() returns a one-line message for the calling
 *   thread, and a log callback (lfx_set_log_callback()) receives it as well.
 *   No call crashes on a NULL, destroyed or foreign handle, a NULL pointer, a
 *   bad size or a call from the wrong thread: it returns an error code.
 * - Handles (::lfx_scene, ::lfx_renderer) are opaque. A handle is valid from
 *   its create call until its destroy call; afterwards calls with it return
 *   ::LFX_ERROR_INVALID_HANDLE (handle values are never reused).
 * - Threads: a renderer belongs to the thread that created it. Every call
 *   taking a renderer, including lfx_renderer_destroy(), must come from that
 *   thread (otherwise ::LFX_ERROR_WRONG_THREAD). Use one renderer per thread;
 *   renderers on different threads run in parallel. Scenes may be used from
 *   any thread (calls on one scene are serialized).
 * - Pixels are 8-bit RGBA, premultiplied alpha unless
 *   ::LFX_RENDER_STRAIGHT_ALPHA is passed, top row first.
 *
 * @since 0.1
 */
#ifndef LAYERFX_H
#define LAYERFX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Major version of this header. @since 0.1 */
#define LAYERFX_VERSION_MAJOR 0
/** Minor version of this header. @since 0.1 */
#define LAYERFX_VERSION_MINOR 1
/** Patch version of this header. @since 0.1 */
#define LAYERFX_VERSION_PATCH 0
/** This header's version as a string, "MAJOR.MINOR.PATCH". @since 0.1 */
#define LAYERFX_VERSION_STRING "0.1.0"

/**
 * What every call returns.
 * @since 0.1
 */
typedef enum lfx_result {
    /** Success. */
    LFX_OK = 0,
    /** A NULL pointer, a size outside 1…16384, a stride below width × 4, a
     *  size other than the scene's, an unknown flag or enum value. */
    LFX_ERROR_INVALID_ARGUMENT = 1,
    /** A NULL, destroyed or unknown handle, or a handle of the other kind. */
    LFX_ERROR_INVALID_HANDLE = 2,
    /** A renderer used from a thread other than the one that created it. */
    LFX_ERROR_WRONG_THREAD = 3,
    /** The scene JSON was rejected; the message names line, column and JSON path. */
    LFX_ERROR_SCENE = 4,
    /** A file could not be read or written. */
    LFX_ERROR_IO = 5,
    /** The GPU backend failed: no EGL display or context, no current
     *  context, an incomplete framebuffer, an OpenGL error. */
    LFX_ERROR_BACKEND = 6,
    /** The call does not apply to this renderer (e.g. rendering into a
     *  framebuffer with a renderer that owns its context). */
    LFX_ERROR_UNSUPPORTED = 7,
    /** A bug in LayerFX; the message says more. */
    LFX_ERROR_INTERNAL = 8,
    /** The frame would cost more than a work limit allows (see
     *  lfx_renderer_set_limit()); the message names the limit, the layer's
     *  place in the scene and the scene time. Nothing was drawn. */
    LFX_ERROR_BUDGET = 9
} lfx_result;

/**
 * Which backend a renderer made by lfx_renderer_create() uses.
 * @since 0.1
 */
typedef enum lfx_backend {
    /** The GPU when an EGL display opens, otherwise the CPU (logged as a warning). */
    LFX_BACKEND_AUTO = 0,
    /** OpenGL ES 3 through EGL, on a context the renderer owns. */
    LFX_BACKEND_GPU = 1,
    /** The CPU reference rasterizer (same math as the GPU). */
    LFX_BACKEND_CPU = 2
} lfx_backend;

/**
 * How a renderer composites a frame's primitives (lfx_renderer_set_compositing()).
 * @since 0.1
 */
typedef enum lfx_compositing {
    /** Every primitive blended into 8-bit pixels in drawing order. */
    LFX_COMPOSITING_ORDERED = 0,
    /** Tile compositing: circles, ellipses, rounded rectangles, stars and glyphs
     *  composited front to back once per pixel, within 1/255 of the exact
     *  composite: whole frames of them and runs of them in any frame, on
     *  the GPU through OpenGL ES 3.1 compute shaders. */
    LFX_COMPOSITING_TILES = 1,
    /** Tiles where the primitives lie at least 24 deep on average (their
     *  boxes over the box around them), in order elsewhere (the default). */
    LFX_COMPOSITING_AUTO = 2
} lfx_compositing;

/**
 * Flags for the render calls; combine with `|`.
 * @since 0.1
 */
typedef enum lfx_render_flags {
    /** No flags. */
    LFX_RENDER_DEFAULT = 0,
    /** lfx_render_to_framebuffer(): do not save and restore the host's GL
     *  state; the state listed in the README is left as LayerFX leaves it. */
    LFX_RENDER_NO_STATE_RESTORE = 1 << 0,
    /** lfx_render_to_framebuffer(): do not clear the rectangle to the scene's
     *  background; draw the layers over the framebuffer's contents. */
    LFX_RENDER_KEEP_CONTENTS = 1 << 1,
    /** lfx_render_to_buffer(): straight (unpremultiplied) alpha, as PNG and
     *  most image libraries expect. */
    LFX_RENDER_STRAIGHT_ALPHA = 1 << 2
} lfx_render_flags;

/**
 * Severity of a log message.
 * @since 0.1
 */
typedef enum lfx_log_level {
    LFX_LOG_DEBUG = 0,   /**< Diagnostics. */
    LFX_LOG_INFO = 1,    /**< Information. */
    LFX_LOG_WARNING = 2, /**< Something the host may want to know, e.g. the CPU fallback. */
    LFX_LOG_ERROR = 3    /**< A call failed; the same text as lfx_last_error(). */
} lfx_log_level;

/**
 * A loaded scene and the time it is rendered at (0 s when loaded).
 * @since 0.1
 */
typedef struct lfx_scene lfx_scene;

/**
 * A renderer: a backend (GPU with its own EGL context, GPU in the host's
 * context, or CPU) bound to the thread that created it.
 * @since 0.1
 */
typedef struct lfx_renderer lfx_renderer;

/**
 * Receives log messages.
 * @param level     an ::lfx_log_level.
 * @param message   one line, valid only during the call.
 * @param user_data the pointer given to lfx_set_log_callback().
 * The callback runs on the thread of the LayerFX call that logs; it may call
 * LayerFX, but lfx_last_error() is then not yet set for the failing call.
 * @since 0.1
 */
typedef void (*lfx_log_fn)(int level, const char *message, void *user_data);

/* ------------------------------------------------------------------------ */
/* Library                                                                   */

/**
 * The library's version, to compare with the LAYERFX_VERSION_* macros.
 * @param major, minor, patch  receive the version; each may be NULL.
 * @retval LFX_OK always.
 * @since 0.1
 */
lfx_result lfx_get_version(int32_t *major, int32_t *minor, int32_t *patch);

/**
 * The message of the calling thread's last failed call, for example
 * `lfx_render_to_buffer: stride 100 is less than width × 4 = 2400 bytes`;
 * `""` when its last call succeeded. Never NULL. Valid until the thread's
 * next LayerFX call.
 * @since 0.1
 */
const char *lfx_last_error(void);

/**
 * The enumerator name of a result, e.g. `"LFX_ERROR_WRONG_THREAD"`;
 * `"LFX_UNKNOWN_RESULT"` for other values. Never NULL; static storage.
 * @since 0.1
 */
const char *lfx_result_name(lfx_result result);

/**
 * Sets the process-wide log callback (NULL: no logging, the default).
 * Warnings (such as LFX_BACKEND_AUTO falling back to the CPU) and the message
 * of every failed call are passed to it.
 * @param callback  the function, or NULL.
 * @param user_data passed to every call of @p callback.
 * @retval LFX_OK always.
 * @since 0.1
 */
lfx_result lfx_set_log_callback(lfx_log_fn callback, void *user_data);

/* ------------------------------------------------------------------------ */
/* Scenes                                                                    */

/**
 * Loads a scene file (JSON, LayerFX scene format version 1), a Lottie
 * animation (bodymovin JSON, recognised by its keys) or a .lottie archive
 * (a zip holding one; its manifest's first animation). A text layer's
 * font or a layer's contents image given by a relative file path is taken in
 * the scene file's folder; every font is checked and every image decoded
 * now, and one that cannot be found or loaded rejects the scene.
 * @param path a NUL-terminated file path.
 * @param out  receives the scene; set to NULL on failure.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_ARGUMENT @p path or @p out is NULL.
 * @retval LFX_ERROR_IO the file cannot be read.
 * @retval LFX_ERROR_SCENE the JSON is rejected (file:line:column: path: reason).
 * @since 0.1
 */
lfx_result lfx_scene_load_file(const char *path, lfx_scene **out);

/**
 * Loads a scene (or a Lottie animation) from JSON text. Errors name the
 * source `<string>`. Relative font and image file paths are taken in the
 * working directory.
 * @param json NUL-terminated UTF-8 JSON.
 * @param out  receives the scene; set to NULL on failure.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_ARGUMENT @p json or @p out is NULL.
 * @retval LFX_ERROR_SCENE the JSON is rejected.
 * @since 0.1
 */
lfx_result lfx_scene_load_string(const char *json, lfx_scene **out);

/**
 * Destroys a scene. A render in progress on another thread keeps its copy.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @since 0.1
 */
lfx_result lfx_scene_destroy(lfx_scene *scene);

/**
 * Sets the scene time, in seconds, that the next renders show.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_INVALID_ARGUMENT @p seconds is not finite.
 * @since 0.1
 */
lfx_result lfx_scene_set_time(lfx_scene *scene, double seconds);

/**
 * Reads the scene time set by lfx_scene_set_time() (0 after loading).
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_INVALID_ARGUMENT @p seconds is NULL.
 * @since 0.1
 */
lfx_result lfx_scene_get_time(const lfx_scene *scene, double *seconds);

/**
 * Overrides the scene's pixels per point (its `scale`), which sets the pixel
 * size its frames have.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_INVALID_ARGUMENT @p scale is not a positive number, or
 *         makes a frame larger than 16384 px per side.
 * @since 0.1
 */
lfx_result lfx_scene_set_scale(lfx_scene *scene, double scale);

/**
 * The pixel size of the scene's frames: its `size` × `scale`, rounded up.
 * The render calls take exactly this size.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_INVALID_ARGUMENT @p width or @p height is NULL.
 * @since 0.1
 */
lfx_result lfx_scene_get_pixel_size(const lfx_scene *scene, int32_t *width, int32_t *height);

/**
 * The stretch of time the scene animates: a Lottie animation's frame rate
 * and in and out points (in seconds, frame f at f / frame rate), or a scene
 * file's `timeline`. A scene without one gives 0 for all three.
 * @param frame_rate receives frames per second (0: no timeline).
 * @param start, end receive the first frame's time and the out point's.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_INVALID_ARGUMENT a pointer is NULL.
 * @since 0.1
 */
lfx_result lfx_scene_get_timeline(const lfx_scene *scene, double *frame_rate, double *start, double *end);

/* ------------------------------------------------------------------------ */
/* Renderers                                                                 */

/**
 * Creates a renderer that owns its resources: for the GPU an OpenGL ES 3
 * context on LayerFX's headless EGL display (one per device selection), made
 * current only inside LayerFX calls; whatever context the thread had current
 * is current again when a call returns. The environment variables
 * LAYERFX_EGL_PLATFORM and LAYERFX_EGL_DEVICE choose the display (see
 * docs/gpu-selection.md). Each renderer also keeps its own fonts and glyph
 * atlas: a font is loaded, and a glyph rasterized, once per renderer.
 * @param backend an ::lfx_backend.
 * @param out     receives the renderer; set to NULL on failure.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_ARGUMENT @p out is NULL or @p backend unknown.
 * @retval LFX_ERROR_BACKEND LFX_BACKEND_GPU and no EGL display or context;
 *         or, for the GPU and LFX_BACKEND_AUTO, a bad LAYERFX_EGL_PLATFORM or
 *         LAYERFX_EGL_DEVICE value, or a device named there that does not open.
 * @since 0.1
 */
lfx_result lfx_renderer_create(lfx_backend backend, lfx_renderer **out);

/**
 * Creates a GPU renderer that draws with the EGL context current on the
 * calling thread (OpenGL ES 3.0 or later, bound with EGL_OPENGL_ES_API).
 * LayerFX creates no EGL objects; it builds its program and buffers in that
 * context, saving and restoring the host's GL state around it. Use the
 * renderer on this thread, with this context current; destroy it while the
 * context is current and before the context is destroyed (otherwise its GL
 * objects are left to the context). Like lfx_renderer_create(), it keeps its
 * own fonts and glyph atlas.
 * @param out receives the renderer; set to NULL on failure.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_ARGUMENT @p out is NULL.
 * @retval LFX_ERROR_BACKEND no context is current, or the shaders fail to build.
 * @since 0.1
 */
lfx_result lfx_renderer_create_for_current_context(lfx_renderer **out);

/**
 * Destroys a renderer and its GL objects (and its own context, if any).
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD not the creating thread; the renderer stays alive.
 * @since 0.1
 */
lfx_result lfx_renderer_destroy(lfx_renderer *renderer);

/**
 * The backend a renderer actually uses: ::LFX_BACKEND_GPU or
 * ::LFX_BACKEND_CPU (LFX_BACKEND_AUTO resolves to one of them).
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_INVALID_ARGUMENT @p backend is NULL.
 * @since 0.1
 */
lfx_result lfx_renderer_get_backend(const lfx_renderer *renderer, lfx_backend *backend);

/**
 * Sets one limit on the work a frame of this renderer may cost; a render
 * call whose frame would exceed it fails fast with ::LFX_ERROR_BUDGET
 * instead of running for minutes or exhausting memory.
 * @param key one of `"instances"` (layer instances, replicator copies
 *            included; default 10000000), `"primitives"` (4000000),
 *            `"pixels"` (pixels to shade, each primitive's box on the frame;
 *            8000000000),
 *            `"vertices"` (path vertices after flattening; 10000000),
 *            `"stroke-pieces"` (2000000), `"band-edges"` (16000000, at most
 *            16777216), `"edge-tests"` (each polygon pixel against each
 *            edge of its piece; 1000000000), `"offscreen-layers"` (100000), `"offscreen-pixels"`
 *            (1000000000), `"glyphs"` (1000000), `"text-length"` (1000000),
 *            `"gradient-stops"` (stops of gradients of more than 6 stops;
 *            4000000).
 * @param value the new limit.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_INVALID_ARGUMENT @p key is NULL or not a key above.
 * @since 0.1
 */
lfx_result lfx_renderer_set_limit(lfx_renderer *renderer, const char *key, uint64_t value);

/**
 * Sets how the renderer composites frames from the next render call on:
 * ::LFX_COMPOSITING_AUTO (the default), ::LFX_COMPOSITING_ORDERED or
 * ::LFX_COMPOSITING_TILES. The
 * two agree within a few levels of 255 (the ordered path rounds each
 * primitive to 8 bits); tiles are much faster where many translucent
 * primitives overlap.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_INVALID_ARGUMENT @p compositing is not an ::lfx_compositing.
 * @since 0.1
 */
lfx_result lfx_renderer_set_compositing(lfx_renderer *renderer, lfx_compositing compositing);

/* ------------------------------------------------------------------------ */
/* Rendering                                                                 */

/**
 * Renders the scene at its time into a caller's buffer.
 * @param pixels @p height rows of @p stride bytes; each row starts with
 *               @p width RGBA8 pixels (the rest of the row is not written).
 * @param width, height the scene's pixel size (lfx_scene_get_pixel_size()).
 * @param stride bytes from one row to the next, at least @p width × 4.
 * @param flags  ::LFX_RENDER_DEFAULT or ::LFX_RENDER_STRAIGHT_ALPHA.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_INVALID_ARGUMENT NULL @p pixels, a size outside 1…16384
 *         or other than the scene's, a stride too small, an unknown flag.
 * @retval LFX_ERROR_BACKEND
 * @since 0.1
 */
lfx_result lfx_render_to_buffer(lfx_renderer *renderer, const lfx_scene *scene, void *pixels,
                                int32_t width, int32_t height, int32_t stride, uint32_t flags);

/**
 * Renders the scene at its time to a PNG file (straight alpha), written to a
 * temporary file beside @p path and renamed into place.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_INVALID_ARGUMENT @p path is NULL.
 * @retval LFX_ERROR_IO the file cannot be written.
 * @retval LFX_ERROR_BACKEND
 * @since 0.1
 */
lfx_result lfx_render_to_png(lfx_renderer *renderer, const lfx_scene *scene, const char *path);

/**
 * Renders the scene at its time into framebuffer object @p framebuffer of the
 * host's context, in the rectangle @p x, @p y, @p width, @p height (GL window
 * coordinates; pixels outside it are not written). The scene's top row lands
 * on GL row @p y, matching the row order of lfx_render_to_buffer() and of
 * glReadPixels. Unless ::LFX_RENDER_KEEP_CONTENTS is set, the rectangle is
 * first cleared to the scene's background colour.
 *
 * Before drawing, LayerFX saves the GL state listed in the README ("GL state
 * saved and restored"), sets what it depends on to OpenGL ES defaults
 * (scissor, depth, stencil and cull off, full colour mask, no pixel buffers,
 * default pixel store…) and afterwards restores every saved value, unless
 * ::LFX_RENDER_NO_STATE_RESTORE is set. Pending GL errors of the host are
 * cleared (glGetError) before drawing.
 *
 * @param renderer made by lfx_renderer_create_for_current_context(), whose
 *                 context must be current on this thread.
 * @param framebuffer a complete framebuffer object of that context (0: the
 *                 default framebuffer of the current surface).
 * @param width, height the scene's pixel size (lfx_scene_get_pixel_size()).
 * @param flags    ::LFX_RENDER_NO_STATE_RESTORE, ::LFX_RENDER_KEEP_CONTENTS.
 * @retval LFX_OK
 * @retval LFX_ERROR_INVALID_HANDLE
 * @retval LFX_ERROR_WRONG_THREAD
 * @retval LFX_ERROR_UNSUPPORTED the renderer owns its context.
 * @retval LFX_ERROR_INVALID_ARGUMENT a size outside 1…16384 or other than
 *         the scene's, @p x or @p y outside 0…16384, an unknown flag.
 * @retval LFX_ERROR_BACKEND the context is not current, @p framebuffer is not
 *         a complete framebuffer object, or GL reported an error.
 * @since 0.1
 */
lfx_result lfx_render_to_framebuffer(lfx_renderer *renderer, const lfx_scene *scene, uint32_t framebuffer,
                                     int32_t x, int32_t y, int32_t width, int32_t height, uint32_t flags);

#ifdef __cplusplus
}
#endif

#endif /* LAYERFX_H */
