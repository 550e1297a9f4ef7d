/* Collect resources (rulebook: Collect resources): one per biome the player
 * controls, from the critters there that collect (not idle, not on a cell
 * whose mark forbids collecting), then discard down to the cap. The
 * "collect" handlers may cancel it or change the cap; "collect_biome"
 * handlers may change what each biome yields. */
#include "core_internal.h"

#include <stddef.h>
#include <string.h>

/* "collect": whether anything is collected, and the cap. */
static bool collect_event(Game *g, int p, int *cap)
{
    bool allowed = g->rules.modes[g->mode].collect;
    if (!game_listens(g, EV_COLLECT))
        return allowed;
    GameEvent ev;
    event_begin(&ev, EV_COLLECT);
    EV_SET(ev, COLLECT, player, p);
    EV_SET(ev, COLLECT, allowed, allowed);
    EV_SET(ev, COLLECT, cap, *cap);
    game_emit(g, &ev);
    *cap = (int)EV_GET(ev, COLLECT, cap);
    return EV_GET(ev, COLLECT, allowed) != 0;
}

/* What player p takes from region r, where `critters` of theirs collect and
 * the first of them stands on (cell, area). */
static int biome_yield(Game *g, const View *v, int p, int r, int critters, int cell, int area)
{
    if (!game_listens(g, EV_COLLECT_BIOME))
        return 1;
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_COLLECT_BIOME);
    EV_SET(ev, COLLECT_BIOME, player, p);
    EV_SET(ev, COLLECT_BIOME, q, h.q);
    EV_SET(ev, COLLECT_BIOME, r, h.r);
    EV_SET(ev, COLLECT_BIOME, area, area + 1);
    EV_SET(ev, COLLECT_BIOME, biome, v->rg.biome[r]);
    EV_SET(ev, COLLECT_BIOME, critters, critters);
    EV_SET(ev, COLLECT_BIOME, amount, 1);
    game_emit(g, &ev);
    return (int)EV_GET(ev, COLLECT_BIOME, amount);
}

static void collect_from_biomes(Game *g, int p)
{
    View v;
    game_view(g, &v);
    uint8_t yields[MAX_REGIONS];
    uint16_t first[MAX_REGIONS];
    memset(yields, 0, (size_t)v.rg.count);
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        if (c->place != AT_BOARD || critter_has_trait(g, c, CT_IDLE) || cell_has_trait(g, c->cell, LT_NO_COLLECT))
            continue;
        int r = game_view_region(g, &v, c->cell, c->area);
        if (r < 0 || r >= v.rg.count)
            continue;
        if (yields[r]++ == 0)
            first[r] = (uint16_t)i;
    }
    for (int r = 0; r < v.rg.count; r++) {
        if (!yields[r])
            continue;
        const Critter *c = &g->player[p].critters[first[r]];
        int amount = biome_yield(g, &v, p, r, yields[r], c->cell, c->area);
        game_gain(g, p, v.rg.biome[r], amount);
    }
}

void collect_run(Game *g)
{
    g->phase = PHASE_COLLECT;
    flow_phase_event(g);
    /* the rules' cap, or the largest a card p holds allows (abilities.resource_cap) */
    int p = g->active, cap = player_ability_max(g, p, offsetof(PowerCard, resource_cap), g->rules.resource_cap);
    if (collect_event(g, p, &cap))
        collect_from_biomes(g, p);
    g->pending = (Pending){ DK_DISCARD, (uint8_t)p, 0, 0, (uint16_t)cap };
}
