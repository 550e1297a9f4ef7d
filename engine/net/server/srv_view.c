/* A table's messages, built from what each seat may see (srv_view.h). */
#include "srv_view.h"

#include <stdio.h>
#include <string.h>

#include "chronicle.h"
#include "describe.h"
#include "net_json.h"
#include "net_view.h"
#include "save.h"
#include "score.h"
#include "snapshot.h"
#include "table.h"

/* sc->a: the seat's redacted game; sc->b: the same with a neutral deal of its
 * hidden cards, for the words (scripts may read any card). */
static void seat_copies(const Game *g, int seat, SrvScratch *sc)
{
    net_redact(g, seat, &sc->a);
    sc->b = sc->a;
    net_fill_hidden(&sc->b, seat);
}

void net_srv_option_words(const Game *g, int seat, const Option *o, char *buf, int len, SrvScratch *sc)
{
    seat_copies(g, seat, sc);
    game_option_text(&sc->b, o, buf, len);
}

void net_srv_prompt_words(const Game *g, int seat, char *buf, int len, SrvScratch *sc)
{
    seat_copies(g, seat, sc);
    if (seat >= 0 && g->pending.player == seat) {
        game_prompt_text(&sc->b, buf, len);
        return;
    }
    /* Another seat's question may speak of its hidden cards: neutral words only. */
    game_set_hooks(&sc->a, NULL, NULL);
    game_prompt_text(&sc->a, buf, len);
}

static const char *const LINE_KINDS[] = { "action", "event", "dice", "turn", "end" };

static json_t *story_json(NetWr *w, const SrvTable *t, int from)
{
    json_t *lines = json_array();
    for (int i = from < 0 ? 0 : from; i < t->story_len; i++) {
        const SrvLine *l = &t->story[i];
        net_wr_add(w, lines, json_pack("{s:o,s:s,s:o}", "seat", l->seat >= 0 ? json_integer(l->seat) : json_null(),
                                       "kind", l->kind < 5 ? LINE_KINDS[l->kind] : "event", "text",
                                       snapshot_string(l->text, UI_LINE_LEN)));
    }
    return json_pack("{s:i,s:o}", "from", from < 0 ? 0 : from, "lines", lines);
}

/* The pending decision; its options only for the seat that decides it.
 * Expects seat_copies(g, seat) in sc->a and sc->b. */
static json_t *decision_json(NetWr *w, const SrvTable *t, int seat, SrvScratch *sc)
{
    const Game *g = &t->game;
    int yours = seat >= 0 && !game_over(g) && g->pending.player == seat;
    char prompt[400];
    if (yours)
        game_prompt_text(&sc->b, prompt, sizeof prompt);
    else {
        sc->c = sc->a;
        game_set_hooks(&sc->c, NULL, NULL);
        game_prompt_text(&sc->c, prompt, sizeof prompt);
    }
    json_t *d = json_pack("{s:i,s:s,s:i,s:b,s:o}", "id", net_srv_table_decision(t),
                          "kind", decision_kind_name(game_over(g) ? DK_GAME_OVER : g->pending.kind), "player",
                          g->pending.player, "yours", yours, "prompt", snapshot_string(prompt, sizeof prompt));
    json_t *options = json_array();
    int n = yours ? game_options(g, sc->options, MAX_OPTIONS) : 0;
    for (int i = 0; i < n; i++) {
        const Option *o = &sc->options[i];
        char text[300];
        game_option_text(&sc->b, o, text, sizeof text);
        Hex h = board_hex(o->cell < BOARD_CELLS ? o->cell : 0);
        json_t *raw = o->cell < BOARD_CELLS ? json_pack("[iiiiii]", o->verb, o->sub, h.q, h.r, o->subject, o->pay)
                                            : json_pack("[iinnii]", o->verb, o->sub, o->subject, o->pay);
        net_wr_add(w, options, json_pack("{s:o,s:o,s:o}", "text", snapshot_string(text, sizeof text), "at",
                                         net_wr_place(ui_option_cell(&sc->b, o)), "option", raw));
    }
    net_wr_set(w, d, "options", options);
    return d;
}

/* Live scores as `seat` may know them; the official result once the game is over. */
static json_t *scores_json(NetWr *w, const SrvTable *t, int seat, SrvScratch *sc)
{
    int final = game_over(&t->game);
    sc->c = final ? t->game : sc->b;
    sc->c.log = NULL;
    Scores s;
    game_score(&sc->c, &s);
    json_t *players = json_array(), *winners = json_array();
    for (int p = 0; p < t->players; p++) {
        const ScoreLine *l = &s.line[p];
        int hidden = !final && p != seat;
        net_wr_add(w, players, json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:o,s:i,s:i,s:i}", "critters", l->critters,
                                         "edges", l->edges, "volcanoes", l->volcanoes, "sacrifices", l->sacrifices,
                                         "tallest", l->tallest, "largest", l->largest, "diversified",
                                         l->diversified, "caldera", hidden ? json_null() : json_integer(l->caldera),
                                         "bought", l->bought, "bonus", l->bonus, "total",
                                         hidden ? l->total - l->caldera : l->total));
        if (final && ((s.winners >> p) & 1))
            net_wr_add(w, winners, json_integer(p));
    }
    return json_pack("{s:b,s:o,s:o}", "final", final, "winners", winners, "players", players);
}

json_t *net_srv_seats_json(const SrvTable *t)
{
    NetWr w = { 1 };
    json_t *a = json_array();
    for (int p = 0; p < t->players; p++) {
        const SrvSeat *s = &t->seat[p];
        json_t *o = json_pack("{s:i,s:s,s:o,s:b,s:b}", "seat", p, "kind", s->person ? "person" : "bot", "name",
                              snapshot_string(s->row.name, NET_NAME_LEN), "taken", s->person ? s->taken : 1,
                              "connected", s->person ? s->connections > 0 : 1);
        if (!s->person)
            net_wr_set(&w, o, "bot", json_string(s->row.bot));
        net_wr_add(&w, a, o);
    }
    if (!w.ok) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *net_srv_state_message(const SrvTable *t, int seat, int story_from, SrvScratch *sc)
{
    NetWr w = { 1 };
    seat_copies(&t->game, seat, sc);
    char hash[17];
    net_hex64(game_hash(&sc->a), hash);
    json_t *m = json_pack("{s:s,s:s,s:o,s:s}", "type", "state", "table", t->row.id, "seat",
                          seat >= 0 ? json_integer(seat) : json_null(), "status",
                          game_over(&t->game) ? "over" : "playing");
    net_wr_set(&w, m, "decision", decision_json(&w, t, seat, sc));
    net_wr_set(&w, m, "game", net_game_to_json(&sc->a));
    net_wr_set(&w, m, "view_hash", json_string(hash));
    net_wr_set(&w, m, "scores", scores_json(&w, t, seat, sc));
    net_wr_set(&w, m, "seats", net_srv_seats_json(t));
    net_wr_set(&w, m, "story", story_json(&w, t, story_from));
    if (!w.ok) {
        json_decref(m);
        return NULL;
    }
    return m;
}

json_t *net_srv_rules_message(const SrvTable *t, const Session *s)
{
    NetWr w = { 1 };
    json_t *cards = json_array();
    for (int c = 0; c < s->rules.power_card_count; c++)
        net_wr_add(&w, cards, json_pack("{s:o,s:o,s:o}", "name", snapshot_string(s->rules.power_cards[c].name, NAME_LEN),
                                        "text", snapshot_string(s->card_docs[c].text, sizeof s->card_docs[c].text),
                                        "ruling", snapshot_string(s->card_docs[c].ruling,
                                                              sizeof s->card_docs[c].ruling)));
    json_t *mods = json_loads(t->row.mods, 0, NULL);
    json_t *m = json_pack("{s:s,s:s,s:s,s:s}", "type", "rules", "table", t->row.id, "rules_version",
                          t->row.rules_version, "rules_hash", t->row.rules_hash);
    net_wr_set(&w, m, "rules", net_rules_to_json(&t->game.rules));
    net_wr_set(&w, m, "cards", cards);
    net_wr_set(&w, m, "mods", mods ? mods : json_array());
    if (!w.ok) {
        json_decref(m);
        return NULL;
    }
    return m;
}

json_t *net_srv_table_summary(const SrvTable *t)
{
    NetWr w = { 1 };
    json_t *mods = json_array(), *stored = json_loads(t->row.mods, 0, NULL);
    size_t i;
    json_t *v;
    json_array_foreach(stored, i, v)
        net_wr_add(&w, mods, json_incref(json_object_get(v, "name")));
    json_decref(stored);
    json_t *o = json_pack("{s:s,s:i,s:o,s:i,s:o,s:s,s:i,s:i}", "table", t->row.id, "players", t->players,
                          "variant", snapshot_string(t->game.options.variant, VARIANT_LEN), "setup",
                          t->game.options.setup_variation, "mods", mods, "status",
                          game_over(&t->game) ? "over" : "playing", "turn", t->game.turn, "spectators",
                          t->spectators);
    net_wr_set(&w, o, "seats", net_srv_seats_json(t));
    if (!w.ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}
