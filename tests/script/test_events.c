/* Events: the catalogue as data, on(), priorities, gates, freezing, the ev
 * proxy (fields by name, kinds, ranges, unknown names), fire counts. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "script.h"

static const char *const PHASES[] = { "move", "buy", "claim" };
static const int PHASE_COUNT_ = 3;
static const ScriptNames PHASE_NAMES = { PHASES, &PHASE_COUNT_ };

/* on_buy: cost (writable 0..100), player, paid (writable boolean), phase (a name)
 * on_turn: keep (a writable list of 3), cost (writable) */
static const ScriptFieldDef BUY_FIELDS[] = {
    { "cost", SCRIPT_FIELD_INT, 1, 0, 1, 0, 100, NULL },
    { "player", SCRIPT_FIELD_INT, 0, 1, 1, 0, 0, NULL },
    { "paid", SCRIPT_FIELD_BOOL, 1, 2, 1, 0, 1, NULL },
    { "phase", SCRIPT_FIELD_NAME, 1, 3, 1, 0, 0, &PHASE_NAMES },
};
static const ScriptFieldDef TURN_FIELDS[] = {
    { "keep", SCRIPT_FIELD_LIST, 1, 0, 3, 0, 9, NULL },
    { "cost", SCRIPT_FIELD_INT, 1, 3, 1, 0, 100, NULL },
};
static const ScriptEventDef DEFS[] = {
    { "on_buy", BUY_FIELDS, 4, 4 },
    { "on_turn", TURN_FIELDS, 2, 4 },
};

static Script *make(void)
{
    char err[256];
    Script *s = script_new(NULL, err, sizeof err);
    if (s && script_declare_events(s, DEFS, 2) != 0) {
        script_free(s);
        return NULL;
    }
    return s;
}

static int freeze(Script *s)
{
    char err[256];
    return script_freeze(s, err, sizeof err);
}

TEST(events_declare_rules)
{
    char err[256];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    const ScriptEventDef dup[] = { { "a", NULL, 0, 0 }, { "a", NULL, 0, 0 } };
    CHECK_EQ(script_declare_events(s, dup, 2), -1);
    const ScriptEventDef empty[] = { { "", NULL, 0, 0 } };
    CHECK_EQ(script_declare_events(s, empty, 1), -1);
    CHECK_EQ(script_declare_events(s, DEFS, 2), 0);
    CHECK_EQ(script_declare_events(s, DEFS, 2), -1);
    CHECK_EQ(script_event_index(s, "on_turn"), 1);
    CHECK_EQ(script_event_index(s, "nope"), -1);
    script_free(s);
}

TEST(events_unknown_name_rejected_with_the_nearest_suggested)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    CHECK_EQ(script_load_string(s, "on('on_byu', function() end)", "u.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "u.lua:1:");
    CHECK_STR_CONTAINS(err, "on_byu");
    CHECK_STR_CONTAINS(err, "did you mean 'on_buy'");
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
        "on('on_buy', function(ev) ev.cost = (ev.cost * 10 + 3) % 100 end)\n"
        "on('on_buy', function(ev) assert(ev.name == 'on_buy') ev.cost = ev.cost % 10 * 10 + 4 end, -1)\n";
    REQUIRE(script_load_string(s, src, "p.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    CHECK_EQ(script_handler_count(s, 0), 4);
    CHECK_EQ(script_handler_count(s, 1), 0);
    int64_t v[4] = { 0, 2, 0, 0 };
    ScriptEvent ev = { 0, v };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(v[0], 34);   /* 2, 21, 13, 34 */

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
    script_free(s);
}

TEST(events_frozen_rejects_on)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    CHECK_EQ(script_is_frozen(s), 0);
    CHECK_EQ(freeze(s), 0);
    CHECK_EQ(script_is_frozen(s), 1);
    CHECK_EQ(script_load_string(s, "on('on_buy', function() end)", "f.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "events are frozen");
    script_free(s);
}

TEST(events_fields_read_and_written_by_kind_and_range)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "on('on_buy', function(ev)\n"
        "  assert(ev.phase == 'buy' and ev.paid == false)\n"
        "  ev.paid = true; ev.phase = 'claim'\n"
        "end)\n"
        "on('on_turn', function(ev) ev.keep[2] = ev.keep[0] + #ev.keep end)\n";
    REQUIRE(script_load_string(s, src, "k.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    int64_t b[4] = { 1, 0, 0, 1 };
    ScriptEvent buy = { 0, b };
    CHECK_EQ(script_emit(s, &buy, err, sizeof err), 0);
    CHECK_EQ(b[2], 1);
    CHECK_EQ(b[3], 2);
    int64_t t[4] = { 4, 0, 0, 0 };
    ScriptEvent turn = { 1, t };
    CHECK_EQ(script_emit(s, &turn, err, sizeof err), 0);
    CHECK_EQ(t[2], 7);
    script_free(s);
}

TEST(events_refuse_read_only_unknown_and_out_of_range_writes)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "on('on_buy', function(ev)\n"
        "  if ev.cost == 1 then ev.player = 3\n"
        "  elseif ev.cost == 2 then ev.cots = 1\n"
        "  elseif ev.cost == 3 then ev.cost = 1.5\n"
        "  elseif ev.cost == 4 then ev.cost = 101\n"
        "  elseif ev.cost == 5 then ev.paid = 1\n"
        "  elseif ev.cost == 6 then ev.phase = 'sleep'\n"
        "  elseif ev.cost == 7 then local x = ev.plaeyr\n"
        "  else ev.cost = 4.0 end\n"
        "end)\n";
    REQUIRE(script_load_string(s, src, "ro.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    static const struct { int cost; const char *msg; } CASES[] = {
        { 1, "ev.player is read-only" }, { 2, "did you mean 'cost'" }, { 3, "must be an integer" },
        { 4, "out of range (0..100)" }, { 5, "true or false" }, { 6, "not one of its names" },
        { 7, "did you mean 'player'" },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        int64_t v[4] = { CASES[i].cost, 2, 0, 0 };
        ScriptEvent ev = { 0, v };
        CHECK_EQ(script_emit(s, &ev, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, "ro.lua:");
        CHECK_STR_CONTAINS(err, CASES[i].msg);
        CHECK_EQ(v[1], 2);
    }
    int64_t v[4] = { 9, 2, 0, 0 };
    ScriptEvent ev = { 0, v };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(v[0], 4);
    script_free(s);
}

TEST(events_handler_budget_exceeded_fails_the_emit)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src = "on('on_buy', function(ev) if ev.cost == 1 then while true do end end end)\n";
    REQUIRE(script_load_string(s, src, "b.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    int64_t v[4] = { 1, 0, 0, 0 };
    ScriptEvent ev = { 0, v };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "b.lua:1: instruction budget exceeded");
    v[0] = 0;
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    script_free(s);
}

/* Keeping the proxy in a local of the file is refused when the rules freeze:
 * the local would carry a value from one call to the next. */
TEST(events_proxy_kept_in_a_local_is_refused_at_freeze)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    const char *src =
        "local kept\n"
        "on('on_buy', function(ev) kept = ev end)\n"
        "on('on_turn', function(ev) return kept.cost end)\n";
    REQUIRE(script_load_string(s, src, "b.lua", err, sizeof err) == 0);
    CHECK_EQ(script_freeze(s, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "b.lua:2: assigns 'kept'");
    CHECK_STR_CONTAINS(err, "game.state");
    script_free(s);
}

TEST(events_emit_without_handlers_returns_zero)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    CHECK_EQ(freeze(s), 0);
    int64_t t[4] = { 0 };
    ScriptEvent ev = { 1, t };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    script_free(s);
}

/* Gates: a card gate runs the handler only while that card is in play. */
static void gate(void *ud, ScriptGateInfo *out)
{
    out->cards = *(uint64_t *)ud;
    out->variant = "symbiosis";
    out->players = 3;
}

static int card(void *ud, const char *name)
{
    (void)ud;
    return strcmp(name, "Rift") == 0 ? 5 : -1;
}

/* Player 1 holds Rift (card 5), nobody else does. */
static int holds(void *ud, int player, int c)
{
    (void)ud;
    return player == 1 && c == 5;
}

static void gate_holds(void *ud, ScriptGateInfo *out)
{
    gate(ud, out);
    out->holds = holds;
}

/* holder and when: checked in C against the event as the handlers before
 * left it, so a handler that cannot apply costs no Lua call. */
TEST(events_holder_and_when_gates_follow_the_event)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    uint64_t cards = (uint64_t)1 << 5;
    script_set_gate(s, gate_holds, card, &cards);
    REQUIRE(script_load_string(s,
                               "on('on_buy', function(ev) ev.cost = ev.cost + 1 end, 9, { card = 'Rift', holder = true })\n"
                               "on('on_buy', function(ev) ev.cost = ev.cost + 10 end, 8, { when = { phase = 'buy' } })\n"
                               "on('on_buy', function(ev) ev.phase = 'claim' end, 7)\n"
                               "on('on_buy', function(ev) ev.cost = ev.cost + 50 end, 6, { when = { phase = 'claim', paid = true } })\n",
                               "w.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    int64_t v[4] = { 0, 1, 1, 1 };   /* player 1 (a holder), paid, phase buy */
    ScriptEvent ev = { 0, v };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(v[0], 61);   /* the third handler's change opens the fourth's gate */
    int64_t w[4] = { 0, 0, 0, 0 };   /* player 0, not paid, phase move */
    ev.v = w;
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(w[0], 0);
    CHECK_EQ(w[3], 2);
    script_free(s);
}

TEST(events_card_gates_resolve_at_freeze_and_follow_the_cards_in_play)
{
    char err[256];
    Script *s = make();
    REQUIRE(s);
    uint64_t cards = 0;
    script_set_gate(s, gate, card, &cards);
    REQUIRE(script_load_string(s,
                               "on('on_buy', function(ev) ev.cost = ev.cost + 1 end, 0, 'Rift')\n"
                               "on('on_buy', function(ev) ev.cost = ev.cost + 10 end, 0, { variant = 'symbiosis', min_players = 3 })\n"
                               "on('on_buy', function(ev) ev.cost = ev.cost + 100 end, 0, { min_players = 4 })\n",
                               "g.lua", err, sizeof err) == 0);
    CHECK_EQ(freeze(s), 0);
    int64_t v[4] = { 0 };
    ScriptEvent ev = { 0, v };
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(v[0], 10);
    cards = (uint64_t)1 << 5;
    v[0] = 0;
    CHECK_EQ(script_emit(s, &ev, err, sizeof err), 0);
    CHECK_EQ(v[0], 11);
    script_free(s);

    s = make();
    REQUIRE(s);
    script_set_gate(s, gate, card, &cards);
    REQUIRE(script_load_string(s, "on('on_buy', function() end, 0, 'No such card')\n", "n.lua", err,
                               sizeof err) == 0);
    CHECK_EQ(script_freeze(s, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "n.lua");
    CHECK_STR_CONTAINS(err, "No such card");
    script_free(s);
}
