/* The part of ThorVG's C API (1.0) that the peer programs call. They link the
 * libthorvg-1.so of the thorvg-python wheel, which ships no headers, so these
 * declarations are written out here from the library's documented C API. */
#ifndef LAYERFX_PEER_THORVG_H
#define LAYERFX_PEER_THORVG_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct TvgCanvas *Tvg_Canvas;
typedef struct TvgPaint *Tvg_Paint;
typedef struct TvgAnimation *Tvg_Animation;
typedef int Tvg_Result;   /* 0: success */

enum { TVG_ENGINE_OPTION_DEFAULT = 1, TVG_COLORSPACE_ABGR8888 = 0 };

Tvg_Result tvg_engine_init(uint32_t threads);
Tvg_Result tvg_engine_term(void);
Tvg_Result tvg_engine_version(uint32_t *major, uint32_t *minor, uint32_t *micro, const char **version);
Tvg_Canvas tvg_swcanvas_create(uint8_t option);
Tvg_Result tvg_swcanvas_set_target(Tvg_Canvas canvas, uint32_t *buffer, uint32_t stride, uint32_t w, uint32_t h, uint8_t colorspace);
Tvg_Result tvg_canvas_add(Tvg_Canvas canvas, Tvg_Paint paint);
Tvg_Result tvg_canvas_remove(Tvg_Canvas canvas, Tvg_Paint paint);   /* NULL: every paint */
Tvg_Result tvg_canvas_update(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_draw(Tvg_Canvas canvas, bool clear);
Tvg_Result tvg_canvas_sync(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_destroy(Tvg_Canvas canvas);
Tvg_Paint tvg_shape_new(void);
Tvg_Result tvg_shape_append_rect(Tvg_Paint shape, float x, float y, float w, float h, float rx, float ry, bool cw);
Tvg_Result tvg_shape_append_circle(Tvg_Paint shape, float cx, float cy, float rx, float ry, bool cw);
Tvg_Result tvg_shape_set_fill_color(Tvg_Paint shape, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
Tvg_Result tvg_shape_set_stroke_width(Tvg_Paint shape, float width);
Tvg_Result tvg_shape_set_stroke_color(Tvg_Paint shape, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
Tvg_Paint tvg_picture_new(void);
Tvg_Result tvg_picture_load(Tvg_Paint picture, const char *path);
Tvg_Result tvg_picture_set_size(Tvg_Paint picture, float w, float h);
Tvg_Result tvg_picture_get_size(Tvg_Paint picture, float *w, float *h);
Tvg_Animation tvg_lottie_animation_new(void);
Tvg_Paint tvg_animation_get_picture(Tvg_Animation animation);   /* owned by the animation */
Tvg_Result tvg_animation_set_frame(Tvg_Animation animation, float no);
Tvg_Result tvg_animation_del(Tvg_Animation animation);

/* "ThorVG X.Y.Z" into buf. */
static inline const char *tvg_version_text(char *buf, int size) {
  const char *v = "?";
  uint32_t major, minor, micro;
  tvg_engine_version(&major, &minor, &micro, &v);
  snprintf(buf, (size_t)size, "ThorVG %s", v ? v : "?");
  return buf;
}
#endif
