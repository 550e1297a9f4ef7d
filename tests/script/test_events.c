/* Events: declaration, on(), priorities, freezing, the ev proxy, fire counts. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "script.h"

static const char *const NAMES[] = { "on_buy", "on_turn" };

static Script *make(void)
{
    char err[256];
    Script *s = script_new(NULL, err, sizeof err);
    if (s && script_declare_events(s, NAMES, 2) != 0) {
        script_free(s);
        return NULL;
    }
    return s;
}

TEST(events_declare_rules)
{
    char err[256];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    const char *dup[] = { "a", "a" };
    CHECK_EQ(script_declare_events(s, dup, 2), -1);
    const char *empty[] = { "" };
    CHECK_EQ(script_declare_events(s, empty, 1), -1);
    CHECK_EQ(script_declare_events(s, NAMES, 2), 0);
    CHECK_EQ(script_declare_events(s, NAMES, 2), -1);
    CHECK_EQ(script_event_index(s, "on_turn"), 1);
    CHECK_EQ(script_event_index(s, "nope"), -1);
    script_free(s);
}

TEST(events_unknown_name_rejected)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    CHECK_EQ(script_load_string(s, "on('on_nothing', function() end)", "u.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "u.lua:1:");
    CHECK_STR_CONTAINS(err, "on_nothing");
    script_free(s);
}

TEST(events_priority_order_and_fields)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "on('on_buy', function(ev) ev.cost = ev.cost * 10 + 1 end)\n"
        "on('on_buy', function(ev) ev.cost = ev.cost * 10 + 2 end, 5)\n"
        "on('on_buy', function(ev) ev.cost = ev.cost * 10 + 3 end)\n"
        "on('on_buy', function(ev) assert(ev.name == 'on_buy') ev.cost = ev.cost * 10 + 4 end, -1)\n";
    REQUIRE(script_load_string(s, src, "p.lua", err, sizeof err) == 0);
    CHECK_EQ(script_handler_count(s, 0), 4);
    CHECK_EQ(script_handler_count(s, 1), 0);
    ScriptEvent ev = { 0, 2, { { "cost", 0, 1 }, { "player", 2, 0 } } };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(ev.fields[0].value, 2134);

    ScriptFireCount fc[8];
    CHECK_EQ(script_fire_counts(s, fc, 8), 4);
    CHECK_EQ(fc[0].priority, 5);
    CHECK_EQ(fc[3].priority, -1);
    CHECK_EQ(fc[0].fired, 1);
    CHECK_STR_CONTAINS(fc[0].chunk, "p.lua");
    CHECK_STR_CONTAINS(fc[0].event, "on_buy");
    script_reset_fire_counts(s);
    script_fire_counts(s, fc, 8);
    CHECK_EQ(fc[0].fired, 0);

    ScriptEvent turn = { 1, 0, { { NULL, 0, 0 } } };
    CHECK_EQ(script_emit(s, &turn, err, sizeof err), 0);
    script_free(s);
}

TEST(events_frozen_rejects_on)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    CHECK_EQ(script_is_frozen(s), 0);
    script_freeze(s);
    CHECK_EQ(script_is_frozen(s), 1);
    CHECK_EQ(script_load_string(s, "on('on_buy', function() end)", "f.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "events are frozen");
    script_free(s);
}

TEST(events_read_only_and_unknown_fields)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "on('on_buy', function(ev) if ev.cost == 1 then ev.player = 3 end end)\n"
        "on('on_turn', function(ev) if ev.cost == 2 then ev.bogus = 1 elseif ev.cost == 3 then ev.cost = 1.5 "
        "else ev.cost = 4.0 end end)\n";
    REQUIRE(script_load_string(s, src, "ro.lua", err, sizeof err) == 0);
    script_freeze(s);
    ScriptEvent ev = { 0, 2, { { "cost", 1, 1 }, { "player", 2, 0 } } };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "ro.lua:1:");
    CHECK_STR_CONTAINS(err, "player");
    CHECK_EQ(ev.fields[1].value, 2);
    ScriptEvent t = { 1, 1, { { "cost", 2, 1 } } };
    CHECK_EQ(script_emit(s, &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bogus");
    t.fields[0].value = 3;
    CHECK_EQ(script_emit(s, &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "integer");
    t.fields[0].value = 9;
    CHECK_EQ(script_emit(s, &t, err, sizeof err), 0);
    CHECK_EQ(t.fields[0].value, 4);
    script_free(s);
}

TEST(events_handler_budget_and_stale_proxy)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "local kept\n"
        "on('on_buy', function(ev) if ev.cost == 1 then while true do end end kept = ev end)\n"
        "on('on_turn', function(ev) return kept.cost end)\n";
    REQUIRE(script_load_string(s, src, "b.lua", err, sizeof err) == 0);
    ScriptEvent ev = { 0, 1, { { "cost", 1, 1 } } };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "b.lua:2: instruction budget exceeded");
    ev.fields[0].value = 0;
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    ScriptEvent t = { 1, 0, { { NULL, 0, 0 } } };
    CHECK_EQ(script_emit(s, &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no longer live");
    script_free(s);
}

TEST(events_emit_without_handlers_returns_zero)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    ScriptEvent ev = { 1, 0, { { NULL, 0, 0 } } };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    script_free(s);
}
