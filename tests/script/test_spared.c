/* A critter_hit handler's `spared` leaves the game valid by itself: a critter
 * spared from something that still comes to stay where it stands (lava not
 * stopped, a tile sliding onto its stack) is unharmed but cannot stay under
 * it, and flees to its biome elsewhere, free, as one spared from an eruption
 * does; `stop` stops lava, and a slide, which cannot be stopped, is fled
 * alike. A critter a handler took out of the way is left where it went. Each
 * test runs a one-handler mod and checks the invariants sim --check uses. */
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "effects.h"
#include "harness.h"
#include "harness_mods.h"
#include "invariants.h"
#include "scenario.h"
#include "session.h"

/* Opens a root with mod "hit" whose critter_hit handler body is `body`, and
 * builds `position` into the session's game. */
static void open_with(Session *s, char *root, size_t len, const char *body, const char *position)
{
    char text[1024], err[512];
    th_mods_root_make(root, len);
    snprintf(text, sizeof text, "manifest = { name = \"hit\", version = \"1\" }\non(\"critter_hit\", function(ev)\n%s\nend)\n",
             body);
    th_mods_put(root, "hit", "mod.lua", text);
    REQUIRE(th_mods_open(s, root, "hit", err, sizeof err) == 0);
    if (scenario_build(&s->game, &s->rules, position, err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "scenario refused: %s", err);
        th_abort_test();
    }
    s->current = &s->game;
    game_set_hooks(&s->game, session_hooks(), s);
}

static const char TWO_DARK[] = "tile 0 0 uno_dark\ntile 1 0 uno_dark\ncritter A 0 0 dark\nturn A claim\n";

static void check_valid(Session *s)
{
    char why[300];
    int rc = invariants_check(&s->game, why, sizeof why);
    if (rc)
        printf("    %s\n", why);
    CHECK_EQ(rc, 0);
    CHECK_EQ(s->error_count, 0);
}

TEST(hit_a_critter_spared_from_lava_that_still_comes_flees_rather_than_stand_on_it)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'lava' then ev.spared = true end", TWO_DARK);
    REQUIRE(effect_add_lava(&s.game, board_cell(hex_make(0, 0)), err, sizeof err) == 0);
    check_valid(&s);
    flow_advance(&s.game);
    REQUIRE(s.game.pending.kind == DK_EVACUATE);
    CHECK(s.game.queue[0].must_flee);   /* free: it was spared */
    static Option o[MAX_OPTIONS];
    int n = game_options(&s.game, o, MAX_OPTIONS), to = -1;
    for (int i = 0; i < n; i++)
        if (o[i].cell == board_cell(hex_make(1, 0)))
            to = i;
    REQUIRE(to >= 0);
    REQUIRE(game_apply(&s.game, to, err, sizeof err) == 0);
    const Critter *c = &s.game.player[0].critters[0];
    CHECK_EQ(c->place, AT_BOARD);
    CHECK_EQ(c->cell, board_cell(hex_make(1, 0)));
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hit_a_critter_spared_and_the_lava_stopped_stays_where_it_is)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'lava' then ev.spared, ev.stop = true, true end", TWO_DARK);
    REQUIRE(effect_add_lava(&s.game, board_cell(hex_make(0, 0)), err, sizeof err) == 0);
    CHECK_EQ(s.game.lava_count, 0);
    CHECK_EQ(s.game.queue_len, 0);
    CHECK_EQ(s.game.player[0].critters[0].cell, board_cell(hex_make(0, 0)));
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hit_a_critter_a_handler_sets_aside_before_the_lava_is_left_aside)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'lava' then game.set_aside(ev.owner, ev.critter); ev.spared = true end",
              TWO_DARK);
    REQUIRE(effect_add_lava(&s.game, board_cell(hex_make(0, 0)), err, sizeof err) == 0);
    CHECK_EQ(s.game.queue_len, 0);
    CHECK_EQ(s.game.player[0].critters[0].place, AT_ASIDE);
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hit_a_critter_a_handler_moves_away_is_not_asked_to_evacuate_from_where_it_went)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'lava' then game.move_critter(ev.owner, ev.critter, 1, 0, 1) end",
              TWO_DARK);
    REQUIRE(effect_add_lava(&s.game, board_cell(hex_make(0, 0)), err, sizeof err) == 0);
    CHECK_EQ(s.game.queue_len, 0);
    CHECK_EQ(s.game.player[0].critters[0].cell, board_cell(hex_make(1, 0)));
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}

/* A stack of two at (0,0) slides onto (1,0), where A's critter stands. */
static const char SLIDE[] = "tile 0 0 uno_dark\ntile 0 0 uno_light\ntile 1 0 uno_dark\ncritter A 1 0 dark\nturn A claim\n";

TEST(hit_a_critter_spared_from_a_sliding_tile_flees_rather_than_stay_under_it)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'slide' then ev.spared = true end", SLIDE);
    REQUIRE(effect_slide(&s.game, board_cell(hex_make(0, 0)), board_cell(hex_make(1, 0)), err, sizeof err) == 0);
    CHECK_EQ(s.game.queue_len, 1);
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hit_a_slide_cannot_be_stopped_its_critters_flee_and_the_tile_slides)
{
    static Session s;
    char root[256], err[256];
    open_with(&s, root, sizeof root, "if ev.cause == 'slide' then ev.stop = true end", SLIDE);
    REQUIRE(effect_slide(&s.game, board_cell(hex_make(0, 0)), board_cell(hex_make(1, 0)), err, sizeof err) == 0);
    CHECK_EQ(s.game.board.cells[board_cell(hex_make(1, 0))].height, 2);
    CHECK_EQ(s.game.queue_len, 1);
    check_valid(&s);
    session_close(&s);
    th_mods_root_remove(root);
}
