#include "fixtures.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "harness.h"
#include "harness_game.h"
#include "scenario.h"
#include "session.h"

static const char *const CONTENT_FILES[] = {
    "biomes.lua", "costs.lua", "grid.lua", "lava.lua", "players.lua", "supply.lua",
    "tiles.lua", "turns.lua",
};

const char *fx_content_dir(void)
{
    static const char *const candidates[] = { "content", "../content", "../../content" };
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
        char path[64];
        snprintf(path, sizeof path, "%s/tiles.lua", candidates[i]);
        if (access(path, R_OK) == 0)
            return candidates[i];
    }
    return "content";
}

const Rules *fx_rules(void)
{
    static Rules rules;
    static int state;   /* 0 not loaded, 1 loaded, -1 failed */
    static char err[256];
    if (state == 0) {
        /* The shipped rules: content/ plus the power cards of scripts/powers. */
        static Session s;
        char root[64];
        snprintf(root, sizeof root, "%s/..", fx_content_dir());
        state = session_open(&s, root, err, sizeof err) == 0 ? 1 : -1;
        if (state > 0) {
            rules = s.rules;
            session_close(&s);
        }
    }
    if (state < 0) {
        th_fail(__FILE__, __LINE__, "loading the shipped content: %s", err);
        th_abort_test();
    }
    return &rules;
}

int fx_type(const char *name)
{
    int t = rules_tile_type_by_name(fx_rules(), name);
    if (t < 0) {
        th_fail(__FILE__, __LINE__, "no tile type '%s' in the shipped content", name);
        th_abort_test();
    }
    return t;
}

const TileType *fx_tile(const char *name)
{
    return &fx_rules()->tile_types[fx_type(name)];
}

void fx_game(Game *g, int players)
{
    GameOptions o;
    memset(&o, 0, sizeof o);
    o.players = (uint8_t)players;
    o.setup_variation = 1;
    char err[256];
    if (game_init(g, fx_rules(), &o, 1, NULL, NULL, err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "game_init: %s", err);
        th_abort_test();
    }
    board_clear(&g->board);
    board_set_rules(&g->board, fx_rules());
    g->lava_count = 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            g->player[p].critters[i] = (Critter){ .place = AT_HAND };
}

int fx_push(Board *b, int q, int r, const char *type_name, int rotation)
{
    int cell = fx_cell(q, r);
    if (!b->has_types)
        board_set_rules(b, fx_rules());
    if (board_push(b, cell, fx_type(type_name), rotation) != 0) {
        th_fail(__FILE__, __LINE__, "board_push(%s at %d,%d) failed", type_name, q, r);
        th_abort_test();
    }
    return cell;
}

void fx_lava(Board *b, int q, int r)
{
    b->cells[fx_cell(q, r)].flags |= CELL_LAVA;
}

void fx_game_lava(Game *g, int q, int r)
{
    fx_lava(&g->board, q, r);
    g->lava[g->lava_count++] = (Lava){ .cell = (uint16_t)fx_cell(q, r) };
}

void fx_critter(Game *g, int player, int index, int q, int r, int area)
{
    g->player[player].critters[index] = (Critter){ .place = AT_BOARD, .area = (uint8_t)area, .cell = (uint16_t)fx_cell(q, r) };
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        *len = (size_t)n;
    }
    return buf;
}

void fx_write(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0) {
        if (f)
            fclose(f);
        th_fail(__FILE__, __LINE__, "cannot write %s", path);
        th_abort_test();
    }
    fclose(f);
}

void fx_content_copy(char *dir, int dirlen)
{
    snprintf(dir, (size_t)dirlen, "/tmp/vq-content-XXXXXX");
    if (!mkdtemp(dir)) {
        th_fail(__FILE__, __LINE__, "mkdtemp failed");
        th_abort_test();
    }
    for (size_t i = 0; i < sizeof CONTENT_FILES / sizeof *CONTENT_FILES; i++) {
        char src[512];
        size_t len = 0;
        snprintf(src, sizeof src, "%s/%s", fx_content_dir(), CONTENT_FILES[i]);
        char *text = slurp(src, &len);
        if (!text) {
            th_fail(__FILE__, __LINE__, "cannot read %s", src);
            fx_content_remove(dir);
            th_abort_test();
        }
        fx_write(dir, CONTENT_FILES[i], text);
        free(text);
    }
}

void fx_content_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* ---- scenario tests ---- */

const char *fx_root(void)
{
    static char root[64];
    const char *content = fx_content_dir();
    size_t len = strlen(content) - strlen("content");
    if (len == 0)
        return ".";
    snprintf(root, sizeof root, "%.*s", (int)(len - 1), content);
    return root;
}

void fx_scenario(Game *g, const char *text)
{
    char err[300];
    if (scenario_build(g, fx_rules(), text, err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "scenario refused: %s", err);
        th_abort_test();
    }
}

void fx_session_scenario(struct Session *s, const char *text)
{
    char err[300];
    if (session_open(s, fx_root(), err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "session_open: %s", err);
        th_abort_test();
    }
    if (scenario_build(&s->game, &s->rules, text, err, sizeof err) != 0) {
        session_close(s);
        th_fail(__FILE__, __LINE__, "scenario refused: %s", err);
        th_abort_test();
    }
    s->current = &s->game;
    game_set_hooks(&s->game, session_hooks(), s);
}

int fx_area(const Game *g, int q, int r, const char *biome)
{
    int cell = fx_cell(q, r), b = biome_by_name(biome);
    int areas = board_areas(&g->board, &g->rules, cell);
    for (int a = 0; a < areas; a++)
        if (board_area_biome(&g->board, &g->rules, cell, a) == b)
            return a;
    th_fail(__FILE__, __LINE__, "no %s area on the top tile of (%d,%d)", biome, q, r);
    th_abort_test();
    return -1;
}

int fx_critter_on(const Game *g, int q, int r, const char *biome)
{
    int cell = fx_cell(q, r), b = biome_by_name(biome);
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_BOARD && c->cell == cell &&
                board_area_biome(&g->board, &g->rules, cell, c->area) == b)
                return critter_id(p, i);
        }
    return -1;
}

static Option fx_opts[MAX_OPTIONS];

int fx_find(const Game *g, int verb, int cell, int sub, int subject)
{
    int n = game_options(g, fx_opts, MAX_OPTIONS);
    for (int i = 0; i < n; i++) {
        const Option *o = &fx_opts[i];
        if (o->verb == verb && (cell < 0 || o->cell == cell) && (sub < 0 || o->sub == sub) &&
            (subject < 0 || o->subject == subject))
            return i;
    }
    return -1;
}

int fx_find_pay(const Game *g, int verb, int subject, int dark, int medium, int light)
{
    int n = game_options(g, fx_opts, MAX_OPTIONS);
    for (int i = 0; i < n; i++) {
        const Option *o = &fx_opts[i];
        if (o->verb == verb && (subject < 0 || o->subject == subject) && o->pay == pay_pack(dark, medium, light))
            return i;
    }
    return -1;
}

int fx_count(const Game *g, int verb)
{
    int n = game_options(g, fx_opts, MAX_OPTIONS), k = 0;
    for (int i = 0; i < n; i++)
        k += fx_opts[i].verb == verb;
    return k;
}

int fx_count_at(const Game *g, int verb, int cell)
{
    int n = game_options(g, fx_opts, MAX_OPTIONS), k = 0;
    for (int i = 0; i < n; i++)
        k += fx_opts[i].verb == verb && fx_opts[i].cell == cell;
    return k;
}

void fx_apply(Game *g, int index)
{
    char err[300];
    if (index < 0) {
        th_fail(__FILE__, __LINE__, "no such option in the %s decision", decision_kind_name(g->pending.kind));
        th_abort_test();
    }
    if (game_apply(g, index, err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "game_apply: %s", err);
        th_abort_test();
    }
}

void fx_do(Game *g, int verb, int cell, int sub, int subject)
{
    int i = fx_find(g, verb, cell, sub, subject);
    if (i < 0) {
        th_fail(__FILE__, __LINE__, "no %s option (cell %d, sub %d, subject %d) in the %s decision",
                verb_name(verb), cell, sub, subject, decision_kind_name(g->pending.kind));
        th_abort_test();
    }
    fx_apply(g, i);
}

uint64_t fx_xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

int fx_play(Game *g, ActionLog *log, int players, uint64_t seed, uint64_t pick, int steps)
{
    GameOptions o = { .players = (uint8_t)players, .setup_variation = 1, .variant = "" };
    char err[256];
    if (game_init(g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "game_init: %s", err);
        return -1;
    }
    if (log)
        log->len = 0;
    g->log = log;
    static Option opts[MAX_OPTIONS];
    pick = pick * 2654435761u + 1;
    int i;
    for (i = 0; i < steps && !game_over(g); i++) {
        int n = game_options(g, opts, MAX_OPTIONS);
        if (n <= 0 || game_apply(g, (int)(fx_xorshift(&pick) % (uint64_t)n), err, sizeof err)) {
            th_fail(__FILE__, __LINE__, "apply: %s", n <= 0 ? "no options" : err);
            return -1;
        }
    }
    if (CHECK_NO_SCRIPT_ERROR(NULL, g, "fx_play, seed %llu", (unsigned long long)seed))
        return -1;
    return i;
}
