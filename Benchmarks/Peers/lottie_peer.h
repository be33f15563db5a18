/* What the two Lottie peer programs (thorvg_lottie, rlottie_lottie) share:
 * their command line and the frame loop's timing, on top of peer.h.
 *
 *   PROGRAM FILE.json --width W --height H --first F --frames N
 *           [--warmup N] [--threads N] [--ppm FILE]
 *
 * The animation is drawn into one W x H buffer (kept for the whole run),
 * scaled to fit it as both libraries do. The frames are F, F + 1, ...,
 * F + N - 1, counted from the file's "ip" (the libraries' frame 0 is ip).
 * --warmup frames (default 2: the first frames of the range again) are drawn
 * untimed first. The result line adds to peer.h's: mean_ms and total_ms (the
 * timed frames), width, height, first and load_ms (reading and parsing the
 * file, once). */
#ifndef LAYERFX_LOTTIE_PEER_H
#define LAYERFX_LOTTIE_PEER_H
#include "peer.h"

typedef struct {
  const char *input, *ppm;
  int width, height, frames, warmup, threads;
  double first;
} LottieArgs;

static LottieArgs lottie_args(int argc, char **argv) {
  const char *usage = "FILE.json --width W --height H --first F --frames N [--warmup N] [--threads N] [--ppm FILE]";
  LottieArgs a = { NULL, NULL, 0, 0, 1, 2, 0, 0 };
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (o[0] != '-' || !o[1]) {
      if (a.input) { fprintf(stderr, "usage: %s %s\n", argv[0], usage); exit(2); }
      a.input = o;
      continue;
    }
    if (i + 1 >= argc) { fprintf(stderr, "%s needs a value\n", o); exit(2); }
    const char *v = argv[++i];
    if (!strcmp(o, "--width")) a.width = peer_int(v, o, 1, 16384);
    else if (!strcmp(o, "--height")) a.height = peer_int(v, o, 1, 16384);
    else if (!strcmp(o, "--frames")) a.frames = peer_int(v, o, 1, 1000000);
    else if (!strcmp(o, "--warmup")) a.warmup = peer_int(v, o, 0, 100000);
    else if (!strcmp(o, "--threads")) a.threads = peer_int(v, o, 0, 256);
    else if (!strcmp(o, "--ppm")) a.ppm = v;
    else if (!strcmp(o, "--first")) {
      char *end;
      a.first = strtod(v, &end);
      if (*end || end == v || !(a.first >= 0 && a.first < 1e7)) {
        fprintf(stderr, "--first must be a frame number >= 0, got \"%s\"\n", v);
        exit(2);
      }
    } else { fprintf(stderr, "unknown option %s\nusage: %s %s\n", o, argv[0], usage); exit(2); }
  }
  if (!a.input || !a.width || !a.height) { fprintf(stderr, "usage: %s %s\n", argv[0], usage); exit(2); }
  return a;
}

/* The frame (from ip) that step i of the run draws: the warm-up frames first,
 * then the timed ones, both from the start of the range. */
static double lottie_frame(const LottieArgs *a, int i) {
  int k = i < a->warmup ? i % a->frames : i - a->warmup;
  return a->first + k;
}

/* Prints the result line (peer.h's fields and the Lottie ones). */
static void lottie_report(const char *peer, const LottieArgs *a, PeerTimes *t, const char *version, double load_ms) {
  double total = 0;
  for (int i = 0; i < t->count; i++) total += t->ms[i];
  PeerArgs p = { a->input, NULL, 1, a->ppm, a->frames, a->warmup, a->threads, a->height };
  char extra[256];
  snprintf(extra, sizeof extra, "\"mean_ms\":%.4f,\"total_ms\":%.3f,\"width\":%d,\"height\":%d,\"first\":%g,\"load_ms\":%.3f",
           total / t->count, total, a->width, a->height, a->first, load_ms);
  peer_report(peer, &p, t, version, extra);
}
#endif
