/* libjpeg-turbo (Debian's libjpeg62-turbo-dev): reading JPEG images for
 * layer contents. Its errors unwind with longjmp, so it is called only from
 * the C of CLayerFXDecode, which catches them there. */
#include <stdio.h>
#include <jpeglib.h>
