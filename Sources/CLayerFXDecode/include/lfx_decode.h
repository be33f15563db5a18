/* JPEG decoding for layer contents (LayerFXImageIO's ImageDecoder), in C
 * because libjpeg reports errors by longjmp: each function catches them
 * with setjmp in its own frame, so no jump crosses a Swift frame, and
 * returns 0 with the reason in `message` instead. Internal to LayerFX (not
 * part of the C API). */
#ifndef LFX_DECODE_H
#define LFX_DECODE_H
#include <stddef.h>
#include <stdint.h>

/* Room for a reason, terminating zero included (libjpeg's JMSG_LENGTH_MAX). */
#define LFX_DECODE_MESSAGE_LENGTH 200

/* Reads the header of the JPEG image in data[0 ..< size]: 1 with its size
 * in pixels in *width and *height, or 0 with the reason in `message`. */
__attribute__((visibility("hidden")))
int lfx_jpeg_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height,
                  char message[LFX_DECODE_MESSAGE_LENGTH]);

/* Decodes the JPEG image in data[0 ..< size], which must be `width` ×
 * `height` pixels, into `rgba` (width × height × 4 bytes, rows top first,
 * alpha 255): 1, or 0 with the reason in `message`. Greyscale and YCbCr
 * (or RGB) images are read; CMYK ones, images whose data ends early or is
 * corrupt (libjpeg's warnings of missing data), and progressive images of
 * more than LFX_JPEG_MAXIMUM_SCANS scans are refused. */
__attribute__((visibility("hidden")))
int lfx_jpeg_decode(const uint8_t *data, size_t size, int32_t width, int32_t height, uint8_t *rgba,
                    char message[LFX_DECODE_MESSAGE_LENGTH]);

/* Most scans a progressive JPEG may have (a few dozen is usual): a file of
 * thousands of tiny scans would take minutes to decode. */
#define LFX_JPEG_MAXIMUM_SCANS 1000

#endif
