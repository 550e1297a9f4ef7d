/* game_hash sees every byte of the state: real mid-game positions (rules
 * scripts running, powers held, lava, a script's question, critters queued to
 * move, an island being summoned, marks and script state) have each byte of
 * their Game flipped in turn, and the hash must change.
 *
 * Only the bytes listed in classify() are spared, each with its reason; those
 * that are not state must then leave the hash alone (flipping them is checked
 * too), and two kinds are not checked either way: the Rules (rules_hash covers
 * them) and positions in the board's land order or the choice pool, which the
 * walk reads through but never feeds. A field added to Game is covered by
 * default: this test fails until the walk feeds it or classify() says why not. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "game.h"
#include "harness.h"
#include "save.h"
#include "session.h"

/* Why a byte is spared. LIVE bytes must change the hash; SAME ones must not. */
enum {
    LIVE,
    SAME_PADDING,     /* the compiler's padding between fields */
    SAME_UNUSED,      /* a field named `unused`: kept zero, never read */
    SAME_STALE,       /* past a count, past a string's end, a pool entry no stack uses */
    SAME_NOT_STATE,   /* script_errors, log, hooks, listening: not state (game.h) */
    SAME_CACHE,       /* the board's derived data and pool length (board.h) */
    UNCHECKED_RULES,  /* rules_hash's job */
    UNCHECKED_LAYOUT, /* a position in the land order or the choice pool: read through, never fed */
    WHY_COUNT
};
static const char *const WHY_NAME[WHY_COUNT] = {
    "live", "padding", "unused field", "stale", "not state", "derived cache", "rules", "layout",
};

typedef struct Span {
    const char *name;
    size_t at, size;
} Span;

/* Names for failure messages only (a byte is reported as member + offset). */
#define SPAN(m) { #m, offsetof(Game, m), sizeof(((Game *)0)->m) }
static const Span MEMBERS[] = {
    SPAN(rules), SPAN(options), SPAN(seed), SPAN(rng), SPAN(board), SPAN(players), SPAN(first_player),
    SPAN(active), SPAN(phase), SPAN(mode), SPAN(end_reason), SPAN(turn), SPAN(moves_left),
    SPAN(buys_made), SPAN(soil_placements), SPAN(extra_buys), SPAN(bought_type), SPAN(volcano_held),
    SPAN(setup_step), SPAN(sacrifices), SPAN(contest_dirty), SPAN(supply_tiles), SPAN(supply_volcanoes),
    SPAN(supply_resources), SPAN(grid_card), SPAN(caldera_deck), SPAN(caldera_size),
    SPAN(caldera_discard), SPAN(cards_played), SPAN(cards_in_play), SPAN(lava_count), SPAN(lava),
    SPAN(flow_count), SPAN(flows), SPAN(player), SPAN(pending), SPAN(resume), SPAN(queue_len),
    SPAN(queue), SPAN(ask_len), SPAN(choice_len), SPAN(ask), SPAN(choice), SPAN(island_count),
    SPAN(island_cells), SPAN(setup_cells), SPAN(unlocked), SPAN(end_triggered), SPAN(trigger_player),
    SPAN(state), SPAN(cell_marks), SPAN(turn_skip), SPAN(land_change), SPAN(erupting), SPAN(mods_disabled),
    SPAN(progress), SPAN(progress_turn),
    SPAN(script_errors), SPAN(mod_work_event), SPAN(mod_work_decision), SPAN(verify_listed), SPAN(log), SPAN(hooks), SPAN(hooks_ud), SPAN(listening),
};
#undef SPAN

static void byte_name(size_t at, char *out, size_t len)
{
    const Span *best = NULL;
    for (size_t i = 0; i < sizeof MEMBERS / sizeof *MEMBERS; i++)
        if (MEMBERS[i].at <= at && (!best || MEMBERS[i].at > best->at))
            best = &MEMBERS[i];
    snprintf(out, len, "byte %zu (%s + %zu)", at, best ? best->name : "?", best ? at - best->at : at);
}

/* Marks `len` bytes of g starting at `field` (a pointer into g) as `why`. */
static void spare(uint8_t *why, const Game *g, const void *field, size_t len, int reason)
{
    memset(why + ((const uint8_t *)field - (const uint8_t *)g), reason, len);
}
#define SPARE(field, reason) spare(why, g, &(field), sizeof(field), (reason))
/* Elements n and on of `array` (none when n is past its end). */
#define SPARE_FROM(array, n, reason)                                                        \
    do {                                                                                    \
        size_t from_ = (size_t)(n), len_ = sizeof(array) / sizeof((array)[0]);             \
        if (from_ < len_)                                                                   \
            spare(why, g, &(array)[from_], (len_ - from_) * sizeof((array)[0]), (reason)); \
    } while (0)

/* A NUL-terminated string in a fixed buffer: what follows its NUL is stale. */
static void spare_string_tail(uint8_t *why, const Game *g, const char *s, size_t cap)
{
    size_t n = strnlen(s, cap);
    if (n + 1 < cap)
        spare(why, g, s + n + 1, cap - n - 1, SAME_STALE);
}

/* The padding the compiler puts between fields (as `ptype /o` in gdb shows
 * it), each range named by the fields on either side. GCC's
 * __builtin_clear_padding would find it unaided, but GCC 12 gets nested
 * arrays wrong. A range can hold alignment only: it must be shorter than 8. */
typedef struct Gap {
    size_t from, to;   /* within the struct */
} Gap;
#define GAP(Type, before, after) { offsetof(Type, before) + sizeof(((Type *)0)->before), offsetof(Type, after) }
#define TAIL(Type, last) { offsetof(Type, last) + sizeof(((Type *)0)->last), sizeof(Type) }
static const Gap GAME_GAPS[] = {
    GAP(Game, rules, options), GAP(Game, lava_count, lava), GAP(Game, flow_count, flows), GAP(Game, queue_len, queue),
    GAP(Game, ask_len, choice_len), GAP(Game, choice_len, ask), GAP(Game, island_count, island_cells),
    GAP(Game, trigger_player, state), GAP(Game, erupting, mods_disabled), GAP(Game, progress_turn, script_errors),
    GAP(Game, verify_listed, log),
};
static const Gap OPTIONS_GAPS[] = { GAP(GameOptions, variant, deal), GAP(GameOptions, param_count, params) };
static const Gap RNG_GAPS[] = { TAIL(Rng, draws) };
static const Gap PLAYER_GAPS[] = { GAP(Player, caldera, critters) };
static const Gap ASK_GAPS[] = { GAP(ScriptAsk, unused, ctx) };
#undef GAP
#undef TAIL

/* Marks the gaps of one struct at `base` (a pointer into g). */
static void spare_gaps(uint8_t *why, const Game *g, const void *base, const Gap *gaps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (gaps[i].to < gaps[i].from || gaps[i].to - gaps[i].from >= 8)
            th_fail(__FILE__, __LINE__, "padding list: a gap of %zu bytes is no alignment padding",
                    gaps[i].to - gaps[i].from);
        else
            spare(why, g, (const uint8_t *)base + gaps[i].from, gaps[i].to - gaps[i].from, SAME_PADDING);
    }
}
#define SPARE_GAPS(base, gaps) spare_gaps(why, g, (base), (gaps), sizeof(gaps) / sizeof(gaps)[0])

static void mark_padding(uint8_t *why, const Game *g)
{
    SPARE_GAPS(g, GAME_GAPS);
    SPARE_GAPS(&g->options, OPTIONS_GAPS);
    SPARE_GAPS(&g->rng, RNG_GAPS);
    for (int p = 0; p < MAX_PLAYERS; p++)
        SPARE_GAPS(&g->player[p], PLAYER_GAPS);
    for (int i = 0; i < MAX_ASKS; i++)
        SPARE_GAPS(&g->ask[i], ASK_GAPS);
}
#undef SPARE_GAPS

static void classify_board(uint8_t *why, const Game *g)
{
    const Board *b = &g->board;
    SPARE(b->land_count, UNCHECKED_LAYOUT);
    SPARE(b->land, UNCHECKED_LAYOUT);
    SPARE(b->land_index, UNCHECKED_LAYOUT);
    SPARE(b->tile_count, SAME_CACHE);
    /* From land_class on, the board holds derived data only (board.h). */
    spare(why, g, &b->land_class, sizeof *b - offsetof(Board, land_class), SAME_CACHE);
    static uint8_t used[MAX_BOARD_TILES];   /* pool entries some stack holds */
    memset(used, 0, sizeof used);
    for (int c = 0; c < BOARD_CELLS; c++)
        for (unsigned t = b->cells[c].top; t != NO_TILE && t < MAX_BOARD_TILES && !used[t]; t = b->tiles[t].below)
            used[t] = 1;
    for (int t = 0; t < MAX_BOARD_TILES; t++)
        if (!used[t])
            SPARE(b->tiles[t], SAME_STALE);
}

static void classify_players(uint8_t *why, const Game *g)
{
    int slots = g->rules.grid_slot_count, critters = g->rules.critters_per_player;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        const Player *pl = &g->player[p];
        if (p >= g->players) {
            SPARE(g->player[p], SAME_STALE);
            SPARE(g->setup_cells[p], SAME_STALE);
            SPARE(g->unlocked[p], SAME_STALE);
            continue;
        }
        SPARE_FROM(pl->caldera, pl->caldera_count, SAME_STALE);
        SPARE_FROM(pl->critters, critters, SAME_STALE);
        for (int i = 0; i < critters; i++)
            SPARE(pl->critters[i].unused, SAME_UNUSED);
        SPARE_FROM(g->unlocked[p], slots, SAME_STALE);
    }
}

static void classify_questions(uint8_t *why, const Game *g)
{
    static uint8_t asked[MAX_CHOICES];   /* choices some waiting question offers */
    memset(asked, 0, sizeof asked);
    for (int i = 0; i < g->ask_len; i++) {
        const ScriptAsk *a = &g->ask[i];
        SPARE(a->unused, SAME_UNUSED);
        SPARE(a->first, a->count ? UNCHECKED_LAYOUT : SAME_STALE);
        for (int k = a->first; k < a->first + a->count && k < MAX_CHOICES; k++)
            asked[k] = 1;
    }
    SPARE_FROM(g->ask, g->ask_len, SAME_STALE);
    SPARE(g->choice_len, UNCHECKED_LAYOUT);
    for (int k = 0; k < MAX_CHOICES; k++) {
        if (!asked[k])
            SPARE(g->choice[k], SAME_STALE);
        SPARE(g->choice[k].unused, SAME_UNUSED);
    }
}

/* Which bytes of g are spared, and why (see the enum above). */
static void classify(const Game *g, uint8_t *why)
{
    memset(why, LIVE, sizeof(Game));
    mark_padding(why, g);
    SPARE(g->rules, UNCHECKED_RULES);
    spare_string_tail(why, g, g->options.variant, VARIANT_LEN);
    SPARE_FROM(g->options.params, g->options.param_count, SAME_STALE);
    for (int i = 0; i < g->options.param_count; i++)
        spare_string_tail(why, g, g->options.params[i].name, PARAM_NAME_LEN);
    classify_board(why, g);
    SPARE_FROM(g->supply_tiles, g->rules.tile_type_count, SAME_STALE);
    SPARE_FROM(g->grid_card, g->rules.grid_slot_count, SAME_STALE);
    SPARE_FROM(g->caldera_deck, g->caldera_size, SAME_STALE);
    SPARE_FROM(g->lava, g->lava_count, SAME_STALE);
    for (int i = 0; i < g->lava_count; i++)
        SPARE(g->lava[i].unused, SAME_UNUSED);
    SPARE_FROM(g->flows, g->flow_count, SAME_STALE);
    classify_players(why, g);
    SPARE_FROM(g->queue, g->queue_len, SAME_STALE);
    for (int i = 0; i < g->queue_len; i++)   /* reach bytes wholly past the land */
        SPARE_FROM(g->queue[i].reach, (g->board.land_count + 7) / 8, SAME_STALE);
    classify_questions(why, g);
    SPARE_FROM(g->island_cells, g->island_count, SAME_STALE);
    SPARE_FROM(g->state, g->rules.state_used, SAME_STALE);
    SPARE_FROM(g->cell_marks, g->rules.cell_mark_count, SAME_STALE);
    SPARE(g->script_errors, SAME_NOT_STATE);
    SPARE(g->mod_work_event, SAME_NOT_STATE);   /* the mods' work so far: a limit's count, not the game */
    SPARE(g->mod_work_decision, SAME_NOT_STATE);
    SPARE(g->verify_listed, SAME_NOT_STATE);
    SPARE(g->erupting, SAME_NOT_STATE);   /* 0 between decisions: only effect_erupt sets it */
    SPARE(g->log, SAME_NOT_STATE);
    SPARE(g->hooks, SAME_NOT_STATE);
    SPARE(g->hooks_ud, SAME_NOT_STATE);
    SPARE(g->listening, SAME_NOT_STATE);
}
#undef SPARE
#undef SPARE_FROM

typedef struct Tally {
    long flipped[WHY_COUNT];
    long failures;
} Tally;

/* Flips each byte of `position` in turn; LIVE bytes must move the hash, SAME
 * bytes must not. Failures name the byte; at most 20 are printed. */
static void flip_every_byte(const Game *position, const char *name, Tally *t)
{
    static Game g;
    static uint8_t why[sizeof(Game)];
    memcpy(&g, position, sizeof g);
    classify(&g, why);
    uint64_t h = game_hash(&g);
    /* Pool entries no stack holds are not state: fill them with tiles no
     * stack has, so that a flipped index leading into one reads a new stack. */
    for (size_t i = offsetof(Game, board.tiles); i < offsetof(Game, board.tiles) + sizeof g.board.tiles; i++)
        if (why[i] == SAME_STALE)
            ((uint8_t *)&g)[i] = 0xEE;
    if (game_hash(&g) != h)
        th_fail(__FILE__, __LINE__, "%s: the hash reads pool entries no stack holds", name);
    uint8_t *bytes = (uint8_t *)&g;
    for (size_t i = 0; i < sizeof g; i++) {
        if (why[i] >= UNCHECKED_RULES)
            continue;
        bytes[i] ^= 0xFF;
        int moved = game_hash(&g) != h;
        bytes[i] ^= 0xFF;
        t->flipped[why[i]]++;
        if (moved == (why[i] == LIVE))
            continue;
        if (t->failures++ < 20) {
            char at[96];
            byte_name(i, at, sizeof at);
            th_fail(__FILE__, __LINE__, "%s: flipping %s %s the hash (%s)", name, at,
                    moved ? "changes" : "does not change", WHY_NAME[why[i]]);
        }
    }
}

/* ---- the positions ---- */

static int marks_and_state(const Game *g)
{
    int cells = 0, critters = 0, state = 0;
    for (int m = 0; m < g->rules.cell_mark_count; m++)
        for (int i = 0; i < BOARD_CELLS / 8; i++)
            cells += g->cell_marks[m][i] != 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            critters += g->player[p].critters[i].marks != 0;
    for (int i = 0; i < g->rules.state_used; i++)
        state += g->state[i] != 0;
    return cells > 0 && critters > 0 && state > 0 && g->turn > 8;
}
static int question_and_flow(const Game *g) { return g->ask_len > 0 && g->flow_count > 0 && g->choice_len > 0 && g->lava_count > 0; }
static int critters_queued(const Game *g) { return g->queue_len > 0; }
static int island_on_lava(const Game *g) { return g->island_count > 0 && g->lava_count > 0; }

/* A position to look for: what it must show, and the power cards each seat
 * holds from the start so that the scripts put it there. */
typedef struct Wanted {
    const char *name;
    int (*found)(const Game *g);
    const char *hold[3];
} Wanted;

static const Wanted POSITIONS[] = {
    { "a script's question while lava flows", question_and_flow,
      { "Magma bomb,Colossal critter,Lava diversion", "Landslide,Island forger,Frugal ritual", "" } },
    { "critters queued to move", critters_queued,
      { "Magma bomb,Burrowing critters", "Cooperative critters,Landslide", "" } },
    { "an island summoned, lava on the board", island_on_lava,
      { "Magma bomb", "Island forger,Frugal ritual", "" } },
    { "marks on cells and critters, script state", marks_and_state,
      { "Colossal critter,Burrowing critters", "Cooperative critters,Frugal ritual", "Volcanic winter" } },
};

/* Plays seeded random 3-player games of s until a position shows what w
 * wants; copies it to out. Returns 0, or -1 if none did. */
static int find_position(Session *s, const Wanted *w, Game *out)
{
    static Option o[MAX_OPTIONS];
    char err[300];
    for (int p = 0; p < 3; p++)
        session_set_hold(s, p, w->hold[p]);
    for (uint64_t seed = 1; seed <= 60; seed++) {
        GameOptions go = { .players = 3, .setup_variation = 1, .variant = "symbiosis" };
        if (session_new_game(s, &go, seed, err, sizeof err))
            return -1;
        uint64_t x = seed * 77 + 1;
        for (int d = 0; d < 3000 && !game_over(&s->game); d++) {
            if (w->found(&s->game)) {
                memcpy(out, &s->game, sizeof *out);
                return 0;
            }
            int n = game_options(&s->game, o, MAX_OPTIONS);
            if (n <= 0 || game_apply(&s->game, (int)(fx_xorshift(&x) % (uint64_t)n), err, sizeof err))
                return -1;
        }
    }
    return -1;
}

TEST(hash_changes_when_any_byte_of_the_state_flips)
{
    static Session s;
    static Game position;
    char err[300];
    REQUIRE(session_open(&s, fx_root(), err, sizeof err) == 0);
    s.quiet = 1;
    Tally t = { { 0 }, 0 };
    for (size_t i = 0; i < sizeof POSITIONS / sizeof *POSITIONS; i++) {
        if (find_position(&s, &POSITIONS[i], &position)) {
            th_fail(__FILE__, __LINE__, "no game reached a position with %s", POSITIONS[i].name);
            continue;
        }
        flip_every_byte(&position, POSITIONS[i].name, &t);
    }
    /* Not vacuous: each position has thousands of live bytes (8,000 or more
     * in each of these; `t` holds the count per reason). */
    CHECK(t.flipped[LIVE] > 2000 * (long)(sizeof POSITIONS / sizeof *POSITIONS));
    session_close(&s);
}
