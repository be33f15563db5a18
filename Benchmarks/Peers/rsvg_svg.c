/* SVG files rendered in-process with librsvg (Debian's librsvg2) onto a Cairo
 * image surface --height pixels tall (the width follows the first file's aspect
 * ratio). Several files are the frames of a sequence: frame i draws file
 * i mod count. Every file is parsed once, before timing (load_ms is the mean
 * per file); a frame clears the surface, renders the document into the
 * viewport and flushes. --threads is ignored. */
#include "peer.h"
#include <librsvg/rsvg.h>
#include <math.h>

/* The document's size in pixels at 96 dpi, or its viewBox's. */
static void svg_size(RsvgHandle *handle, const char *path, double *w, double *h) {
  if (rsvg_handle_get_intrinsic_size_in_pixels(handle, w, h) && *w > 0 && *h > 0) return;
  gboolean has_width, has_height, has_viewbox;
  RsvgLength width, height;
  RsvgRectangle viewbox;
  rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
  if (!has_viewbox || viewbox.width <= 0 || viewbox.height <= 0) peer_fail("rsvg_svg: %s: no size in pixels and no viewBox", path);
  *w = viewbox.width;
  *h = viewbox.height;
}

int main(int argc, char **argv) {
  PeerArgs a = peer_args(argc, argv, "FILE.svg... --height PX [--frames N] [--warmup N] [--ppm FILE]", 1);
  a.threads = 0;
  if (a.height < 1) { fprintf(stderr, "rsvg_svg: --height must be given (1..16384)\n"); return 2; }
  GError *error = NULL;
  RsvgHandle **handles = calloc((size_t)a.count, sizeof *handles);
  double started = peer_now_ms();
  for (int i = 0; i < a.count; i++) {
    handles[i] = rsvg_handle_new_from_file(a.inputs[i], &error);
    if (!handles[i]) peer_fail("rsvg_svg: %s", error ? error->message : "cannot load a file");
    rsvg_handle_set_dpi(handles[i], 96);
  }
  double load_ms = (peer_now_ms() - started) / a.count;
  double w, h;
  svg_size(handles[0], a.input, &w, &h);
  int height = a.height, width = (int)lround(a.height * w / h);
  if (width < 1 || width > 16384) peer_fail("rsvg_svg: %s: the width at this height is out of 1..16384", a.input);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(surface);
  RsvgRectangle viewport = { 0, 0, width, height };

  PeerTimes t = peer_times(a.frames);
  for (int f = 0; f < a.warmup + a.frames; f++) {
    double start = peer_now_ms();
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_restore(cr);
    if (!rsvg_handle_render_document(handles[f % a.count], cr, &viewport, &error))
      peer_fail("rsvg_svg: %s", error->message);
    cairo_surface_flush(surface);
    if (f >= a.warmup) t.ms[f - a.warmup] = peer_now_ms() - start;
  }
  peer_write_ppm(a.ppm, cairo_image_surface_get_data(surface), width, height,
                 cairo_image_surface_get_stride(surface), 2, 1, 0);
  char extra[160];
  snprintf(extra, sizeof extra, "\"files\":%d,\"width\":%d,\"height\":%d,\"load_ms\":%.3f", a.count, width, height, load_ms);
  peer_report("rsvg", &a, &t, "librsvg " LIBRSVG_VERSION, extra);
  return 0;
}
