/* Holder and uses gates read the field that names the event's player: its
 * `player`, or on the critter events (which name the critter's `owner` and no
 * `player`) its `owner`, or the field the gate's `who` names. */
#include <stdio.h>
#include <string.h>

#include "effects.h"
#include "harness.h"
#include "harness_mods.h"
#include "scenario.h"
#include "session.h"

static const char CARD[] = "manifest = { name = \"tide\", version = \"1\" }\n"
                           "local NAME = \"Tide\"\n"
                           "card{ name = NAME, levels = { 1, 2 }, stars = 1, text = \"test card\" }\n";

/* Opens a root whose mod "tide" is CARD then `rest`; 0, or -1 with err. */
static int open_tide(Session *s, char *root, size_t len, const char *rest, char *err, int errlen)
{
    char text[2048];
    th_mods_root_make(root, len);
    snprintf(text, sizeof text, "%s%s", CARD, rest);
    th_mods_put(root, "tide", "mod.lua", text);
    return th_mods_open(s, root, "tide", err, errlen);
}

/* A holds Tide; A's and B's critters stand side by side. */
static void position(Session *s)
{
    char err[300];
    REQUIRE(scenario_build(&s->game, &s->rules,
                           "hold A Tide\ntile 0 0 uno_dark\ntile 1 0 uno_light\ncritter A 0 0 dark\n"
                           "critter B 1 0 light\nturn A claim\n",
                           err, sizeof err) == 0);
    s->current = &s->game;
    game_set_hooks(&s->game, session_hooks(), s);
}

/* The outcome of a blow to `player`'s first critter. */
static bool spared(Session *s, int player)
{
    HitOutcome out;
    char err[200];
    REQUIRE(effect_hit(&s->game, critter_id(player, 0), CAUSE_SCRIPT, &out, err, sizeof err) == 0);
    return out.spared;
}

TEST(gate_holder_on_critter_hit_reads_the_owner)
{
    static Session s;
    char root[256], err[512];
    int rc = open_tide(&s, root, sizeof root,
                       "on(\"critter_hit\", function(ev) ev.spared = true end, 0, { card = NAME, holder = true })\n", err,
                       sizeof err);
    if (rc)
        printf("    %s\n", err);
    REQUIRE(rc == 0);
    position(&s);
    CHECK(spared(&s, 0));    /* A holds the card: its critter is spared */
    CHECK(!spared(&s, 1));   /* B does not */
    CHECK_EQ(s.error_count, 0);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(gate_holder_false_with_who_owner_runs_for_the_others_critters)
{
    static Session s;
    char root[256], err[512];
    REQUIRE(open_tide(&s, root, sizeof root,
                      "on(\"critter_hit\", function(ev) ev.spared = true end, 0,"
                      " { card = NAME, holder = false, who = \"owner\" })\n",
                      err, sizeof err) == 0);
    position(&s);
    CHECK(!spared(&s, 0));
    CHECK(spared(&s, 1));
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(gate_uses_on_critter_hit_counts_the_owners_uses)
{
    static Session s;
    char root[256], err[512];
    REQUIRE(open_tide(&s, root, sizeof root,
                      "local uses = game.uses{ card = NAME }\n"
                      "on(\"critter_hit\", function(ev) ev.spared = true; uses.spend(ev.owner) end, 0,"
                      " { card = NAME, holder = true, uses = uses })\n",
                      err, sizeof err) == 0);
    position(&s);
    CHECK(spared(&s, 0));    /* the turn's one use */
    s.game.player[0].critters[0].place = AT_HAND;
    char why[200];
    REQUIRE(effect_place_critter(&s.game, 0, board_cell(hex_make(0, 0)), 0, why, sizeof why) == 0);
    CHECK(!spared(&s, 0));   /* none left this turn: the handler does not run */
    CHECK_EQ(s.error_count, 0);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(gate_who_naming_no_player_field_fails_the_load_naming_it)
{
    static Session s;
    char root[256], err[512];
    CHECK(open_tide(&s, root, sizeof root,
                    "on(\"critter_hit\", function(ev) end, 0, { card = NAME, holder = true, who = \"critter\" })\n",
                    err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "who names 'critter', not a field of 'critter_hit' that names a player");
    th_mods_root_remove(root);
}

TEST(gate_holder_on_an_event_naming_no_player_fails_the_load)
{
    static Session s;
    char root[256], err[512];
    CHECK(open_tide(&s, root, sizeof root,
                    "on(\"lava_moved\", function(ev) end, 0, { card = NAME, holder = true })\n", err,
                    sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "holder needs an event that names a player; 'lava_moved' has none");
    th_mods_root_remove(root);
}
