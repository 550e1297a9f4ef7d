/* Rulebook, "3-5 Player variations": Symbiosis and To the Left, run by the
 * shipped rules scripts (scripts/variants/) through a Session. */
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "session.h"

#define C(q, r) fx_cell(q, r)

/* A row of separate biomes: B on (0,0) and (1,0), C on (2,0), nobody on (3,0),
 * soil on (4,0), A on (5,0). */
#define ROW \
    "players 3\n" \
    "tile 0 0 uno_dark\ntile 1 0 uno_light\ntile 2 0 uno_medium\ntile 3 0 uno_dark\n" \
    "tile 4 0 soil\ntile 5 0 uno_light\n" \
    "critter B 0 0 dark\ncritter B 1 0 light\ncritter C 2 0 medium\ncritter A 5 0 light\n"

static Session s;

TEST(rule_symbiosis_targets_the_opponent_with_most_critters_on_land)
{
    fx_session_scenario(&s, ROW "variant symbiosis\nturn A place trio_dml\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(0, 0)) > 0);    /* B: most critters */
    CHECK(fx_count_at(g, VERB_TILE, C(1, 0)) > 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(2, 0)), 0);  /* C */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(5, 0)), 0);  /* A's own */
    CHECK(fx_count_at(g, VERB_TILE, C(3, 0)) > 0);    /* uninhabited: always */
    CHECK(fx_count_at(g, VERB_TILE, C(4, 0)) > 0);    /* soil: always */
    session_close(&s);
}

TEST(rule_symbiosis_limits_volcano_targets_alike)
{
    fx_session_scenario(&s, ROW "turn A target\n");   /* symbiosis is the default */
    Game *g = &s.game;
    CHECK(fx_find(g, VERB_TARGET, C(0, 0), -1, -1) >= 0);
    CHECK_EQ(fx_find(g, VERB_TARGET, C(2, 0), -1, -1), -1);
    CHECK_EQ(fx_find(g, VERB_TARGET, C(5, 0), -1, -1), -1);
    session_close(&s);
}

TEST(rule_symbiosis_ties_make_every_tied_opponent_a_target)
{
    fx_session_scenario(&s, ROW "tile 6 0 uno_medium\ncritter C 6 0 medium\nturn A place trio_dml\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(0, 0)) > 0);
    CHECK(fx_count_at(g, VERB_TILE, C(2, 0)) > 0);
    session_close(&s);
}

/* B gets `b` more critters and C `c` more, on rows of their own. */
static void extra_rows(char *text, size_t len, int b, int c)
{
    size_t n = strlen(text);
    for (int i = 0; i < b; i++)
        n += (size_t)snprintf(text + n, len - n, "tile %d 3 %s\ncritter B %d 3 %s\n", i,
                              i % 2 ? "uno_light" : "uno_dark", i, i % 2 ? "light" : "dark");
    for (int i = 0; i < c; i++)
        n += (size_t)snprintf(text + n, len - n, "tile %d -3 %s\ncritter C %d -3 %s\n", i,
                              i % 2 ? "uno_light" : "uno_dark", i, i % 2 ? "light" : "dark");
}

TEST(rule_five_critters_on_land_make_a_player_fair_game)
{
    char text[4000] = ROW "turn A place trio_dml\n";
    extra_rows(text, sizeof text, 4, 4);   /* B 6, C 5 */
    fx_session_scenario(&s, text);
    CHECK(fx_count_at(&s.game, VERB_TILE, C(2, 0)) > 0);
    session_close(&s);

    char fewer[4000] = ROW "turn A place trio_dml\n";
    extra_rows(fewer, sizeof fewer, 4, 3);  /* B 6, C 4 */
    fx_session_scenario(&s, fewer);
    CHECK_EQ(fx_count_at(&s.game, VERB_TILE, C(2, 0)), 0);
    session_close(&s);
}

TEST(rule_sacrificed_and_grid_critters_do_not_count_for_targeting)
{
    /* B: 2 on land, 3 in the crater, 2 on the grid; C: 3 on land. */
    fx_session_scenario(&s, ROW "tile 6 0 uno_medium\ntile 7 0 uno_dark\n"
                            "critter C 6 0 medium\ncritter C 7 0 dark\n"
                            "crater B 3\ngrid B 0\ngrid B 3\n"
                            "turn A place trio_dml\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(2, 0)) > 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(0, 0)), 0);
    session_close(&s);
}

/* B (on A's left) shares the Trio at (0,0) with C; C alone holds (1,0) and (2,0). */
#define LEFT_ROW \
    "players 3\nvariant to_the_left\n" \
    "tile 0 0 trio_dml\ntile 1 0 uno_medium\ntile 2 0 uno_light\ntile 3 0 uno_dark\n" \
    "critter B 0 0 dark\ncritter C 0 0 medium\ncritter C 1 0 medium\ncritter C 2 0 light\n"

TEST(rule_to_the_left_targets_the_next_player_even_on_a_shared_tile)
{
    fx_session_scenario(&s, LEFT_ROW "turn A place trio_dlm\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(0, 0)) > 0);    /* B's, with C's */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(1, 0)), 0);  /* C has more, but is not on the left */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(2, 0)), 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(3, 0)), 0);  /* uninhabited: no exception To the Left */
    int rot = -1;
    for (int r = 0; r < 6 && rot < 0; r++)
        if (fx_find(g, VERB_TILE, C(0, 0), r, -1) >= 0)
            rot = r;
    fx_do(g, VERB_TILE, C(0, 0), rot, -1);
    /* Both opponents on the covered Trio are displaced (each may migrate or go home). */
    while (g->pending.kind == DK_MIGRATE)
        fx_do(g, VERB_RETURN, -1, -1, -1);
    CHECK_EQ(game_land_critters(g, 1), 0);
    CHECK_EQ(game_land_critters(g, 2), 2);
    session_close(&s);
}

TEST(rule_to_the_left_from_the_last_seat_targets_the_first)
{
    fx_session_scenario(&s, LEFT_ROW "critter A 3 0 dark\nturn C place trio_dlm\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(3, 0)) > 0);    /* A is on C's left */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(0, 0)), 0);  /* B is not */
    session_close(&s);
}

/* "Tile placement is restricted to volcanic soil or tiles with a critter of
 * the player on your left": B (A's left) has no critter on land; C holds
 * (1,0) and (2,0); (3,0) and (0,1) are Unos nobody stands on; (4,0) is soil;
 * A stands on (0,0). The exception for stacks without critters is written
 * for Symbiosis alone. */
#define EMPTY_LEFT_BOARD \
    "tile 0 0 uno_light\ntile 1 0 uno_medium\ntile 2 0 uno_light\ntile 3 0 uno_dark\n" \
    "tile 4 0 soil\ntile 0 1 uno_dark\n" \
    "critter A 0 0 light\ncritter C 1 0 medium\ncritter C 2 0 light\n"
#define LEFT_EMPTY "players 3\nvariant to_the_left\n" EMPTY_LEFT_BOARD

TEST(rule_to_the_left_places_tiles_only_on_soil_when_the_left_player_has_no_critter_on_land)
{
    fx_session_scenario(&s, LEFT_EMPTY "turn A place trio_dml\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(4, 0)) > 0);    /* soil */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(3, 0)), 0);  /* uninhabited Uno */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(0, 1)), 0);  /* uninhabited Uno */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(1, 0)), 0);  /* C is not on A's left */
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(2, 0)), 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(0, 0)), 0);  /* A's own */
    session_close(&s);
}

TEST(rule_to_the_left_limits_volcano_targets_alike_with_no_exception_for_uninhabited_stacks)
{
    fx_session_scenario(&s, LEFT_EMPTY "turn A target\n");
    Game *g = &s.game;
    CHECK(fx_find(g, VERB_TARGET, C(4, 0), -1, -1) >= 0);
    CHECK_EQ(fx_find(g, VERB_TARGET, C(3, 0), -1, -1), -1);
    CHECK_EQ(fx_find(g, VERB_TARGET, C(0, 1), -1, -1), -1);
    CHECK_EQ(fx_find(g, VERB_TARGET, C(1, 0), -1, -1), -1);
    session_close(&s);
}

TEST(rule_to_the_left_a_player_with_five_critters_is_fair_game_but_uninhabited_stacks_stay_closed)
{
    char text[4000] = LEFT_EMPTY "turn A place trio_dml\n";
    extra_rows(text, sizeof text, 0, 3);   /* C: 5 on land */
    fx_session_scenario(&s, text);
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(1, 0)) > 0);
    CHECK(fx_count_at(g, VERB_TILE, C(2, 0)) > 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(3, 0)), 0);
    CHECK_EQ(fx_count_at(g, VERB_TILE, C(0, 1)), 0);
    session_close(&s);
}

TEST(rule_symbiosis_keeps_its_exception_for_uninhabited_stacks)
{
    fx_session_scenario(&s, "players 3\nvariant symbiosis\n" EMPTY_LEFT_BOARD "turn A place trio_dml\n");
    Game *g = &s.game;
    CHECK(fx_count_at(g, VERB_TILE, C(3, 0)) > 0);
    CHECK(fx_count_at(g, VERB_TILE, C(0, 1)) > 0);
    CHECK(fx_count_at(g, VERB_TILE, C(1, 0)) > 0);    /* C has the most critters */
    session_close(&s);
}
