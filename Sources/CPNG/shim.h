/* libpng 1.6 simplified API (png_image_*), which needs no setjmp. */
#include <png.h>
