/* A GL host that embeds LayerFX.
 *
 * It creates its own headless EGL display and OpenGL ES 3 context, its own
 * framebuffer object (an 800×700 texture), draws a triangle of its own, sets
 * distinctive GL state, lets LayerFX render a scene into a 600×600 rectangle
 * of its framebuffer, and then checks that
 *   1. every piece of GL state it set is unchanged (LayerFX restored it),
 *   2. LayerFX's pixels match a CPU render of the same frame (made through the
 *      buffer call of the C API) within 2/255, and the scene's corner has the
 *      scene's background colour exactly,
 *   3. its own pixels outside the rectangle are untouched.
 * Exit status 0 when all hold.
 *
 * Build (only the installed header, library and pkg-config):
 *   cc -std=c99 host.c -o host $(pkg-config --cflags --libs layerfx egl glesv2) \
 *      -Wl,-rpath,$(pkg-config --variable=libdir layerfx)
 * Run:
 *   ./host [SCENE.json [TIME]]      (default Examples/pulsing-rings.json at 1.5 s)
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <layerfx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FB_WIDTH = 800, FB_HEIGHT = 700, AT_X = 100, AT_Y = 50 };

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "host: FAIL: " __VA_ARGS__); fputc('\n', stderr); failures++; } } while (0)

static void lfx_check(lfx_result result, const char *call) {
    if (result != LFX_OK) {
        fprintf(stderr, "host: %s: %s: %s\n", call, lfx_result_name(result), lfx_last_error());
        exit(1);
    }
}

static void on_log(int level, const char *message, void *user_data) {
    (void)user_data;
    fprintf(stderr, "host: layerfx log [%d]: %s\n", level, message);
}

/* ---- EGL: surfaceless Mesa, then EGL devices, then the default display ---- */

static EGLDisplay open_display(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    EGLint major, minor;
    if (get_platform_display && client && strstr(client, "EGL_MESA_platform_surfaceless")) {
        EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
        if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
    }
    PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    if (get_platform_display && query_devices) {
        EGLDeviceEXT devices[8];
        EGLint count = 0;
        if (query_devices(8, devices, &count)) {
            for (EGLint i = 0; i < count; i++) {
                EGLDisplay display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
                if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
            }
        }
    }
    EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
    return EGL_NO_DISPLAY;
}

static EGLContext make_context(EGLDisplay display) {
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                        EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
    EGLConfig config = NULL;
    EGLint count = 0;
    eglChooseConfig(display, config_attributes, &config, 1, &count);
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    EGLContext context = eglCreateContext(display, count > 0 ? config : EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                          context_attributes);
    if (context == EGL_NO_CONTEXT) return EGL_NO_CONTEXT;
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) return EGL_NO_CONTEXT;
    return context;
}

/* ---- The host's own drawing ---- */

static GLuint compile(GLenum type, const char *source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) { fprintf(stderr, "host: shader does not compile\n"); exit(1); }
    return shader;
}

static GLuint host_program(void) {
    const char *vs = "#version 300 es\nlayout(location = 0) in vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }\n";
    const char *fs = "#version 300 es\nprecision mediump float;\nout vec4 color;\n"
                     "void main() { color = vec4(1.0, 0.0, 1.0, 1.0); }\n";
    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER, vs));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(program);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) { fprintf(stderr, "host: program does not link\n"); exit(1); }
    return program;
}

static GLuint make_texture(GLsizei width, GLsizei height) {
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    return texture;
}

/* ---- Reading back the host's state, independently of LayerFX ---- */

typedef struct { const char *name; GLenum pname; int count; char kind; } query; /* kind: i int, f float, b bool, e enabled */

static const query queries[] = {
    {"GL_CURRENT_PROGRAM", GL_CURRENT_PROGRAM, 1, 'i'},
    {"GL_VERTEX_ARRAY_BINDING", GL_VERTEX_ARRAY_BINDING, 1, 'i'},
    {"GL_ARRAY_BUFFER_BINDING", GL_ARRAY_BUFFER_BINDING, 1, 'i'},
    {"GL_ELEMENT_ARRAY_BUFFER_BINDING", GL_ELEMENT_ARRAY_BUFFER_BINDING, 1, 'i'},
    {"GL_PIXEL_PACK_BUFFER_BINDING", GL_PIXEL_PACK_BUFFER_BINDING, 1, 'i'},
    {"GL_PIXEL_UNPACK_BUFFER_BINDING", GL_PIXEL_UNPACK_BUFFER_BINDING, 1, 'i'},
    {"GL_ACTIVE_TEXTURE", GL_ACTIVE_TEXTURE, 1, 'i'},
    {"GL_DRAW_FRAMEBUFFER_BINDING", GL_DRAW_FRAMEBUFFER_BINDING, 1, 'i'},
    {"GL_READ_FRAMEBUFFER_BINDING", GL_READ_FRAMEBUFFER_BINDING, 1, 'i'},
    {"GL_RENDERBUFFER_BINDING", GL_RENDERBUFFER_BINDING, 1, 'i'},
    {"GL_VIEWPORT", GL_VIEWPORT, 4, 'i'},
    {"GL_SCISSOR_TEST", GL_SCISSOR_TEST, 1, 'e'},
    {"GL_SCISSOR_BOX", GL_SCISSOR_BOX, 4, 'i'},
    {"GL_BLEND", GL_BLEND, 1, 'e'},
    {"GL_BLEND_SRC_RGB", GL_BLEND_SRC_RGB, 1, 'i'},
    {"GL_BLEND_DST_RGB", GL_BLEND_DST_RGB, 1, 'i'},
    {"GL_BLEND_SRC_ALPHA", GL_BLEND_SRC_ALPHA, 1, 'i'},
    {"GL_BLEND_DST_ALPHA", GL_BLEND_DST_ALPHA, 1, 'i'},
    {"GL_BLEND_EQUATION_RGB", GL_BLEND_EQUATION_RGB, 1, 'i'},
    {"GL_BLEND_EQUATION_ALPHA", GL_BLEND_EQUATION_ALPHA, 1, 'i'},
    {"GL_BLEND_COLOR", GL_BLEND_COLOR, 4, 'f'},
    {"GL_DEPTH_TEST", GL_DEPTH_TEST, 1, 'e'},
    {"GL_DEPTH_WRITEMASK", GL_DEPTH_WRITEMASK, 1, 'b'},
    {"GL_DEPTH_FUNC", GL_DEPTH_FUNC, 1, 'i'},
    {"GL_STENCIL_TEST", GL_STENCIL_TEST, 1, 'e'},
    {"GL_STENCIL_FUNC", GL_STENCIL_FUNC, 1, 'i'},
    {"GL_STENCIL_REF", GL_STENCIL_REF, 1, 'i'},
    {"GL_STENCIL_VALUE_MASK", GL_STENCIL_VALUE_MASK, 1, 'i'},
    {"GL_STENCIL_BACK_FUNC", GL_STENCIL_BACK_FUNC, 1, 'i'},
    {"GL_STENCIL_BACK_REF", GL_STENCIL_BACK_REF, 1, 'i'},
    {"GL_STENCIL_BACK_VALUE_MASK", GL_STENCIL_BACK_VALUE_MASK, 1, 'i'},
    {"GL_STENCIL_FAIL", GL_STENCIL_FAIL, 1, 'i'},
    {"GL_STENCIL_PASS_DEPTH_FAIL", GL_STENCIL_PASS_DEPTH_FAIL, 1, 'i'},
    {"GL_STENCIL_PASS_DEPTH_PASS", GL_STENCIL_PASS_DEPTH_PASS, 1, 'i'},
    {"GL_STENCIL_BACK_FAIL", GL_STENCIL_BACK_FAIL, 1, 'i'},
    {"GL_STENCIL_BACK_PASS_DEPTH_FAIL", GL_STENCIL_BACK_PASS_DEPTH_FAIL, 1, 'i'},
    {"GL_STENCIL_BACK_PASS_DEPTH_PASS", GL_STENCIL_BACK_PASS_DEPTH_PASS, 1, 'i'},
    {"GL_STENCIL_WRITEMASK", GL_STENCIL_WRITEMASK, 1, 'i'},
    {"GL_STENCIL_BACK_WRITEMASK", GL_STENCIL_BACK_WRITEMASK, 1, 'i'},
    {"GL_CULL_FACE", GL_CULL_FACE, 1, 'e'},
    {"GL_CULL_FACE_MODE", GL_CULL_FACE_MODE, 1, 'i'},
    {"GL_FRONT_FACE", GL_FRONT_FACE, 1, 'i'},
    {"GL_COLOR_WRITEMASK", GL_COLOR_WRITEMASK, 4, 'b'},
    {"GL_COLOR_CLEAR_VALUE", GL_COLOR_CLEAR_VALUE, 4, 'f'},
    {"GL_DITHER", GL_DITHER, 1, 'e'},
    {"GL_RASTERIZER_DISCARD", GL_RASTERIZER_DISCARD, 1, 'e'},
    {"GL_POLYGON_OFFSET_FILL", GL_POLYGON_OFFSET_FILL, 1, 'e'},
    {"GL_SAMPLE_COVERAGE", GL_SAMPLE_COVERAGE, 1, 'e'},
    {"GL_PACK_ALIGNMENT", GL_PACK_ALIGNMENT, 1, 'i'},
    {"GL_PACK_ROW_LENGTH", GL_PACK_ROW_LENGTH, 1, 'i'},
    {"GL_PACK_SKIP_ROWS", GL_PACK_SKIP_ROWS, 1, 'i'},
    {"GL_UNPACK_ALIGNMENT", GL_UNPACK_ALIGNMENT, 1, 'i'},
    {"GL_UNPACK_ROW_LENGTH", GL_UNPACK_ROW_LENGTH, 1, 'i'},
    {"GL_UNPACK_SKIP_PIXELS", GL_UNPACK_SKIP_PIXELS, 1, 'i'},
};
enum { QUERY_COUNT = sizeof queries / sizeof queries[0], UNITS = 7, MAX_VALUES = QUERY_COUNT * 4 + UNITS * 2 };

/* All values, in query order, then the 2D texture and sampler bound on units 0-6. */
static int read_state(double *values) {
    int n = 0;
    for (int q = 0; q < QUERY_COUNT; q++) {
        GLint ints[4] = {0};
        GLfloat floats[4] = {0};
        GLboolean bools[4] = {0};
        switch (queries[q].kind) {
        case 'i': glGetIntegerv(queries[q].pname, ints); for (int i = 0; i < queries[q].count; i++) values[n++] = ints[i]; break;
        case 'f': glGetFloatv(queries[q].pname, floats); for (int i = 0; i < queries[q].count; i++) values[n++] = floats[i]; break;
        case 'b': glGetBooleanv(queries[q].pname, bools); for (int i = 0; i < queries[q].count; i++) values[n++] = bools[i]; break;
        default: values[n++] = glIsEnabled(queries[q].pname); break;
        }
    }
    GLint active = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    for (int unit = 0; unit < UNITS; unit++) {
        GLint texture = 0, sampler = 0;
        glActiveTexture(GL_TEXTURE0 + unit);
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
        glGetIntegerv(GL_SAMPLER_BINDING, &sampler);
        values[n++] = texture;
        values[n++] = sampler;
    }
    glActiveTexture(active);
    return n;
}

static int compare_state(const double *before, const double *after) {
    int n = 0, differences = 0;
    for (int q = 0; q < QUERY_COUNT; q++) {
        int count = queries[q].kind == 'e' ? 1 : queries[q].count;
        for (int i = 0; i < count; i++, n++) {
            if (before[n] != after[n]) {
                fprintf(stderr, "host: FAIL: %s[%d] was %g, is %g after LayerFX\n", queries[q].name, i, before[n], after[n]);
                differences++;
            }
        }
    }
    for (int unit = 0; unit < UNITS; unit++, n += 2) {
        if (before[n] != after[n] || before[n + 1] != after[n + 1]) {
            fprintf(stderr, "host: FAIL: texture/sampler on unit %d changed\n", unit);
            differences++;
        }
    }
    return differences;
}

int main(int argc, char **argv) {
    const char *scene_path = argc > 1 ? argv[1] : "Examples/pulsing-rings.json";
    double time = argc > 2 ? atof(argv[2]) : 1.5;

    int32_t major = -1, minor = -1, patch = -1;
    lfx_check(lfx_get_version(&major, &minor, &patch), "lfx_get_version");
    CHECK(major == LAYERFX_VERSION_MAJOR && minor == LAYERFX_VERSION_MINOR && patch == LAYERFX_VERSION_PATCH,
          "library %d.%d.%d, header %s", major, minor, patch, LAYERFX_VERSION_STRING);
    lfx_set_log_callback(on_log, NULL);

    /* 1. The host's own EGL display, context and framebuffer. */
    EGLDisplay display = open_display();
    if (display == EGL_NO_DISPLAY) { fprintf(stderr, "host: no EGL display\n"); return 1; }
    EGLContext context = make_context(display);
    if (context == EGL_NO_CONTEXT) { fprintf(stderr, "host: no OpenGL ES 3 context\n"); return 1; }
    printf("host: GL_RENDERER %s\n", (const char *)glGetString(GL_RENDERER));

    GLuint target = make_texture(FB_WIDTH, FB_HEIGHT);
    GLuint framebuffer, other_framebuffer, renderbuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) { fprintf(stderr, "host: FBO incomplete\n"); return 1; }

    /* 2. The host draws: a dark green clear and a magenta triangle on the left. */
    GLuint program = host_program();
    GLuint vertex_array, buffers[4];
    glGenVertexArrays(1, &vertex_array);
    glGenBuffers(4, buffers);
    glBindVertexArray(vertex_array);
    const GLfloat triangle[] = {-1.0f, -1.0f, -0.8f, -1.0f, -1.0f, 1.0f};
    const GLushort indices[] = {0, 1, 2};
    glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof triangle, triangle, GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, FB_WIDTH, FB_HEIGHT);
    glClearColor(0.0f, 0.4f, 0.2f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(program);
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, 0);

    /* 3. Distinctive state, everywhere LayerFX might trip over it. */
    GLuint textures[3] = {make_texture(4, 4), make_texture(4, 4), make_texture(4, 4)};
    GLuint samplers[2];
    glGenSamplers(2, samplers);
    glGenFramebuffers(1, &other_framebuffer);
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffers[2]);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[3]);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffers[3]);
    glActiveTexture(GL_TEXTURE0); glBindTexture(GL_TEXTURE_2D, textures[0]); glBindSampler(0, samplers[0]);
    glActiveTexture(GL_TEXTURE1); glBindSampler(1, samplers[1]);
    glActiveTexture(GL_TEXTURE3); glBindTexture(GL_TEXTURE_2D, textures[1]);
    glActiveTexture(GL_TEXTURE2); glBindTexture(GL_TEXTURE_2D, textures[2]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, other_framebuffer);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glViewport(3, 5, 77, 99);
    glEnable(GL_SCISSOR_TEST); glScissor(1, 2, 30, 40);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_COLOR, GL_DST_ALPHA, GL_ONE_MINUS_DST_COLOR, GL_CONSTANT_ALPHA);
    glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
    glBlendColor(0.1f, 0.2f, 0.3f, 0.4f);
    glEnable(GL_DEPTH_TEST); glDepthFunc(GL_GEQUAL); glDepthMask(GL_FALSE);
    glEnable(GL_STENCIL_TEST);
    glStencilFuncSeparate(GL_FRONT, GL_NOTEQUAL, 3, 0x0F);
    glStencilFuncSeparate(GL_BACK, GL_LESS, 1, 0xF0);
    glStencilOpSeparate(GL_FRONT, GL_INCR, GL_DECR, GL_INVERT);
    glStencilOpSeparate(GL_BACK, GL_ZERO, GL_REPLACE, GL_INCR_WRAP);
    glStencilMaskSeparate(GL_FRONT, 0x33); glStencilMaskSeparate(GL_BACK, 0x55);
    glEnable(GL_CULL_FACE); glCullFace(GL_FRONT); glFrontFace(GL_CW);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
    glDisable(GL_DITHER);
    glEnable(GL_RASTERIZER_DISCARD);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glEnable(GL_SAMPLE_COVERAGE);
    glPixelStorei(GL_PACK_ALIGNMENT, 2); glPixelStorei(GL_PACK_ROW_LENGTH, 7); glPixelStorei(GL_PACK_SKIP_ROWS, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 8); glPixelStorei(GL_UNPACK_ROW_LENGTH, 3); glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
    if (glGetError() != GL_NO_ERROR) { fprintf(stderr, "host: GL error while setting state\n"); return 1; }

    double before[MAX_VALUES], after[MAX_VALUES];
    int value_count = read_state(before);

    /* 4. LayerFX renders the scene into the host's framebuffer, in the host's context. */
    lfx_scene *scene = NULL;
    lfx_renderer *renderer = NULL;
    lfx_check(lfx_scene_load_file(scene_path, &scene), "lfx_scene_load_file");
    lfx_check(lfx_scene_set_time(scene, time), "lfx_scene_set_time");
    int32_t width = 0, height = 0;
    lfx_check(lfx_scene_get_pixel_size(scene, &width, &height), "lfx_scene_get_pixel_size");
    if (AT_X + width > FB_WIDTH || AT_Y + height > FB_HEIGHT) { fprintf(stderr, "host: scene too large\n"); return 1; }
    lfx_check(lfx_renderer_create_for_current_context(&renderer), "lfx_renderer_create_for_current_context");
    lfx_check(lfx_render_to_framebuffer(renderer, scene, framebuffer, AT_X, AT_Y, width, height, LFX_RENDER_DEFAULT),
              "lfx_render_to_framebuffer");
    CHECK(glGetError() == GL_NO_ERROR, "a GL error is pending after LayerFX");

    /* 5. The host's state is exactly as it set it. */
    CHECK(read_state(after) == value_count, "state size");
    int changed = compare_state(before, after);
    failures += changed;
    printf("host: %d GL state values checked, %d changed\n", value_count, changed);

    /* 6. The pixels: LayerFX's rectangle against a CPU render, the host's own outside it. */
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4); glPixelStorei(GL_PACK_ROW_LENGTH, 0); glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    unsigned char *fbo = malloc((size_t)FB_WIDTH * FB_HEIGHT * 4);
    glReadPixels(0, 0, FB_WIDTH, FB_HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, fbo);

    lfx_renderer *cpu = NULL;
    lfx_check(lfx_renderer_create(LFX_BACKEND_CPU, &cpu), "lfx_renderer_create");
    int32_t stride = width * 4 + 16; /* a padded stride, as hosts often have */
    unsigned char *expected = malloc((size_t)stride * height);
    lfx_check(lfx_render_to_buffer(cpu, scene, expected, width, height, stride, LFX_RENDER_DEFAULT), "lfx_render_to_buffer");

    int max_difference = 0;
    for (int row = 0; row < height; row++) {      /* buffer row 0 (the top) is GL row AT_Y */
        for (int column = 0; column < width; column++) {
            const unsigned char *got = fbo + (((size_t)(AT_Y + row) * FB_WIDTH + AT_X + column) * 4);
            const unsigned char *want = expected + (size_t)row * stride + (size_t)column * 4;
            for (int c = 0; c < 4; c++) {
                int d = abs((int)got[c] - (int)want[c]);
                if (d > max_difference) max_difference = d;
            }
        }
    }
    printf("host: LayerFX's %dx%d rectangle vs the CPU render: max difference %d/255\n", width, height, max_difference);
    CHECK(max_difference <= 2, "GPU and CPU renders differ by %d/255", max_difference);

    const unsigned char *corner = fbo + ((size_t)AT_Y * FB_WIDTH + AT_X) * 4;
    printf("host: scene corner pixel %02X%02X%02X%02X\n", corner[0], corner[1], corner[2], corner[3]);
    CHECK(memcmp(corner, expected, 4) == 0, "the scene's corner pixel is not the CPU render's");
    const unsigned char *center = fbo + (((size_t)AT_Y + height / 2) * FB_WIDTH + AT_X + width / 2) * 4;
    printf("host: scene centre pixel %02X%02X%02X%02X\n", center[0], center[1], center[2], center[3]);

    const unsigned char *triangle_pixel = fbo + ((size_t)20 * FB_WIDTH + 10) * 4;    /* the host's triangle */
    const unsigned char *clear_pixel = fbo + ((size_t)(FB_HEIGHT - 10) * FB_WIDTH + FB_WIDTH - 10) * 4;
    CHECK(triangle_pixel[0] == 255 && triangle_pixel[1] == 0 && triangle_pixel[2] == 255 && triangle_pixel[3] == 255,
          "the host's magenta triangle was overwritten (%d %d %d %d)", triangle_pixel[0], triangle_pixel[1],
          triangle_pixel[2], triangle_pixel[3]);
    CHECK(clear_pixel[0] == 0 && clear_pixel[1] == 102 && clear_pixel[2] == 51 && clear_pixel[3] == 255,
          "the host's clear colour outside the rectangle changed (%d %d %d %d)", clear_pixel[0], clear_pixel[1],
          clear_pixel[2], clear_pixel[3]);
    const unsigned char *left_of = fbo + ((size_t)(AT_Y + 10) * FB_WIDTH + AT_X - 1) * 4;
    CHECK(memcmp(left_of, clear_pixel, 4) == 0, "the pixel left of the rectangle changed");

    lfx_check(lfx_renderer_destroy(renderer), "lfx_renderer_destroy");
    lfx_check(lfx_renderer_destroy(cpu), "lfx_renderer_destroy");
    lfx_check(lfx_scene_destroy(scene), "lfx_scene_destroy");
    free(fbo);
    free(expected);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);

    if (failures) { fprintf(stderr, "host: %d check(s) failed\n", failures); return 1; }
    printf("host: OK\n");
    return 0;
}
