/* JPEG images for layer contents; see include/lfx_decode.h. libjpeg's
 * errors longjmp back to the setjmp of the function that called it (never
 * across a Swift frame); its messages are kept, never printed. */
#include "lfx_decode.h"
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* Most memory libjpeg may take for one image (its coefficient buffers for
 * a progressive image of LayerFX's largest size are a few hundred MiB). */
#define MAXIMUM_MEMORY (1L << 30)

typedef struct {
    struct jpeg_error_mgr manager;   /* first: libjpeg hands back a pointer to it */
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char *message;
} decoder_errors;

/* Keeps the reason and jumps back to the caller's setjmp. */
static void fail(j_common_ptr info) {
    decoder_errors *errors = (decoder_errors *)info->err;
    errors->manager.format_message(info, errors->message);
    longjmp(errors->jump, 1);
}

/* Warnings are silent, except those saying pixels are missing or wrong,
 * which fail the image (libjpeg would fill the gap with grey). */
static void warn(j_common_ptr info, int level) {
    if (level >= 0) return;   /* trace messages */
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF: case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE: case JWRN_ARITH_BAD_CODE: case JWRN_MUST_RESYNC:
        fail(info);
        break;
    default:
        break;
    }
}

/* Stops a progressive image of too many scans. */
static void count_scans(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > LFX_JPEG_MAXIMUM_SCANS) {
        decoder_errors *errors = (decoder_errors *)info->err;
        snprintf(errors->message, LFX_DECODE_MESSAGE_LENGTH, "more than %d progressive scans", LFX_JPEG_MAXIMUM_SCANS);
        longjmp(errors->jump, 1);
    }
}

/* Sets up `info` to read data[0 ..< size] with `errors`; reads the header. */
static void begin(struct jpeg_decompress_struct *info, decoder_errors *errors, const uint8_t *data, size_t size) {
    jpeg_create_decompress(info);
    info->mem->max_memory_to_use = MAXIMUM_MEMORY;
    info->progress = &errors->progress;
    jpeg_mem_src(info, data, (unsigned long)size);
    jpeg_read_header(info, TRUE);
}

static void prepare(struct jpeg_decompress_struct *info, decoder_errors *errors, char *message) {
    memset(info, 0, sizeof *info);
    memset(errors, 0, sizeof *errors);
    info->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = fail;
    errors->manager.emit_message = warn;
    errors->progress.progress_monitor = count_scans;
    errors->message = message;
    message[0] = 0;
}

int lfx_jpeg_size(const uint8_t *data, size_t size, int32_t *width, int32_t *height,
                  char message[LFX_DECODE_MESSAGE_LENGTH]) {
    struct jpeg_decompress_struct info;
    decoder_errors errors;
    prepare(&info, &errors, message);
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    begin(&info, &errors, data, size);
    *width = (int32_t)info.image_width;
    *height = (int32_t)info.image_height;
    jpeg_destroy_decompress(&info);
    return 1;
}

int lfx_jpeg_decode(const uint8_t *data, size_t size, int32_t width, int32_t height, uint8_t *rgba,
                    char message[LFX_DECODE_MESSAGE_LENGTH]) {
    struct jpeg_decompress_struct info;
    decoder_errors errors;
    prepare(&info, &errors, message);
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    begin(&info, &errors, data, size);
    if ((int32_t)info.image_width != width || (int32_t)info.image_height != height) {
        snprintf(message, LFX_DECODE_MESSAGE_LENGTH, "the image is not %d×%d px", (int)width, (int)height);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(message, LFX_DECODE_MESSAGE_LENGTH, "CMYK JPEG images are not supported");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    /* The library's defaults (accurate integer DCT, smooth upsampling) give
     * the same pixels on every CPU. */
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rgba + (size_t)info.output_scanline * (size_t)width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 1;
}
