/* Compile-time checks of lfx_layout.h: every instance field is 16 bytes,
 * packed, so the structs can be uploaded as vertex attributes as they are. */
#include "lfx_layout.h"
#include <stddef.h>

_Static_assert(sizeof(lfx_instance) == 16 * 16, "lfx_instance is sixteen vec4 attributes");
_Static_assert(offsetof(lfx_instance, stops1) == 15 * 16, "lfx_instance fields are packed");
_Static_assert(sizeof(lfx_circle) == 4 * 16, "lfx_circle is four vec4 attributes");
_Static_assert(sizeof(lfx_tile_circle) == 2 * 16, "lfx_tile_circle is two std430 vectors");
_Static_assert(LFX_TILE_RING_RED_BITS + LFX_TILE_RING_GREEN_BITS < 32, "the ring's blue has bits left");
_Static_assert(LFX_INLINE_STOPS <= 8, "stops0 and stops1 hold eight colours");
_Static_assert(sizeof(lfx_gradient_stop) == 8, "a table stop is one RG32UI texel");
