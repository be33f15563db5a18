/* What every C peer program of the LayerFX benchmarks shares: its command line,
 * the ripple-field scene reader, frame timing, the one-line JSON result and the
 * optional PPM picture of the last frame.
 *
 * Command line of every program:
 *   PROGRAM INPUT [--frames N] [--warmup N] [--threads N] [--height PX] [--ppm FILE]
 * INPUT is a ripple-field JSON file (gen_ripples.py) or, for the SVG programs, one
 * or more SVG files (the frames of a sequence: frame i draws file i mod count). --warmup frames (default 2) are drawn untimed, then --frames (default
 * 5) are timed. The result is one JSON line on stdout:
 *   {"peer":..., "frames":N, "median_ms":..., "min_ms":..., "version":..., ...}
 * Errors go to stderr with exit status 1 (2 for a bad command line). */
#ifndef LAYERFX_PEER_H
#define LAYERFX_PEER_H
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ command line */

typedef struct {
  const char *input;      /* the (first) scene or SVG file */
  char **inputs;          /* all of them (SVG programs) */
  int count;
  const char *ppm;        /* write the last frame here, or NULL */
  int frames, warmup, threads, height;
} PeerArgs;

static void peer_fail(const char *fmt, const char *what) {
  fprintf(stderr, fmt, what);
  fputc('\n', stderr);
  exit(1);
}

static int peer_int(const char *text, const char *option, int lo, int hi) {
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (errno || *end || end == text || v < lo || v > hi) {
    fprintf(stderr, "%s must be an integer in %d..%d, got \"%s\"\n", option, lo, hi, text);
    exit(2);
  }
  return (int)v;
}

/* Parses the command line; `several` allows more than one input file. */
static PeerArgs peer_args(int argc, char **argv, const char *usage, int several) {
  PeerArgs a = { NULL, calloc((size_t)argc, sizeof(char *)), 0, NULL, 5, 2, 0, 0 };
  for (int i = 1; i < argc; i++) {
    char *o = argv[i];
    if (o[0] != '-' || !o[1]) {
      if (a.count && !several) { fprintf(stderr, "usage: %s %s\n", argv[0], usage); exit(2); }
      a.inputs[a.count++] = o;
      a.input = a.inputs[0];
      continue;
    }
    if (i + 1 >= argc) { fprintf(stderr, "%s needs a value\n", o); exit(2); }
    const char *v = argv[++i];
    if (!strcmp(o, "--frames")) a.frames = peer_int(v, o, 1, 100000);
    else if (!strcmp(o, "--warmup")) a.warmup = peer_int(v, o, 0, 100000);
    else if (!strcmp(o, "--threads")) a.threads = peer_int(v, o, 0, 256);
    else if (!strcmp(o, "--height")) a.height = peer_int(v, o, 0, 16384);
    else if (!strcmp(o, "--ppm")) a.ppm = v;
    else { fprintf(stderr, "unknown option %s\nusage: %s %s\n", o, argv[0], usage); exit(2); }
  }
  if (!a.input) { fprintf(stderr, "usage: %s %s\n", argv[0], usage); exit(2); }
  return a;
}

/* ------------------------------------------------------------ scene reader */

/* One ripple: centre, radius, ring width, straight-alpha fill and ring colours. */
typedef struct { double x, y, r, ring; float fill[4], stroke[4]; } PeerRipple;
typedef struct { int width, height; float background[4]; int count; PeerRipple *ripples; } PeerScene;

/* A reader for the scene format only: an object whose values are numbers,
 * arrays of numbers, or (for "ripples") an array of such objects. */
typedef struct { const char *p, *start, *path; } PeerCursor;

static void peer_ws(PeerCursor *c) { while (*c->p == ' ' || *c->p == '\n' || *c->p == '\r' || *c->p == '\t') c->p++; }

static void peer_expect(PeerCursor *c, char ch) {
  peer_ws(c);
  if (*c->p != ch) {
    fprintf(stderr, "%s: not a ripple-field scene (expected '%c' at byte %ld)\n", c->path, ch, (long)(c->p - c->start));
    exit(1);
  }
  c->p++;
}

static int peer_more(PeerCursor *c, char close) {   /* after an element: ',' -> 1, close -> 0 */
  peer_ws(c);
  if (*c->p == ',') { c->p++; return 1; }
  peer_expect(c, close);
  return 0;
}

static double peer_number(PeerCursor *c) {
  peer_ws(c);
  char *end;
  double v = strtod(c->p, &end);
  if (end == c->p) peer_fail("%s: not a ripple-field scene (a number expected)", c->path);
  c->p = end;
  return v;
}

static void peer_key(PeerCursor *c, char *key, size_t size) {
  peer_expect(c, '"');
  size_t n = 0;
  while (*c->p && *c->p != '"') { if (n + 1 < size) key[n++] = *c->p; c->p++; }
  key[n] = 0;
  peer_expect(c, '"');
  peer_expect(c, ':');
}

static void peer_color(PeerCursor *c, float out[4]) {
  peer_expect(c, '[');
  for (int i = 0; i < 4; i++) {
    out[i] = (float)peer_number(c);
    if (i < 3) peer_expect(c, ',');
  }
  peer_expect(c, ']');
}

static void peer_ripple(PeerCursor *c, PeerRipple *r) {
  char key[32];
  memset(r, 0, sizeof *r);
  peer_expect(c, '{');
  do {
    peer_key(c, key, sizeof key);
    if (!strcmp(key, "x")) r->x = peer_number(c);
    else if (!strcmp(key, "y")) r->y = peer_number(c);
    else if (!strcmp(key, "r")) r->r = peer_number(c);
    else if (!strcmp(key, "strokeWidth")) r->ring = peer_number(c);
    else if (!strcmp(key, "fill")) peer_color(c, r->fill);
    else if (!strcmp(key, "stroke")) peer_color(c, r->stroke);
    else peer_fail("%s: unknown ripple key", c->path);
  } while (peer_more(c, '}'));
}

static char *peer_read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "%s: %s\n", path, strerror(errno)); exit(1); }
  size_t cap = 1 << 20, n = 0;
  char *buf = malloc(cap + 1);
  for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
  }
  fclose(f);
  buf[n] = 0;
  if (size) *size = n;
  return buf;
}

static PeerScene peer_scene(const char *path) {
  PeerScene s = { 0, 0, { 1, 1, 1, 1 }, 0, NULL };
  char *text = peer_read_file(path, NULL), key[32];
  PeerCursor c = { text, text, path };
  int cap = 0;
  peer_expect(&c, '{');
  do {
    peer_key(&c, key, sizeof key);
    if (!strcmp(key, "width")) s.width = (int)peer_number(&c);
    else if (!strcmp(key, "height")) s.height = (int)peer_number(&c);
    else if (!strcmp(key, "background")) peer_color(&c, s.background);
    else if (!strcmp(key, "ripples")) {
      peer_expect(&c, '[');
      peer_ws(&c);
      if (*c.p == ']') { c.p++; continue; }
      do {
        if (s.count == cap) s.ripples = realloc(s.ripples, (size_t)(cap = cap ? 2 * cap : 1024) * sizeof(PeerRipple));
        peer_ripple(&c, &s.ripples[s.count++]);
      } while (peer_more(&c, ']'));
    } else peer_fail("%s: unknown scene key", path);
  } while (peer_more(&c, '}'));
  free(text);
  if (s.width < 1 || s.height < 1 || s.width > 16384 || s.height > 16384)
    peer_fail("%s: width and height must be 1..16384", path);
  return s;
}

/* The painted area the benchmarks divide by: sum of pi (r + 1)^2, in pixels. */
static double peer_painted_area(const PeerScene *s) {
  double a = 0;
  for (int i = 0; i < s->count; i++) a += 3.141592653589793 * (s->ripples[i].r + 1) * (s->ripples[i].r + 1);
  return a;
}

static uint8_t peer_byte(float v) { return (uint8_t)((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0f + 0.5f); }

/* ------------------------------------------------------------ timing and result */

static double peer_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The frame times of one run: `count` timed frames after the warm-up. */
typedef struct { int count; double *ms; } PeerTimes;

static PeerTimes peer_times(int count) {
  PeerTimes t = { count, calloc((size_t)count, sizeof(double)) };
  return t;
}

static int peer_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median and least of the times (sorts them). */
static void peer_stats(PeerTimes *t, double *median, double *least) {
  qsort(t->ms, (size_t)t->count, sizeof(double), peer_cmp);
  int n = t->count;
  *median = n % 2 ? t->ms[n / 2] : 0.5 * (t->ms[n / 2 - 1] + t->ms[n / 2]);
  *least = t->ms[0];
}

/* Escapes a string for the JSON line (quotes, backslashes, control characters). */
static void peer_json_string(const char *s) {
  putchar('"');
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') printf("\\%c", ch);
    else if (ch < 0x20) printf("\\u%04x", ch);
    else putchar(ch);
  }
  putchar('"');
}

/* Prints the result line; `extra` is more "key":value pairs (or "") to add. */
static void peer_report(const char *peer, const PeerArgs *a, PeerTimes *t, const char *version, const char *extra) {
  double median, least;
  peer_stats(t, &median, &least);
  printf("{\"peer\":");
  peer_json_string(peer);
  printf(",\"frames\":%d,\"threads\":%d,\"median_ms\":%.3f,\"min_ms\":%.3f,\"version\":", t->count, a->threads, median, least);
  peer_json_string(version);
  printf("%s%s}\n", extra && *extra ? "," : "", extra ? extra : "");
  fflush(stdout);
}

/* ------------------------------------------------------------ picture */

/* Writes RGB from 8-bit pixels whose R, G, B bytes are at offsets r, g, b of
 * each 4-byte pixel (the frames are opaque, so alpha is dropped). */
static void peer_write_ppm(const char *path, const uint8_t *px, int w, int h, long stride, int r, int g, int b) {
  if (!path) return;
  FILE *f = fopen(path, "wb");
  if (!f) { fprintf(stderr, "%s: %s\n", path, strerror(errno)); exit(1); }
  fprintf(f, "P6\n%d %d\n255\n", w, h);
  uint8_t *row = malloc((size_t)w * 3);
  for (int y = 0; y < h; y++) {
    const uint8_t *src = px + y * stride;
    for (int x = 0; x < w; x++) {
      row[3 * x] = src[4 * x + r]; row[3 * x + 1] = src[4 * x + g]; row[3 * x + 2] = src[4 * x + b];
    }
    fwrite(row, 1, (size_t)w * 3, f);
  }
  free(row);
  if (fclose(f)) { fprintf(stderr, "%s: %s\n", path, strerror(errno)); exit(1); }
}
#endif
