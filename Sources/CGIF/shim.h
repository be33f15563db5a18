/* giflib 5 (Debian's libgif-dev): animated GIF output. */
#include <gif_lib.h>
