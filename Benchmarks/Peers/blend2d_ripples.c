/* The ripple field drawn with Blend2D through its C API.
 *
 * Linked against the static libblend2d.a that the blend2d-python wheel ships
 * (the wheel has no headers), so the few declarations used are written out
 * below from Blend2D's public C API. Only leading fields of the structures are
 * read or set; the rest is zeroed reserve, so a longer structure in another
 * Blend2D version is still filled correctly.
 *
 * --threads 0 draws synchronously (every call renders at once); N >= 1 makes an
 * asynchronous context with N worker threads, which a frame waits for with a
 * synchronous flush. A frame: fill the background, fill and stroke every circle,
 * flush. */
#include "peer.h"

typedef uint32_t BLResult;
typedef struct { _Alignas(8) uint8_t opaque[16]; } BLImageCore;   /* BLObjectDetail */
typedef struct { _Alignas(8) uint8_t opaque[16]; } BLContextCore;
typedef struct { void *pixelData; intptr_t stride; uint8_t rest[64]; } BLImageData;
typedef struct { uint32_t flags, threadCount; uint32_t rest[30]; } BLContextCreateInfo;
typedef struct { uint32_t majorVersion, minorVersion, patchVersion; uint32_t rest[125]; } BLRuntimeBuildInfo;
typedef struct { double cx, cy, r; } BLCircle;

enum { BL_FORMAT_PRGB32 = 1, BL_COMP_OP_SRC_OVER = 0, BL_GEOMETRY_TYPE_CIRCLE = 5, BL_RUNTIME_INFO_TYPE_BUILD = 0 };
static const uint32_t BL_CONTEXT_FLUSH_SYNC = 0x80000000u;

BLResult blImageInitAs(BLImageCore *self, int w, int h, uint32_t format);
BLResult blImageDestroy(BLImageCore *self);
BLResult blImageGetData(const BLImageCore *self, BLImageData *out);
BLResult blContextInitAs(BLContextCore *self, BLImageCore *image, const BLContextCreateInfo *info);
BLResult blContextDestroy(BLContextCore *self);
BLResult blContextEnd(BLContextCore *self);
BLResult blContextFlush(BLContextCore *self, uint32_t flags);
BLResult blContextSetCompOp(BLContextCore *self, uint32_t compOp);
BLResult blContextSetStrokeWidth(BLContextCore *self, double width);
BLResult blContextFillAllRgba32(BLContextCore *self, uint32_t rgba32);
BLResult blContextFillGeometryRgba32(BLContextCore *self, uint32_t type, const void *data, uint32_t rgba32);
BLResult blContextStrokeGeometryRgba32(BLContextCore *self, uint32_t type, const void *data, uint32_t rgba32);
BLResult blRuntimeQueryInfo(uint32_t type, void *out);

/* Blend2D's 32-bit colour: straight alpha, 0xAARRGGBB. */
static uint32_t bl_color(const float c[4]) {
  return (uint32_t)peer_byte(c[3]) << 24 | (uint32_t)peer_byte(c[0]) << 16 | (uint32_t)peer_byte(c[1]) << 8 | peer_byte(c[2]);
}

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "SCENE [--threads N] [--frames N] [--warmup N] [--ppm FILE]", 0);
  PeerScene s = peer_scene(a.input);
  uint32_t *fills = malloc((size_t)s.count * 4 + 4), *rings = malloc((size_t)s.count * 4 + 4);
  BLCircle *circles = malloc((size_t)s.count * sizeof(BLCircle) + 1);
  for (int i = 0; i < s.count; i++) {
    const PeerRipple *r = &s.ripples[i];
    fills[i] = bl_color(r->fill); rings[i] = bl_color(r->stroke);
    circles[i] = (BLCircle){ r->x, r->y, r->r };
  }
  BLImageCore image;
  BLContextCore ctx;
  BLContextCreateInfo info;
  memset(&info, 0, sizeof info);
  info.threadCount = (uint32_t)a.threads;
  if (blImageInitAs(&image, s.width, s.height, BL_FORMAT_PRGB32)) peer_fail("%s: blImageInitAs failed", "blend2d");
  if (blContextInitAs(&ctx, &image, &info)) peer_fail("%s: blContextInitAs failed", "blend2d");

  PeerTimes t = peer_times(a.frames);
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    blContextSetCompOp(&ctx, BL_COMP_OP_SRC_OVER);
    blContextFillAllRgba32(&ctx, bl_color(s.background));
    for (int i = 0; i < s.count; i++) {
      blContextSetStrokeWidth(&ctx, s.ripples[i].ring);
      blContextFillGeometryRgba32(&ctx, BL_GEOMETRY_TYPE_CIRCLE, &circles[i], fills[i]);
      blContextStrokeGeometryRgba32(&ctx, BL_GEOMETRY_TYPE_CIRCLE, &circles[i], rings[i]);
    }
    blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
    if (f >= a.warmup) t.ms[f - a.warmup] = peer_now_ms() - start;
  }
  blContextEnd(&ctx);

  BLImageData data;
  blImageGetData(&image, &data);
  /* PRGB32 pixels are 0xAARRGGBB words: bytes B, G, R, A; opaque, so premultiplied = straight */
  peer_write_ppm(a.ppm, data.pixelData, s.width, s.height, (long)data.stride, 2, 1, 0);
  BLRuntimeBuildInfo build;
  memset(&build, 0, sizeof build);
  blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_BUILD, &build);
  char version[64], extra[96];
  snprintf(version, sizeof version, "Blend2D %u.%u.%u", build.majorVersion, build.minorVersion, build.patchVersion);
  snprintf(extra, sizeof extra, "\"n\":%d,\"painted_mpixels\":%.3f", s.count, peer_painted_area(&s) / 1e6);
  peer_report("blend2d", &a, &t, version, extra);
  blContextDestroy(&ctx);
  blImageDestroy(&image);
  return 0;
}
