/* SVG files rendered in-process with ThorVG's SVG loader and software canvas,
 * --height pixels tall (the width follows the first file's aspect ratio).
 * Several files are the frames of a sequence: frame i draws file i mod count.
 *
 * Every file is loaded once before timing (load_ms is the mean per file) and
 * that picture is kept, so ThorVG keeps the parsed file. A frame then drops the
 * last frame's picture, loads the file again (a new scene tree from the kept
 * parse), sizes it, updates (paths into spans), draws and syncs: the whole
 * picture prepared and rasterized, as a changing frame is. --threads is the
 * number of worker threads besides the calling one. */
#include "peer.h"
#include "thorvg.h"
#include <math.h>

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "FILE.svg... --height PX [--threads N] [--frames N] [--warmup N] [--ppm FILE]", 1);
  if (a.height < 1) { fprintf(stderr, "thorvg_svg: --height must be given (1..16384)\n"); return 2; }
  if (tvg_engine_init((uint32_t)a.threads)) peer_fail("%s: tvg_engine_init failed", "thorvg_svg");
  Tvg_Paint *kept = calloc((size_t)a.count, sizeof *kept);
  double started = peer_now_ms();
  for (int i = 0; i < a.count; i++) {
    kept[i] = tvg_picture_new();
    if (tvg_picture_load(kept[i], a.inputs[i])) peer_fail("thorvg_svg: %s: ThorVG cannot load it", a.inputs[i]);
  }
  double load_ms = (peer_now_ms() - started) / a.count;
  float w = 0, h = 0;
  tvg_picture_get_size(kept[0], &w, &h);
  if (!(w > 0 && h > 0)) peer_fail("thorvg_svg: %s: no size", a.input);
  int height = a.height, width = (int)lroundf(a.height * w / h);
  if (width < 1 || width > 16384) peer_fail("thorvg_svg: %s: the width at this height is out of 1..16384", a.input);

  uint32_t *pixels = calloc((size_t)width * height, 4);
  Tvg_Canvas canvas = tvg_swcanvas_create(TVG_ENGINE_OPTION_DEFAULT);
  if (!canvas || tvg_swcanvas_set_target(canvas, pixels, width, width, height, TVG_COLORSPACE_ABGR8888))
    peer_fail("%s: cannot make the software canvas", "thorvg_svg");

  PeerTimes t = peer_times(a.frames);
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    tvg_canvas_remove(canvas, NULL);
    Tvg_Paint picture = tvg_picture_new();
    if (tvg_picture_load(picture, a.inputs[f % a.count])) peer_fail("thorvg_svg: %s: reload failed", a.inputs[f % a.count]);
    tvg_picture_set_size(picture, width, height);
    tvg_canvas_add(canvas, picture);
    tvg_canvas_update(canvas);
    tvg_canvas_draw(canvas, true);
    tvg_canvas_sync(canvas);
    if (f >= a.warmup) t.ms[f - a.warmup] = peer_now_ms() - start;
  }
  peer_write_ppm(a.ppm, (const uint8_t *)pixels, width, height, (long)width * 4, 0, 1, 2);
  char version[64], extra[160];
  snprintf(extra, sizeof extra, "\"files\":%d,\"width\":%d,\"height\":%d,\"load_ms\":%.3f", a.count, width, height, load_ms);
  peer_report("thorvg-svg", &a, &t, tvg_version_text(version, sizeof version), extra);
  tvg_canvas_destroy(canvas);
  tvg_engine_term();
  return 0;
}
