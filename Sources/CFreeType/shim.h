/* FreeType 2 (libfreetype-dev): faces, outlines and the smooth rasterizer. */
#include <ft2build.h>
#include <freetype/freetype.h>
#include <freetype/ftoutln.h>
#include <freetype/ftadvanc.h>
#include <freetype/ftmodapi.h> /* FT_Property_Set: the tests compare with FreeType's own SDF renderer */

/* FT_HAS_KERNING is a function-like macro, which Swift does not import. */
static inline int layerfx_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
