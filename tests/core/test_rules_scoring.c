/* Rulebook, "Scoring" and "Bonus objectives" (with RULINGS on ties). */
#include <string.h>

#include "core_internal.h"
#include "fixtures.h"
#include "harness.h"
#include "score.h"

TEST(rule_score_critters_edges_volcanoes_and_crater)
{
    static Game g;
    static Scores sc;
    /* A's dark triangle: three tiles, three connecting edges; B's lone light Uno. */
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 1 0 uno_dark\ntile 0 1 uno_dark\n"
                "tile 3 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 3 0 light\n"
                "volcanoes A 2\ncrater A 1\n");
    game_score(&g, &sc);
    const ScoreLine *a = &sc.line[0], *b = &sc.line[1];
    CHECK_EQ(a->critters, 1);
    CHECK_EQ(a->edges, 3);
    CHECK_EQ(a->volcanoes, 2);
    CHECK_EQ(a->sacrifices, 1);
    CHECK_EQ(a->largest, 3);
    CHECK_EQ(a->tallest, 1);   /* height 1 everywhere, each stands on one stack: an exact draw */
    CHECK_EQ(b->tallest, 1);
    CHECK_EQ(a->diversified, 0);
    CHECK_EQ(a->total, 11);
    CHECK_EQ(b->edges, 0);
    CHECK_EQ(b->total, 2);
    CHECK_EQ(sc.winners, 1);
}

/* RULINGS, End of game: "a critter on the tallest stack" - the stack a critter
 * stands on counts, not a taller stack its region reaches onto. */
TEST(rule_tallest_biome_is_the_tallest_stack_a_critter_stands_on)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 1 0 uno_dark\ntile 1 0 uno_dark\ntile 1 0 uno_dark\n"
                "tile 3 0 uno_light\ntile 3 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 3 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].tallest, 0);   /* A's biome reaches the height-3 stack, but A stands at height 1 */
    CHECK_EQ(sc.line[1].tallest, 3);   /* B stands on the height-2 stack */
}

TEST(rule_tallest_biome_scores_three)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 0 0 uno_dark\ntile 0 0 uno_dark\n"
                "tile 2 0 uno_light\ntile 2 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 2 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].tallest, 3);
    CHECK_EQ(sc.line[1].tallest, 0);
}

TEST(rule_tallest_biome_tie_goes_to_more_equal_peaks_else_one_each)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 0 0 uno_dark\n"
                "tile 4 0 uno_dark\ntile 4 0 uno_dark\n"
                "tile 2 0 uno_light\ntile 2 0 uno_light\n"
                "critter A 0 0 dark\ncritter A 4 0 dark\ncritter B 2 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].tallest, 3);
    CHECK_EQ(sc.line[1].tallest, 0);
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 0 0 uno_dark\n"
                "tile 2 0 uno_light\ntile 2 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 2 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].tallest, 1);
    CHECK_EQ(sc.line[1].tallest, 1);
}

TEST(rule_largest_biome_scores_three_ties_to_more_such_biomes_else_one_each)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 1 0 uno_dark\ntile 2 0 uno_dark\n"
                "tile 4 0 uno_light\ntile 5 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 4 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].largest, 3);
    CHECK_EQ(sc.line[1].largest, 0);
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 1 0 uno_dark\n"
                "tile 0 2 uno_medium\ntile 1 2 uno_medium\n"
                "tile 4 0 uno_light\ntile 5 0 uno_light\n"
                "critter A 0 0 dark\ncritter A 0 2 medium\ncritter B 4 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].largest, 3);
    CHECK_EQ(sc.line[1].largest, 0);
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 1 0 uno_dark\n"
                "tile 4 0 uno_light\ntile 5 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 4 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].largest, 1);
    CHECK_EQ(sc.line[1].largest, 1);
}

TEST(rule_diversified_biomes_score_one_per_set_of_three)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 trio_dml\n"
                "critter A 0 0 dark\ncritter A 0 0 medium\ncritter A 0 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].diversified, 1);
    fx_scenario(&g,
                "tile 0 0 trio_dml\ntile 3 0 trio_dlm\ntile 6 0 uno_dark\n"
                "critter A 0 0 dark\ncritter A 0 0 medium\ncritter A 0 0 light\n"
                "critter A 3 0 dark\ncritter A 3 0 medium\ncritter A 6 0 dark\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].diversified, 1);   /* no second light biome */
    fx_scenario(&g,
                "tile 0 0 trio_dml\ntile 3 0 trio_dlm\n"
                "critter A 0 0 dark\ncritter A 0 0 medium\ncritter A 0 0 light\n"
                "critter A 3 0 dark\ncritter A 3 0 medium\ncritter A 3 0 light\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].diversified, 2);
}

TEST(rule_caldera_cards_kept_score_their_stars)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g, "caldera A rift\ncaldera A agile_critters\npoints B 2\n");
    game_score(&g, &sc);
    int stars = 0;
    for (int i = 0; i < g.player[0].caldera_count; i++)
        stars += g.rules.power_cards[g.player[0].caldera[i]].stars;
    CHECK_EQ(stars, 6);   /* 4 and 2: scripts/powers/rift.lua and agile_critters.lua */
    CHECK_EQ(sc.line[0].caldera, 6);
    CHECK_EQ(sc.line[1].bought, 2);
    CHECK_EQ(sc.line[0].total, 6);
}

TEST(rule_winner_tie_goes_to_more_critters_on_land_then_is_shared)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 2 0 uno_light\n"
                "critter A 0 0 dark\ncritter B 2 0 light\n"
                "volcanoes B 1\ncrater A 1\n");
    game_score(&g, &sc);
    CHECK_EQ(sc.line[0].total, sc.line[1].total);
    CHECK_EQ(sc.winners, 3);   /* same total, same critters: shared */
    fx_scenario(&g,
                "tile 0 0 uno_dark\ntile 2 0 uno_light\ntile 4 0 uno_medium\n"
                "critter A 0 0 dark\ncritter B 2 0 light\ncritter B 4 0 medium\n"
                "volcanoes A 7\n");   /* B: 2 critters, tallest and largest by count */
    game_score(&g, &sc);
    REQUIRE(sc.line[0].total == sc.line[1].total);
    CHECK_EQ(sc.winners, 2);   /* B has more critters on land */
}

/* A scoring handler that hands back the bonus it was built with. */
static int64_t hostile_bonus;
static int bonus_emit(Game *g, void *ud, GameEvent *ev, char *err, int errlen)
{
    (void)g; (void)ud; (void)err; (void)errlen;
    if (ev->id == EV_SCORING)
        EV_SET(*ev, SCORING, bonus, hostile_bonus);   /* past the script layer's range check */
    return 0;
}
static int bonus_listens(void *ud, const Game *g, int id) { (void)ud; (void)g; return id == EV_SCORING; }
static const GameHooks BONUS_HOOKS = { .emit = bonus_emit, .listens = bonus_listens };

/* The attack: ev.bonus = 2147483647 in a scoring handler made the release
 * build's total negative (signed overflow). Totals are clamped instead. */
TEST(score_attack_huge_bonus_from_a_script_does_not_overflow)
{
    static Game g;
    static Scores sc;
    fx_scenario(&g, "tile 0 0 uno_dark\ntile 1 0 uno_dark\ncritter A 0 0 dark\ncritter B 1 0 dark\n");
    game_set_hooks(&g, &BONUS_HOOKS, NULL);
    hostile_bonus = 0;
    game_score(&g, &sc);
    int base = sc.line[0].total;
    CHECK(base > 0 && base < 20);
    const int64_t BONUSES[] = { 2147483647, INT64_MAX, INT64_MIN, -2147483647 - 1, (int64_t)SCORE_LIMIT + 5 };
    for (size_t i = 0; i < sizeof BONUSES / sizeof BONUSES[0]; i++) {
        hostile_bonus = BONUSES[i];
        game_score(&g, &sc);
        int bonus = BONUSES[i] > 0 ? SCORE_LIMIT : -SCORE_LIMIT;
        CHECK_EQ(sc.line[0].bonus, bonus);
        CHECK_EQ(sc.line[0].total, bonus > 0 ? SCORE_LIMIT : base + bonus);
    }
}
