/* The board: ocean, stacks (side bands one per tile, then the top face with
 * each area's biome), lava, critters, then what the scene lights up. Every
 * per-pixel decision reads the precomputed hex mask (hexart.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "query.h"
#include "draw.h"
#include "render.h"

#define TARGET_TINT 0x68FFD800u   /* an area the held critter (or a claim) may go to */
#define HOVER_BAND 0xE0FFFFFFu
#define BAD_BAND 0xE0FF4040u

/* A tile's look: the texture index of each sector (edge), or a picture. */
typedef struct Look {
    int tex[6];        /* per sector, UiTex; -1: the volcano picture */
    int shade;
    uint32_t side_left, side_right;
} Look;

static void look_of(const UiHexArt *art, const Game *g, int type, int rot, int height, Look *k)
{
    const TileType *t = &g->rules.tile_types[type];
    k->shade = ui_art_shade_of_height(height);
    for (int e = 0; e < 6; e++) {
        if (t->tile_class == TILE_VOLCANO)
            k->tex[e] = -1;
        else if (t->tile_class == TILE_SOIL)
            k->tex[e] = UI_TEX_SOIL;
        else {
            int b = tile_edge_biome(t, rot, e);
            k->tex[e] = b < BIOME_COUNT ? b : UI_TEX_SOIL;
        }
    }
    int left = k->tex[2] < 0 ? UI_TEX_VOLCANO : k->tex[2], right = k->tex[1] < 0 ? UI_TEX_VOLCANO : k->tex[1];
    k->side_left = art->side[left];
    k->side_right = art->side[right];
}

static inline uint32_t three_quarters(uint32_t c)
{
    return 0xFF000000u | (((c & 0xFEFEFEu) >> 1) + ((c & 0xFCFCFCu) >> 2));
}

/* The side of a stack: each mask column runs down from the face's lower
 * border by lift * height pixels, a darker line between tiles. */
static void draw_side(SDL_Surface *dst, const UiHexArt *a, int icx, int face_y, int lift, int height, const Look *k,
                      int clip_h)
{
    int depth = lift * height;
    for (int i = 0; i < a->w; i++) {
        int x = icx - a->half_w + i, bottom = a->col_bottom[i];
        if (bottom < 0 || x < 0 || x >= dst->w)
            continue;
        uint32_t c = x < icx ? k->side_left : k->side_right, line = ui_darker(c);
        int y0 = face_y - a->half_h + bottom + 1;
        for (int d = 0; d < depth; d++) {
            int y = y0 + d;
            if (y >= 0 && y < clip_h)
                ui_row(dst, y)[x] = (d + 1) % lift == 0 && lift > 2 ? line : c;
        }
    }
}

/* The top face of a land tile, opaque: each pixel's sector picks the
 * texture, the rim is darker. Rows are clipped once; the mask row between
 * row_lo and row_hi is all inside. */
static void draw_land(SDL_Surface *dst, const UiHexArt *a, int icx, int icy, const Look *k, int clip_w, int clip_h)
{
    for (int j = 0; j < a->h; j++) {
        int y = icy - a->half_h + j, lo = a->row_lo[j], hi = a->row_hi[j];
        if (y < 0 || y >= clip_h || lo > hi)
            continue;
        int x0 = icx - a->half_w;
        if (x0 + lo < 0) lo = -x0;
        if (x0 + hi >= clip_w) hi = clip_w - 1 - x0;
        uint32_t *row = ui_row(dst, y) + x0;
        const uint8_t *m = a->mask + j * a->w;
        const uint32_t *volcano = a->volcano + j * a->w, *tex[6];
        int ty = (y & (UI_ART_TEX - 1)) * UI_ART_TEX;
        for (int e = 0; e < 6; e++)
            tex[e] = k->tex[e] < 0 ? NULL : a->tex[k->tex[e]][k->shade] + ty;
        for (int i = lo; i <= hi; i++) {
            const uint32_t *t = tex[m[i] & UI_MASK_SECTOR];
            uint32_t c = t ? t[(x0 + i) & (UI_ART_TEX - 1)] : volcano[i];
            row[i] = m[i] & UI_MASK_RIM ? three_quarters(c) : c;
        }
    }
}

/* Lava over the inner hex of a land face, or over the whole of an ocean hex. */
static void draw_lava(SDL_Surface *dst, const UiHexArt *a, int icx, int icy, bool land, int clip_w, int clip_h)
{
    const uint32_t *lava = a->tex[UI_TEX_LAVA][0], *ocean = a->tex[UI_TEX_OCEAN][0];
    for (int j = 0; j < a->h; j++) {
        int y = icy - a->half_h + j;
        if (y < 0 || y >= clip_h)
            continue;
        uint32_t *row = ui_row(dst, y);
        const uint8_t *m = a->mask + j * a->w;
        int ty = (y & (UI_ART_TEX - 1)) * UI_ART_TEX;
        for (int i = a->row_lo[j]; i <= a->row_hi[j]; i++) {
            int x = icx - a->half_w + i;
            if (x < 0 || x >= clip_w || (land && !(m[i] & UI_MASK_INNER)))
                continue;
            uint32_t under = land ? row[x] : ocean[ty + (x & (UI_ART_TEX - 1))];
            row[x] = ui_mix(under, (lava[ty + (x & (UI_ART_TEX - 1))] & 0xFFFFFFu) | 0xE0000000u);
        }
    }
}

/* A face blended at `alpha` (the tile floating under the pointer). */
static void draw_ghost_face(SDL_Surface *dst, const UiHexArt *a, int icx, int icy, const Look *k, int clip_w,
                            int clip_h, uint32_t alpha)
{
    for (int j = 0; j < a->h; j++) {
        int y = icy - a->half_h + j;
        if (y < 0 || y >= clip_h)
            continue;
        uint32_t *row = ui_row(dst, y);
        const uint8_t *m = a->mask + j * a->w;
        int ty = (y & (UI_ART_TEX - 1)) * UI_ART_TEX;
        for (int i = a->row_lo[j]; i <= a->row_hi[j]; i++) {
            int x = icx - a->half_w + i, t = k->tex[m[i] & UI_MASK_SECTOR];
            if (x < 0 || x >= clip_w)
                continue;
            uint32_t c = t < 0 ? a->volcano[j * a->w + i] : a->tex[t][k->shade][ty + (x & (UI_ART_TEX - 1))];
            row[x] = ui_mix(row[x], (c & 0xFFFFFFu) | alpha << 24);
        }
    }
}

/* Blends `argb` over the face's pixels in the given sectors (bit e: sector e). */
static void tint(SDL_Surface *dst, const UiHexArt *a, int icx, int icy, uint32_t argb, int clip_w, int clip_h,
                 uint8_t sectors)
{
    for (int j = 0; j < a->h; j++) {
        int y = icy - a->half_h + j;
        if (y < 0 || y >= clip_h)
            continue;
        uint32_t *row = ui_row(dst, y);
        const uint8_t *m = a->mask + j * a->w;
        for (int i = a->row_lo[j]; i <= a->row_hi[j]; i++) {
            int x = icx - a->half_w + i;
            if (x >= 0 && x < clip_w && (sectors >> (m[i] & UI_MASK_SECTOR) & 1))
                row[x] = ui_mix(row[x], argb);
        }
    }
}

/* Blends `argb` over the face's outline band (the precomputed list of its pixels). */
static void outline(SDL_Surface *dst, const UiHexArt *a, int icx, int icy, uint32_t argb, int clip_w, int clip_h)
{
    int x0 = icx - a->half_w, y0 = icy - a->half_h;
    bool inside = x0 >= 0 && y0 >= 0 && x0 + a->w <= clip_w && y0 + a->h <= clip_h;
    const int16_t *b = a->band;
    for (int k = 0; k < a->band_count; k++, b += 2) {
        int x = x0 + b[0], y = y0 + b[1];
        if (inside || (x >= 0 && y >= 0 && x < clip_w && y < clip_h)) {
            uint32_t *p = (uint32_t *)((uint8_t *)dst->pixels + (size_t)y * (size_t)dst->pitch) + x;
            *p = ui_mix(*p, argb);
        }
    }
}

static void ocean(SDL_Surface *dst, const UiHexArt *a, const UiLayout *L)
{
    const uint32_t *tex = a->tex[UI_TEX_OCEAN][0];
    for (int y = 0; y < L->board_h && y < dst->h; y++) {
        uint32_t *row = ui_row(dst, y);
        const uint32_t *src = tex + (y & (UI_ART_TEX - 1)) * UI_ART_TEX;
        for (int x = 0; x < L->board_w; x += UI_ART_TEX) {
            int n = L->board_w - x < UI_ART_TEX ? L->board_w - x : UI_ART_TEX;
            memcpy(row + x, src, sizeof *row * (size_t)n);
        }
    }
}

static void face_centre(const UiLayout *L, const Game *g, int cell, int *x, int *y)
{
    double cx, cy;
    ui_cell_face(L, g, cell, &cx, &cy);
    *x = (int)lround(cx);
    *y = (int)lround(cy);
}

/* A critter's token: a critter bearing a script's mark stands on a second
 * token; one whose marks keep it in place is shaded. */
static void draw_token(SDL_Surface *dst, const UiHexArt *a, int seat, int x, int y, const Critter *c,
                       const Game *g)
{
    const SDL_Surface *t = a->token[seat % UI_SEATS];
    if (!t)
        return;
    int half = a->token_size / 2;
    if (c && c->marks)
        ui_blit(dst, t, x - half + 2, y - half + 3);
    ui_blit(dst, t, x - half, y - half);
    if (c && g && critter_has_trait(g, c, CT_STAYS))
        ui_disc(dst, x, y, half, 0x90101010u);
}

static void draw_critters_on(SDL_Surface *dst, const UiAssets *as, const UiScene *s, int cell)
{
    const Game *g = s->game;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player && i < MAX_CRITTERS; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place != AT_BOARD || c->cell != cell || critter_id(p, i) == s->picked)
                continue;
            int x, y;
            ui_area_point(&s->L, g, cell, c->area, &x, &y);
            draw_token(dst, &as->art, p, x, y, c, g);
        }
}

static void draw_stack(SDL_Surface *dst, UiAssets *as, const UiScene *s, int cell)
{
    const Game *g = s->game;
    const UiLayout *L = &s->L;
    const Cell *c = &g->board.cells[cell];
    const PlacedTile *top = board_top(&g->board, cell);
    if (!top && !(c->flags & CELL_LAVA))
        return;
    int h = c->height > 8 ? 8 : c->height, x, y;
    face_centre(L, g, cell, &x, &y);
    const UiHexArt *a = &as->art;
    if (x + a->half_w < 0 || x - a->half_w >= L->board_w || y - a->half_h >= L->board_h ||
        y + a->half_h + L->lift * h < 0)
        return;
    Look k;
    memset(&k, 0, sizeof k);
    if (top) {
        look_of(a, g, top->type, top->rotation, c->height, &k);
        draw_side(dst, a, x, y, L->lift, h, &k, L->board_h);
    }
    if (top)
        draw_land(dst, a, x, y, &k, L->board_w, L->board_h);
    if (c->flags & CELL_LAVA)
        draw_lava(dst, a, x, y, top != NULL, L->board_w, L->board_h);
    if (s->areas[cell] && top) {
        const TileType *t = &g->rules.tile_types[top->type];
        uint8_t sectors = 0;
        for (int e = 0; e < 6; e++)
            if (t->areas > 0 && (s->areas[cell] >> tile_edge_area(t, top->rotation, e) & 1))
                sectors |= (uint8_t)(1 << e);
        tint(dst, a, x, y, TARGET_TINT, L->board_w, L->board_h, sectors);
    }
    draw_critters_on(dst, as, s, cell);
}

static void draw_ghost(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    const Game *g = s->game;
    if (s->ghost_type < 0 || s->ghost_type >= g->rules.tile_type_count)
        return;
    int x = s->pointer_x, y = s->pointer_y, h = 1;
    if (s->ghost_cell != NO_CELL) {
        double cx, cy;
        ui_cell_centre(&s->L, s->ghost_cell, &cx, &cy);
        h = g->board.cells[s->ghost_cell].height + 1;
        x = (int)lround(cx);
        y = (int)lround(cy) - s->L.lift * (h > 8 ? 8 : h);
    }
    if (x < 0 || y < 0)
        return;
    Look k;
    look_of(&as->art, g, s->ghost_type, s->ghost_rot, h, &k);
    if (s->ghost_cell == NO_CELL)
        draw_ghost_face(dst, &as->art, x, y, &k, s->L.board_w, s->L.board_h, 0xB0);
    else
        draw_land(dst, &as->art, x, y, &k, s->L.board_w, s->L.board_h);
    outline(dst, &as->art, x, y, s->ghost_cell == NO_CELL ? 0x80FFFFFFu : s->ghost_ok ? HOVER_BAND : BAD_BAND,
            s->L.board_w, s->L.board_h);
}

static void draw_marks(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    const Game *g = s->game;
    const UiHexArt *a = &as->art;
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        if (!s->lit[cell] && cell != s->hover_cell)
            continue;
        int x, y;
        face_centre(&s->L, g, cell, &x, &y);
        uint32_t band = cell == s->hover_cell ? HOVER_BAND : (UI_HILITE & 0xFFFFFFu) | 0xD8000000u;
        outline(dst, a, x, y, band, s->L.board_w, s->L.board_h);
    }
}


/* The scripts' marks at a place, in words for the hover label: "  scorched  A:shielded"
 * (cell marks, then each critter's marks by seat), or "". */
static void marks_text(const Game *g, int cell, char *out, int len)
{
    int n = 0;
    out[0] = 0;
    for (int m = 0; m < g->rules.cell_mark_count && n < len; m++)
        if (cell_marked(g, m, cell))
            n += snprintf(out + n, (size_t)(len - n), "  %s", g->rules.cell_marks[m].name);
    for (int p = 0; p < g->players && n < len; p++)
        for (int i = 0; i < g->rules.critters_per_player && n < len; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place != AT_BOARD || c->cell != cell || !c->marks)
                continue;
            for (int m = 0; m < g->rules.critter_mark_count && n < len; m++)
                if ((c->marks >> m) & 1)
                    n += snprintf(out + n, (size_t)(len - n), "  %c:%s", 'A' + p, g->rules.critter_marks[m].name);
        }
}

static void draw_coords(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    const Game *g = s->game;
    int px = s->L.fs_small * 4 / 5 < 8 ? 8 : s->L.fs_small * 4 / 5;
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        bool show = cell == s->hover_cell || (s->coords && (board_is_land(&g->board, cell) || s->lit[cell]));
        if (!show || s->L.hex_size < 14)
            continue;
        int x, y;
        face_centre(&s->L, g, cell, &x, &y);
        char t[128], marks[96];
        Hex hx = board_hex(cell);
        marks_text(g, cell, marks, sizeof marks);
        if (cell == s->hover_cell && board_is_land(&g->board, cell))
            snprintf(t, sizeof t, "%d,%d  h%d%s", hx.q, hx.r, g->board.cells[cell].height, marks);
        else if (cell == s->hover_cell)
            snprintf(t, sizeof t, "%d,%d%s", hx.q, hx.r, marks);
        else
            snprintf(t, sizeof t, "%d,%d", hx.q, hx.r);
        int w = ui_text_width(&as->font, px, t), line = ui_font_line(&as->font, px);
        int ty = y + (int)(s->L.hex_size * 0.55) - line;
        ui_round_rect(dst, x - w / 2 - 2, ty, w + 4, line, 3, 0xB0000000u);
        ui_text(dst, &as->font, px, x - w / 2, ty, UI_INK, t, 0);
    }
}

void ui_render_board(SDL_Surface *dst, UiAssets *as, const UiScene *s)
{
    const Game *g = s->game;
    if (ui_art_size(&as->art, &as->tx, s->L.hex_size))
        return;
    ocean(dst, &as->art, &s->L);
    for (int cell = 0; cell < BOARD_CELLS; cell++) {
        if (board_is_land(&g->board, cell) || (g->board.cells[cell].flags & CELL_LAVA))
            draw_stack(dst, as, s, cell);
    }
    for (int p = 0; p < g->players; p++)   /* critters at sea, on the ocean hex */
        for (int i = 0; i < g->rules.critters_per_player && i < MAX_CRITTERS; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_ASIDE && c->cell < BOARD_CELLS && critter_id(p, i) != s->picked) {
                int x, y;
                face_centre(&s->L, g, c->cell, &x, &y);
                draw_token(dst, &as->art, p, x, y, c, g);
            }
        }
    draw_marks(dst, as, s);
    draw_ghost(dst, as, s);
    draw_coords(dst, as, s);
    if (s->picked >= 0 && s->pointer_x >= 0) {
        int seat = s->picked / MAX_CRITTERS;
        ui_disc(dst, s->pointer_x + 3, s->pointer_y + 4, as->art.token_size / 2, 0x70000000u);
        draw_token(dst, &as->art, seat, s->pointer_x, s->pointer_y, NULL, NULL);
    }
    if (s->dim_board)
        ui_blend_rect(dst, 0, 0, s->L.board_w, s->L.h, 0x90000000u);
}
