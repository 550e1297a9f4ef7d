/* Set-up (rulebook: Set-up 3-8): each player's starting island, tile by tile,
 * and a critter on each tile; the first player drawn; first resources (one
 * per biome type a player's critters control); the later players' bonus
 * picks. Then the scripts hear that the game starts, and the first turn. */
#include "core_internal.h"

/* First resources: one per biome type (dark, medium, light) the player's
 * critters control, so at most three (RULINGS: Small rulings). */
static void setup_collect(Game *g)
{
    View v;
    game_view(g, &v);
    for (int p = 0; p < g->players; p++) {
        int seen[BIOME_COUNT] = { 0 };
        for (int r = 0; r < v.rg.count; r++)
            if (v.players_in[r] & (1 << p))
                seen[v.rg.biome[r]] = 1;
        for (int b = 0; b < BIOME_COUNT; b++)
            if (seen[b])
                game_gain(g, p, b, 1);
    }
}

void setup_announce_held_powers(Game *g)
{
    if (game_listens(g, EV_POWER_UNLOCKED))
        for (int p = 0; p < g->players; p++)
            for (int c = 0; c < g->rules.power_card_count; c++) {
                if (!((g->options.hold[p] >> c) & 1))
                    continue;
                GameEvent ev;
                event_begin(&ev, EV_POWER_UNLOCKED);
                EV_SET(ev, POWER_UNLOCKED, player, p);
                EV_SET(ev, POWER_UNLOCKED, slot, -1);
                EV_SET(ev, POWER_UNLOCKED, card, c);
                game_emit(g, &ev);
            }
    if (game_listens(g, EV_GAME_START)) {
        GameEvent ev;
        event_begin(&ev, EV_GAME_START);
        EV_SET(ev, GAME_START, first_player, g->first_player);
        game_emit(g, &ev);
    }
}

void setup_next(Game *g)
{
    int steps = g->players * 6;
    if (g->setup_step < steps) {
        int stage = g->setup_step % 6;
        g->pending = (Pending){ (uint8_t)(stage % 2 == 0 ? DK_SETUP_TILE : DK_SETUP_CRITTER),
                                (uint8_t)(g->setup_step / 6), 0, 0, 0 };
        return;
    }
    if (g->setup_step == steps) {
        g->first_player = (uint8_t)rng_below(&g->rng, (uint32_t)g->players);
        g->active = g->first_player;
        setup_collect(g);
        g->setup_step++;
    }
    /* Bonus picks: player two onwards, `later_player_bonus` each. */
    int pick = g->setup_step - steps - 1;
    int per = g->rules.later_player_bonus;
    if (per > 0 && pick < per * (g->players - 1)) {
        int player = (g->first_player + 1 + pick / per) % g->players;
        g->pending = (Pending){ DK_BONUS, (uint8_t)player, 0, 0, 0 };
        return;
    }
    setup_announce_held_powers(g);
    flow_begin_turn(g);
}
