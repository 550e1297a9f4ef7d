/* Mods: load order by dependency, require confined to the mod's folder, a
 * failing mod disabled while the game goes on, manifest errors naming the
 * file, content hashes, and saves refusing a changed mod set. Each test
 * builds its own root (the shipped content/, empty scripts/, its own mods/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "harness_game.h"
#include "harness_mods.h"
#include "invariants.h"
#include "mods.h"
#include "query.h"
#include "rng.h"
#include "scenario.h"
#include "score.h"
#include "save.h"
#include "session.h"

#define make_root th_mods_root_make
#define put th_mods_put
#define remove_root th_mods_root_remove

#define play_to_turn th_mods_play_to_turn

#define open_with th_mods_open

/* Mod `mod` whose mod.lua is `text` fails to load with an error containing `want`. */
static void check_refused(const char *root, const char *mod, const char *text, const char *want)
{
    char err[512] = "";
    CHECK(th_mods_refuses(root, mod, text, err, sizeof err));
    CHECK_STR_CONTAINS(err, want);
}

/* open_with, which must succeed: otherwise the test fails, printing why. */
static void open_required(Session *s, const char *root, const char *mods)
{
    char err[512] = "";
    int rc = open_with(s, root, mods, err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    REQUIRE(rc == 0);
}

/* Each mod folds its digit into the first turn's moves: the order shows. */
static void put_digit_mod(const char *root, const char *name, int digit, const char *depends)
{
    char text[800];
    snprintf(text, sizeof text,
             "on('turn_start', function(ev)\n"
             "  if game.turn() == 1 then ev.moves = (ev.moves * 3 + %d) %% 100 end\n"
             "end)\n"
             "return { name = '%s', version = '1', depends = { %s } }\n",
             digit, name, depends);
    put(root, name, "mod.lua", text);
}

TEST(mods_load_after_their_dependencies)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put_digit_mod(root, "alpha", 1, "");
    put_digit_mod(root, "beta", 2, "'alpha'");
    put_digit_mod(root, "gamma", 3, "'beta', 'alpha'");
    static Session s;
    /* Only gamma is asked for; its dependencies come with it and run first. */
    REQUIRE(open_with(&s, root, "gamma", err, sizeof err) == 0);
    CHECK_EQ(s.mods.count, 3);
    CHECK_STR_CONTAINS(s.mods.mod[s.mods.order[0]].name, "alpha");
    CHECK_STR_CONTAINS(s.mods.mod[s.mods.order[2]].name, "gamma");
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 11, err, sizeof err) == 0);
    play_to_turn(&s, 1);
    CHECK_EQ(s.game.moves_left, ((1 * 3 + 1) * 3 + 2) * 3 + 3);   /* alpha, beta, gamma */
    /* The registry still names the file that registered each handler. */
    ScriptFireCount fc[8];
    int n = script_fire_counts(s.script, fc, 8);
    REQUIRE(n == 3);
    CHECK_STR_CONTAINS(fc[0].chunk, "mods/alpha/mod.lua");
    CHECK_STR_CONTAINS(fc[2].chunk, "mods/gamma/mod.lua");
    session_close(&s);
    remove_root(root);
}

TEST(mods_unknown_dependency_and_cycles_are_refused)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "lonely", "mod.lua", "return { name = 'lonely', version = '1', depends = { 'ghost' } }\n");
    put(root, "x", "mod.lua", "return { name = 'x', version = '1', depends = { 'y' } }\n");
    put(root, "y", "mod.lua", "return { name = 'y', version = '1', depends = { 'x' } }\n");
    static Session s;
    CHECK(open_with(&s, root, "lonely", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "depends on 'ghost', which is not installed");
    CHECK_STR_CONTAINS(err, "mods/lonely/mod.lua");
    CHECK(open_with(&s, root, "x", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "dependency cycle: x -> y -> x");
    CHECK(open_with(&s, root, "nowhere", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mod 'nowhere'");
    CHECK(open_with(&s, root, "../x", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "bad mod name");
    remove_root(root);
}

TEST(mods_require_stays_inside_the_mod_folder)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "lib", "util.lua", "loads = (loads or 0) + 1\nreturn { twice = function(x) return 2 * x end }\n");
    put(root, "lib", "empty.lua", "-- returns nothing\n");
    put(root, "lib", "bin.lua", "\x1bLua garbage");
    put(root, "lib", "mod.lua",
        "local u = require('util')\n"
        "assert(u.twice(21) == 42)\n"
        "assert(require('util') == u and loads == 1, 'modules are cached')\n"
        "assert(require('empty') == true)\n"
        "assert(io == nil and os == nil and package == nil and debug == nil)\n"
        "local function refused(name, why)\n"
        "  local ok, e = pcall(require, name)\n"
        "  assert(not ok, name .. ' should be refused')\n"
        "  assert(e:find(why, 1, true), e)\n"
        "end\n"
        "refused('../secret', 'bad module name')\n"
        "refused('..', 'bad module name')\n"
        "refused('/etc/passwd', 'bad module name')\n"
        "refused('sub/util', 'bad module name')\n"
        "refused('util.lua', 'bad module name')\n"
        "refused('', 'bad module name')\n"
        "refused('mod', 'bad module name')\n"
        "refused('missing', 'mods/lib/missing.lua: cannot open')\n"
        "refused('bin', 'binary chunks are not allowed')\n"
        "return { name = 'lib', version = '0.1' }\n");
    put(root, "other", "mod.lua",
        "local ok, e = pcall(require, 'util')\n"
        "assert(not ok and e:find('mods/other/util.lua', 1, true), e)\n"
        "return { name = 'other', version = '1' }\n");
    char secret[600];
    snprintf(secret, sizeof secret, "%s/mods/secret.lua", root);
    FILE *f = fopen(secret, "w");
    REQUIRE(f != NULL);
    fputs("return 'escaped'\n", f);
    fclose(f);
    static Session s;
    int rc = open_with(&s, root, "lib,other", err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    CHECK_EQ(rc, 0);
    session_close(&s);
    remove_root(root);
}

static const char *FLAKY =
    "local S = game.state{ count = 0 }\n"
    "on('turn_start', function(ev)\n"
    "  S.count = S.count + 1\n"
    "  ev.moves = 7\n"
    "  if game.turn() == 3 then\n"
    "    error('boom')\n"
    "  end\n"
    "end)\n"
    "return { name = 'flaky', version = '1' }\n";

TEST(mods_a_failing_mod_is_disabled_and_the_game_goes_on)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "flaky", "mod.lua", FLAKY);
    put(root, "spin", "mod.lua",
        "on('collect', function(ev) ev.cap = 1; while true do end end)\n"
        "return { name = 'spin', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "flaky,spin", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    play_to_turn(&s, 3);
    REQUIRE(s.game.turn == 3);
    /* Turn 3's handler failed: its variable and its ev.moves were undone. */
    CHECK_EQ(s.game.state[0], 2);
    CHECK(s.game.moves_left != 7);
    const ModInfo *flaky = mods_find(&s.mods, "flaky");
    REQUIRE(flaky != NULL);
    CHECK(mods_disabled(&s.game, flaky));
    CHECK_STR_CONTAINS(flaky->error, "mods/flaky/mod.lua:6: boom");
    const ModInfo *spin = mods_find(&s.mods, "spin");
    REQUIRE(spin != NULL);
    CHECK(mods_disabled(&s.game, spin));
    CHECK_STR_CONTAINS(spin->error, "instruction budget exceeded");
    play_to_turn(&s, 8);
    CHECK(s.game.turn >= 8 || game_over(&s.game));
    CHECK_EQ(s.game.state[0], 2);            /* no longer runs */
    /* A new game enables the mods again. */
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    CHECK(!mods_disabled(&s.game, mods_find(&s.mods, "flaky")));
    session_close(&s);
    remove_root(root);
}

/* Loud errors: the message names the file and line, the script frames that
 * led there, the game's seed, turn and player, and the event. */
TEST(mods_script_error_names_file_line_traceback_seed_turn_and_event)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "deep", "mod.lua",
        "local function inner(n)\n"
        "  if n == 3 then error('deep trouble') end\n"
        "end\n"
        "local function outer(n) inner(n) end\n"
        "on('turn_start', function(ev) outer(game.turn()) end)\n"
        "return { name = 'deep', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "deep", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 11, err, sizeof err) == 0);
    play_to_turn(&s, 4);
    CHECK_EQ(s.error_count, 1);
    CHECK_EQ(s.game.script_errors, 1);
    CHECK_STR_CONTAINS(s.error, "mods/deep/mod.lua:2: deep trouble (seed 11, turn 3, player");
    CHECK_STR_CONTAINS(s.error, "in event 'turn_start'");
    CHECK_STR_CONTAINS(s.error, "stack traceback:");
    CHECK_STR_CONTAINS(s.error, "mods/deep/mod.lua:2: in function 'inner'");
    CHECK_STR_CONTAINS(s.error, "mods/deep/mod.lua:4: in function 'outer'");
    CHECK_STR_CONTAINS(s.error, "mods/deep/mod.lua:5:");
    session_close(&s);
    remove_root(root);
}

/* The attacks: one mod rewrote library tables (game's, string's) for every
 * other script, and a handler could keep state in a global. */
TEST(mods_attack_shared_game_tables_and_global_state)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "vandal", "mod.lua",
        "game.players = nil string.upper = nil math.pi = 3 table.extra = 1\n"
        "on('turn_start', function(ev) hits = (hits or 0) + 1 end)\n"
        "return { name = 'vandal', version = '1' }\n");
    put(root, "honest", "mod.lua",
        "assert(game.players and string.upper and math.pi > 3.1 and table.extra == nil, 'tables are shared')\n"
        "on('turn_start', function(ev) assert(game.players() == 2 and string.upper('a') == 'A') end)\n"
        "return { name = 'honest', version = '1' }\n");
    static Session s;
    open_required(&s, root, "vandal,honest");
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    play_to_turn(&s, 3);
    const ModInfo *vandal = mods_find(&s.mods, "vandal");
    REQUIRE(vandal != NULL);
    CHECK(mods_disabled(&s.game, vandal));
    CHECK_STR_CONTAINS(vandal->error, "mods/vandal/mod.lua:2: globals are read-only after load");
    CHECK(!mods_disabled(&s.game, mods_find(&s.mods, "honest")));
    session_close(&s);
    remove_root(root);
}

/* Errors in the manifest name the file and the line where the field is
 * written (or, for a missing one, where the manifest begins). */
TEST(mods_manifest_errors_name_the_file_and_line)
{
    static const struct { const char *text, *want; } CASES[] = {
        { "on('collect', function() end)\n", "mods/m/mod.lua: no manifest" },
        { "return { name = 'other', version = '1' }\n", "mods/m/mod.lua:1: manifest: name 'other'" },
        { "-- a comment naming versoin = 1\nmanifest = {\n  name = 'm',\n  versoin = '1.0',\n}\n",
          "mods/m/mod.lua:4: manifest: unknown field 'versoin'" },
        { "return { name = 'm', version = '1', dependz = {} }\n", "mods/m/mod.lua:1: manifest: unknown field 'dependz'" },
        { "on('collect', function() end)\n\nreturn {\n  name = 'm' }\n",
          "mods/m/mod.lua:3: manifest: 'version' must be a string (it is missing)" },
        { "return {\n  name = 'm', version = '1',\n  depends = 'x' }\n", "mods/m/mod.lua:3: manifest: 'depends'" },
        { "manifest = { name = 'm',\n  version = 1 }\n", "mods/m/mod.lua:2: manifest: 'version' must be a string" },
        { "return { name = 'm', version = '1' \n", "mods/m/mod.lua:2:" },
        { "on('no_such_event', print)\n", "mods/m/mod.lua:1: on: unknown event 'no_such_event'" },
        { "local x = nil; x.y = 1\n", "mods/m/mod.lua:1:" },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char root[64], err[512] = "";
        make_root(root, sizeof root);
        put(root, "m", "mod.lua", CASES[i].text);
        static Session s;
        CHECK(open_with(&s, root, "m", err, sizeof err) != 0);
        CHECK_STR_CONTAINS(err, "mod 'm'");
        CHECK_STR_CONTAINS(err, CASES[i].want);
        remove_root(root);
    }
}

/* A misspelt field of a declaration (an action's `lable`, a gate's `crad`) was
 * silently ignored: the action showed its default words, the handler ran
 * without its gate. Every declaration now refuses unknown fields and gates
 * that can never hold, naming the file, line and the fields it knows. */
TEST(mods_declarations_refuse_unknown_fields_and_impossible_gates)
{
    static const struct { const char *text, *want; } CASES[] = {
        { "game.action{ at = 'claim', offers = function() return {} end, perform = print, lable = 'x' }\n",
          "mods/m/mod.lua:1: game.action: unknown field 'lable' (known: name, at, card, offers, label, perform, move, holder, uses, needs)" },
        { "game.action{ at = 'claim', offers = function() return {} end, perform = print, holder = true }\n",
          "mods/m/mod.lua:1: game.action: 'holder' needs the 'card' the player must hold" },
        { "game.question{ prompt = 'x', answer = print, lables = {} }\n",
          "mods/m/mod.lua:1: game.question: unknown field 'lables' (known: name, prompt, label, labels, pass, "
          "context, answer)" },
        { "on('turn_start', print, 0, { crad = 'Rift' })\n",
          "mods/m/mod.lua:1: on: the gate: unknown field 'crad' (known: card, variant, min_players, holder, who, when, state, uses)" },
        { "on('phase', print, 0, { when = { phase = 'buying' } })\n",
          "on: the gate's when: 'phase' of 'phase' cannot be buying" },
        { "on('phase', print, 0, { when = { stage = 'buy' } })\n",
          "on: the gate's when names 'stage', not a field of 'phase' with one value" },
        { "on('phase', print, 0, { when = 'buy' })\n", "on: the gate's when is a table of event fields and values" },
        { "on('caldera_played', print, 0, { when = { card = 'Ryft' } })\n",
          "mods/m/mod.lua: on('caldera_played', ...): the gate's when names no power card 'Ryft'" },
        { "on('caldera_played', print, 0, { when = { card = true } })\n",
          "on: the gate's when: 'card' of 'caldera_played' cannot be true" },
        { "on('turn_start', print, 0, { holder = true })\n",
          "mods/m/mod.lua:1: on: the gate's holder needs the gate's card" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\non('game_start', print, 0, { card = 'Probe', holder = true })\n",
          "on: the gate's holder needs an event that names a player; 'game_start' has none" },
        { "on('turn_start', print, 0, { variant = 'to_the_right' })\n",
          "mods/m/mod.lua: on('turn_start', ...): no variant is called 'to_the_right' (game.variant_rule declares "
          "them)" },
        { "on('turn_start', print, 0, { min_players = 6 })\n", "mods/m/mod.lua:1: on: the gate's min_players is 2..5" },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = { resources = -1 } }\n",
          "mods/m/mod.lua:1: game.action: needs: 'resources' must be an integer 0..255 or a rule's name, not -1" },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = { crater = 'crater' } }\n",
          "game.action: needs: 'crater': no rule number is called 'crater' (critters_per_player, resource_cap," },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = { cash = 1 } }\n",
          "game.action: needs: unknown field 'cash' (known: resources, crater, hand, lava, crater_room, purchase, holder)" },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = { purchase = 1 } }\n",
          "game.action: needs: 'purchase' must be true or false" },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = { holder = false } }\n",
          "game.action: needs: 'holder' needs the card the player must (not) hold" },
        { "game.action{ at = 'claim', offers = print, perform = print, needs = 4 }\n",
          "game.action: needs must be a table" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, bolt_needs = { holder = false } }\n",
          "card 'Probe': 'bolt_needs' is for a card with a bolt" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, bolt = true, bolt_needs = { crater_room = 1 } }\n",
          "card 'Probe': bolt_needs: 'crater_room' must be true or false" },
        { "on('collect_biome', print, 0, { when = { critters = { min = 3, max = 2 } } })\n",
          "on: the gate's when: 'critters' of 'collect_biome': the range is empty (min 3 > max 2)" },
        { "on('collect_biome', print, 0, { when = { critters = { least = 2 } } })\n",
          "on: the gate's when: 'critters' of 'collect_biome': unknown field 'least' (known: min, max)" },
        { "on('collect_biome', print, 0, { when = { critters = {} } })\n",
          "on: the gate's when: 'critters' of 'collect_biome': a range needs min, max or both" },
        { "on('collect_biome', print, 0, { when = { critters = { min = 1.5 } } })\n",
          "on: the gate's when: 'critters' of 'collect_biome': 'min' must be an integer, not 1.5" },
        { "on('phase', print, 0, { when = { phase = { min = 1 } } })\n",
          "on: the gate's when: 'phase' of 'phase' cannot be" },
        { "on('turn_start', print, 0, { holder = false })\n",
          "mods/m/mod.lua:1: on: the gate's holder needs the gate's card" },
        { "game.critter_mark{ name = 'heavy', points = 21 }\n",
          "mods/m/mod.lua:1: game.critter_mark: 'points' must be an integer 0..20, not 21" },
        { "game.cell_mark{ name = 'heavy', points = 2 }\n",
          "game.cell_mark: unknown field 'points'" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, abilities = { moves = 0 } }\n",
          "mods/m/mod.lua:1: card abilities: 'moves' must be an integer 1..9, not 0" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, abilities = { crater_points = true } }\n",
          "card abilities: 'crater_points' must be an integer 1..9, not true" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, abilities = { resource_cap = 16 } }\n",
          "mods/m/mod.lua:1: card abilities: 'resource_cap' must be an integer 1..15, not 16" },
        { "card{ name = 'Probe', levels = { 1, 1 }, stars = 0, abilities = { resource_cap = 'eight' } }\n",
          "card abilities: 'resource_cap' must be an integer 1..15, not eight" },
        { "game.end_reason('flood', '')\n",
          "mods/m/mod.lua:1: game.end_reason: the words for 'flood' must be 1 to 47 printable characters" },
        { "game.end_reason('flood', ('x'):rep(48))\n",
          "game.end_reason: the words for 'flood' must be 1 to 47 printable characters" },
        { "game.end_reason('flood', 'the sea\\nrose')\n",
          "game.end_reason: the words for 'flood' must be 1 to 47 printable characters" },
        { "game.end_reason('flood', 'the sea rose')\ngame.end_reason('flood', 'it rained')\n",
          "mods/m/mod.lua:2: game.end_reason: 'flood' is already said as \"the sea rose\", not \"it rained\"" },
        { "game.end_reason('Flood')\n",
          "game.end_reason: 'Flood' is not a name of a-z, 0-9 and _" },
        { "game.variant_rule{ name = 'Left Hand' }\n",
          "mods/m/mod.lua:1: game.variant_rule: variant 'Left Hand': a name is 1-23 characters of a-z, 0-9 and _" },
        { "game.variant_rule{ name = 'a', targets = { next_seat = 1 } }\n",
          "game.variant_rule: targets: unknown field 'next_seat' (known: most_critters, seat, threshold, uninhabited)" },
        { "game.variant_rule{ name = 'a', targets = { seat = 1.5 } }\n",
          "game.variant_rule: 'targets.seat' is a whole number -4..4, not 1.5" },
        { "game.variant_rule{ name = 'a', default = true }\ngame.variant_rule{ name = 'b', default = true }\n",
          "game.variant_rule: variant 'b': 'a' is the default already" },
        { "on('turn_start', print, 0, { state = 1 })\n",
          "mods/m/mod.lua:1: on: the gate's state is { S, field = value, ... }" },
        { "on('turn_start', print, 0, { state = { {}, stage = 1 } })\n",
          "mods/m/mod.lua:1: on: the gate's state: its first item is a table game.state returned" },
        { "local S = game.state{ stage = 0 }\non('turn_start', print, 0, { state = { S, stag = 1 } })\n",
          "mods/m/mod.lua:2: on: the gate's state has no field 'stag'" },
        { "local S = game.state{ at = game.place() }\non('turn_start', print, 0, { state = { S, at = 1 } })\n",
          "mods/m/mod.lua:2: on: the gate's state: 'at' is not an integer or boolean field" },
        { "local S = game.state{ stage = 0 }\non('turn_start', print, 0, { state = { S, stage = { 1, 64 } } })\n",
          "mods/m/mod.lua:2: on: the gate's state: 'stage' takes integers 0..63 or true/false" },
        { "local S = game.state{ stage = 0 }\non('turn_start', print, 0, { state = { S } })\n",
          "mods/m/mod.lua:2: on: the gate's state names no field" },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char root[64], err[512] = "", text[400];
        make_root(root, sizeof root);
        snprintf(text, sizeof text, "%smanifest = { name = 'm', version = '1' }\n", CASES[i].text);
        put(root, "m", "mod.lua", text);
        static Session s;
        CHECK(open_with(&s, root, "m", err, sizeof err) != 0);
        CHECK_STR_CONTAINS(err, CASES[i].want);
        remove_root(root);
    }
    /* The gates the docs show still load. */
    char root[64], err[512] = "";
    make_root(root, sizeof root);
    put(root, "m", "mod.lua",
        "game.variant_rule{ name = 'symbiosis', default = true, targets = { most_critters = true } }\n"
        "on('targets', print, 0, { variant = 'symbiosis', min_players = 3 })\n"
        "on('phase', print, 0, { when = { phase = 'buy', player = 1 } })\n"
        "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
        "card{ name = 'Gone', levels = { 1, 1 }, stars = 0 }\n"
        "remove_card('Gone')\n"
        "on('caldera_played', print, 0, { card = 'Probe', when = { card = 'Probe' } })\n"
        "on('power_unlocked', print, 0, { when = { card = 'Gone' } })   -- never runs: no error\n"
        "manifest = { name = 'm', version = '1' }\n");
    static Session s;
    int rc = open_with(&s, root, "m", err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    CHECK_EQ(rc, 0);
    if (rc == 0)
        session_close(&s);
    remove_root(root);
}

/* A state gate runs its handler only while the named state fields hold one
 * of their values, read when the handler's turn comes: the handler that
 * waits for turn 3 never runs before, the one that stops itself never runs
 * after, and a boolean field in a nested table gates as well. */
TEST(mods_state_gate_runs_a_handler_only_while_its_state_holds)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "gated", "mod.lua",
        "local S = game.state{ stage = 0, early = 0, late = 0, opened = 0, inner = { on = false } }\n"
        "on('turn_start', function() if game.turn() == 3 then S.stage = 1 end end, 10)\n"
        "on('turn_start', function() S.late = S.late + 1; if game.turn() == 5 then S.stage = 2 end end, 0,\n"
        "   { state = { S, stage = 1 } })\n"
        "on('turn_start', function() S.early = S.early + 1 end, 0, { state = { S, stage = { 0 } } })\n"
        "on('turn_start', function() S.inner.on = game.turn() == 2 end, 20)\n"
        "on('turn_start', function() S.opened = S.opened + 1 end, 0, { state = { S.inner, on = true } })\n"
        "return { name = 'gated', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "gated", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    play_to_turn(&s, 8);
    REQUIRE(s.game.turn >= 8);
    /* Slots in name order: early, inner.on, late, opened, stage. */
    CHECK_EQ(s.game.state[0], 2);   /* turns 1 and 2: stage 0 */
    CHECK_EQ(s.game.state[2], 3);   /* turns 3, 4 and 5: stage 1 */
    CHECK_EQ(s.game.state[3], 1);   /* turn 2 alone */
    CHECK_EQ(s.game.state[4], 2);
    CHECK_EQ(s.game.script_errors, 0);
    session_close(&s);
    remove_root(root);
}

/* The core reads the gates of complex handlers itself (GameListening.gates):
 * an event whose only handlers wait on the scripts' state or on three
 * players is answered without asking the script layer, and the handlers run
 * exactly while their gates are open. */
TEST(mods_the_core_reads_state_and_player_count_gates_itself)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "gated", "mod.lua",
        "local S = game.state{ stage = 0, late = 0, wide = 0 }\n"
        "on('phase', function() if game.turn() == 3 then S.stage = 1 end end)\n"
        "on('turn_end', function() S.late = S.late + 1 end, 0, { state = { S, stage = 1 } })\n"
        "on('turn_end', function() S.wide = S.wide + 1 end, 0, { min_players = 3 })\n"
        "return { name = 'gated', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "gated", err, sizeof err) == 0);
    CHECK((s.listening.gated >> EV_TURN_END) & 1);
    CHECK(!((s.listening.complex >> EV_TURN_END) & 1));
    int mine = 0;
    for (int i = s.listening.gates_from[EV_TURN_END]; i < s.listening.gates_from[EV_TURN_END + 1]; i++)
        mine += s.listening.gates[i].n == 1 || s.listening.gates[i].min_players == 3;
    CHECK(mine >= 2);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    play_to_turn(&s, 8);
    REQUIRE(s.game.turn >= 8);
    /* Slots in name order: late, stage, wide. Turns 3 to 7 ended at stage 1. */
    CHECK_EQ(s.game.state[0], 5);
    CHECK_EQ(s.game.state[1], 1);
    CHECK_EQ(s.game.state[2], 0);   /* two players: never */
    CHECK_EQ(s.game.script_errors, 0);
    session_close(&s);
    remove_root(root);
}

/* Starts a 2-player game of session s (seed 3) in which player 0 holds power
 * card `card` from the start: 0, or -1 when no card has that name or the game
 * cannot start (err says why). */
static int new_game_holding(Session *s, const char *card, char *err, size_t errlen)
{
    int found = rules_power_card_by_name(&s->rules, card);
    if (found < 0) {
        snprintf(err, errlen, "no power card is called '%s'", card);
        return -1;
    }
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    go.hold[0] = (uint64_t)1 << found;
    return session_new_game(s, &go, 3, err, (int)errlen);
}

/* An action's offers come through the `offer` sink (no table each) and as a
 * returned list, the sink's first; the sink holds its place, value and
 * critter; and a call that fails after sinking offers offers nothing. (The
 * sink cannot outlive its listing: no place a script can write keeps it.) */
TEST(mods_action_offers_through_the_offer_sink_and_a_list)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    static Session s;
    static Option o[MAX_OPTIONS];
    const char *failing = "  offers = function(p, offer)\n"
                          "    offer(0, 0, 5)\n"
                          "    error('no more')\n"
                          "  end,\n";
    const char *sinking = "  offers = function(p, offer)\n"
                          "    offer(0, 0, 7, p, 1)\n"
                          "    offer(nil, nil, 9)\n"
                          "    return { { value = 3 } }\n"
                          "  end,\n";
    for (int fails = 0; fails < 2; fails++) {
        char mod[1024];
        snprintf(mod, sizeof mod,
                 "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
                 "game.action{ name = 'probe', at = 'claim', card = 'Probe', holder = true,\n%s"
                 "  perform = function() end }\n"
                 "return { name = 'probe', version = '1' }\n",
                 fails ? failing : sinking);
        put(root, "probe", "mod.lua", mod);
        REQUIRE(open_with(&s, root, "probe", err, sizeof err) == 0);
        s.quiet = 1;
        REQUIRE(new_game_holding(&s, "Probe", err, sizeof err) == 0);
        int n = 0, first = -1;
        for (int guard = 0; first < 0 && s.game.script_errors == 0 && !game_over(&s.game) && guard < 5000; guard++) {
            n = game_options(&s.game, o, MAX_OPTIONS);
            for (int i = n - 1; i >= 0; i--)
                if (o[i].verb == VERB_ACTION)
                    first = i;
            if (first < 0)
                REQUIRE(game_apply(&s.game, 0, err, sizeof err) == 0);
        }
        if (fails) {   /* it met a claim step, failed there, and offered nothing */
            CHECK_EQ(first, -1);
            CHECK_EQ(s.game.script_errors, 1);
            CHECK_STR_CONTAINS(s.error, "mods/probe/mod.lua:5: no more");
            session_close(&s);
            continue;
        }
        REQUIRE(first >= 0);
        REQUIRE(first + 3 <= n);
        CHECK_EQ(o[first].pay, 7);
        CHECK_EQ(o[first].cell, board_cell(hex_make(0, 0)));
        CHECK_EQ(o[first].subject, critter_id(s.game.pending.player, 0) + 1);
        CHECK_EQ(o[first + 1].pay, 9);
        CHECK_EQ(o[first + 1].cell, NO_CELL);
        CHECK_EQ(o[first + 1].subject, 0);
        CHECK_EQ(o[first + 2].pay, 3);
        CHECK(first + 3 == n || o[first + 3].verb != VERB_ACTION);
        CHECK_EQ(s.game.script_errors, 0);
        session_close(&s);
    }
    remove_root(root);
}

/* game.uses counts a power's uses in a turn, and an action declared with
 * `uses` is offered only while one is left: the offers below fail loudly if
 * they are ever called without a use, and each taken action spends one. The
 * holder gets two a turn, the other player none. */
TEST(mods_uses_counter_gates_its_action_in_c)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "probe", "mod.lua",
        "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
        "local uses = game.uses{ card = 'Probe', per_turn = 2 }\n"
        "local S = game.state{ taken = game.per_player(0), turn = game.per_player(0), most = 0 }\n"
        "game.action{ name = 'probe', at = { 'move', 'claim' }, card = 'Probe', uses = uses,\n"
        "  offers = function(p)\n"
        "    if uses.left(p) <= 0 then error('offered without a use left') end\n"
        "    return { { value = 1 } }\n"
        "  end,\n"
        "  perform = function(ev)\n"
        "    if S.turn[ev.player] ~= game.turn() then S.turn[ev.player], S.taken[ev.player] = game.turn(), 0 end\n"
        "    uses.spend(ev.player)\n"
        "    S.taken[ev.player] = S.taken[ev.player] + 1\n"
        "    if S.taken[ev.player] > S.most then S.most = S.taken[ev.player] end\n"
        "  end }\n"
        "return { name = 'probe', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "probe", err, sizeof err) == 0);
    REQUIRE(new_game_holding(&s, "Probe", err, sizeof err) == 0);
    static Option o[MAX_OPTIONS];
    int taken[2] = { 0, 0 };
    for (int guard = 0; s.game.turn < 8 && !game_over(&s.game) && guard < 5000; guard++) {
        int n = game_options(&s.game, o, MAX_OPTIONS), pick = 0;
        for (int i = 0; i < n; i++)
            if (o[i].verb == VERB_ACTION)
                pick = i;
        if (o[pick].verb == VERB_ACTION)
            taken[s.game.pending.player]++;
        REQUIRE(game_apply(&s.game, pick, err, sizeof err) == 0);
    }
    CHECK_EQ(s.game.script_errors, 0);
    CHECK(taken[0] >= 2);
    CHECK_EQ(taken[1], 0);
    /* The counter's 20 slots come first (declared first), then S in name
     * order: most, taken[0..4], turn[0..4]. */
    CHECK_EQ(s.game.state[20], 2);
    session_close(&s);
    /* A counter must name its card; an action's uses must be a counter. */
    check_refused(root, "probe", "local u = game.uses{ per_turn = 1 }\nreturn { name = 'probe', version = '1' }\n",
                  "mods/probe/mod.lua:1: game.uses: 'card' is the power card's name");
    check_refused(root, "probe",
                  "game.action{ at = 'claim', offers = function() return {} end, perform = print, uses = {} }\n"
                  "return { name = 'probe', version = '1' }\n",
                  "mods/probe/mod.lua:1: game.action: 'uses' is a counter game.uses returned");
    check_refused(root, "probe", "local u = game.uses{ card = 'Nobody' }\nreturn { name = 'probe', version = '1' }\n",
                  "game.uses: no power card is called 'Nobody'");
    remove_root(root);
}

/* Gates by range and by not holding: a collect_biome handler gated on at most
 * one critter never sees more, a scoring handler gated on not holding the
 * card never runs for its holder; both run where their gates hold. A critter
 * mark's points reach the scoring event's bonus before any handler. */
TEST(mods_gates_by_range_and_by_not_holding_and_mark_points)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "gated", "mod.lua",
        "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
        "local M = game.critter_mark{ name = 'probe_mark', points = 5 }\n"
        "local S = game.state{ pairs = 0, others = 0, marked = 0, seen_bonus = -1, expected = 0 }\n"
        "on('collect_biome', function(ev) if ev.critters <= 1 then S.expected = S.expected + 1 end end, 20)\n"
        "on('collect_biome', function(ev)\n"
        "  if ev.critters > 1 then error('ran for ' .. ev.critters .. ' critters') end\n"
        "  S.pairs = S.pairs + 1\n"
        "end, 0, { when = { critters = { max = 1 } } })\n"
        "on('turn_start', function()\n"
        "  local n = 0\n"
        "  for index in game.each_critter_places(0, 'board') do game.mark(0, index, M, true); n = n + 1 end\n"
        "  S.marked = n\n"
        "end)\n"
        "on('scoring', function(ev)\n"
        "  if game.holds(ev.player, 'Probe') then error('ran for a holder') end\n"
        "  S.others = S.others + 1\n"
        "end, 0, { card = 'Probe', holder = false })\n"
        "on('scoring', function(ev) if ev.player == 0 then S.seen_bonus = ev.bonus end end, 10)\n"
        "return { name = 'gated', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "gated", err, sizeof err) == 0);
    REQUIRE(new_game_holding(&s, "Probe", err, sizeof err) == 0);
    static Option o[MAX_OPTIONS];
    Rng rng;
    rng_seed(&rng, 11);
    for (int guard = 0; s.game.turn < 40 && !game_over(&s.game) && guard < 5000; guard++) {
        int n = game_options(&s.game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        REQUIRE(game_apply(&s.game, (int)rng_below(&rng, (uint32_t)n), err, sizeof err) == 0);
    }
    CHECK_EQ(s.game.script_errors, 0);
    /* Slots in name order: expected, marked, others, pairs, seen_bonus. */
    CHECK(s.game.state[0] > 0);                   /* single critters collected */
    CHECK_EQ(s.game.state[3], s.game.state[0]);   /* and the gated handler ran for each of them */
    Scores sc;
    game_score(&s.game, &sc);
    CHECK_EQ(s.game.script_errors, 0);
    CHECK(s.game.state[2] > 0);   /* scored for the players without Probe */
    int marked = 0;
    for (int i = 0; i < s.game.rules.critters_per_player; i++)
        marked += s.game.player[0].critters[i].place == AT_BOARD && (s.game.player[0].critters[i].marks & 1);
    CHECK(marked > 0);
    CHECK_EQ(s.game.state[4], 5 * marked);   /* the bonus the first handler saw */
    CHECK(sc.line[0].bonus >= 5 * marked);
    session_close(&s);
    remove_root(root);
}

/* A uses gate runs a handler only while the event's player has a use of the
 * counter left: the gated turn_end handler runs once a turn for the holder
 * (one use, spent by it) and never for the others; an "unlimited" counter
 * always has a use left for its holder, however much is spent, and none for
 * the others. */
TEST(mods_uses_gate_runs_a_handler_only_while_a_use_is_left)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "counted", "mod.lua",
        "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
        "local once = game.uses{ card = 'Probe', per_turn = 1 }\n"
        "local always = game.uses{ card = 'Probe', per_turn = 'unlimited' }\n"
        "local S = game.state{ ran = game.per_player(0), free = game.per_player(0) }\n"
        "on('turn_end', function(ev)\n"
        "  if once.left(ev.player) <= 0 then error('ran without a use left') end\n"
        "  once.spend(ev.player)\n"
        "  S.ran[ev.player] = S.ran[ev.player] + 1\n"
        "end, 0, { card = 'Probe', uses = once })\n"
        "on('turn_end', function(ev) S.ran[ev.player] = S.ran[ev.player] + 100 end, -1, { card = 'Probe', uses = once })\n"
        "on('turn_end', function(ev)\n"
        "  always.spend(ev.player); always.spend(ev.player)\n"
        "  S.free[ev.player] = S.free[ev.player] + 1\n"
        "end, 0, { card = 'Probe', uses = always })\n"
        "return { name = 'counted', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "counted", err, sizeof err) == 0);
    REQUIRE(new_game_holding(&s, "Probe", err, sizeof err) == 0);
    play_to_turn(&s, 9);
    CHECK_EQ(s.game.script_errors, 0);
    /* Slots after the two counters' 40: free[0..4], then ran[0..4]. Player 0
     * (the holder) had turns 1, 3, 5, 7: each gated handler once a turn, the
     * second never (the first spent the use). */
    CHECK_EQ(s.game.state[40], 4);
    CHECK_EQ(s.game.state[41], 0);
    CHECK_EQ(s.game.state[45], 4);
    CHECK_EQ(s.game.state[46], 0);
    session_close(&s);
    /* A uses gate needs a counter and an event with a player. */
    check_refused(root, "counted", "on('turn_end', print, 0, { uses = {} })\nreturn { name = 'counted', version = '1' }\n",
                  "mods/counted/mod.lua:1: on: the gate's uses is a counter game.uses returned");
    check_refused(root, "counted",
                  "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
                  "local u = game.uses{ card = 'Probe' }\n"
                  "on('game_start', print, 0, { uses = u })\nreturn { name = 'counted', version = '1' }\n",
                  "on: the gate's uses needs an event that names a player; 'game_start' has none");
    check_refused(root, "counted",
                  "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
                  "local u = game.uses{ card = 'Probe', per_turn = 'always' }\nreturn { name = 'counted', version = '1' }\n",
                  "game.uses: 'per_turn' is an integer 0..100 or \"unlimited\"");
    remove_root(root);
}

/* An action's needs are checked in C before its offers run: offers that
 * raise when a need is unmet never raise, yet the action is still offered
 * (and taken) where the needs hold. A count may name a rule number. */
TEST(mods_needs_gate_an_action_in_c)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "needy", "mod.lua",
        "card{ name = 'Probe', levels = { 1, 1 }, stars = 0 }\n"
        "local S = game.state{ taken = 0 }\n"
        "game.action{ name = 'needy', at = { 'move', 'claim' }, card = 'Probe',\n"
        "  needs = { resources = 3, hand = 'later_player_bonus', holder = true, purchase = true },\n"
        "  offers = function(p)\n"
        "    if game.turn_state('buys_made') >= game.turn_state('buys_allowed') then error('no purchase left') end\n"
        "    if game.resources(p, 'total') < 3 then error('offered with too few resources') end\n"
        "    if game.hand(p) < game.rule('later_player_bonus') then error('offered with too few in hand') end\n"
        "    if not game.holds(p, 'Probe') then error('offered to a player without the card') end\n"
        "    return { { value = 1 } }\n"
        "  end,\n"
        "  perform = function(ev) S.taken = S.taken + 1 end }\n"
        "return { name = 'needy', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "needy", err, sizeof err) == 0);
    REQUIRE(new_game_holding(&s, "Probe", err, sizeof err) == 0);
    static Option o[MAX_OPTIONS];
    for (int guard = 0; s.game.turn < 12 && !game_over(&s.game) && guard < 5000; guard++) {
        int n = game_options(&s.game, o, MAX_OPTIONS), pick = n - 1;
        for (int i = 0; i < n; i++)
            if (o[i].verb == VERB_ACTION)
                pick = i;
        REQUIRE(game_apply(&s.game, pick, err, sizeof err) == 0);
    }
    CHECK_EQ(s.game.script_errors, 0);
    CHECK(s.game.state[0] > 0);   /* offered, and taken, where the needs held */
    session_close(&s);
    remove_root(root);
}

/* The attack: a module (or mod.lua itself) that is a symbolic link to a file
 * outside the mod's folder was read and compiled. */
TEST(mods_require_attack_symbolic_link_out_of_the_folder)
{
    char root[64], err[512], target[600], link[600];
    make_root(root, sizeof root);
    put(root, "victim", "secret.lua", "return 'stolen'\n");
    put(root, "thief", "mod.lua",
        "local ok, e = pcall(require, 'secret')\n"
        "assert(not ok, 'the link was followed')\n"
        "assert(e:find('mods/thief/secret.lua', 1, true) and e:find('symbolic link', 1, true), e)\n"
        "return { name = 'thief', version = '1' }\n");
    snprintf(target, sizeof target, "%s/mods/victim/secret.lua", root);
    snprintf(link, sizeof link, "%s/mods/thief/secret.lua", root);
    REQUIRE(symlink(target, link) == 0);
    static Session s;
    int rc = open_with(&s, root, "thief", err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    CHECK_EQ(rc, 0);
    if (rc == 0)
        session_close(&s);
    /* mod.lua as a link is refused too, naming the file. */
    put(root, "linked", "keep.txt", "");
    snprintf(target, sizeof target, "%s/mods/thief/mod.lua", root);
    snprintf(link, sizeof link, "%s/mods/linked/mod.lua", root);
    REQUIRE(symlink(target, link) == 0);
    CHECK(open_with(&s, root, "linked", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mods/linked/mod.lua");
    CHECK_STR_CONTAINS(err, "symbolic link");
    remove_root(root);
}

/* FNV-1a 64 over n bytes, as mods.h describes the hash. */
static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t fnv_le64(uint64_t h, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    return fnv_bytes(h, b, 8);
}

TEST(mods_hash_covers_the_files_in_name_order)
{
    char root[64], err[256], dir[600], h1[17], h2[17], h3[17];
    make_root(root, sizeof root);
    put(root, "h", "a.lua", "A");
    put(root, "h", "b.lua", "B");
    snprintf(dir, sizeof dir, "%s/mods/h", root);
    REQUIRE(mods_hash_folder(dir, h1, err, sizeof err) == 0);
    CHECK_EQ(strlen(h1), 16);
    put(root, "h", ".swp", "ignored");
    REQUIRE(mods_hash_folder(dir, h2, err, sizeof err) == 0);
    CHECK(strcmp(h1, h2) == 0);
    put(root, "h", "b.lua", "C");
    REQUIRE(mods_hash_folder(dir, h3, err, sizeof err) == 0);
    CHECK(strcmp(h1, h3) != 0);
    /* The documented layout: file count, then name, NUL, size, contents per file. */
    put(root, "h", "b.lua", "B");
    REQUIRE(mods_hash_folder(dir, h3, err, sizeof err) == 0);
    uint64_t h = fnv_le64(0xcbf29ce484222325ULL, 2);
    h = fnv_le64(fnv_bytes(h, "a.lua", 6), 1);
    h = fnv_bytes(h, "A", 1);
    h = fnv_le64(fnv_bytes(h, "b.lua", 6), 1);
    h = fnv_bytes(h, "B", 1);
    char want[17];
    snprintf(want, sizeof want, "%016llx", (unsigned long long)h);
    CHECK(strcmp(h3, want) == 0 || (fprintf(stderr, "    hash %s, want %s\n", h3, want), 0));
    remove_root(root);
}

/* The attack: the same bytes split differently over the files, or under
 * other names, gave the same hash, so a changed mod matched a save. */
TEST(mods_hash_attack_moving_bytes_between_files_or_renaming_changes_it)
{
    char root[64], err[256], dir[600], h1[17], h2[17], h3[17], h4[17];
    make_root(root, sizeof root);
    snprintf(dir, sizeof dir, "%s/mods/h", root);
    put(root, "h", "a.lua", "return 1 ");
    put(root, "h", "b.lua", "-- x");
    REQUIRE(mods_hash_folder(dir, h1, err, sizeof err) == 0);
    put(root, "h", "a.lua", "return 1 -");
    put(root, "h", "b.lua", "- x");
    REQUIRE(mods_hash_folder(dir, h2, err, sizeof err) == 0);
    CHECK(strcmp(h1, h2) != 0);
    char from[700], to[700];
    snprintf(from, sizeof from, "%s/b.lua", dir);
    snprintf(to, sizeof to, "%s/c.lua", dir);
    REQUIRE(rename(from, to) == 0);
    REQUIRE(mods_hash_folder(dir, h3, err, sizeof err) == 0);
    CHECK(strcmp(h2, h3) != 0);
    put(root, "h", "empty.lua", "");
    REQUIRE(mods_hash_folder(dir, h4, err, sizeof err) == 0);
    CHECK(strcmp(h3, h4) != 0);   /* an empty file counts too */
    remove_root(root);
}

/* Saves record each power card with the file that declared it, so a reader
 * sees which mod a card came from; the list reads back. */
TEST(mods_saves_record_which_file_declared_each_card)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "vents", "mod.lua",
        "card { name = 'Steam vents', levels = { 1, 3 }, stars = 1, text = 'Nothing yet.' }\n"
        "return { name = 'vents', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "vents", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 9, err, sizeof err) == 0);
    static SaveMeta meta;
    session_save_meta(&s, &meta);
    char *text = save_to_string(&s.game, &s.log, &meta);
    REQUIRE(text != NULL);
    CHECK_STR_CONTAINS(text, "\"cards\": [");
    CHECK_STR_CONTAINS(text, "\"from\": \"mods/vents/mod.lua\"");
    static LoadedSave ls;
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    free(text);
    REQUIRE(ls.meta.card_count == 1);
    CHECK(strcmp(ls.meta.cards[0].name, "Steam vents") == 0);
    CHECK(strcmp(ls.meta.cards[0].from, "mods/vents/mod.lua") == 0);
    loaded_save_free(&ls);
    session_close(&s);
    remove_root(root);
}

/* A mod may use the base rules' helper modules: require("base.NAME") loads
 * scripts/lib/NAME.lua (it crashed once: the mod's require carried its own
 * upvalue where the session was looked for). */
TEST(mods_require_base_library_modules)
{
    char root[64], err[512], path[600];
    make_root(root, sizeof root);
    snprintf(path, sizeof path, "%s/scripts/lib", root);
    REQUIRE(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/scripts/lib/twice.lua", root);
    FILE *f = fopen(path, "w");
    REQUIRE(f != NULL);
    fputs("return { of = function(n) return 2 * n end }\n", f);
    fclose(f);
    put(root, "doubler", "mod.lua",
        "local twice = require('base.twice')\n"
        "on('collect', function(ev) ev.cap = twice.of(4) end)\n"
        "return { name = 'doubler', version = '1' }\n");
    static Session s;
    open_required(&s, root, "doubler");
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 2, err, sizeof err) == 0);
    play_to_turn(&s, 3);
    CHECK_EQ(s.game.script_errors, 0);
    session_close(&s);
    remove_root(root);
}

/* A root with the shipped content/ and scripts/ and an empty mods/. */
static void make_full_root(char *root, size_t len)
{
    snprintf(root, len, "/tmp/vq-mods-XXXXXX");
    REQUIRE(mkdtemp(root) != NULL);
    char path[512], cwd[400], target[512];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    static const char *const LINKS[] = { "content", "scripts" };
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", root, LINKS[i]);
        snprintf(target, sizeof target, "%s/%s", cwd, LINKS[i]);
        REQUIRE(symlink(target, path) == 0);
    }
    snprintf(path, sizeof path, "%s/mods", root);
    REQUIRE(mkdir(path, 0700) == 0);
}

/* A mod may take any base card out: the other base scripts that name it
 * (interplay with it, gates on it) find it never in play and keep working. */
TEST(mods_remove_any_base_card_and_the_other_scripts_play_on)
{
    static const char *const CARDS[] = { "Pack critters", "Herding critters", "Cooperative critters",
                                         "Colossal critter", "Rift" };
    char root[64], err[512], text[300];
    make_full_root(root, sizeof root);
    for (size_t c = 0; c < sizeof CARDS / sizeof CARDS[0]; c++) {
        snprintf(text, sizeof text, "remove_card('%s')\nreturn { name = 'without', version = '1' }\n", CARDS[c]);
        put(root, "without", "mod.lua", text);
        static Session s;
        int rc = open_with(&s, root, "without", err, sizeof err);
        if (rc)
            fprintf(stderr, "    without %s: %s\n", CARDS[c], err);
        REQUIRE(rc == 0);
        CHECK(session_card_removed(&s, CARDS[c]));
        static Option o[MAX_OPTIONS];
        for (uint64_t seed = 1; seed <= 4; seed++) {
            GameOptions go = { .players = 3, .setup_variation = 1, .variant = "symbiosis" };
            for (int p = 0; p < 3; p++)   /* every seat holds every power: the interplay code runs */
                go.hold[p] = ~0ull >> (64 - s.rules.power_card_count);
            REQUIRE(session_new_game(&s, &go, seed, err, sizeof err) == 0);
            for (int k = 0; k < 6000 && !game_over(&s.game) && !s.game.script_errors; k++) {
                int n = game_options(&s.game, o, MAX_OPTIONS);
                REQUIRE(n > 0);
                REQUIRE(game_apply(&s.game, (int)((seed * 7 + (uint64_t)k * 13) % (uint64_t)n), err, sizeof err) == 0);
            }
            if (s.game.script_errors)
                fprintf(stderr, "    without %s, seed %llu: %s\n", CARDS[c], (unsigned long long)seed, s.error);
            CHECK_EQ(s.game.script_errors, 0);
        }
        session_close(&s);
    }
    remove_root(root);
}

/* A mod replacing a base power may reuse the replaced script's mark name
 * with traits of its own; declaring it before the replacement is refused
 * with a message that says so. */
TEST(mods_a_replacement_reuses_the_replaced_scripts_mark_names)
{
    char root[64], err[512];
    make_full_root(root, sizeof root);
    put(root, "stout", "mod.lua",
        "card { name = 'Colossal critter', replaces = 'Colossal critter', levels = { 1, 3 }, stars = 1,\n"
        "       text = 'A stout critter never leaves.' }\n"
        "game.critter_mark{ name = 'colossal', stays = true }\n"
        "return { name = 'stout', version = '1' }\n");
    static Session s;
    open_required(&s, root, "stout");
    int found = 0;
    for (int m = 0; m < s.rules.critter_mark_count; m++)
        if (strcmp(s.rules.critter_marks[m].name, "colossal") == 0) {
            found++;
            CHECK_EQ(s.rules.critter_marks[m].traits, CT_STAYS);
        }
    CHECK_EQ(found, 1);
    session_close(&s);
    put(root, "stout", "mod.lua",
        "game.critter_mark{ name = 'colossal', stays = true }\n"
        "card { name = 'Colossal critter', replaces = 'Colossal critter', levels = { 1, 3 }, stars = 1,\n"
        "       text = 'A stout critter never leaves.' }\n"
        "return { name = 'stout', version = '1' }\n");
    CHECK(open_with(&s, root, "stout", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "declared by scripts/powers/colossal_critter.lua already");
    session_close(&s);
    remove_root(root);
}

TEST(mods_a_save_refuses_a_changed_mod_set)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "house", "mod.lua",
        "on('collect', function(ev) ev.cap = 8 end)\n"
        "return { name = 'house', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "house", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 9, err, sizeof err) == 0);
    play_to_turn(&s, 3);
    SaveMeta meta;
    memset(&meta, 0, sizeof meta);
    mods_to_save(&s.mods, &meta);
    char *text = save_to_string(&s.game, &s.log, &meta);
    REQUIRE(text != NULL);
    CHECK_STR_CONTAINS(text, "\"name\": \"house\"");
    static LoadedSave ls;
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    free(text);
    CHECK_EQ(mods_check_save(&s.mods, &ls.meta, err, sizeof err), 0);
    session_close(&s);

    /* Without the mod. */
    REQUIRE(open_with(&s, root, NULL, err, sizeof err) == 0);
    CHECK(mods_check_save(&s.mods, &ls.meta, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mod 'house', which is not enabled");
    session_close(&s);

    /* With the mod changed by one comment. */
    put(root, "house", "mod.lua",
        "-- tweaked\non('collect', function(ev) ev.cap = 8 end)\n"
        "return { name = 'house', version = '1' }\n");
    REQUIRE(open_with(&s, root, "house", err, sizeof err) == 0);
    CHECK(mods_check_save(&s.mods, &ls.meta, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mod 'house' has changed since the save was made");
    session_close(&s);

    /* An extra mod the save never had. */
    put(root, "house", "mod.lua",
        "on('collect', function(ev) ev.cap = 8 end)\n"
        "return { name = 'house', version = '1' }\n");
    put(root, "extra", "mod.lua", "return { name = 'extra', version = '1' }\n");
    REQUIRE(open_with(&s, root, "house,extra", err, sizeof err) == 0);
    CHECK(mods_check_save(&s.mods, &ls.meta, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mod 'extra' is enabled, but the save was made without it");
    session_close(&s);
    loaded_save_free(&ls);
    remove_root(root);
}

TEST(mods_shipped_examples_load_and_play)
{
    char err[512];
    static Session s;
    int rc = session_open_mods(&s, ".", "bountiful_start,hot_lava", err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    REQUIRE(rc == 0);
    CHECK_EQ(s.mods.count, 2);
    static Option o[MAX_OPTIONS];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        GameOptions go = { .players = 3, .setup_variation = 1, .variant = "symbiosis" };
        REQUIRE(session_new_game(&s, &go, seed, err, sizeof err) == 0);
        for (int k = 0; k < 4000 && !game_over(&s.game); k++) {
            int n = game_options(&s.game, o, MAX_OPTIONS);
            REQUIRE(n > 0);
            REQUIRE(game_apply(&s.game, (int)((seed * 7 + (uint64_t)k * 13) % (uint64_t)n), err, sizeof err) == 0);
        }
        CHECK(game_over(&s.game));
        CHECK_NO_SCRIPT_ERROR(&s, &s.game, "bountiful_start,hot_lava, seed %llu", (unsigned long long)seed);
        for (int i = 0; i < s.mods.count; i++)
            CHECK(!mods_disabled(&s.game, &s.mods.mod[i]));
    }
    /* hot_lava asked its question at least once; bountiful_start collected. */
    static ScriptFireCount fc[256];
    int n = script_fire_counts(s.script, fc, 256);
    uint64_t answered = 0, collects = 0;
    for (int i = 0; i < n && i < 256; i++) {
        if (strcmp(fc[i].chunk, "mods/hot_lava/mod.lua") == 0 && strcmp(fc[i].event, "volcano_activated") == 0)
            answered += fc[i].fired;
        if (strcmp(fc[i].chunk, "mods/bountiful_start/mod.lua") == 0 && strcmp(fc[i].event, "collect") == 0)
            collects += fc[i].fired;
    }
    CHECK(answered > 0);
    CHECK(collects > 0);
    session_close(&s);
}

/* Plays option 0 until turn `turn`; counts the script actions listed. */
static int play_counting_actions(Session *s, int turn)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    int actions = 0;
    for (int guard = 0; s->game.turn < turn && !game_over(&s->game) && guard < 5000; guard++) {
        int n = game_options(&s->game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        for (int i = 0; i < n; i++)
            actions += o[i].verb == VERB_ACTION;
        REQUIRE(game_apply(&s->game, 0, err, sizeof err) == 0);
    }
    return actions;
}

/* The engine read a game.action declaration and the offers' tables between
 * script calls, with lua_getfield: a metatable's __index ran script code
 * there, unprotected and with no budget (an error aborted the process, a
 * loop hung it). Declarations are now copied when made; offers read raw. */
TEST(mods_attack_metatables_on_declarations_and_offers)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "meta", "mod.lua",
        "local loading = true\n"
        "local function offers(p)\n"
        "  return { setmetatable({ value = 1 }, { __index = function() error('offer read through __index') end }),\n"
        "           { value = 2, q = 4294967296, r = 0 } }\n"
        "end\n"
        "game.action(setmetatable({ name = 'meta', at = 'move', perform = function(ev) end },\n"
        "  { __index = function(t, k)\n"
        "      if not loading then error('declaration read after load') end\n"
        "      if k == 'offers' then return offers end\n"
        "    end }))\n"
        "loading = false\n"
        "return { name = 'meta', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "meta", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    CHECK(play_counting_actions(&s, 4) > 0);
    CHECK(s.game.turn >= 4 || game_over(&s.game));
    const ModInfo *meta = mods_find(&s.mods, "meta");
    REQUIRE(meta != NULL);
    CHECK(!mods_disabled(&s.game, meta) || (fprintf(stderr, "    %s\n", meta->error), 0));
    session_close(&s);
    remove_root(root);
}

/* question:ask read the question's id from the object's `id` field, so a mod
 * could ask another script's question with a forged {id = 0} and have that
 * script's answer handler run on choices the forger picked. */
TEST(mods_attack_forged_question_asks_another_scripts_question)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "victim", "mod.lua",
        "local Q = game.question{ name = 'victim_q', prompt = 'victim?',\n"
        "  answer = function(ev) error('victim answered a question it never asked') end }\n"
        "return { name = 'victim', version = '1' }\n");
    put(root, "forger", "mod.lua",
        "local mine = game.question{ name = 'forger_q', prompt = 'p', answer = function(ev) end }\n"
        "on('turn_start', function(ev)\n"
        "  if game.turn() == 2 then mine.id = 0 mine:ask(game.active(), { 1 }) end\n"
        "  if game.turn() == 3 then mine.ask({ id = 0, name = 'victim_q' }, game.active(), { 1 }) end\n"
        "end)\n"
        "return { name = 'forger', version = '1' }\n");
    static Session s;
    REQUIRE(open_with(&s, root, "victim,forger", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    play_to_turn(&s, 5);
    const ModInfo *victim = mods_find(&s.mods, "victim"), *forger = mods_find(&s.mods, "forger");
    REQUIRE(victim != NULL && forger != NULL);
    CHECK(!mods_disabled(&s.game, victim) || (fprintf(stderr, "    %s\n", victim->error), 0));
    CHECK(mods_disabled(&s.game, forger));
    /* Writing the question's id is refused first: the question was made while
     * the rules loaded, so it is frozen. */
    CHECK_STR_CONTAINS(forger->error, "mods/forger/mod.lua:3: cannot set [id] of mine");
    session_close(&s);
    remove_root(root);
}

/* A handler whose change sets off the same handler again, without end: the
 * change is refused at LGAME_MAX_EVENT_DEPTH, in the mod's own handler (so the
 * mod is switched off, naming its file and line), before Lua's C stack runs
 * out under the base rules' handlers. */
TEST(mods_attack_handlers_recursing_through_effects_are_stopped_in_the_mod)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "pingpong", "mod.lua",
        "on('critter_moved', function(ev)\n"
        "  local t = game.move_targets(ev.owner, ev.critter)[1]\n"
        "  if t then game.move_critter(ev.owner, ev.critter, t.q, t.r, t.area) end\n"
        "end)\n"
        "return { name = 'pingpong', version = '1' }\n");
    static Session s;
    static Option o[MAX_OPTIONS];
    REQUIRE(open_with(&s, root, "pingpong", err, sizeof err) == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 3, err, sizeof err) == 0);
    int moved = 0;
    for (int guard = 0; !game_over(&s.game) && guard < 3000 && !moved; guard++) {
        int n = game_options(&s.game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        int pick = 0;
        for (int i = 0; i < n; i++)
            if (o[i].verb == VERB_MOVE)
                pick = i;
        moved = o[pick].verb == VERB_MOVE;
        REQUIRE(game_apply(&s.game, pick, err, sizeof err) == 0);
    }
    REQUIRE(moved);
    CHECK(mods_disabled(&s.game, &s.mods.mod[0]));
    CHECK(strstr(s.mods.mod[0].error, "pingpong/mod.lua:3") != NULL);
    CHECK(strstr(s.mods.mod[0].error, "events nested 24 deep") != NULL);
    CHECK(strstr(s.error, "C stack overflow") == NULL);
    CHECK(invariants_check(&s.game, err, sizeof err) == 0);
    session_close(&s);
    remove_root(root);
}

/* game.erupt checked the supply and the stack, then struck the critters
 * there: a handler of that blow (critter_hit, critter_removed) or of the
 * landing could erupt again, past the checks already made, until the
 * supply's count wrapped round (272 volcano tiles, --check). */
TEST(mods_attack_eruption_from_the_handlers_of_an_eruption)
{
    char root[64], err[512];
    make_root(root, sizeof root);
    put(root, "chain", "mod.lua",
        "local function again(ev)\n"
        "  for _, p in ipairs(game.land()) do\n"
        "    if pcall(game.erupt, 0, p.q, p.r) then return end\n"
        "  end\n"
        "end\n"
        "on('critter_hit', again) on('critter_removed', again) on('volcano_landing', again)\n"
        "return { name = 'chain', version = '1' }\n");
    static Session s;
    static Option o[MAX_OPTIONS];
    REQUIRE(open_with(&s, root, "chain", err, sizeof err) == 0);
    for (int seed = 1; seed <= 6; seed++) {
        GameOptions go = { .players = 4, .setup_variation = 1, .variant = "" };
        REQUIRE(session_new_game(&s, &go, (uint64_t)seed, err, sizeof err) == 0);
        for (int guard = 0; !game_over(&s.game) && guard < 3000; guard++) {
            int n = game_options(&s.game, o, MAX_OPTIONS);
            REQUIRE(n > 0);
            REQUIRE(game_apply(&s.game, (guard * 7 + seed) % n, err, sizeof err) == 0);
            if (invariants_check(&s.game, err, sizeof err) != 0) {
                th_fail(__FILE__, __LINE__, "seed %d: %s", seed, err);
                break;
            }
        }
    }
    session_close(&s);
    remove_root(root);
}

/* A house variant is a mod: game.variant_rule declares it, games and gates
 * name it, the engine applies its targeting as data (here: no stack without
 * critters, as To the Left), and a "targets" handler gated by it starts from
 * that answer and may change it (here: B's stacks, and the empty ones). */
TEST(mods_declare_a_variant_that_games_and_gates_name)
{
    char root[64], err[512] = "";
    make_root(root, sizeof root);
    put(root, "right", "mod.lua",
        "game.variant_rule{ name = 'to_the_right', targets = { seat = -1 } }\n"
        "on('targets', function(ev)\n"
        "  if not ev.uninhabited then ev.players = ev.players | 2; ev.uninhabited = true end\n"
        "end, 0, { variant = 'to_the_right' })\n"
        "manifest = { name = 'right', version = '1' }\n");
    static Session s;
    open_required(&s, root, "right");
    GameOptions go = { .players = 3, .setup_variation = 1, .variant = "to_the_right" };
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    Game *g = &s.game;
    CHECK_EQ(game_target_players(g), (1 << ((g->active + 2) % 3)) | 2 | TARGET_UNINHABITED);
    CHECK_EQ(g->script_errors, 0);
    go.players = 2;   /* the variant's min_players (3 by default): every player, every stack */
    REQUIRE(session_new_game(&s, &go, 5, err, sizeof err) == 0);
    CHECK_EQ(game_target_players(&s.game), 3 | TARGET_UNINHABITED);
    snprintf(go.variant, sizeof go.variant, "to_the_left");   /* not declared in this root */
    go.players = 3;
    CHECK(session_new_game(&s, &go, 5, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "no variant 'to_the_left' (they have: to_the_right)");
    session_close(&s);
    remove_root(root);
}

/* Volcano tiles in the supply and on the board. */
static int volcano_tiles(const Game *g)
{
    int n = g->supply_volcanoes;
    for (int i = 0; i < g->board.tile_count; i++)
        n += g->rules.tile_types[g->board.tiles[i].type].tile_class == TILE_VOLCANO;
    return n;
}

/* An effect that fires events before it changes the land checks its
 * conditions again after them: here a handler of the critters' removal takes
 * the supply's last volcano while game.stack_tile is putting a volcano on
 * their stack. The stacking must fail (and the mod's call with it), not take
 * a volcano the supply no longer has. */
TEST(mods_cannot_empty_the_supply_under_an_effect_under_way)
{
    char root[64], err[512] = "";
    make_root(root, sizeof root);
    put(root, "grab", "mod.lua",
        "game.action{ name = 'drop', at = 'move', offers = function() return { { q = 0, r = 0 } } end,\n"
        "  label = function() return 'drop a volcano' end,\n"
        "  perform = function() game.stack_tile(0, 0, 'volcano') end }\n"
        "on('critter_removed', function(ev)\n"
        "  if game.supply().volcanoes > 0 then game.stack_tile(2, 0, 'volcano') end\n"
        "end)\n"
        "manifest = { name = 'grab', version = '1' }\n");
    static Session s;
    open_required(&s, root, "grab");
    const char *text = "turn A move\ntile 0 0 uno_dark\ntile 1 0 uno_light\ntile 2 0 uno_medium\n"
                       "critter A 0 0 dark\ncritter B 1 0 light\nsupply volcano 1\n"
                       "unchecked\n";   /* the other volcanoes are nowhere: the count below is of these */
    action_log_free(&s.log);
    s.current = &s.game;
    int rc = scenario_start(&s.game, &s.rules, text, NULL, NULL, session_hooks(), &s, err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    REQUIRE(rc == 0);
    int before = volcano_tiles(&s.game);
    Option o[MAX_OPTIONS];
    int n = game_options(&s.game, o, MAX_OPTIONS), drop = -1;
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_ACTION)
            drop = i;
    REQUIRE(drop >= 0);
    s.quiet = 1;
    REQUIRE(game_apply(&s.game, drop, err, sizeof err) == 0);
    CHECK(s.game.supply_volcanoes <= 1);
    CHECK_EQ(volcano_tiles(&s.game), before);   /* none made out of nothing */
    CHECK(s.game.script_errors > 0);            /* the mod's call failed, loudly */
    session_close(&s);
    remove_root(root);
}

/* An end reason is said in the words its declaration gives (the window, the
 * terminal, the story and the browser all read Rules.end_reason_words); a
 * reason declared without words is said by its name, until a later
 * declaration gives some. */
TEST(mods_end_reasons_are_said_in_the_words_their_declarations_give)
{
    char root[64], err[512] = "";
    make_root(root, sizeof root);
    put(root, "ends", "mod.lua",
        "assert(game.end_reason('flood', 'the sea rose over the land') == 'flood')\n"
        "game.end_reason('long_drought')\n"
        "game.end_reason('dust_storm')\n"
        "game.end_reason('dust_storm', 'dust buried the biomes')\n"
        "game.end_reason('flood')   -- again, without words: they stay\n"
        "manifest = { name = 'ends', version = '1' }\n");
    static Session s;
    open_required(&s, root, "ends");
    const Rules *r = &s.rules;
    int flood = rules_end_reason_by_name(r, "flood"), drought = rules_end_reason_by_name(r, "long_drought"),
        dust = rules_end_reason_by_name(r, "dust_storm");
    REQUIRE(flood > 0 && drought > 0 && dust > 0);
    CHECK_STR_CONTAINS(r->end_reason_words[flood], "the sea rose over the land");
    CHECK(strcmp(r->end_reason_words[drought], "long drought") == 0);
    CHECK(strcmp(r->end_reason_words[dust], "dust buried the biomes") == 0);
    CHECK(strcmp(r->end_reason_words[END_SUPPLY], "the land tiles ran out") == 0);
    session_close(&s);
    remove_root(root);
    (void)err;
}
