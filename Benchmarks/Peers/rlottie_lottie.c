/* A Lottie animation drawn with rlottie through its C API (rlottie_capi.h,
 * Debian's librlottie-dev; see lottie_peer.h for the command line).
 *
 * The file is loaded once; a frame is one lottie_animation_render call into
 * the same buffer (ARGB32 premultiplied; rlottie clears it, scales the
 * animation to fit and draws on the calling thread). rlottie takes whole
 * frames: the frame is rounded. --threads is accepted and ignored (reported
 * as 0). */
#include "lottie_peer.h"
#include <math.h>
#include <rlottie_capi.h>

int main(int argc, char **argv) {
  LottieArgs a = lottie_args(argc, argv);
  a.threads = 0;
  uint32_t *pixels = calloc((size_t)a.width * a.height, 4);
  double started = peer_now_ms();
  Lottie_Animation *animation = lottie_animation_from_file(a.input);
  if (!animation) peer_fail("rlottie_lottie: %s: rlottie cannot load it", a.input);
  double load_ms = peer_now_ms() - started;

  PeerTimes t = peer_times(a.frames);
  for (int i = 0; i < a.warmup + a.frames; i++) {
    double start = peer_now_ms();
    lottie_animation_render(animation, (size_t)lround(lottie_frame(&a, i)), pixels, (size_t)a.width,
                            (size_t)a.height, (size_t)a.width * 4);
    if (i >= a.warmup) t.ms[i - a.warmup] = peer_now_ms() - start;
  }
  /* 0xAARRGGBB words are bytes B, G, R, A */
  peer_write_ppm(a.ppm, (const uint8_t *)pixels, a.width, a.height, (long)a.width * 4, 2, 1, 0);
  char version[64];
  snprintf(version, sizeof version, "rlottie %s", RLOTTIE_VERSION_TEXT);
  lottie_report("rlottie", &a, &t, version, load_ms);
  lottie_animation_destroy(animation);
  return 0;
}
