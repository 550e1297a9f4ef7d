/* The bots: legal, deterministic choices that leave the game untouched, hidden
 * cards re-dealt only among unseen cards, and greedy ahead of random. Games
 * here run without scripts (core only). */
#include <string.h>

#include "bot.h"
#include "core/fixtures.h"
#include "harness.h"
#include "harness_game.h"

static void start(Game *g, int players, uint64_t seed)
{
    GameOptions o = { .players = (uint8_t)players, .setup_variation = 1, .variant = "symbiosis" };
    char err[200];
    REQUIRE(game_init(g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err) == 0);
}

/* Plays a random game until `decisions` were made (or it ended). */
static void advance(Game *g, int decisions, uint64_t seed)
{
    static Option o[MAX_OPTIONS];
    Rng r;
    rng_seed(&r, seed);
    char err[200];
    for (int d = 0; d < decisions && !game_over(g); d++) {
        int n = game_options(g, o, MAX_OPTIONS);
        REQUIRE(game_apply(g, bot_random(&r, o, n), err, sizeof err) == 0);
    }
    CHECK_NO_SCRIPT_ERROR(NULL, g, "a random game, seed %llu", (unsigned long long)seed);
}

TEST(bot_parse_accepts_the_documented_specs)
{
    BotConfig c;
    CHECK(bot_parse("random", &c) == 0 && c.kind == BOT_RANDOM);
    CHECK(bot_parse("greedy", &c) == 0 && c.kind == BOT_GREEDY);
    CHECK(bot_parse("mcts", &c) == 0 && c.kind == BOT_MCTS && c.iterations > 0);
    CHECK(bot_parse("mcts:50", &c) == 0 && c.iterations == 50 && c.ms == 0);
    CHECK(bot_parse("mcts:20ms", &c) == 0 && c.ms == 20 && c.iterations == 0);
    CHECK(bot_parse("mcts:", &c) == -1);
    CHECK(bot_parse("mcts:0", &c) == -1);
    CHECK(bot_parse("greedy:5", &c) == -1);
    CHECK(bot_parse("clever", &c) == -1);
    char spec[32];
    bot_parse("mcts:20ms", &c);
    CHECK(strcmp(bot_spec(&c, spec, sizeof spec), "mcts:20ms") == 0);
    CHECK(bot_parse("mcts", &c) == 0 && c.guide == 0);
    CHECK(bot_parse("mcts+", &c) == 0 && c.kind == BOT_MCTS && c.iterations > 0 && c.guide > 0 && c.sample > 1);
    CHECK(bot_parse("mcts+:300", &c) == 0 && c.iterations == 300 && c.guide > 0);
    CHECK(strcmp(bot_spec(&c, spec, sizeof spec), "mcts+:300") == 0);
    CHECK(bot_parse("mcts+:50ms", &c) == 0 && c.ms == 50 && c.iterations == 0);
    CHECK(strcmp(bot_spec(&c, spec, sizeof spec), "mcts+:50ms") == 0);
    CHECK(bot_parse("mcts+:", &c) == -1);
    CHECK(bot_parse("mcts++", &c) == -1);
    CHECK(bot_parse("greedy+", &c) == -1);
}

TEST(bots_choose_legal_options_and_leave_the_game_alone)
{
    static Game g;
    static Option o[MAX_OPTIONS];
    start(&g, 3, 41);
    advance(&g, 60, 41);
    REQUIRE(!game_over(&g));
    for (int k = 0; k < BOT_KIND_COUNT; k++) {
        BotConfig c;
        bot_config_default(&c, k);
        c.iterations = 30;
        Bot b;
        bot_init(&b, &c, 7);
        for (int step = 0; step < 12 && !game_over(&g); step++) {
            int n = game_options(&g, o, MAX_OPTIONS);
            uint64_t h = game_hash(&g);
            Rng before = g.rng;
            int pick = bot_choose(&b, &g, o, n);
            CHECK(pick >= 0 && pick < n);
            CHECK(game_hash(&g) == h);
            CHECK(g.rng.state == before.state && g.rng.draws == before.draws);
            char err[200];
            REQUIRE(game_apply(&g, pick, err, sizeof err) == 0);
        }
        bot_free(&b);
    }
}

TEST(bots_with_the_same_seed_choose_the_same)
{
    static Game g;
    static Option o[MAX_OPTIONS];
    start(&g, 2, 5);
    advance(&g, 40, 5);
    int n = game_options(&g, o, MAX_OPTIONS);
    for (int k = BOT_GREEDY; k < BOT_KIND_COUNT; k++) {
        BotConfig c;
        bot_config_default(&c, k);
        c.iterations = 40;
        Bot a, b;
        bot_init(&a, &c, 99);
        bot_init(&b, &c, 99);
        CHECK_EQ(bot_choose(&a, &g, o, n), bot_choose(&b, &g, o, n));
        bot_free(&a);
        bot_free(&b);
    }
    BotConfig plus;
    bot_config_plus(&plus);
    plus.iterations = 40;
    Bot a, b;
    bot_init(&a, &plus, 99);
    bot_init(&b, &plus, 99);
    CHECK_EQ(bot_choose(&a, &g, o, n), bot_choose(&b, &g, o, n));
    CHECK(a.thought > 40 * (uint64_t)plus.depth);   /* guided rollouts try several options a decision */
    bot_free(&a);
    bot_free(&b);
}

TEST(determinize_redeals_only_the_cards_the_seat_has_not_seen)
{
    static Game g, c;
    start(&g, 3, 8);
    /* Hand out Caldera cards from the deck: two to each player. */
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 2; i++)
            g.player[p].caldera[g.player[p].caldera_count++] = g.caldera_deck[--g.caldera_size];
    Rng r;
    rng_seed(&r, 3);
    int differs = 0;
    for (int t = 0; t < 20; t++) {
        bot_determinize(&c, &g, 1, &r);
        CHECK(c.log == NULL);
        CHECK(memcmp(c.player[1].caldera, g.player[1].caldera, 2) == 0);  /* the seat's own cards */
        CHECK(memcmp(c.grid_card, g.grid_card, sizeof g.grid_card) == 0); /* the grid is public */
        CHECK_EQ(c.caldera_size, g.caldera_size);
        int count[MAX_POWER_CARDS] = { 0 };
        for (int p = 0; p < 3; p++)
            if (p != 1)
                for (int i = 0; i < 2; i++) {
                    count[g.player[p].caldera[i]]++;
                    count[c.player[p].caldera[i]]--;
                }
        for (int i = 0; i < g.caldera_size; i++) {
            count[g.caldera_deck[i]]++;
            count[c.caldera_deck[i]]--;
        }
        for (int k = 0; k < MAX_POWER_CARDS; k++)
            CHECK_EQ(count[k], 0);   /* the same unseen cards, re-dealt */
        differs += memcmp(c.player[0].caldera, g.player[0].caldera, 2) != 0 || c.rng.state != g.rng.state;
    }
    CHECK(differs > 0);
}

TEST(greedy_beats_random_in_most_games)
{
    static Game g;
    static Option o[MAX_OPTIONS];
    int greedy_wins = 0, games = 6;
    for (int k = 0; k < games; k++) {
        start(&g, 2, 100 + (uint64_t)k);
        Bot bots[2];
        BotConfig cg, cr;
        bot_config_default(&cg, BOT_GREEDY);
        bot_config_default(&cr, BOT_RANDOM);
        int gseat = k & 1;
        bot_init(&bots[gseat], &cg, 1 + (uint64_t)k);
        bot_init(&bots[!gseat], &cr, 2 + (uint64_t)k);
        char err[200];
        for (int d = 0; d < 5000 && !game_over(&g); d++) {
            int n = game_options(&g, o, MAX_OPTIONS);
            REQUIRE(game_apply(&g, bot_choose(&bots[g.pending.player], &g, o, n), err, sizeof err) == 0);
        }
        REQUIRE(game_over(&g));
        CHECK_NO_SCRIPT_ERROR(NULL, &g, "greedy against random, game %d", k);
        bot_free(&bots[0]);
        bot_free(&bots[1]);
        double v = bot_evaluate(&g, gseat);
        greedy_wins += v > 0;
    }
    CHECK(greedy_wins >= games - 1);
}

/* Plays `decisions` decisions of a 2-player game, mcts in both seats; with
 * `observe`, every applied option is reported to both bots. Returns the
 * visits the bots carried over from earlier decisions. */
static uint64_t play_mcts_with(int decisions, int observe, const BotConfig *cfg, uint64_t *hash)
{
    static Game g;
    static Option o[MAX_OPTIONS];
    start(&g, 2, 21);
    Bot bots[2];
    BotConfig c = *cfg;
    c.iterations = 40;
    bot_init(&bots[0], &c, 1);
    bot_init(&bots[1], &c, 2);
    char err[200];
    for (int d = 0; d < decisions && !game_over(&g); d++) {
        int n = game_options(&g, o, MAX_OPTIONS);
        int pick = bot_choose(&bots[g.pending.player], &g, o, n);
        CHECK(pick >= 0 && pick < n);
        for (int p = 0; p < 2 && observe; p++)
            bot_observe(&bots[p], &g, pick);
        REQUIRE(game_apply(&g, pick, err, sizeof err) == 0);
    }
    CHECK_NO_SCRIPT_ERROR(NULL, &g, "mcts against mcts, seed 21");
    if (hash)
        *hash = game_hash(&g);
    uint64_t reused = bots[0].reused + bots[1].reused;
    bot_free(&bots[0]);
    bot_free(&bots[1]);
    return reused;
}

static uint64_t play_mcts(int decisions, int observe)
{
    BotConfig c;
    bot_config_default(&c, BOT_MCTS);
    return play_mcts_with(decisions, observe, &c, NULL);
}

/* mcts+ (guided rollouts) keeps its tree too, and two runs of the same
 * seeds play the same game, tree reuse included. */
TEST(mcts_plus_keeps_its_tree_and_plays_the_same_game_twice)
{
    BotConfig c;
    bot_config_plus(&c);
    uint64_t h1, h2;
    uint64_t r1 = play_mcts_with(40, 1, &c, &h1);
    uint64_t r2 = play_mcts_with(40, 1, &c, &h2);
    CHECK(r1 > 0);
    CHECK_EQ(r1, r2);
    CHECK_EQ(h1, h2);
}

TEST(mcts_keeps_its_tree_only_when_every_apply_is_observed)
{
    CHECK(play_mcts(60, 1) > 0);    /* the chosen branch carries over */
    CHECK_EQ(play_mcts(60, 0), 0);  /* nothing observed: every decision starts afresh */
}

TEST(mcts_drops_a_tree_observed_on_another_game)
{
    static Game g, other;
    static Option o[MAX_OPTIONS];
    start(&g, 2, 3);
    start(&other, 2, 4);
    advance(&g, 30, 3);
    advance(&other, 30, 4);
    BotConfig c;
    bot_config_default(&c, BOT_MCTS);
    c.iterations = 30;
    Bot b;
    bot_init(&b, &c, 9);
    int n = game_options(&g, o, MAX_OPTIONS);
    int pick = bot_choose(&b, &g, o, n);
    bot_observe(&b, &other, 0);   /* a different game: the tree cannot stand for it */
    char err[200];
    REQUIRE(game_apply(&g, pick, err, sizeof err) == 0);
    n = game_options(&g, o, MAX_OPTIONS);
    if (n > 1)
        bot_choose(&b, &g, o, n);
    CHECK_EQ(b.reused, 0);
    bot_free(&b);
}
