/* libpng 1.6's simplified API (png_image_*), which needs no setjmp, for
 * reading; zlib for LayerFX's own PNG writer. */
#include <png.h>
#include <zlib.h>
