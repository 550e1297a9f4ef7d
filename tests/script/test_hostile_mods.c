/* Hostile mods, round two (issue 28): each test is an attack a stranger's mod
 * made on this engine, refused with a message naming the mod's file and line
 * or played as docs/reliability.md promises. Each test builds its own root
 * (the shipped content/, empty scripts/, its own mods/). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "describe.h"
#include "harness_game.h"
#include "harness_mods.h"
#include "session.h"

/* Mod x whose mod.lua is `text` (the manifest is appended) fails to load with
 * an error holding `want` and `where` ("mods/x/mod.lua:3:"). */
static void check_refused_at(const char *root, const char *text, const char *want, const char *where)
{
    char err[1024] = "", src[8192];
    snprintf(src, sizeof src, "%s\nreturn { name = 'x', version = '1' }\n", text);
    if (!th_mods_refuses(root, "x", src, err, sizeof err)) {
        th_fail(__FILE__, __LINE__, "the mod loaded; wanted \"%s\"", want);
        return;
    }
    if (!strstr(err, want) || !strstr(err, where))
        th_fail(__FILE__, __LINE__, "got \"%s\", wanted \"%s\" at %s", err, want, where);
}

/* Opens mod x (text plus the manifest) and starts a 2-player game of `seed`. */
static void open_game(Session *s, const char *root, const char *text, uint64_t seed)
{
    char err[1024] = "", src[8192];
    snprintf(src, sizeof src, "%s\nreturn { name = 'x', version = '1' }\n", text);
    th_mods_put(root, "x", "mod.lua", src);
    int rc = session_open_mods(s, root, "x", err, sizeof err);
    if (rc)
        fprintf(stderr, "    %s\n", err);
    REQUIRE(rc == 0);
    s->quiet = 1;
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(s, &o, seed, err, sizeof err) == 0);
}

TEST(hostile_randomness_while_loading_is_refused_with_the_line)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    check_refused_at(root, "local r = math.random(6)", "no die to draw", "mods/x/mod.lua:1:");
    check_refused_at(root, "\nlocal r = math.random()", "no die to draw", "mods/x/mod.lua:2:");
    check_refused_at(root, "local t = {}\nt[1] = math.random(1, 2)", "no die to draw", "mods/x/mod.lua:2:");
    th_mods_put(root, "x", "util.lua", "return { roll = math.random(3) }\n");
    check_refused_at(root, "local u = require('util')", "no die to draw", "mods/x/util.lua:1:");
    /* Every reader of the game, likewise: there is none yet. */
    check_refused_at(root, "local t = game.turn()", "no game while the scripts load", "mods/x/mod.lua:1:");
    check_refused_at(root, "\nlocal p = game.param('n', 1)", "parameters belong to a game", "mods/x/mod.lua:2:");
    check_refused_at(root, "local ok = pcall(math.random, 6)\nlocal r = math.random(6)", "no die to draw",
                     "mods/x/mod.lua:2:");
    th_mods_root_remove(root);
}

TEST(hostile_randomness_in_a_handler_draws_from_the_game)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, "local S = game.state{ r = 0 }\n"
                        "on('turn_start', function(ev) S.r = math.random(6) end)", 5);
    for (int guard = 0; s.game.turn < 2 && guard < 200; guard++) {
        static Option o[MAX_OPTIONS];
        char err[256];
        REQUIRE(game_options(&s.game, o, MAX_OPTIONS) > 0);
        REQUIRE(game_apply(&s.game, 0, err, sizeof err) == 0);
    }
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "a handler drawing a die");
    session_close(&s);
    th_mods_root_remove(root);
}

/* A Lua expression: a record of n per-player integers and one integer z. */
static void wide_item(char *out, size_t len, int n)
{
    size_t at = (size_t)snprintf(out, len, "{ z = 0");
    for (int i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, ", a%d = game.per_player(0)", i);
    snprintf(out + at, len - at, " }");
}

TEST(hostile_state_declarations_too_large_are_refused_with_size_and_limit)
{
    char root[64], src[4096], item[3000];
    th_mods_root_make(root, sizeof root);
    /* 51 per-player values and z: 256 values an item; 256 items wrapped a 16-bit size to 1. */
    wide_item(item, sizeof item, 51);
    snprintf(src, sizeof src, "local item = %s\nlocal S = game.state{ l = game.list(item, 256) }", item);
    check_refused_at(root, src, "needs 65537 values; all scripts together may keep 512", "mods/x/mod.lua:2:");
    check_refused_at(root, "local S = game.state{ l = game.list(game.list(game.list(0, 256), 256), 256) }",
                     "values; all scripts together may keep 512", "mods/x/mod.lua:1:");
    check_refused_at(root, "local S = game.state{ p = game.per_player(game.list(game.per_player(0), 200)) }",
                     "values; all scripts together may keep 512", "mods/x/mod.lua:1:");
    check_refused_at(root, "local S = game.state{ a = game.list(0, 256), b = game.list(0, 256) }",
                     "needs 514 values", "mods/x/mod.lua:1:");
    check_refused_at(root, "local A = game.state{ a = game.list(0, 256) }\n"
                           "local B = game.state{ b = game.list(0, 254) }\nlocal C = game.state{ c = 0 }",
                     "needs 1 values; all scripts together may keep 512 and 512 are taken", "mods/x/mod.lua:3:");
    check_refused_at(root, "local S = game.state{ l = game.list(1, 65) }",
                     "65 values starting other than 0 or false", "mods/x/mod.lua:1:");
    th_mods_root_remove(root);
}

TEST(hostile_state_declaration_values_cannot_be_changed_after_they_are_made)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    check_refused_at(root, "local m = game.list(0, 4)\nm.cap = 65535", "attempt to index", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.list(0, 4)\nm.cap = -1", "attempt to index", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.per_player(0)\nm.of = game.list(0, 256)", "attempt to index", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.place()\nm.kind = 6", "attempt to index", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.list(0, 4)\nlocal k = m.kind", "attempt to index", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.list(0, 4)\nrawset(m, 'cap', 65535)", "table expected", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.list(0, 4)\nsetmetatable(m, {})", "table expected", "mods/x/mod.lua:2:");
    check_refused_at(root, "local m = game.list(0, 4)\nlocal S = game.state(m)", "declare a table of named values",
                     "mods/x/mod.lua:2:");
    check_refused_at(root, "local S = game.state{ l = game.list(0, 257) }", "out of range (1..256)",
                     "mods/x/mod.lua:1:");
    check_refused_at(root, "local S = game.state{ l = game.list(0, 2^40) }", "out of range (1..256)",
                     "mods/x/mod.lua:1:");
    /* An element changed after its marker was made is compiled, and checked, as it is then. */
    check_refused_at(root, "local t = { n = 0 }\nlocal m = game.list(t, 4)\nt.n = game.list(0, 200)\n"
                           "local S = game.state{ l = m }", "needs 805 values", "mods/x/mod.lua:4:");
    /* A list declared with 4 items holds 4. */
    static Session s;
    open_game(&s, root, "local S = game.state{ l = game.list({ n = 0 }, 4), after = 7 }\n"
                        "on('turn_start', function(ev)\n"
                        "  for i = 1, 5 do if #S.l < 4 then S.l:add{} end end\n"
                        "  assert(S.after == 7 and #S.l == 4)\n"
                        "  assert(not pcall(S.l.add, S.l, {}), 'a fifth item was added')\n"
                        "end)", 3);
    for (int guard = 0; s.game.turn < 3 && guard < 400; guard++) {
        static Option o[MAX_OPTIONS];
        char err[256];
        REQUIRE(game_options(&s.game, o, MAX_OPTIONS) > 0);
        REQUIRE(game_apply(&s.game, 0, err, sizeof err) == 0);
    }
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "a full list");
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hostile_a_refused_state_declaration_leaves_nothing_behind)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, "for i = 1, 600 do pcall(game.state, { l = game.list(game.list(0, 256), 256) }) end\n"
                        "for i = 1, 100 do pcall(game.state, { a = 1, l = game.list(1, 64) }) end\n"
                        "local S = game.state{ a = 5, l = game.list(game.per_player(0), 4) }\n"
                        "on('turn_start', function(ev) assert(S.a == 5) S.l:add{} end)", 3);
    CHECK_EQ(s.rules.state_used, 1 + 1 + 4 * 5);
    CHECK_EQ(s.rules.state_init_count, 1);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hostile_declarations_refuse_numbers_out_of_range_instead_of_narrowing_them)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    check_refused_at(root, "local u = game.uses{ card = 'Rift', per_turn = (1 << 32) + 5 }",
                     "'per_turn' is an integer 0..100 or \"unlimited\", not 4294967301", "mods/x/mod.lua:1:");
    check_refused_at(root, "\nlocal u = game.uses{ card = 'Rift', per_turn = 2^32 + 5 }", "'per_turn' is an integer",
                     "mods/x/mod.lua:2:");
    check_refused_at(root, "local u = game.uses{ card = 'Rift', per_turn = -1 }", "'per_turn' is an integer",
                     "mods/x/mod.lua:1:");
    check_refused_at(root, "on('turn_start', function() end, 0, { min_players = (1 << 32) + 3 })",
                     "min_players is 2..5, not 4294967299", "mods/x/mod.lua:1:");
    check_refused_at(root, "local S = game.state{ n = (1 << 32) + 5 }", "32-bit integers", "mods/x/mod.lua:1:");
    check_refused_at(root, "local S = game.state{ n = 0 }\n"
                           "on('turn_start', function() end, 0, { state = { S, n = (1 << 32) + 1 } })",
                     "takes integers 0..63", "mods/x/mod.lua:2:");
    th_mods_root_remove(root);
}

/* A mod's on() is registered after its file has run: every check of its
 * gate must still name the line of the call. */
TEST(hostile_a_bad_when_gate_is_reported_at_the_line_of_on)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    check_refused_at(root, "local a = 1\n\non('turn_start', function() end, 0, { when = { moves = 0/0 } })\nlocal b = 2",
                     "'moves' of 'turn_start' cannot be", "mods/x/mod.lua:3:");
    check_refused_at(root, "local a = 1\non('turn_start', function() end, 0, { when = { moves = { min = 1.5 } } })",
                     "'min' must be an integer", "mods/x/mod.lua:2:");
    check_refused_at(root, "\n\n\non('turn_start', function() end, 0, { when = { nothing = 1 } })",
                     "names 'nothing'", "mods/x/mod.lua:4:");
    check_refused_at(root, "\non('game_start', function() end, 0, { card = 'Rift', holder = true })",
                     "holder needs an event that names a player", "mods/x/mod.lua:2:");
    th_mods_root_remove(root);
}

/* A handler that calls into the engine under its own pcall, whose nested
 * handler fails: the outer handler must not go on. */
static const char OUTER_GOES_ON[] =
    "local S = game.state{ after = 0 }\n"
    "local function one_on_board()\n"
    "  for p = 0, game.players() - 1 do\n"
    "    local c = game.critter_places(p, 'board')[1]\n"
    "    if c then return c end\n"
    "  end\n"
    "end\n"
    "on('critter_hit', function(ev) error('nested failure') end)\n"
    "on('turn_start', function(ev)\n"
    "  if game.turn() < 3 then return end\n"
    "  local c = one_on_board()\n"
    "  if not c then return end\n"
    "  %s\n"
    "  S.after = 1\n"
    "  game.trigger_end('supply')\n"
    "end)";

static void check_switched_off_is_off(const char *call)
{
    char root[64], src[2048];
    th_mods_root_make(root, sizeof root);
    snprintf(src, sizeof src, OUTER_GOES_ON, call);
    static Session s;
    open_game(&s, root, src, 11);
    th_mods_play_to_turn(&s, 5);
    const ModInfo *mi = &s.mods.mod[0];
    CHECK(mods_disabled(&s.game, mi));
    CHECK_STR_CONTAINS(mi->error, "nested failure");
    CHECK(s.game.end_reason != rules_end_reason_by_name(&s.rules, "supply"));
    CHECK(s.game.turn >= 5);
    CHECK_EQ(s.game.script_errors, 1);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hostile_a_switched_off_mod_cannot_go_on_through_its_own_pcall)
{
    check_switched_off_is_off("pcall(game.hit, c.player, c.index)");
    check_switched_off_is_off("local ok = pcall(function() return game.hit(c.player, c.index) end)");
    check_switched_off_is_off("xpcall(game.hit, function(m) S.after = 2 return m end, c.player, c.index)");
    check_switched_off_is_off("local co = coroutine.wrap(function() game.hit(c.player, c.index) end)\n"
                              "  pcall(co)");
    check_switched_off_is_off("pcall(pcall, game.hit, c.player, c.index)");
    check_switched_off_is_off("local ok = pcall(function() local x <close> = setmetatable({}, { __close = function()\n"
                              "    game.trigger_end('supply') end }) game.hit(c.player, c.index) end)");
}

/* A Lua function that uses about 800,000 instructions: under the per-call budget. */
#define BURN "local function burn() local x = 0 for i = 1, 400000 do x = x + i end return x end\n"

static void check_work_limit(const char *src, const char *want)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, src, 11);
    th_mods_play_to_turn(&s, 4);
    const ModInfo *mi = &s.mods.mod[0];
    CHECK(mods_disabled(&s.game, mi));
    CHECK_STR_CONTAINS(mi->error, want);
    CHECK_STR_CONTAINS(mi->error, "mods/x/mod.lua:1:");
    CHECK_EQ(s.game.script_errors, 1);   /* the mod alone failed: the base rules went on */
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hostile_a_mods_handlers_share_one_budget_per_event_and_per_decision)
{
    /* 200 handlers of one event, each under the per-call budget. */
    check_work_limit(BURN "for i = 1, 200 do on('turn_start', function(ev) burn() end) end",
                     "instruction budget exceeded (mod 'x': 3000000 per event)");
    /* Three events of one decision, each under the per-event budget. */
    check_work_limit(BURN "for i = 1, 3 do\n"
                     "  on('turn_end', function(ev) burn() end)\n"
                     "  on('turn_start', function(ev) burn() end)\n"
                     "  on('phase', function(ev) burn() end)\n"
                     "end", "instruction budget exceeded (mod 'x': 6000000 per decision)");
}

TEST(hostile_a_mod_may_register_only_so_many_handlers)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    check_refused_at(root, "for i = 1, 3000 do\n  on('turn_start', function(ev) end)\nend",
                     "on: mod 'x' registers more than 256 handlers", "mods/x/mod.lua:2:");
    static Session s;
    open_game(&s, root, "for i = 1, 256 do on('turn_start', function(ev) end) end", 1);
    session_close(&s);
    th_mods_root_remove(root);
}

TEST(hostile_a_mod_folder_that_is_a_symbolic_link_is_refused)
{
    char root[64], err[1024] = "", path[600], target[600];
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "real", "mod.lua", "return { name = 'evil', version = '1' }\n");
    snprintf(target, sizeof target, "%s/mods/real", root);
    snprintf(path, sizeof path, "%s/mods/evil", root);
    REQUIRE(symlink(target, path) == 0);
    static Session s;
    CHECK(session_open_mods(&s, root, "evil", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "mod 'evil': mods/evil is a symbolic link, not a folder");
    th_mods_put(root, "needs", "mod.lua", "return { name = 'needs', version = '1', depends = { 'evil' } }\n");
    CHECK(session_open_mods(&s, root, "needs", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "symbolic link");
    th_mods_root_remove(root);
}

/* The choices' length is read raw: a __len of -5 once wrapped to 65531
 * choices and was reported as "48 questions are already waiting". */
TEST(hostile_a_questions_choices_are_counted_without_their_metamethods)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root,
              "local S = game.state{ asked = 0, none = 0 }\n"
              "local Q = game.question{ name = 'pick', prompt = 'Pick', labels = { [1] = 'one' },\n"
              "  answer = function(ev) end }\n"
              "on('turn_start', function(ev)\n"
              "  if game.turn() ~= 2 then return end\n"
              "  local empty = setmetatable({}, { __len = function() return -5 end })\n"
              "  if not Q:ask(ev.player, empty) then S.none = 1 end\n"
              "  local one = setmetatable({ 1 }, { __len = function() return -5 end })\n"
              "  if Q:ask(ev.player, one) then S.asked = #one end\n"
              "  local many = setmetatable({ 1 }, { __len = function() return 1 << 40 end })\n"
              "  assert(Q:ask(ev.player, many))\n"
              "end)", 3);
    th_mods_play_to_turn(&s, 3);
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "choices with a lying __len");
    session_close(&s);
    th_mods_root_remove(root);
}

/* Every function of the game library, called while the rules load with no
 * arguments and with a few: refused or answered, never a crash. */
TEST(hostile_every_game_function_called_while_loading_is_refused_or_answers)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root,
              "local names = {}\n"
              "for k, v in pairs(game) do if type(v) == 'function' then names[#names + 1] = k end end\n"
              "local args = { {}, { 0 }, { 0, 0 }, { 0, 1, 'x' }, { { q = 0, r = 0 } }, { 'Rift' }, { 0, 0, 0, 0 } }\n"
              "for _, k in ipairs(names) do\n"
              "  for _, a in ipairs(args) do pcall(game[k], table.unpack(a)) end\n"
              "end\n"
              "pcall(math.random, 1)\n"
              "assert(not pcall(math.random, 6))\n"
              "assert(not pcall(game.turn))", 1);
    session_close(&s);
    th_mods_root_remove(root);
}

/* A front end asks a decision's words as often as it draws it: those calls
 * may only read the game and count towards no decision, or a slow player
 * (or a window redrawing) would switch a mod off that a replay keeps on. */
TEST(hostile_words_asked_again_and_again_do_not_use_up_a_mods_budget)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, BURN
              "local Q = game.question{ name = 'pick', prompt = function(q) burn() return 'Pick' end,\n"
              "  label = function(c, q) burn() return 'one' end, answer = function(ev) end }\n"
              "on('turn_start', function(ev) if game.turn() == 2 then Q:ask(ev.player, { 1 }) end end)", 3);
    th_mods_play_to_turn(&s, 2);
    REQUIRE(s.game.ask_len > 0);
    static Option o[MAX_OPTIONS];
    REQUIRE(game_options(&s.game, o, MAX_OPTIONS) > 0);
    char words[200];
    for (int i = 0; i < 12; i++) {
        game_prompt_text(&s.game, words, sizeof words);
        game_option_text(&s.game, &o[0], words, sizeof words);
    }
    CHECK(!mods_disabled(&s.game, &s.mods.mod[0]));
    CHECK_STR_CONTAINS(words, "one");
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "words asked 24 times");
    session_close(&s);
    th_mods_root_remove(root);
}

/* A die drawn where the game may only be read moved the game's generator
 * while options were listed, so listing again answered differently. */
TEST(hostile_code_that_may_only_read_the_game_may_not_draw_a_die)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, "on('cost', function(ev) if math.random(3) == 1 then ev.any = 15 end end)", 1);
    th_mods_play_to_turn(&s, 3);
    CHECK(mods_disabled(&s.game, &s.mods.mod[0]));
    CHECK_STR_CONTAINS(s.mods.mod[0].error, "mods/x/mod.lua:1: math.random: this code may only look at the game");
    session_close(&s);
    open_game(&s, root, "local Q = game.question{ name = 'q', prompt = function() return 'p' .. math.random(9) end,\n"
                        "  labels = { [1] = 'one' }, answer = function(ev) end }\n"
                        "on('turn_start', function(ev) if game.turn() == 2 then Q:ask(ev.player, { 1 }) end end)", 1);
    th_mods_play_to_turn(&s, 2);
    REQUIRE(s.game.ask_len > 0);
    Rng before = s.game.rng;
    char words[100];
    game_prompt_text(&s.game, words, sizeof words);
    CHECK(memcmp(&before, &s.game.rng, sizeof before) == 0);
    session_close(&s);
    th_mods_root_remove(root);
}

/* A mod's on() is registered after its file has run: the gate registered is
 * the one checked, whatever the mod does to its table afterwards. */
TEST(hostile_a_gate_changed_after_on_is_registered_as_it_was_checked)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, "local S = game.state{ n = 0, other = 0 }\n"
                        "local g = { when = { player = 0 } }\n"
                        "on('turn_start', function(ev) if ev.player == 0 then S.n = S.n + 1 else S.other = 1 end end, 0, g)\n"
                        "g.when.player = 0/0\n"
                        "g.when = { nothing = 1 }\n"
                        "g.bogus = true\n"
                        "on('turn_end', function(ev) assert(S.other == 0, 'the gate was changed') end)", 3);
    th_mods_play_to_turn(&s, 6);
    CHECK(!mods_disabled(&s.game, &s.mods.mod[0]));
    CHECK_NO_SCRIPT_ERROR(&s, &s.game, "a gate changed after on()");
    session_close(&s);
    check_refused_at(root, "local w = {}\nfor i = 1, 100 do w['f' .. i] = i end\n"
                           "on('turn_start', function(ev) end, 0, { when = w })", "at most 64 entries",
                     "mods/x/mod.lua:3:");
    th_mods_root_remove(root);
}

/* Mod x's share of an event runs out while mod a's handler, which x's call
 * set off, is running: x fails, not a. */
TEST(hostile_a_share_that_runs_out_in_another_mods_handler_fails_its_owner)
{
    char root[64], err[1024] = "";
    th_mods_root_make(root, sizeof root);
    th_mods_put(root, "a", "mod.lua", BURN "local function half() local x = 0 for i = 1, 250000 do x = x + i end end\n"
                              "on('critter_hit', function(ev) half() end)\n"
                              "return { name = 'a', version = '1' }\n");
    th_mods_put(root, "x", "mod.lua", "local function burn() local x = 0 for i = 1, 450000 do x = x + i end end\n"
                              "for i = 1, 3 do on('turn_start', function(ev) if game.turn() >= 3 then burn() end end) end\n"
                              "on('turn_start', function(ev)\n"
                              "  if game.turn() < 3 then return end\n"
                              "  for p = 0, game.players() - 1 do\n"
                              "    for _, c in ipairs(game.critter_places(p, 'board')) do game.hit(c.player, c.index) return end\n"
                              "  end\n"
                              "end)\n"
                              "return { name = 'x', version = '1' }\n");
    static Session s;
    REQUIRE(session_open_mods(&s, root, "a,x", err, sizeof err) == 0);
    s.quiet = 1;
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&s, &o, 11, err, sizeof err) == 0);
    th_mods_play_to_turn(&s, 4);
    const ModInfo *a = mods_find(&s.mods, "a"), *x = mods_find(&s.mods, "x");
    REQUIRE(a && x);
    CHECK(mods_disabled(&s.game, x));
    CHECK_STR_CONTAINS(x->error, "mod 'x': 3000000 per event");
    CHECK(!mods_disabled(&s.game, a));
    CHECK_STR_CONTAINS(s.error, "(mod 'x': 3000000 per event)");   /* the first failure reported */
    CHECK(strstr(s.error, "mod 'a' is switched off") == NULL);
    session_close(&s);
    th_mods_root_remove(root);
}

/* The offers of a mod's actions are asked each time a decision is listed:
 * one listing shares the mod's event budget (the same listing always does
 * the same work, so the limit falls at the same point in every process). */
TEST(hostile_a_mods_offers_share_one_budget_per_listing)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, BURN
              "for i = 1, 8 do\n"
              "  game.action{ name = 'a' .. i, at = 'move', offers = function(player, offer) burn() end,\n"
              "               perform = function(ev) end }\n"
              "end", 11);
    th_mods_play_to_turn(&s, 2);
    const ModInfo *mi = &s.mods.mod[0];
    CHECK(mods_disabled(&s.game, mi));
    CHECK_STR_CONTAINS(mi->error, "instruction budget exceeded (mod 'x': 3000000 per listing of a decision's actions)");
    session_close(&s);
    th_mods_root_remove(root);
}

/* Where a mod takes part in listing a decision (a query handler, an action's
 * offers), the recorded game checks each choice against a new listing. */
TEST(hostile_games_whose_mods_take_part_in_listing_check_each_choice)
{
    char root[64];
    th_mods_root_make(root, sizeof root);
    static Session s;
    open_game(&s, root, "on('turn_start', function(ev) end)", 1);
    CHECK(!s.game.verify_listed);
    session_close(&s);
    open_game(&s, root, "on('cost', function(ev) end)", 1);
    CHECK(s.game.verify_listed);
    session_close(&s);
    open_game(&s, root, "game.action{ name = 'a', at = 'move', offers = function(p, offer) end, perform = function() end }", 1);
    CHECK(s.game.verify_listed);
    session_close(&s);
    th_mods_root_remove(root);
}
