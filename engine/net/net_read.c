/* Reading what the server sends, for the C client (net_client.h): links,
 * the rules message, the state message. Every field is checked; a message
 * that fails is refused with the field named. */
#include "net_client.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_json.h"
#include "net_view.h"
#include "save.h"

int net_link_parse(const char *url, NetLink *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    out->seat = -1;
    const char *p = url;
    if (strncmp(p, "http://", 7) == 0 || strncmp(p, "ws://", 5) == 0)
        p = strchr(p, '/') + 2;
    else if (strncmp(p, "https://", 8) == 0 || strncmp(p, "wss://", 6) == 0) {
        out->tls = 1;
        p = strchr(p, '/') + 2;
    }
    size_t hl = strcspn(p, ":/#");
    if (hl == 0 || hl >= sizeof out->host)
        return snprintf(err, (size_t)errlen, "'%.200s': expected http://HOST:PORT/...", url), -1;
    memcpy(out->host, p, hl);
    p += hl;
    out->port = out->tls ? 443 : 80;
    if (*p == ':') {
        char *end;
        long port = strtol(p + 1, &end, 10);
        if (end == p + 1 || port < 1 || port > 65535)
            return snprintf(err, (size_t)errlen, "'%.200s': the port is not a number from 1 to 65535", url), -1;
        out->port = (int)port;
        p = end;
    }
    size_t pl = strcspn(p, "#");
    if (pl >= sizeof out->path - 1)
        return snprintf(err, (size_t)errlen, "'%.200s': the path is too long", url), -1;
    snprintf(out->path, sizeof out->path, "%.*s", pl ? (int)pl : 1, pl ? p : "/");   /* no path: "/" */
    if (out->path[strlen(out->path) - 1] != '/')
        strcat(out->path, "/");
    p += pl;
    if (*p != '#')
        return 0;
    for (const char *kv = p + 1; *kv;) {
        size_t n = strcspn(kv, "&");
        if (n > 6 && strncmp(kv, "table=", 6) == 0 && n - 6 == NET_TABLE_ID_LEN)
            memcpy(out->table, kv + 6, NET_TABLE_ID_LEN);
        else if (n == 6 && strncmp(kv, "seat=", 5) == 0 && kv[5] >= 'A' && kv[5] < 'A' + MAX_PLAYERS)
            out->seat = kv[5] - 'A';
        else if (n == 6 + NET_TOKEN_LEN && strncmp(kv, "token=", 6) == 0)
            memcpy(out->token, kv + 6, NET_TOKEN_LEN);
        else
            return snprintf(err, (size_t)errlen, "'%.200s': '%.*s' is not part of a table link", url, (int)n, kv), -1;
        kv += n + (kv[n] == '&');
    }
    if (!out->table[0] || (out->seat >= 0) != (out->token[0] != 0))
        return snprintf(err, (size_t)errlen, "'%.200s': a link names a table, and a seat with its token", url), -1;
    return 0;
}

NetRulesView *net_rules_read(const char *json, char *err, int errlen)
{
    json_t *m = json_loads(json, 0, NULL);
    NetRulesView *r = calloc(1, sizeof *r);
    NetRd rd = { .err = err, .errlen = errlen };
    snprintf(rd.path, sizeof rd.path, "rules message");
    if (!m || !r) {
        net_rd_fail(&rd, NULL, m ? "out of memory" : "not JSON");
        goto fail;
    }
    net_rd_string(&rd, m, "table", r->table, sizeof r->table);
    net_rd_string(&rd, m, "rules_version", r->rules_version, sizeof r->rules_version);
    char hash[17];
    net_rd_string(&rd, m, "rules_hash", hash, sizeof hash);
    if (rd.failed || net_parse_hex64(hash, &r->hash)) {
        net_rd_fail(&rd, "rules_hash", "expected 16 hex digits");
        goto fail;
    }
    if (net_rules_from_json(json_object_get(m, "rules"), &r->rules, err, errlen))
        goto fail;
    if (rules_hash(&r->rules) != r->hash) {
        net_rd_fail(&rd, "rules", "they do not hash to rules_hash: the message is damaged");
        goto fail;
    }
    const json_t *mods = net_rd_array(&rd, m, "mods", 64);
    size_t used = 0;
    for (size_t i = 0; mods && i < json_array_size(mods); i++) {
        const char *name = json_string_value(json_object_get(json_array_get(mods, i), "name"));
        if (!name || strchr(name, ',') || strlen(name) + used + 2 > sizeof r->mods) {
            net_rd_fail(&rd, "mods", "expected [{\"name\": ...}, ...]");
            break;
        }
        used += (size_t)snprintf(r->mods + used, sizeof r->mods - used, "%s%s", used ? "," : "", name);
    }
    const json_t *cards = net_rd_array(&rd, m, "cards", MAX_POWER_CARDS);
    for (size_t i = 0; cards && i < json_array_size(cards); i++) {
        const json_t *c = json_array_get(cards, i);
        net_rd_string(&rd, c, "name", r->cards[i].name, sizeof r->cards[i].name);
        net_rd_string(&rd, c, "text", r->cards[i].text, sizeof r->cards[i].text);
        net_rd_string(&rd, c, "ruling", r->cards[i].ruling, sizeof r->cards[i].ruling);
        r->card_count = (int)i + 1;
    }
    if (rd.failed)
        goto fail;
    json_decref(m);
    return r;
fail:
    json_decref(m);
    free(r);
    return NULL;
}

static void read_options(NetRd *rd, const json_t *d, NetView *v)
{
    const json_t *opts = net_rd_array(rd, d, "options", MAX_OPTIONS);
    size_t n = opts ? json_array_size(opts) : 0;
    v->options = n ? calloc(n, sizeof *v->options) : NULL;
    if (n && !v->options) {
        net_rd_fail(rd, "options", "out of memory");
        return;
    }
    for (size_t i = 0; i < n && !rd->failed; i++) {
        const json_t *o = json_array_get(opts, i), *raw = json_object_get(o, "option");
        NetOption *out = &v->options[i];
        net_rd_string(rd, o, "text", out->text, sizeof out->text);
        out->at = net_rd_place(rd, o, "at");
        if (!json_is_array(raw) || json_array_size(raw) != 6) {
            net_rd_fail(rd, "option", "expected [verb, sub, q, r, subject, pay]");
            return;
        }
        out->option.verb = (uint8_t)net_rd_item(rd, raw, 0, "option", 0, VERB_COUNT - 1);
        out->option.sub = (uint8_t)net_rd_item(rd, raw, 1, "option", 0, 255);
        json_t *qr = json_pack("[OO]", json_array_get(raw, 2), json_array_get(raw, 3));
        out->option.cell = json_is_null(json_array_get(raw, 2)) ? NO_CELL
                                                               : (uint16_t)net_rd_place_value(rd, qr, "option");
        json_decref(qr);
        out->option.subject = (uint16_t)net_rd_item(rd, raw, 4, "option", 0, 65535);
        out->option.pay = (uint16_t)net_rd_item(rd, raw, 5, "option", 0, 65535);
        v->option_count = (int)i + 1;
    }
}

static void read_decision(NetRd *rd, const json_t *m, NetView *v)
{
    const json_t *d = net_rd_object(rd, m, "decision");
    size_t mark = net_rd_enter(rd, "decision", 0);
    v->decision = (int)net_rd_int(rd, d, "id", 0, 1000000000);
    const char *kind = json_string_value(json_object_get(d, "kind"));
    v->kind = -1;
    for (int k = 0; kind && k < DK_COUNT; k++)
        if (strcmp(decision_kind_name(k), kind) == 0)
            v->kind = k;
    if (v->kind < 0)
        net_rd_fail(rd, "kind", "not a decision kind");
    v->player = (int)net_rd_int(rd, d, "player", 0, MAX_PLAYERS - 1);
    v->yours = net_rd_bool(rd, d, "yours");
    net_rd_string(rd, d, "prompt", v->prompt, sizeof v->prompt);
    read_options(rd, d, v);
    net_rd_leave(rd, mark);
}

static void read_scores(NetRd *rd, const json_t *m, NetView *v)
{
    const json_t *s = net_rd_object(rd, m, "scores");
    v->scores_final = net_rd_bool(rd, s, "final");
    const json_t *players = net_rd_array(rd, s, "players", MAX_PLAYERS), *winners = net_rd_array(rd, s, "winners",
                                                                                                   MAX_PLAYERS);
    for (size_t p = 0; players && p < json_array_size(players); p++) {
        const json_t *l = json_array_get(players, p);
        ScoreLine *out = &v->scores.line[p];
        static const char *const K[] = { "critters", "edges", "volcanoes", "sacrifices", "tallest", "largest",
                                         "diversified", "bought", "bonus", "total" };
        int *f[] = { &out->critters, &out->edges, &out->volcanoes, &out->sacrifices, &out->tallest, &out->largest,
                     &out->diversified, &out->bought, &out->bonus, &out->total };
        for (int k = 0; k < 10; k++)
            *f[k] = (int)net_rd_int(rd, l, K[k], -SCORE_LIMIT, SCORE_LIMIT);
        if (json_is_null(json_object_get(l, "caldera")))
            v->caldera_hidden |= (uint8_t)(1 << p);
        else
            out->caldera = (int)net_rd_int(rd, l, "caldera", -SCORE_LIMIT, SCORE_LIMIT);
    }
    for (size_t i = 0; winners && i < json_array_size(winners); i++)
        v->scores.winners |= 1 << net_rd_item(rd, winners, i, "winners", 0, MAX_PLAYERS - 1);
}

static void read_seats_story(NetRd *rd, const json_t *m, NetView *v)
{
    const json_t *seats = net_rd_array(rd, m, "seats", MAX_PLAYERS);
    for (size_t p = 0; seats && p < json_array_size(seats); p++) {
        const json_t *s = json_array_get(seats, p);
        NetSeatInfo *out = &v->seats[p];
        const char *kind = json_string_value(json_object_get(s, "kind"));
        out->person = kind && strcmp(kind, "person") == 0;
        net_rd_string(rd, s, "name", out->name, sizeof out->name);
        out->taken = net_rd_bool(rd, s, "taken");
        out->connected = net_rd_bool(rd, s, "connected");
        if (!out->person)
            net_rd_string(rd, s, "bot", out->bot, sizeof out->bot);
    }
    const json_t *story = net_rd_object(rd, m, "story");
    v->story_from = (int)net_rd_int(rd, story, "from", 0, 1000000000);
    const json_t *lines = net_rd_array(rd, story, "lines", 1000000);
    size_t n = lines ? json_array_size(lines) : 0;
    v->lines = n ? calloc(n, sizeof *v->lines) : NULL;
    static const char *const KINDS[] = { "action", "event", "dice", "turn", "end" };
    for (size_t i = 0; v->lines && i < n && !rd->failed; i++) {
        const json_t *l = json_array_get(lines, i), *seat = json_object_get(l, "seat");
        const char *kind = json_string_value(json_object_get(l, "kind"));
        v->lines[i].seat = (int8_t)(json_is_integer(seat) ? net_rd_int(rd, l, "seat", 0, MAX_PLAYERS - 1) : -1);
        for (int k = 0; kind && k < 5; k++)
            if (strcmp(kind, KINDS[k]) == 0)
                v->lines[i].kind = (uint8_t)k;
        net_rd_string(rd, l, "text", v->lines[i].text, sizeof v->lines[i].text);
        v->line_count = (int)i + 1;
    }
}

NetView *net_view_read(const char *json, const NetRulesView *rules, char *err, int errlen)
{
    json_t *m = json_loads(json, 0, NULL);
    NetView *v = calloc(1, sizeof *v);
    NetRd rd = { .err = err, .errlen = errlen };
    snprintf(rd.path, sizeof rd.path, "state");
    if (!m || !v || !rules) {
        net_rd_fail(&rd, NULL, !m ? "not JSON" : !v ? "out of memory" : "a state before the table's rules");
        goto fail;
    }
    net_rd_string(&rd, m, "table", v->table, sizeof v->table);
    const json_t *seat = json_object_get(m, "seat");
    v->seat = json_is_null(seat) ? -1 : (int)net_rd_int(&rd, m, "seat", 0, MAX_PLAYERS - 1);
    const char *status = json_string_value(json_object_get(m, "status"));
    v->over = status && strcmp(status, "over") == 0;
    char hash[17];
    net_rd_string(&rd, m, "view_hash", hash, sizeof hash);
    if (!rd.failed && net_parse_hex64(hash, &v->view_hash))
        net_rd_fail(&rd, "view_hash", "expected 16 hex digits");
    read_decision(&rd, m, v);
    read_scores(&rd, m, v);
    read_seats_story(&rd, m, v);
    if (rd.failed || net_game_from_json(json_object_get(m, "game"), &rules->rules, &v->game, err, errlen))
        goto fail;
    v->players = v->game.players;
    if (game_hash(&v->game) != v->view_hash) {
        net_rd_fail(&rd, "game", "it does not hash to view_hash: the state was not read as the server wrote it");
        goto fail;
    }
    json_decref(m);
    return v;
fail:
    json_decref(m);
    net_view_free(v);
    return NULL;
}

void net_view_free(NetView *v)
{
    if (!v)
        return;
    free(v->options);
    free(v->lines);
    free(v);
}
