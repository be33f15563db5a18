/* The ripple field drawn with Cairo's image backend (Debian's libcairo2).
 * A frame: paint the background (SOURCE), then for every ripple an arc path
 * filled and stroked source-over, then flush the surface. Cairo draws on the
 * calling thread only; --threads is ignored. */
#include "peer.h"
#include <cairo.h>
#include <math.h>

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "SCENE [--frames N] [--warmup N] [--ppm FILE]", 0);
  PeerScene s = peer_scene(a.input);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, s.width, s.height);
  cairo_t *cr = cairo_create(surface);
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) peer_fail("cairo: %s", cairo_status_to_string(cairo_status(cr)));
  a.threads = 0;

  PeerTimes t = peer_times(a.frames);
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, s.background[0], s.background[1], s.background[2], s.background[3]);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    for (int i = 0; i < s.count; i++) {
      const PeerRipple *r = &s.ripples[i];
      cairo_new_path(cr);
      cairo_arc(cr, r->x, r->y, r->r, 0, 2 * M_PI);
      cairo_set_source_rgba(cr, r->fill[0], r->fill[1], r->fill[2], r->fill[3]);
      cairo_fill_preserve(cr);
      cairo_set_line_width(cr, r->ring);
      cairo_set_source_rgba(cr, r->stroke[0], r->stroke[1], r->stroke[2], r->stroke[3]);
      cairo_stroke(cr);
    }
    cairo_surface_flush(surface);
    if (f >= a.warmup) t.ms[f - a.warmup] = peer_now_ms() - start;
  }
  /* ARGB32 is native-endian 0xAARRGGBB: bytes B, G, R, A on little-endian machines */
  peer_write_ppm(a.ppm, cairo_image_surface_get_data(surface), s.width, s.height,
                 cairo_image_surface_get_stride(surface), 2, 1, 0);
  char version[64], extra[96];
  snprintf(version, sizeof version, "Cairo %s", cairo_version_string());
  snprintf(extra, sizeof extra, "\"n\":%d,\"painted_mpixels\":%.3f", s.count, peer_painted_area(&s) / 1e6);
  peer_report("cairo", &a, &t, version, extra);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
