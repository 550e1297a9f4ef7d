/* Hidden information stays hidden (docs/protocol.md, "What a seat sees").
 *
 * 1. The state a seat is sent is a function of what it may see: at every
 *    decision of scripted games with every power in play, each seat's (and
 *    the spectator's) state message is byte for byte the same when the
 *    other seats' Caldera hands and the deck are dealt again at random, and
 *    the seed and the generator changed.
 * 2. Over the wire: whole games on a real server, every message each seat
 *    receives recorded; then, from the server's own database, the truth at
 *    each decision: no state sent to seat B ever names a card hidden from B
 *    (another seat's Caldera hand, the deck), shows another seat's hand, or
 *    holds the seed or the generator's state, and no message at all does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "harness.h"
#include "harness_game.h"
#include "net_harness.h"
#include "net_view.h"
#include "session.h"
#include "srv_store.h"
#include "srv_table.h"
#include "srv_view.h"

static uint64_t mix(uint64_t *x)
{
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return *x;
}

/* g with everything `seat` may not see dealt or drawn anew. */
static void rehide(Game *out, const Game *g, int seat, uint64_t *x)
{
    *out = *g;
    uint8_t pool[MAX_POWER_CARDS + MAX_PLAYERS * MAX_CALDERA];
    int n = 0;
    uint64_t old_hands = 0, new_hands = 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; p != seat && i < g->player[p].caldera_count; i++) {
            pool[n++] = g->player[p].caldera[i];
            old_hands |= (uint64_t)1 << g->player[p].caldera[i];
        }
    for (int i = 0; i < g->caldera_size; i++)
        pool[n++] = g->caldera_deck[i];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(mix(x) % (uint64_t)(i + 1));
        uint8_t t = pool[i]; pool[i] = pool[j]; pool[j] = t;
    }
    int k = 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; p != seat && i < g->player[p].caldera_count; i++) {
            out->player[p].caldera[i] = pool[k++];
            new_hands |= (uint64_t)1 << out->player[p].caldera[i];
        }
    for (int i = 0; i < g->caldera_size; i++)
        out->caldera_deck[i] = pool[k++];
    out->cards_in_play = (g->cards_in_play & ~old_hands) | new_hands;
    out->seed = mix(x);
    rng_seed(&out->rng, mix(x));
}

static char *state_text(SrvTable *t, int seat, SrvScratch *sc)
{
    json_t *m = net_srv_state_message(t, seat, 0, sc);
    char *text = m ? json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(m);
    return text;
}

/* Compares seat's state with that of a rehidden copy; 0 when equal. */
static int same_view(SrvTable *t, const Game *real, int seat, uint64_t *x, SrvScratch *sc, int d)
{
    static Game copy;
    t->game = *real;
    char *a = state_text(t, seat, sc);
    rehide(&copy, real, seat, x);
    t->game = copy;
    char *b = state_text(t, seat, sc);
    int same = a && b && strcmp(a, b) == 0;
    if (!same) {
        size_t i = 0;
        while (a && b && a[i] && a[i] == b[i])
            i++;
        th_fail(__FILE__, __LINE__, "decision %d, seat %d: the state depends on hidden cards or dice near: %.120s",
                d, seat, a ? a + (i > 40 ? i - 40 : 0) : "(null)");
    }
    free(a);
    free(b);
    return same ? 0 : -1;
}

static void differential_game(Session *s, SrvTable *t, SrvScratch *sc, int players, uint64_t seed)
{
    char err[300];
    GameOptions o = { .players = (uint8_t)players, .setup_variation = 1 };
    o.deal = ((uint64_t)1 << s->rules.power_card_count) - 1;
    REQUIRE(session_new_game(s, &o, seed, err, sizeof err) == 0);
    t->players = players;
    for (int p = 0; p < players; p++)
        t->seat[p].person = 1;
    uint64_t pick = seed * 31 + 7, x = seed * 77 + 3;
    int hands_seen = 0, bad = 0;
    for (int d = 0; !game_over(&s->game) && d < 3000 && !bad; d++) {
        for (int p = 0; p < players; p++)
            hands_seen += s->game.player[p].caldera_count > 0;
        t->log.len = d;
        for (int seat = -1; seat < players && !bad; seat++)
            bad = same_view(t, &s->game, seat, &x, sc, d);
        int n = game_options(&s->game, s->option_scratch, MAX_OPTIONS);
        REQUIRE(n > 0);
        REQUIRE(game_apply(&s->game, (int)(mix(&pick) % (uint64_t)n), err, sizeof err) == 0);
    }
    CHECK(game_over(&s->game));
    CHECK(hands_seen > 0);   /* some Caldera card was held: the check had something to hide */
    CHECK_NO_SCRIPT_ERROR(s, &s->game, "leak differential, seed %llu", (unsigned long long)seed);
}

TEST(net_leak_a_seats_state_does_not_depend_on_what_it_may_not_see)
{
    static Session s;
    char err[300];
    REQUIRE(session_open_mods(&s, ".", "scouting_critters", err, sizeof err) == 0);
    SrvScratch *sc = malloc(sizeof *sc);
    SrvTable *t = calloc(1, sizeof *t);
    REQUIRE(sc && t);
    snprintf(t->row.id, sizeof t->row.id, "differential");
    differential_game(&s, t, sc, 3, 5);
    differential_game(&s, t, sc, 4, 6);
    free(t);
    free(sc);
    session_close(&s);
}

/* ---- over the wire ---- */

typedef struct Truth {
    int decisions;
    Game *at;          /* the real game at each decision */
} Truth;

/* The real game of a stored table at each decision, replayed from the server's database. */
static int truth_of(const char *db, const char *table, Session *s, Truth *tr, char *why, int whylen)
{
    SrvStore *st = net_srv_store_open(db, 0, why, whylen);
    SrvTableRow *rows = NULL;
    SrvActionRow *acts = NULL;
    int n = 0, count = 0, rc = -1;
    if (!st || net_srv_store_tables(st, &rows, &n, why, whylen) ||
        net_srv_store_actions(st, table, &acts, &count, why, whylen))
        goto done;
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].id, table) == 0) {
            GameOptions o;
            json_t *j = json_loads(rows[i].options, 0, NULL);
            int bad = net_options_from_json(j, &o, why, whylen);
            json_decref(j);
            tr->at = bad ? NULL : malloc(sizeof(Game) * (size_t)(count + 1));
            s->current = &s->game;
            if (!tr->at || game_init(&s->game, &s->rules, &o, rows[i].seed, session_hooks(), s, why, whylen))
                goto done;
            s->game.log = NULL;
            for (int k = 0; k <= count; k++) {
                tr->at[k] = s->game;
                if (k < count && game_apply_option(&s->game, &acts[k].option, why, whylen))
                    goto done;
            }
            tr->decisions = count + 1;
            rc = 0;
        }
done:
    free(rows);
    free(acts);
    net_srv_store_close(st);
    return rc;
}

static int contains_number(const char *text, uint64_t v)
{
    char dec[32], hex[32], hex16[32];
    snprintf(dec, sizeof dec, "%llu", (unsigned long long)v);
    snprintf(hex, sizeof hex, "%llx", (unsigned long long)v);
    snprintf(hex16, sizeof hex16, "%016llx", (unsigned long long)v);
    return v > 0xffff && (strstr(text, dec) || strstr(text, hex) || strstr(text, hex16));
}

/* Checks one state message sent to `seat` against the truth. */
static int check_message(const char *text, const Truth *tr, int table, int seat, int *hidden_checked)
{
    json_t *m = json_loads(text, 0, NULL);
    const char *type = json_string_value(json_object_get(m, "type"));
    int d = (int)json_integer_value(json_object_get(json_object_get(m, "decision"), "id"));
    int bad = 0;
    const Game *g = d >= 0 && d < tr->decisions ? &tr->at[d] : NULL;
    if (type && strcmp(type, "state") == 0 && g) {
        const json_t *players = json_object_get(json_object_get(m, "game"), "player");
        for (int p = 0; p < g->players; p++) {
            const json_t *hand = json_object_get(json_array_get(players, (size_t)p), "caldera");
            for (size_t i = 0; p != seat && i < json_array_size(hand); i++)
                bad |= !json_is_null(json_array_get(hand, i));
            for (int i = 0; p != seat && i < g->player[p].caldera_count; i++, (*hidden_checked)++)
                bad |= strstr(text, g->rules.power_cards[g->player[p].caldera[i]].name) != NULL;
        }
        for (int i = 0; i < g->caldera_size; i++, (*hidden_checked)++)
            bad |= strstr(text, g->rules.power_cards[g->caldera_deck[i]].name) != NULL;
    }
    for (int k = 0; g && k < tr->decisions; k += 1 + tr->decisions / 40)
        bad |= contains_number(text, tr->at[k].rng.state) || contains_number(text, tr->at[k].rng.inc);
    if (g)
        bad |= contains_number(text, g->seed) || contains_number(text, g->rng.state);
    if (bad)
        th_fail(__FILE__, __LINE__, "table %d, seat %d, decision %d: a message shows what the seat may not see: %.300s",
                table, seat, d, text);
    json_decref(m);
    return bad;
}

TEST(net_leak_no_message_to_a_seat_holds_what_it_may_not_see)
{
    TestServer srv = { .extra = { "--quiet" } };
    REQUIRE(ts_start(&srv) == 0);
    char why[400];
    TestPlay play = { .keep_text = 1 };
    play.hub = net_hub_new(0, why, sizeof why);
    REQUIRE(play.hub != NULL);
    static Session s;
    REQUIRE(session_open(&s, ".", why, sizeof why) == 0);
    char create[4096];
    int n = snprintf(create, sizeof create, "{\"type\":\"create\",\"players\":3,\"seats\":[{\"kind\":\"person\"},"
                     "{\"kind\":\"person\"},{\"kind\":\"person\"}],\"deal\":[");
    for (int c = 0; c < s.rules.power_card_count; c++)
        n += snprintf(create + n, sizeof create - (size_t)n, "%s\"%s\"", c ? "," : "", s.rules.power_cards[c].name);
    snprintf(create + n, sizeof create - (size_t)n, "]}");
    TestTable t[2];
    for (int k = 0; k < 2; k++) {
        REQUIRE(tt_create(&srv, create, &t[k], why, sizeof why) == 0);
        for (int p = 0; p < 3; p++)
            REQUIRE(tp_add(&play, t[k].link[p], p == 1 ? "greedy" : "random", k, 500 + (uint64_t)(3 * k + p), why,
                           sizeof why) == 0);
        REQUIRE(tp_add(&play, t[k].watch, NULL, k, 0, why, sizeof why) == 0);
    }
    if (tp_run(&play, tp_all_over, NULL))
        for (int i = 0; i < play.count; i++)
            th_fail(__FILE__, __LINE__, "seat %d of table %d: over %d, decision %d, %d errors (%s)", play.seats[i].seat,
                    play.seats[i].table, play.seats[i].over, play.seats[i].decision, play.seats[i].errors,
                    play.seats[i].last_error);
    CHECK(ts_stop(&srv) == 0);
    int hidden_checked = 0, messages = 0;
    for (int k = 0; k < 2; k++) {
        Truth tr = { 0 };
        if (truth_of(srv.db, t[k].id, &s, &tr, why, sizeof why)) {
            th_fail(__FILE__, __LINE__, "table %s cannot be replayed from the database: %s", t[k].id, why);
            free(tr.at);
            continue;
        }
        for (int i = 0; i < play.count; i++)
            for (int m = 0; play.seats[i].table == k && m < play.seats[i].text_count; m++, messages++)
                if (check_message(play.seats[i].texts[m], &tr, k, play.seats[i].seat, &hidden_checked))
                    break;
        free(tr.at);
    }
    CHECK(messages > 1000);
    CHECK(hidden_checked > 1000);   /* hidden cards were there to leak */
    tp_free(&play);
    net_hub_free(play.hub);
    session_close(&s);
    ts_cleanup(&srv);
}
