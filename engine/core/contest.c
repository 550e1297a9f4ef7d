/* What a change leaves to be asked: critters displaced from a stack (they
 * migrate, evacuate or flee, each owner asked in turn) and biomes holding
 * critters of several players, or several of one (contests). */
#include "core_internal.h"

#include <string.h>

static void queue_push(Game *g, const QueueItem *q)
{
    if (g->queue_len < MAX_QUEUE)
        g->queue[g->queue_len++] = *q;
    else
        game_critter_to_hand(g, q->subject, CAUSE_OVERFLOW);
}

bool queue_has_critter(const Game *g, int id)
{
    for (int k = 0; k < g->queue_len; k++)
        if (g->queue[k].subject == id && g->queue[k].kind != DK_KEEP)
            return true;
    return false;
}

void queue_pop(Game *g)
{
    if (g->queue_len == 0)
        return;
    memmove(&g->queue[0], &g->queue[1], sizeof g->queue[0] * (size_t)(g->queue_len - 1));
    g->queue_len--;
}

/* Queues critter id (on the board) with the land of its region as it is now
 * (view v) as where it may go. A critter that stays goes to hand instead. */
static void queue_with_view(Game *g, const View *v, int id, int kind, bool must_flee, int cause)
{
    const Critter *c = game_critter(g, id);
    if (critter_has_trait(g, c, CT_STAYS)) {
        game_critter_to_hand(g, id, cause);
        return;
    }
    QueueItem q;
    memset(&q, 0, sizeof q);
    q.kind = (uint8_t)kind;
    q.player = (uint8_t)(id / MAX_CRITTERS);
    q.subject = (uint16_t)id;
    q.cell = c->cell;
    q.biome = (uint8_t)board_area_biome(&g->board, &g->rules, c->cell, c->area);
    q.must_flee = must_flee;
    q.cause = (uint8_t)cause;
    int region = game_view_region(g, v, c->cell, c->area);
    const Board *b = &g->board;
    for (int k = 0; k < b->land_count; k++) {
        int lc = b->land[k];
        int areas = board_areas(b, &g->rules, lc);
        for (int a = 0; a < areas; a++)
            if (game_view_region(g, v, lc, a) == region)
                q.reach[k >> 3] |= (uint8_t)(1 << (k & 7));
    }
    queue_push(g, &q);
}

void queue_critter(Game *g, int id, int kind, int cause)
{
    View v;
    game_view(g, &v);
    queue_with_view(g, &v, id, kind, false, cause);
}

void queue_flee(Game *g, int id, int cause)
{
    View v;
    game_view(g, &v);
    queue_with_view(g, &v, id, DK_EVACUATE, true, cause);
}

bool queue_hit_all(Game *g, int cell, int cause, bool stoppable)
{
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++) {
        HitOutcome hit = game_critter_hit(g, ids[i], cause);
        if (hit.stop && stoppable)
            return false;
        const Critter *c = game_critter(g, ids[i]);
        if (c->place != AT_BOARD || c->cell != cell)
            continue;   /* a handler took it out of the way */
        if (hit.flee || hit.spared || hit.stop)
            queue_flee(g, ids[i], cause);
        else
            queue_critter(g, ids[i], DK_EVACUATE, cause);
    }
    return true;
}

int queue_displaced(Game *g, int cell, int kind, int cause)
{
    int first = g->queue_len;
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    if (n == 0)
        return first;
    View v;
    game_view(g, &v);
    for (int i = 0; i < n; i++)
        queue_with_view(g, &v, ids[i], kind, false, cause);
    return first;
}

/* ---- contests ---- */

/* The base rule for region r: with several players each loses as many
 * critters as the second-highest count (so only a unique top keeps any);
 * whoever is left with two or more keeps one, their choice. */
static void base_keep(const Game *g, const View *v, int r, int keep[MAX_PLAYERS])
{
    int top = 0, second = 0, top_players = 0;
    for (int p = 0; p < g->players; p++) {
        int c = v->count_in[r][p];
        if (c > top) { second = top; top = c; top_players = 1; }
        else if (c == top && c > 0) { second = c; top_players++; }
        else if (c > second) second = c;
    }
    for (int p = 0; p < MAX_PLAYERS; p++) {
        int c = p < g->players ? v->count_in[r][p] : 0;
        int k = (c == top && top_players == 1) ? c - second : 0;
        keep[p] = k > 1 ? 1 : k;
    }
}

/* The first area of region r in land order, as a place for the event. */
static void region_anchor(const Game *g, const View *v, int r, int *cell, int *area)
{
    const Board *b = &g->board;
    for (int k = 0; k < b->land_count; k++) {
        int lc = b->land[k];
        int areas = board_areas(b, &g->rules, lc);
        for (int a = 0; a < areas; a++)
            if (game_view_region(g, v, lc, a) == r) {
                *cell = lc;
                *area = a;
                return;
            }
    }
    *cell = 0;
    *area = 0;
}

/* Lets the "contest" handlers change the base keep of region r. */
static void contest_event(Game *g, const View *v, int r, int keep[MAX_PLAYERS])
{
    if (!game_listens(g, EV_CONTEST))
        return;
    int cell, area;
    region_anchor(g, v, r, &cell, &area);
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_CONTEST);
    EV_SET(ev, CONTEST, player, g->active);
    EV_SET(ev, CONTEST, q, h.q);
    EV_SET(ev, CONTEST, r, h.r);
    EV_SET(ev, CONTEST, area, area + 1);
    EV_SET(ev, CONTEST, players, v->active_in[r]);
    EV_SET(ev, CONTEST, after, g->land_change);
    for (int p = 0; p < g->players; p++) {
        ev.v[CONTEST_count + p] = v->count_in[r][p];
        ev.v[CONTEST_keep + p] = keep[p];
    }
    game_emit(g, &ev);
    for (int p = 0; p < g->players; p++) {
        int64_t k = ev.v[CONTEST_keep + p];
        keep[p] = k < 0 ? 0 : k > v->count_in[r][p] ? v->count_in[r][p] : (int)k;
    }
}

/* Player p keeps keep of their c critters in region r: none, and all go to
 * hand; else the rest are chosen by p (DK_KEEP). */
static void apply_keep(Game *g, const View *v, int r, int p, int keep)
{
    int c = v->count_in[r][p];
    if (c == 0 || keep >= c)
        return;
    int anchor = -1;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *cr = &g->player[p].critters[i];
        if (cr->place != AT_BOARD || critter_has_trait(g, cr, CT_PEACEFUL) ||
            game_view_region(g, v, cr->cell, cr->area) != r)
            continue;
        if (keep == 0)
            game_critter_to_hand(g, critter_id(p, i), CAUSE_CONTEST);
        else if (anchor < 0)
            anchor = critter_id(p, i);
    }
    if (keep == 0)
        return;
    QueueItem q;
    memset(&q, 0, sizeof q);
    q.kind = DK_KEEP;
    q.player = (uint8_t)p;
    q.subject = (uint16_t)anchor;
    q.count = (uint8_t)(c - keep);
    queue_push(g, &q);
}

void contest_resolve_all(Game *g)
{
    View v;
    game_view(g, &v);
    int after = g->land_change;
    g->land_change = LAND_NONE;
    for (int r = 0; r < v.rg.count; r++) {
        if (!v.active_in[r])
            continue;
        bool several = __builtin_popcount(v.active_in[r]) > 1, crowded = false;
        for (int p = 0; p < g->players; p++)
            crowded |= v.count_in[r][p] > 1;
        if (!several && !crowded)
            continue;
        int keep[MAX_PLAYERS];
        base_keep(g, &v, r, keep);
        g->land_change = (uint8_t)after;   /* the event's `after`, for every region of this round */
        contest_event(g, &v, r, keep);
        g->land_change = LAND_NONE;
        for (int k = 0; k < g->players; k++) {
            int p = (g->active + k) % g->players;
            apply_keep(g, &v, r, p, keep[p]);
        }
    }
}
