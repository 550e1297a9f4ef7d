/* A table's game, seats, story and followers (srv_table.h). */
#include "srv_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chronicle.h"
#include "describe.h"
#include "net_view.h"
#include "save.h"
#include "srv_random.h"
#include "srv_view.h"

int net_srv_token_equal(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned diff = na != nb || na != NET_TOKEN_LEN;
    for (size_t i = 0; i < NET_TOKEN_LEN; i++)
        diff |= (unsigned)(unsigned char)(i < na ? a[i] : 0) ^ (unsigned)(unsigned char)(i < nb ? b[i] : 1);
    return diff == 0;
}

int net_srv_table_over(const SrvTable *t) { return game_over(&t->game); }

static int add_line(SrvTable *t, int seat, int kind, const char *text)
{
    if (t->story_len == t->story_cap) {
        int cap = t->story_cap ? t->story_cap * 2 : 64;
        SrvLine *grown = realloc(t->story, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        t->story = grown;
        t->story_cap = cap;
    }
    char *copy = strdup(text);
    if (!copy)
        return -1;
    t->story[t->story_len++] = (SrvLine){ (int8_t)seat, (uint8_t)kind, copy };
    return 0;
}

/* Tells what applying o (by `who`, words already written) did to `before`,
 * from public views: the dice are told as having rolled, never how. */
static int tell(SrvTable *t, const Game *before, const Game *after, int who, const Option *o, const char *words,
                SrvScratch *sc)
{
    net_redact(before, -1, &sc->b);
    net_redact(after, -1, &sc->c);
    int rolled = before->rng.draws != after->rng.draws || before->rng.state != after->rng.state;
    sc->c.rng.draws = (uint32_t)rolled;
    UiLine lines[48];
    int n = ui_chronicle(&sc->b, &sc->c, who, o, words, lines, 48);
    for (int i = 0; i < n; i++)
        if (add_line(t, lines[i].seat, lines[i].kind, lines[i].text))
            return -1;
    return 0;
}

/* Points session s at table t's game as its own (script errors are reported as the game's). */
static void borrow(Session *s, SrvTable *t)
{
    s->game = t->game;
    game_set_hooks(&s->game, session_hooks(), s);
    s->game.log = &t->log;
    s->current = &s->game;
    s->error_count = 0;
    s->error[0] = 0;
}

int net_srv_table_apply(SrvTable *t, Session *s, SrvStore *st, int index, SrvScratch *sc, char *err, int errlen)
{
    int n = game_options(&t->game, sc->options, MAX_OPTIONS);
    if (index < 0 || index >= n)
        return 1;
    Option o = sc->options[index];
    int who = t->game.pending.player;
    char words[UI_LINE_LEN - 8];
    net_srv_option_words(&t->game, who, &o, words, sizeof words, sc);
    ui_as_told(words, sizeof words);
    borrow(s, t);
    int logged = t->log.len;
    if (game_apply_option(&s->game, &o, err, errlen)) {
        t->log.len = logged;
        return -2;
    }
    if (net_srv_store_append(st, t->row.id, logged, &o, game_hash(&s->game), err, errlen)) {
        t->log.len = logged;   /* the table's game was never touched */
        return -1;
    }
    if (tell(t, &t->game, &s->game, who, &o, words, sc))
        fprintf(stderr, "volcanique serve: table %s: out of memory for the story\n", t->row.id);
    t->game = s->game;
    t->game.log = &t->log;
    return 0;
}

/* Options from the stored row, the seats' bots, and the session's cards. */
static int start_game(SrvTable *t, Session *s, char *err, int errlen)
{
    GameOptions o;
    json_t *j = json_loads(t->row.options, 0, NULL);
    int rc = net_options_from_json(j, &o, err, errlen);
    json_decref(j);
    if (rc)
        return -1;
    t->players = o.players;
    s->current = &s->game;
    if (game_init(&s->game, &s->rules, &o, t->row.seed, session_hooks(), s, err, errlen))
        return -1;
    t->game = s->game;
    t->log.len = 0;
    t->game.log = &t->log;
    game_set_hooks(&t->game, session_hooks(), s);
    for (int p = 0; p < t->players; p++)
        if (!t->seat[p].person)
            bot_init(&t->bots[p], &t->seat[p].bot, net_srv_random_u64());   /* never from the game's secret seed */
    return 0;
}

int net_srv_table_start(SrvTable *t, Session *s, char *err, int errlen)
{
    if (start_game(t, s, err, errlen))
        return -1;
    snprintf(t->row.rules_version, sizeof t->row.rules_version, "%s", RULES_VERSION);
    net_hex64(rules_hash(&s->rules), t->row.rules_hash);
    net_hex64(game_hash(&t->game), t->row.start_hash);
    return 0;
}

/* The table's stored mods, rules and start against the session's. */
static int check_rules(const SrvTable *t, const Session *s, char *err, int errlen)
{
    SaveMeta meta;
    session_save_meta(s, &meta);
    json_t *mods = json_loads(t->row.mods, 0, NULL);
    size_t i;
    json_t *m;
    int bad = !json_is_array(mods) || (int)json_array_size(mods) != meta.mod_count;
    json_array_foreach(mods, i, m) {
        const char *name = json_string_value(json_object_get(m, "name"));
        const char *hash = json_string_value(json_object_get(m, "hash"));
        if (bad || !name || !hash || (int)i >= meta.mod_count || strcmp(name, meta.mods[i].name) != 0 ||
            strcmp(hash, meta.mods[i].hash) != 0) {
            snprintf(err, (size_t)errlen, "table %s: mod '%s' is missing or changed since the table was created"
                     " (stored hash %s)", t->row.id, name ? name : "?", hash ? hash : "?");
            json_decref(mods);
            return -1;
        }
    }
    json_decref(mods);
    char now[17];
    net_hex64(rules_hash(&s->rules), now);
    if (bad || strcmp(now, t->row.rules_hash) != 0 || strcmp(t->row.rules_version, RULES_VERSION) != 0) {
        snprintf(err, (size_t)errlen, "table %s: the rules changed since the table was created (rules %s %s,"
                 " now %s %s)", t->row.id, t->row.rules_version, t->row.rules_hash, RULES_VERSION, now);
        return -1;
    }
    return 0;
}

int net_srv_table_restore(SrvTable *t, Session *s, const SrvActionRow *actions, int count, SrvScratch *sc, char *err,
                      int errlen)
{
    char why[400];
    if (check_rules(t, s, err, errlen))
        return -1;
    if (start_game(t, s, why, sizeof why))
        return snprintf(err, (size_t)errlen, "table %s: cannot start its game: %s", t->row.id, why), -1;
    char start[17];
    net_hex64(game_hash(&t->game), start);
    if (strcmp(start, t->row.start_hash) != 0)
        return snprintf(err, (size_t)errlen, "table %s: the game starts differently than when it was created"
                        " (start hash %s, stored %s)", t->row.id, start, t->row.start_hash), -1;
    for (int i = 0; i < count; i++) {
        int who = t->game.pending.player;
        char words[UI_LINE_LEN - 8];
        net_srv_option_words(&t->game, who, &actions[i].option, words, sizeof words, sc);
        ui_as_told(words, sizeof words);
        borrow(s, t);
        if (game_apply_option(&s->game, &actions[i].option, why, sizeof why))
            return snprintf(err, (size_t)errlen, "table %s: stored action %d does not apply: %s", t->row.id, i,
                            why), -1;
        if (game_hash(&s->game) != actions[i].state_hash)
            return snprintf(err, (size_t)errlen, "table %s: state hash mismatch after replaying action %d of %d"
                            " (stored %016llx, replayed %016llx)", t->row.id, i, count,
                            (unsigned long long)actions[i].state_hash,
                            (unsigned long long)game_hash(&s->game)), -1;
        tell(t, &t->game, &s->game, who, &actions[i].option, words, sc);
        t->game = s->game;
        t->game.log = &t->log;
    }
    t->story_told = t->story_len;   /* nobody follows a table yet */
    return 0;
}

void net_srv_table_free(SrvTable *t)
{
    for (int i = 0; i < t->story_len; i++)
        free(t->story[i].text);
    free(t->story);
    free(t->subs);
    action_log_free(&t->log);
    for (int p = 0; p < MAX_PLAYERS; p++)
        bot_free(&t->bots[p]);
    memset(t, 0, sizeof *t);
}

int net_srv_table_subscribe(SrvTable *t, uint64_t conn, int seat)
{
    if (t->sub_len == t->sub_cap) {
        int cap = t->sub_cap ? t->sub_cap * 2 : 4;
        SrvSub *grown = realloc(t->subs, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        t->subs = grown;
        t->sub_cap = cap;
    }
    t->subs[t->sub_len++] = (SrvSub){ conn, (int8_t)seat, ++t->sub_counter };
    if (seat >= 0)
        t->seat[seat].connections++;
    else
        t->spectators++;
    return 0;
}

int net_srv_table_unsubscribe(SrvTable *t, uint64_t conn)
{
    for (int i = 0; i < t->sub_len; i++)
        if (t->subs[i].conn == conn) {
            int seat = t->subs[i].seat;
            t->subs[i] = t->subs[--t->sub_len];
            if (seat >= 0)
                t->seat[seat].connections--;
            else
                t->spectators--;
            return seat;
        }
    return -2;
}

int net_srv_table_sub_seat(const SrvTable *t, uint64_t conn)
{
    for (int i = 0; i < t->sub_len; i++)
        if (t->subs[i].conn == conn)
            return t->subs[i].seat;
    return -2;
}

uint64_t net_srv_table_oldest(const SrvTable *t, int seat)
{
    uint64_t best = 0, since = UINT64_MAX;
    for (int i = 0; i < t->sub_len; i++)
        if (t->subs[i].seat == seat && t->subs[i].since < since) {
            since = t->subs[i].since;
            best = t->subs[i].conn;
        }
    return best;
}
