/* The naive GPU baseline: the ripple field as one instanced draw through
 * OpenGL ES 3 on an EGL surfaceless display (Mesa's llvmpipe when there is no
 * GPU). Every ripple is a quad around its circle; the fragment shader computes
 * the disc's and the ring's coverage from the distance of the pixel centre to
 * the circle's centre (about 1 px of antialiasing) and blends premultiplied
 * source-over. No tiling, no culling, no batching beyond the one draw: this is
 * the simplest way to put the field on a GPU, the yardstick for LayerFX's own
 * GPU backend.
 *
 * A frame: upload the instance data (as an animation would), clear, draw,
 * glFinish. Reading the pixels back is timed apart (readback_median_ms).
 * LP_NUM_THREADS chooses llvmpipe's thread count; --threads is ignored. */
#include "peer.h"
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

static const char *vertex_shader =
  "#version 300 es\n"
  "layout(location = 0) in vec4 circle;   // centre x, y, radius, ring width (pixels)\n"
  "layout(location = 1) in vec4 fill;     // straight-alpha RGBA\n"
  "layout(location = 2) in vec4 ring;\n"
  "uniform vec2 frame;\n"
  "flat out vec4 v_circle, v_fill, v_ring;\n"
  "void main() {\n"
  "  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
  "  float reach = circle.z + 0.5 * circle.w + 1.0;\n"
  "  v_circle = circle;\n"
  "  v_fill = vec4(fill.rgb * fill.a, fill.a);\n"
  "  v_ring = vec4(ring.rgb * ring.a, ring.a);\n"
  "  gl_Position = vec4((circle.xy + corner * reach) / frame * 2.0 - 1.0, 0.0, 1.0);\n"
  "}\n";

static const char *fragment_shader =
  "#version 300 es\n"
  "precision highp float;\n"
  "flat in vec4 v_circle, v_fill, v_ring;\n"
  "out vec4 color;\n"
  "void main() {\n"
  "  float d = distance(gl_FragCoord.xy, v_circle.xy);\n"
  "  float disc = clamp(v_circle.z - d + 0.5, 0.0, 1.0);\n"
  "  float band = clamp(0.5 * v_circle.w - abs(d - v_circle.z) + 0.5, 0.0, 1.0);\n"
  "  vec4 r = v_ring * band;\n"
  "  color = r + v_fill * disc * (1.0 - r.a);\n"
  "}\n";

static GLuint shader(GLenum kind, const char *source) {
  GLuint s = glCreateShader(kind);
  glShaderSource(s, 1, &source, NULL);
  glCompileShader(s);
  GLint ok;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    peer_fail("gles: shader does not compile: %s", log);
  }
  return s;
}

/* Makes a GLES 3 context current on the surfaceless display, with no surface. */
static void make_context(void) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC platform_display =
    (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (!platform_display) peer_fail("gles: %s", "no eglGetPlatformDisplayEXT");
  EGLDisplay display = platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) peer_fail("gles: %s", "eglInitialize failed");
  eglBindAPI(EGL_OPENGL_ES_API);
  const EGLint attributes[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    peer_fail("gles: %s", "no GLES 3 context");
}

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "SCENE [--frames N] [--warmup N] [--ppm FILE]", 0);
  PeerScene s = peer_scene(a.input);
  a.threads = 0;
  make_context();

  GLuint target, framebuffer;
  glGenRenderbuffers(1, &target);
  glBindRenderbuffer(GL_RENDERBUFFER, target);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, s.width, s.height);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, target);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) peer_fail("gles: %s", "framebuffer incomplete");
  glViewport(0, 0, s.width, s.height);

  GLuint program = glCreateProgram();
  glAttachShader(program, shader(GL_VERTEX_SHADER, vertex_shader));
  glAttachShader(program, shader(GL_FRAGMENT_SHADER, fragment_shader));
  glLinkProgram(program);
  GLint linked;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) peer_fail("gles: %s", "program does not link");
  glUseProgram(program);
  /* gl_FragCoord's row 0 is the framebuffer's first row, read back first: image row 0 */
  glUniform2f(glGetUniformLocation(program, "frame"), (float)s.width, (float)s.height);

  size_t stride = 12 * sizeof(float);
  float *instances = malloc((size_t)s.count * stride + 1);
  for (int i = 0; i < s.count; i++) {
    const PeerRipple *r = &s.ripples[i];
    float *p = instances + 12 * (size_t)i;
    p[0] = (float)r->x; p[1] = (float)r->y; p[2] = (float)r->r; p[3] = (float)r->ring;
    memcpy(p + 4, r->fill, 4 * sizeof(float));
    memcpy(p + 8, r->stroke, 4 * sizeof(float));
  }
  GLuint vertex_array, buffer;
  glGenVertexArrays(1, &vertex_array);
  glBindVertexArray(vertex_array);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  GLsizeiptr bytes = (GLsizeiptr)((size_t)s.count * stride);
  glBufferData(GL_ARRAY_BUFFER, bytes ? bytes : 1, NULL, GL_DYNAMIC_DRAW);
  for (GLuint i = 0; i < 3; i++) {
    glEnableVertexAttribArray(i);
    glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, (GLsizei)stride, (const void *)(i * 4 * sizeof(float)));
    glVertexAttribDivisor(i, 1);
  }
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DITHER);

  uint8_t *pixels = malloc((size_t)s.width * s.height * 4);
  PeerTimes t = peer_times(a.frames), readback = peer_times(a.frames);
  const float *bg = s.background;
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, instances);
    glClearColor(bg[0] * bg[3], bg[1] * bg[3], bg[2] * bg[3], bg[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, s.count);
    glFinish();
    double drawn = peer_now_ms();
    glReadPixels(0, 0, s.width, s.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    if (f >= a.warmup) {
      t.ms[f - a.warmup] = drawn - start;
      readback.ms[f - a.warmup] = peer_now_ms() - drawn;
    }
  }
  GLenum error = glGetError();
  if (error != GL_NO_ERROR) { fprintf(stderr, "gles: GL error 0x%x\n", error); return 1; }
  peer_write_ppm(a.ppm, pixels, s.width, s.height, (long)s.width * 4, 0, 1, 2);

  double readback_median, readback_min;
  peer_stats(&readback, &readback_median, &readback_min);
  const char *lp = getenv("LP_NUM_THREADS");
  char extra[512];
  snprintf(extra, sizeof extra, "\"n\":%d,\"painted_mpixels\":%.3f,\"readback_median_ms\":%.3f,\"lp_num_threads\":\"%s\","
           "\"renderer\":\"%s\"", s.count, peer_painted_area(&s) / 1e6, readback_median, lp ? lp : "default",
           (const char *)glGetString(GL_RENDERER));
  peer_report("gles-sdf", &a, &t, (const char *)glGetString(GL_VERSION), extra);
  return 0;
}
