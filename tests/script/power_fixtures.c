#include "power_fixtures.h"

#include <string.h>

#include "../core/fixtures.h"
#include "harness.h"

Session *pf_session(void)
{
    static Session s;
    static int opened;
    if (!opened) {
        char err[256];
        if (session_open(&s, ".", err, sizeof err) != 0) {
            th_fail(__FILE__, __LINE__, "session_open: %s", err);
            th_abort_test();
        }
        opened = 1;
    }
    return &s;
}

Game *pf_position(int players, int phase, int kind)
{
    Session *s = pf_session();
    Game *g = &s->game;
    fx_game(g, players);
    g->rules = s->rules;
    g->hooks = session_hooks();
    g->hooks_ud = s;
    g->log = NULL;
    s->current = g;
    memset(g->vars, 0, sizeof g->vars);
    memset(g->unlocked, 0, sizeof g->unlocked);
    memset(g->grid_card, 255, sizeof g->grid_card);
    g->phase = (uint8_t)phase;
    g->active = 0;
    g->turn = 1;
    g->mode = MODE_NORMAL;
    g->moves_left = 0;
    g->queue_len = g->ask_len = 0;
    for (int p = 0; p < players; p++)
        for (int b = 0; b < BIOME_COUNT; b++) {
            g->supply_resources[b] += g->player[p].resources[b];
            g->player[p].resources[b] = 0;
        }
    g->pending = (Pending){ (uint8_t)kind, 0, 0, 0, 0 };
    return g;
}

int pf_card(const Game *g, const char *name)
{
    for (int i = 0; i < g->rules.power_card_count; i++)
        if (strcmp(g->rules.power_cards[i].name, name) == 0)
            return i;
    th_fail(__FILE__, __LINE__, "no power card '%s'", name);
    th_abort_test();
    return -1;
}

void pf_hold(Game *g, int player, int slot, const char *name)
{
    g->grid_card[slot] = (uint8_t)pf_card(g, name);
    g->unlocked[player][slot] = 1;
}

void pf_give(Game *g, int player, int dark, int medium, int light)
{
    int add[3] = { dark, medium, light };
    for (int b = 0; b < BIOME_COUNT; b++) {
        g->supply_resources[b] -= (uint8_t)add[b];
        g->player[player].resources[b] += (uint8_t)add[b];
    }
}

void pf_apply(Game *g, int index)
{
    char err[256];
    if (index < 0) {
        th_fail(__FILE__, __LINE__, "no such option to apply");
        th_abort_test();
    }
    if (game_apply(g, index, err, sizeof err) != 0) {
        th_fail(__FILE__, __LINE__, "apply: %s", err);
        th_abort_test();
    }
}

int pf_find(Game *g, int verb, int cell)
{
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == verb && (cell < 0 || o[i].cell == cell))
            return i;
    return -1;
}
