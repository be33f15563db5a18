/* The ripple field drawn with ThorVG's software canvas through its C API.
 *
 * ThorVG is a retained scene graph, so a frame rebuilds it as an animation
 * would: drop last frame's paints, add a background rectangle and one shape per
 * ripple (circle, fill, ring stroke), then update, draw and sync. The time of
 * the building step alone is reported as build_median_ms. --threads is the
 * number of ThorVG worker threads besides the calling one. */
#include "peer.h"
#include "thorvg.h"

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "SCENE [--threads N] [--frames N] [--warmup N] [--ppm FILE]", 0);
  PeerScene s = peer_scene(a.input);
  if (tvg_engine_init((uint32_t)a.threads)) peer_fail("%s: tvg_engine_init failed", "thorvg");
  uint32_t *pixels = calloc((size_t)s.width * s.height, 4);
  Tvg_Canvas canvas = tvg_swcanvas_create(TVG_ENGINE_OPTION_DEFAULT);
  if (!canvas || tvg_swcanvas_set_target(canvas, pixels, s.width, s.width, s.height, TVG_COLORSPACE_ABGR8888))
    peer_fail("%s: cannot make the software canvas", "thorvg");

  PeerTimes t = peer_times(a.frames), build = peer_times(a.frames);
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    tvg_canvas_remove(canvas, NULL);
    Tvg_Paint background = tvg_shape_new();
    tvg_shape_append_rect(background, 0, 0, s.width, s.height, 0, 0, true);
    tvg_shape_set_fill_color(background, peer_byte(s.background[0]), peer_byte(s.background[1]),
                             peer_byte(s.background[2]), peer_byte(s.background[3]));
    tvg_canvas_add(canvas, background);
    for (int i = 0; i < s.count; i++) {
      const PeerRipple *r = &s.ripples[i];
      Tvg_Paint shape = tvg_shape_new();
      tvg_shape_append_circle(shape, r->x, r->y, r->r, r->r, true);
      tvg_shape_set_fill_color(shape, peer_byte(r->fill[0]), peer_byte(r->fill[1]), peer_byte(r->fill[2]), peer_byte(r->fill[3]));
      tvg_shape_set_stroke_width(shape, r->ring);
      tvg_shape_set_stroke_color(shape, peer_byte(r->stroke[0]), peer_byte(r->stroke[1]), peer_byte(r->stroke[2]),
                                 peer_byte(r->stroke[3]));
      tvg_canvas_add(canvas, shape);
    }
    double built = peer_now_ms();
    tvg_canvas_update(canvas);
    tvg_canvas_draw(canvas, false);   /* the opaque background covers the frame */
    tvg_canvas_sync(canvas);
    if (f >= a.warmup) {
      t.ms[f - a.warmup] = peer_now_ms() - start;
      build.ms[f - a.warmup] = built - start;
    }
  }
  /* ABGR8888 words are bytes R, G, B, A */
  peer_write_ppm(a.ppm, (const uint8_t *)pixels, s.width, s.height, (long)s.width * 4, 0, 1, 2);
  double build_median, build_min;
  peer_stats(&build, &build_median, &build_min);
  char version[64], extra[128];
  snprintf(extra, sizeof extra, "\"n\":%d,\"painted_mpixels\":%.3f,\"build_median_ms\":%.3f", s.count,
           peer_painted_area(&s) / 1e6, build_median);
  peer_report("thorvg", &a, &t, tvg_version_text(version, sizeof version), extra);
  tvg_canvas_destroy(canvas);
  tvg_engine_term();
  return 0;
}
