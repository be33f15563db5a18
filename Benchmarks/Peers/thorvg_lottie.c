/* A Lottie animation drawn with ThorVG's Lottie loader and software canvas
 * through its C API (see lottie_peer.h for the command line).
 *
 * The file is loaded once into an animation whose picture is sized to the
 * buffer and added to the canvas. A frame sets the animation's frame (ThorVG
 * takes fractional frames), then updates, draws (clearing the buffer) and
 * syncs the canvas. --threads is the number of ThorVG worker threads besides
 * the calling one. */
#include "lottie_peer.h"
#include "thorvg.h"

int main(int argc, char **argv) {
  LottieArgs a = lottie_args(argc, argv);
  if (tvg_engine_init((uint32_t)a.threads)) peer_fail("%s: tvg_engine_init failed", "thorvg_lottie");
  uint32_t *pixels = calloc((size_t)a.width * a.height, 4);
  Tvg_Canvas canvas = tvg_swcanvas_create(TVG_ENGINE_OPTION_DEFAULT);
  if (!canvas || tvg_swcanvas_set_target(canvas, pixels, a.width, a.width, a.height, TVG_COLORSPACE_ABGR8888))
    peer_fail("%s: cannot make the software canvas", "thorvg_lottie");
  double started = peer_now_ms();
  Tvg_Animation animation = tvg_lottie_animation_new();
  Tvg_Paint picture = animation ? tvg_animation_get_picture(animation) : NULL;
  Tvg_Result loaded = picture ? tvg_picture_load(picture, a.input) : -1;
  if (loaded) {   /* ThorVG 1.0.4 with worker threads refuses a few files it loads without them */
    fprintf(stderr, "thorvg_lottie: %s: ThorVG cannot load it (tvg_picture_load: %d)\n", a.input, loaded);
    exit(1);
  }
  tvg_picture_set_size(picture, a.width, a.height);
  if (tvg_canvas_add(canvas, picture)) peer_fail("thorvg_lottie: %s: tvg_canvas_add failed", a.input);
  double load_ms = peer_now_ms() - started;

  PeerTimes t = peer_times(a.frames);
  for (int i = 0; i < a.warmup + a.frames; i++) {
    double start = peer_now_ms();
    tvg_animation_set_frame(animation, (float)lottie_frame(&a, i));   /* 2: already at that frame, drawn as it is */
    tvg_canvas_update(canvas);
    tvg_canvas_draw(canvas, true);
    tvg_canvas_sync(canvas);
    if (i >= a.warmup) t.ms[i - a.warmup] = peer_now_ms() - start;
  }
  /* ABGR8888 words are bytes R, G, B, A */
  peer_write_ppm(a.ppm, (const uint8_t *)pixels, a.width, a.height, (long)a.width * 4, 0, 1, 2);
  char version[64];
  lottie_report("thorvg-lottie", &a, &t, tvg_version_text(version, sizeof version), load_ms);
  tvg_canvas_destroy(canvas);
  tvg_animation_del(animation);
  tvg_engine_term();
  return 0;
}
