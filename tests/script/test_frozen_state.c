/* Rules and mods keep state only in game.state: every way a handler could
 * carry a value from one call to the next outside it is refused, at load
 * where the compiled code shows it (a local assigned) and when it runs where
 * it cannot (a table changed). Each case is a mod as a modder would write it;
 * each played (and leaked) before the freeze. Read-only use stays allowed
 * and reads as before. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "harness_game.h"
#include "harness_mods.h"
#include "lsandbox.h"
#include "mods.h"
#include "session.h"

#define MANIFEST(name) "return { name = '" name "', version = '1' }\n"

/* Plays option 0 until turn `turn` begins, the game ends or a script fails. */
static void play_until(Session *s, int turn)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    for (int guard = 0; s->game.turn < turn && !game_over(&s->game) && s->game.script_errors == 0 && guard < 5000;
         guard++) {
        REQUIRE(game_options(&s->game, o, MAX_OPTIONS) > 0);
        REQUIRE(game_apply(&s->game, 0, err, sizeof err) == 0);
    }
}

/* The mod at mod.lua = text must fail to load, naming `want`. */
static void refused_at_load(const char *mod, const char *text, const char *want)
{
    char root[64], err[600] = "";
    th_mods_root_make(root, sizeof root);
    CHECK(th_mods_refuses(root, mod, text, err, sizeof err));
    CHECK_STR_CONTAINS(err, want);
    CHECK_STR_CONTAINS(err, "keep what changes in game.state");
    th_mods_root_remove(root);
}

/* The mod loads, and its first handler call that changes kept state fails
 * the call (the mod is switched off), naming `want`. */
static void refused_when_run(const char *root, const char *mod, const char *want)
{
    char err[600] = "";
    static Session s;
    int rc = th_mods_open(&s, root, mod, err, sizeof err);
    if (rc)
        printf("    %s\n", err);
    REQUIRE(rc == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &go, 7, err, sizeof err) == 0);
    play_until(&s, 6);
    CHECK_EQ(s.game.script_errors, 1);
    CHECK_STR_CONTAINS(s.error, want);
    const ModInfo *mi = mods_find(&s.mods, mod);
    REQUIRE(mi != NULL);
    CHECK(mods_disabled(&s.game, mi));
    session_close(&s);
}

static void run_refused(const char *mod, const char *text, const char *want)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, mod, "mod.lua", text);
    refused_when_run(root, mod, want);
    th_mods_root_remove(root);
}

/* The counter: a number in a local of the file. */
TEST(frozen_state_local_number_assigned_by_a_handler_is_refused_at_load)
{
    refused_at_load("counter",
                    "local n = 0\n"
                    "on('turn_start', function(ev)\n"
                    "  n = n + 1\n"
                    "  if n % 5 == 0 then game.gain(ev.player, 'dark', 1) end\n"
                    "end)\n" MANIFEST("counter"),
                    "mods/counter/mod.lua:3: assigns 'n'");
}

TEST(frozen_state_local_assigned_through_a_helper_or_a_nested_function_is_refused_at_load)
{
    refused_at_load("helper",
                    "local n = 0\n"
                    "local function bump() n = n + 1 end\n"
                    "on('turn_start', function(ev) bump() end)\n" MANIFEST("helper"),
                    "mods/helper/mod.lua:2: assigns 'n'");
    refused_at_load("nested",
                    "local last\n"
                    "on('turn_start', function(ev)\n"
                    "  local function keep(v) last = v end\n"
                    "  keep(ev.player)\n"
                    "end)\n" MANIFEST("nested"),
                    "mods/nested/mod.lua:3: assigns 'last'");
}

TEST(frozen_state_closure_made_at_load_that_counts_is_refused_at_load)
{
    refused_at_load("maker",
                    "local function counter()\n"
                    "  local calls = 0\n"
                    "  return function() calls = calls + 1 return calls end\n"
                    "end\n"
                    "local next_id = counter()\n"
                    "on('turn_start', function(ev) next_id() end)\n" MANIFEST("maker"),
                    "mods/maker/mod.lua:3: assigns 'calls'");
}

TEST(frozen_state_module_local_is_refused_at_load_and_module_table_when_run)
{
    char root[64], err[600] = "";
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "module", "mod.lua",
                "local tally = require('tally')\n"
                "on('turn_start', function(ev) tally.add() end)\n" MANIFEST("module"));
    th_mods_put(root, "module", "tally.lua",
                "local M, total = {}, 0\n"
                "function M.add() total = total + 1 end\n"
                "return M\n");
    static Session s;
    CHECK(th_mods_open(&s, root, "module", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mods/module/tally.lua:2: assigns 'total'");
    th_mods_put(root, "module", "tally.lua",
                "local M = { count = 0 }\n"
                "function M.add() M.count = M.count + 1 end\n"
                "return M\n");
    refused_when_run(root, "module", "mods/module/tally.lua:2: cannot set [count] of tally");
    th_mods_root_remove(root);
}

/* A module required for the first time by a handler would be made after the
 * freeze, its locals free to change: refused. One required while loading is
 * the same frozen module again. */
TEST(frozen_state_module_required_after_loading_is_refused)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "late", "mod.lua",
                "local early = require('helper')\n"
                "on('turn_start', function(ev)\n"
                "  assert(require('helper') == early)\n"
                "  require('later')\n"
                "end)\n" MANIFEST("late"));
    th_mods_put(root, "late", "helper.lua", "return { n = 1 }\n");
    th_mods_put(root, "late", "later.lua", "local count = 0\nreturn { bump = function() count = count + 1 end }\n");
    refused_when_run(root, "late", "mods/late/mod.lua:4: require: 'later' was not required while the mod loaded");
    th_mods_root_remove(root);
}

TEST(frozen_state_local_table_filled_by_a_handler_is_refused_when_run)
{
    run_refused("filler",
                "local seen = {}\n"
                "on('turn_start', function(ev) seen[#seen + 1] = ev.player end)\n" MANIFEST("filler"),
                "mods/filler/mod.lua:2: cannot set [1] of seen");
    run_refused("inserter",
                "local seen = { 0 }\n"
                "on('turn_start', function(ev) table.insert(seen, ev.player) end)\n" MANIFEST("inserter"),
                "mods/inserter/mod.lua:2: cannot set [2] of seen");
    run_refused("nested_table",
                "local cache = { by_player = { {}, {} } }\n"
                "on('turn_start', function(ev) cache.by_player[1].x = 1 end)\n" MANIFEST("nested_table"),
                "mods/nested_table/mod.lua:2: cannot set [x] of cache.by_player[1]");
}

TEST(frozen_state_coroutine_kept_between_calls_is_refused_when_run)
{
    run_refused("keeper",
                "local co = coroutine.wrap(function() local k = 0 while true do k = k + 1 coroutine.yield(k) end end)\n"
                "co()\n"
                "on('turn_start', function(ev) co() end)\n" MANIFEST("keeper"),
                "coroutine from an earlier call");
}

/* Iterators keep their position in themselves: one made while loading and
 * stepped by a handler would count calls like a local. */
TEST(frozen_state_iterators_made_at_load_are_refused_when_run)
{
    run_refused("pairs_kept",
                "local step = pairs({ 1, 2, 3, 4, 5, 6, 7, 8, 9 })\n"
                "on('turn_start', function(ev) step() end)\n" MANIFEST("pairs_kept"),
                "mods/pairs_kept/mod.lua:2: pairs: made in an earlier call");
    run_refused("gmatch_kept",
                "local word = ('a b c d e f g h'):gmatch('%a')\n"
                "on('turn_start', function(ev) word() end)\n" MANIFEST("gmatch_kept"),
                "mods/gmatch_kept/mod.lua:2: string.gmatch: made in an earlier call");
}

TEST(frozen_state_metatable_fields_are_refused_when_run)
{
    run_refused("meta",
                "local mt = { hits = 0 }\n"
                "mt.__index = mt\n"
                "local obj = setmetatable({}, mt)\n"
                "on('turn_start', function(ev) local m = getmetatable(obj) m.hits = m.hits + 1 end)\n"
                MANIFEST("meta"),
                "mods/meta/mod.lua:4: cannot set [hits] of the metatable of obj");
    run_refused("index_table",
                "local defaults = { bonus = 1 }\n"
                "local t = setmetatable({}, { __index = defaults })\n"
                "on('turn_start', function(ev) local d = getmetatable(t).__index d.bonus = d.bonus + 1 end)\n"
                MANIFEST("index_table"),
                "mods/index_table/mod.lua:3: cannot set [bonus] of the metatable of t.__index");
}

TEST(frozen_state_global_tables_and_library_tables_are_refused_when_run)
{
    run_refused("global_table",
                "G = { n = 0 }\n"
                "on('turn_start', function(ev) G.n = G.n + 1 end)\n" MANIFEST("global_table"),
                "mods/global_table/mod.lua:2: cannot set [n] of G");
    run_refused("game_field",
                "on('turn_start', function(ev) game.x = 1 end)\n" MANIFEST("game_field"),
                "mods/game_field/mod.lua:1: cannot set [x] of game");
    run_refused("string_field",
                "on('turn_start', function(ev) string.seen = (string.seen or 0) + 1 end)\n" MANIFEST("string_field"),
                "mods/string_field/mod.lua:1: cannot set [seen] of string");
    run_refused("raw_global_table",
                "G = { n = 0 }\n"
                "on('turn_start', function(ev) rawset(G, 'n', 1) end)\n" MANIFEST("raw_global_table"),
                "mods/raw_global_table/mod.lua:2: cannot set [n] of G");
}

/* An event's table is the engine's: rawset would hide its fields from the
 * rules that read them after (a mod could swallow the end of the game). */
TEST(frozen_state_rawset_on_an_event_is_refused)
{
    run_refused("raw_event",
                "on('turn_start', function(ev) rawset(ev, 'over', false) rawset(ev, 'mode', 'normal') end)\n"
                MANIFEST("raw_event"),
                "mods/raw_event/mod.lua:1: rawset: not on an engine table");
}

/* A weak table loses entries when the collector runs, which differs between
 * a game alone and the same game later in a batch. */
TEST(frozen_state_weak_tables_are_refused)
{
    run_refused("weak",
                "on('turn_start', function(ev) local cache = setmetatable({}, { __mode = 'k' }) end)\n" MANIFEST("weak"),
                "__mode is not allowed");
}

/* Constants, lookup tables, module functions and objects made in a call from
 * a class built at load all read as before, and a mod using them plays the
 * same game alone and as a later game of a batch. */
TEST(frozen_state_read_only_locals_tables_and_classes_read_as_before)
{
    char root[64], err[600] = "";
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "reader", "mod.lua",
                "local BONUS, NAMES = 1, { 'a', 'b', 'c', n = 3 }\n"
                "local Point = {}\n"
                "Point.__index = Point\n"
                "function Point.new(x) return setmetatable({ x = x }, Point) end\n"
                "function Point:twice() return 2 * self.x end\n"
                "local shared = setmetatable({ base = 2 }, { __index = function(t, k) return k == 'z' and 26 end,\n"
                "                                             __call = function(self, v) return v + self.base end })\n"
                "local S = game.state{ score = 0 }\n"
                "on('turn_start', function(ev)\n"
                "  local keys = {}\n"
                "  for k, v in pairs(NAMES) do keys[#keys + 1] = tostring(k) .. '=' .. tostring(v) end\n"
                "  assert(table.concat(keys, ',') == '1=a,2=b,3=c,n=3', table.concat(keys, ','))\n"
                "  assert(#NAMES == 3 and rawlen(NAMES) == 3 and rawget(NAMES, 2) == 'b' and next(NAMES) == 1)\n"
                "  local n = 0 for _, v in ipairs(NAMES) do n = n + #v end\n"
                "  assert(n == 3 and select('#', table.unpack(NAMES)) == 3)\n"
                "  local p = Point.new(ev.player + 1)\n"
                "  assert(getmetatable(p) == Point and p:twice() == 2 * (ev.player + 1))\n"
                "  assert(shared.z == 26 and shared(1) == 3 and shared.base == 2)\n"
                "  S.score = S.score + BONUS + p:twice()\n"
                "end)\n" MANIFEST("reader"));
    static Session s;
    int rc = th_mods_open(&s, root, "reader", err, sizeof err);
    if (rc)
        printf("    %s\n", err);
    REQUIRE(rc == 0);
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    uint64_t alone = 0, later = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint64_t seed = pass ? 1 : 3; seed <= 3; seed++) {   /* seed 3 alone first, then as game 3 */
            REQUIRE(session_new_game(&s, &go, seed, err, sizeof err) == 0);
            play_until(&s, 8);
            CHECK_NO_SCRIPT_ERROR(&s, &s.game, "reader, seed %llu", (unsigned long long)seed);
        }
        *(pass ? &later : &alone) = game_hash(&s.game);
    }
    CHECK(alone == later);
    session_close(&s);
    th_mods_root_remove(root);
}
