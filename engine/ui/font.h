/* Text in the window: a TrueType font rasterised by stb_truetype (libstb
 * provides the implementation), anti-aliased and cached per pixel size.
 *
 * Contract:
 *  - ui_font_load reads the whole file or fails with a message naming it.
 *  - Text is UTF-8. Printable ASCII and a few signs the window uses (· × – —
 *    … → ★ ● ↻) are baked once per size on first use; any other code point
 *    draws as '?'.
 *  - Drawing clips to the surface (ARGB8888, see ui_surface_new), blends the
 *    glyphs' coverage with the colour's alpha, and never reads outside them.
 *  - y is the top of the line box; a line is ui_font_line(f, px) pixels high. */
#ifndef VQ_UI_FONT_H
#define VQ_UI_FONT_H

#include <SDL.h>
#include <stdint.h>

#define UI_FONT_SIZES 8     /* pixel sizes kept baked at once */
#define UI_FONT_GLYPHS 112  /* ASCII 32..126 and the extra signs */

typedef struct UiGlyph {
    int16_t x0, y0;          /* bitmap offset from the pen, y from the baseline */
    uint16_t w, h;
    int16_t advance;
    uint32_t at;             /* offset of the coverage bitmap in UiFontSize.pixels */
} UiGlyph;

typedef struct UiFontSize {
    int px;                  /* 0: unused */
    int ascent, line;        /* baseline below the line top; line height */
    UiGlyph glyph[UI_FONT_GLYPHS];
    uint8_t *pixels;
    uint32_t stamp;          /* last use, to replace the stalest size */
} UiFontSize;

typedef struct UiFont {
    unsigned char *ttf;      /* the file's bytes */
    void *info;              /* stbtt_fontinfo */
    UiFontSize size[UI_FONT_SIZES];
    uint32_t clock;
    char path[512];
} UiFont;

/* The font the window uses when none is given (fonts-dejavu-core). */
#define UI_FONT_DEFAULT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define UI_FONT_BOLD_DEFAULT "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

int  ui_font_load(UiFont *f, const char *path, char *err, int errlen);
void ui_font_free(UiFont *f);

/* Draws `text` with its line top-left at (x, y), `px` pixels high, in colour
 * argb. With max_w > 0 the text stops before passing x + max_w and ends in
 * "…" when cut. Stops at a newline. Returns the x after the text. */
int ui_text(SDL_Surface *dst, UiFont *f, int px, int x, int y, uint32_t argb, const char *text, int max_w);
/* Width in pixels of `text` (to a newline) at size px. */
int ui_text_width(UiFont *f, int px, const char *text);
/* Height of a line at size px. */
int ui_font_line(UiFont *f, int px);
/* Splits text into lines no wider than `width` (at spaces; a word longer than
 * the width is cut). Writes each line's start offset and length; returns the
 * number of lines (at most max). */
int ui_wrap(UiFont *f, int px, const char *text, int width, int *start, int *len, int max);

#endif
