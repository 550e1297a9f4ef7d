/* TrueType text through stb_truetype. The implementation is in the system's
 * libstb, so this file includes only the header. */
#include "font.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_truetype.h>

#include "draw.h"

/* Code points baked after ASCII 32..126, in glyph-slot order. */
static const uint32_t EXTRA[] = {
    0x00B7, 0x00D7, 0x2013, 0x2014, 0x2026, 0x2192, 0x2605, 0x25CF, 0x21BB, 0x2190, 0x2191, 0x2193,
    0x00B1, 0x2022, 0x2212, 0x00E9, 0x2715,
};
#define EXTRA_COUNT ((int)(sizeof EXTRA / sizeof EXTRA[0]))

static int glyph_slot(uint32_t cp)
{
    if (cp >= 32 && cp <= 126)
        return (int)cp - 32;
    for (int i = 0; i < EXTRA_COUNT; i++)
        if (EXTRA[i] == cp)
            return 95 + i;
    return '?' - 32;
}

static uint32_t slot_codepoint(int slot)
{
    return slot < 95 ? (uint32_t)(slot + 32) : EXTRA[slot - 95];
}

/* Decodes one UTF-8 code point at *s and advances; malformed bytes read as '?'. */
static uint32_t next_codepoint(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = p[0];
    int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0) {
        (*s)++;
        return '?';
    }
    c &= extra ? (0x3F >> extra) : 0x7F;
    for (int i = 1; i <= extra; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *s += i;
            return '?';
        }
        c = c << 6 | (p[i] & 0x3F);
    }
    *s += 1 + extra;
    return c;
}

int ui_font_load(UiFont *f, const char *path, char *err, int errlen)
{
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", path);
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, (size_t)errlen, "cannot open the font %s (install fonts-dejavu-core, or give --font FILE)", path);
        return -1;
    }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    f->ttf = size > 0 && size < (64 << 20) ? malloc((size_t)size) : NULL;
    f->info = calloc(1, sizeof(stbtt_fontinfo));
    bool ok = f->ttf && f->info && fread(f->ttf, 1, (size_t)size, in) == (size_t)size;
    fclose(in);
    int offset = ok ? stbtt_GetFontOffsetForIndex(f->ttf, 0) : -1;
    if (!ok || offset < 0 || !stbtt_InitFont(f->info, f->ttf, offset)) {
        snprintf(err, (size_t)errlen, "cannot read the font %s: not a TrueType font", path);
        ui_font_free(f);
        return -1;
    }
    return 0;
}

void ui_font_free(UiFont *f)
{
    for (int i = 0; i < UI_FONT_SIZES; i++)
        free(f->size[i].pixels);
    free(f->ttf);
    free(f->info);
    memset(f, 0, sizeof *f);
}

/* Rasterises every glyph at px into one block of coverage bytes. */
static void bake(UiFont *f, UiFontSize *fs, int px)
{
    stbtt_fontinfo *info = f->info;
    float scale = stbtt_ScaleForPixelHeight(info, (float)px);
    int asc, desc, gap;
    stbtt_GetFontVMetrics(info, &asc, &desc, &gap);
    free(fs->pixels);
    fs->px = px;
    fs->ascent = (int)(asc * scale + 0.999f);
    fs->line = (int)((asc - desc + gap) * scale + 0.999f);
    uint32_t total = 0;
    int box[UI_FONT_GLYPHS][4];
    for (int s = 0; s < UI_FONT_GLYPHS && s < 95 + EXTRA_COUNT; s++) {
        int cp = (int)slot_codepoint(s), adv, lsb;
        stbtt_GetCodepointHMetrics(info, cp, &adv, &lsb);
        stbtt_GetCodepointBitmapBox(info, cp, scale, scale, &box[s][0], &box[s][1], &box[s][2], &box[s][3]);
        UiGlyph *g = &fs->glyph[s];
        g->x0 = (int16_t)box[s][0];
        g->y0 = (int16_t)box[s][1];
        g->w = (uint16_t)(box[s][2] - box[s][0]);
        g->h = (uint16_t)(box[s][3] - box[s][1]);
        g->advance = (int16_t)(adv * scale + 0.5f);
        g->at = total;
        total += (uint32_t)g->w * g->h;
    }
    fs->pixels = calloc(total ? total : 1, 1);
    for (int s = 0; s < UI_FONT_GLYPHS && s < 95 + EXTRA_COUNT && fs->pixels; s++) {
        UiGlyph *g = &fs->glyph[s];
        if (g->w && g->h)
            stbtt_MakeCodepointBitmap(info, fs->pixels + g->at, g->w, g->h, g->w, scale, scale,
                                      (int)slot_codepoint(s));
    }
}

/* The baked glyphs for px, baking them (over the stalest size) on first use. */
static UiFontSize *at_size(UiFont *f, int px)
{
    if (px < 4)
        px = 4;
    if (px > 200)
        px = 200;
    UiFontSize *stalest = &f->size[0];
    f->clock++;
    for (int i = 0; i < UI_FONT_SIZES; i++) {
        if (f->size[i].px == px) {
            f->size[i].stamp = f->clock;
            return &f->size[i];
        }
        if (f->size[i].stamp < stalest->stamp)
            stalest = &f->size[i];
    }
    bake(f, stalest, px);
    stalest->stamp = f->clock;
    return stalest;
}

static void draw_glyph(SDL_Surface *dst, const UiFontSize *fs, const UiGlyph *g, int pen_x, int base_y, uint32_t argb)
{
    int x0 = pen_x + g->x0, y0 = base_y + g->y0;
    int a0 = ui_alpha(argb);
    for (int j = 0; j < g->h; j++) {
        int y = y0 + j;
        if (y < 0 || y >= dst->h)
            continue;
        uint32_t *row = (uint32_t *)((uint8_t *)dst->pixels + (size_t)y * (size_t)dst->pitch);
        const uint8_t *cov = fs->pixels + g->at + (size_t)j * g->w;
        for (int i = 0; i < g->w; i++) {
            int x = x0 + i;
            if (cov[i] == 0 || x < 0 || x >= dst->w)
                continue;
            uint32_t a = (uint32_t)(cov[i] * a0 / 255);
            row[x] = ui_mix(row[x], (argb & 0xFFFFFFu) | a << 24);
        }
    }
}

int ui_text(SDL_Surface *dst, UiFont *f, int px, int x, int y, uint32_t argb, const char *text, int max_w)
{
    if (!f->info || !text)
        return x;
    UiFontSize *fs = at_size(f, px);
    if (!fs->pixels)
        return x;
    int limit = max_w > 0 ? x + max_w : 1 << 30;
    int ellipsis = fs->glyph[glyph_slot(0x2026)].advance;
    bool cut = max_w > 0 && ui_text_width(f, px, text) > max_w;
    int base = y + fs->ascent;
    const char *s = text;
    while (*s && *s != '\n') {
        const UiGlyph *g = &fs->glyph[glyph_slot(next_codepoint(&s))];
        if (cut && x + g->advance + ellipsis > limit) {
            draw_glyph(dst, fs, &fs->glyph[glyph_slot(0x2026)], x, base, argb);
            return x + ellipsis;
        }
        draw_glyph(dst, fs, g, x, base, argb);
        x += g->advance;
    }
    return x;
}

int ui_text_width(UiFont *f, int px, const char *text)
{
    if (!f->info || !text)
        return 0;
    UiFontSize *fs = at_size(f, px);
    int w = 0;
    for (const char *s = text; *s && *s != '\n';)
        w += fs->glyph[glyph_slot(next_codepoint(&s))].advance;
    return w;
}

int ui_font_line(UiFont *f, int px)
{
    return f->info ? at_size(f, px)->line : px;
}

/* Width of text[0..n). */
static int span_width(UiFontSize *fs, const char *text, int n)
{
    int w = 0;
    for (const char *s = text; s < text + n && *s;)
        w += fs->glyph[glyph_slot(next_codepoint(&s))].advance;
    return w;
}

int ui_wrap(UiFont *f, int px, const char *text, int width, int *start, int *len, int max)
{
    if (!f->info || !text)
        return 0;
    UiFontSize *fs = at_size(f, px);
    int lines = 0, pos = 0, total = (int)strlen(text);
    while (pos < total && lines < max) {
        while (text[pos] == ' ')
            pos++;
        int end = pos, best = -1;
        while (end < total && text[end] != '\n') {
            int next = end + 1;
            while (next < total && ((unsigned char)text[next] & 0xC0) == 0x80)
                next++;
            if (span_width(fs, text + pos, next - pos) > width)
                break;
            end = next;
            if (end == total || text[end] == ' ' || text[end] == '\n')
                best = end;
        }
        if (end < total && text[end] != '\n' && best > pos)
            end = best;   /* break at the last space that fits */
        if (end == pos && pos < total && text[pos] != '\n')
            end = pos + 1;   /* not even one character fits: take one anyway */
        start[lines] = pos;
        len[lines] = end - pos;
        lines++;
        pos = end < total && text[end] == '\n' ? end + 1 : end;
    }
    return lines;
}
