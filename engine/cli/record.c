/* Game records as JSON lines (record.h). */
#include "record.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* ---- interned strings ---- */

static char **pool;
static int pool_n, pool_cap;

const char *record_intern(const char *s)
{
    for (int i = 0; i < pool_n; i++)
        if (strcmp(pool[i], s) == 0)
            return pool[i];
    if (pool_n == pool_cap) {
        int cap = pool_cap ? pool_cap * 2 : 16;
        char **grown = realloc(pool, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        pool = grown;
        pool_cap = cap;
    }
    char *copy = strdup(s);
    if (!copy)
        return NULL;
    pool[pool_n++] = copy;
    return copy;
}

/* ---- writing ---- */

void record_put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);   /* kept: an error's traceback starts on a line of its own */
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 32)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static const char *const PART[REC_PARTS] = { "critters", "edges", "volcanoes", "sacrifices", "tallest",
                                            "largest", "diversified", "caldera", "bought", "bonus" };

const char *record_part_name(int i) { return PART[i]; }

int record_part(const ScoreLine *l, int i)
{
    const int v[REC_PARTS] = { l->critters, l->edges, l->volcanoes, l->sacrifices, l->tallest,
                               l->largest, l->diversified, l->caldera, l->bought, l->bonus };
    return v[i];
}

/* A comma-separated list of names as a JSON array of strings. */
static void put_names(FILE *out, const char *list)
{
    fputc('[', out);
    int first = 1;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        char name[REC_CARDS];
        snprintf(name, sizeof name, "%.*s", (int)n, p);
        fputs(first ? "" : ",", out);
        record_put_string(out, name);
        first = 0;
        p += n + (p[n] == ',');
    }
    fputc(']', out);
}

static void put_cards(FILE *out, const GameRecord *r)
{
    int any = r->deal[0] != 0;
    for (int p = 0; p < r->players; p++)
        any |= r->hold[p][0] != 0;
    if (!any)
        return;
    fputs(",\"cards\":{\"deal\":", out);
    put_names(out, r->deal);
    fputs(",\"hold\":[", out);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", out);
        put_names(out, r->hold[p]);
    }
    fputs("]}", out);
}

static void put_scores(FILE *out, const GameRecord *r)
{
    fputs(",\"scores\":[", out);
    for (int p = 0; p < r->players; p++) {
        fprintf(out, "%s{\"seat\":\"%c\",\"total\":%d", p ? "," : "", record_seat(p), r->score[p].total);
        for (int i = 0; i < REC_PARTS; i++)
            fprintf(out, ",\"%s\":%d", PART[i], record_part(&r->score[p], i));
        fputc('}', out);
    }
    fputs("],\"caldera\":[", out);
    for (int p = 0; p < r->players; p++)
        fprintf(out, "%s{\"seat\":\"%c\",\"bought\":%d,\"held\":%d,\"played\":%d}", p ? "," : "", record_seat(p),
                r->caldera_bought[p], r->caldera_held[p], r->caldera_bought[p] - r->caldera_held[p]);
    fputs("],\"powers\":[", out);
    for (int i = 0; i < r->npowers; i++) {
        const PowerRecord *w = &r->powers[i];
        fprintf(out, "%s{\"seat\":\"%c\",\"turn\":%d,\"slot\":%d,\"level\":%d,\"card\":", i ? "," : "",
                record_seat(w->seat), w->turn, w->slot, w->level);
        record_put_string(out, w->card);
        fputc('}', out);
    }
    fputc(']', out);
}

void record_write(FILE *out, const GameRecord *r)
{
    fprintf(out, "{\"seed\":%llu", (unsigned long long)r->seed);
    if (r->batch >= 0)
        fprintf(out, ",\"batch\":%d", r->batch);
    fprintf(out, ",\"rules\":{\"players\":%d,\"variant\":", r->players);
    record_put_string(out, r->variant);
    fprintf(out, ",\"setup\":%d},\"seats\":[", r->setup);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", out);
        record_put_string(out, r->seats[p]);
    }
    fputc(']', out);
    put_cards(out, r);
    fputs(",\"winners\":[", out);
    int first = 1;
    for (int p = 0; p < r->players; p++)
        if ((r->winners >> p) & 1) {
            fprintf(out, "%s\"%c\"", first ? "" : ",", record_seat(p));
            first = 0;
        }
    fprintf(out, "],\"turns\":%d,\"decisions\":%d,\"end\":", r->turns, r->decisions);
    record_put_string(out, r->end);
    fputs(",\"trigger\":", out);
    record_put_string(out, r->trigger);
    fprintf(out, ",\"lead_changes\":%d,\"first_player\":\"%c\"", r->lead_changes, record_seat(r->first_player));
    put_scores(out, r);
    fprintf(out, ",\"script_errors\":%d", r->script_errors);
    if (r->script_errors > 0) {
        fputs(",\"first_error\":", out);
        record_put_string(out, r->first_error);
    }
    fputs(",\"mods_failed\":[", out);
    for (int i = 0; i < r->nfailed; i++) {
        fputs(i ? ",{\"mod\":" : "{\"mod\":", out);
        record_put_string(out, r->failed[i].mod);
        fputs(",\"error\":", out);
        record_put_string(out, r->failed[i].error);
        fputc('}', out);
    }
    fputc(']', out);
    if (r->made)
        fprintf(out, ",\"made\":%s", r->made);
    fputs("}\n", out);
}

/* ---- parsing ---- */

static int want_int(json_t *o, const char *key, int *out, char *err, int errlen)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v)) {
        snprintf(err, (size_t)errlen, "\"%s\": expected an integer", key);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static int want_str(json_t *o, const char *key, char *out, size_t len, char *err, int errlen)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v)) {
        snprintf(err, (size_t)errlen, "\"%s\": expected a string", key);
        return -1;
    }
    snprintf(out, len, "%s", json_string_value(v));
    return 0;
}

static int seat_of(json_t *v, int players)
{
    const char *s = json_string_value(v);
    if (!s || strlen(s) != 1 || s[0] < 'A' || s[0] >= 'A' + players)
        return -1;
    return s[0] - 'A';
}

static int bad(char *err, int errlen, const char *msg)
{
    snprintf(err, (size_t)errlen, "%s", msg);
    return -1;
}

/* A JSON array of strings into a comma-separated list. */
static int names_of(json_t *a, char *out, size_t len, const char *what, char *err, int errlen)
{
    out[0] = 0;
    if (!json_is_array(a)) {
        snprintf(err, (size_t)errlen, "\"%s\": expected an array of names", what);
        return -1;
    }
    size_t i, used = 0;
    json_t *v;
    json_array_foreach(a, i, v) {
        if (!json_is_string(v)) {
            snprintf(err, (size_t)errlen, "\"%s\": expected an array of names", what);
            return -1;
        }
        int n = snprintf(out + used, len - used, "%s%s", i ? "," : "", json_string_value(v));
        used += n > 0 ? (size_t)n : 0;
        if (used >= len)
            return bad(err, errlen, "card names too long");
    }
    return 0;
}

static int parse_cards(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *cards = json_object_get(j, "cards");
    if (!cards)
        return 0;
    json_t *hold = json_object_get(cards, "hold");
    if (names_of(json_object_get(cards, "deal"), r->deal, sizeof r->deal, "cards.deal", err, errlen))
        return -1;
    if (!json_is_array(hold) || (int)json_array_size(hold) != r->players)
        return bad(err, errlen, "\"cards.hold\": expected one array per seat");
    for (int p = 0; p < r->players; p++)
        if (names_of(json_array_get(hold, (size_t)p), r->hold[p], sizeof r->hold[p], "cards.hold", err, errlen))
            return -1;
    return 0;
}

static int parse_head(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *seed = json_object_get(j, "seed"), *rules = json_object_get(j, "rules"), *batch;
    if (!json_is_integer(seed))
        return bad(err, errlen, "\"seed\": expected an integer");
    r->seed = (uint64_t)json_integer_value(seed);
    batch = json_object_get(j, "batch");
    r->batch = -1;
    if (batch && (!json_is_integer(batch) || json_integer_value(batch) < 0 || json_integer_value(batch) > 1000000))
        return bad(err, errlen, "\"batch\": expected a batch number");
    if (batch)
        r->batch = (int)json_integer_value(batch);
    if (!json_is_object(rules))
        return bad(err, errlen, "\"rules\": expected an object");
    if (want_int(rules, "players", &r->players, err, errlen) || want_int(rules, "setup", &r->setup, err, errlen) ||
        want_str(rules, "variant", r->variant, sizeof r->variant, err, errlen))
        return -1;
    if (r->players < MIN_PLAYERS || r->players > MAX_PLAYERS) {
        snprintf(err, (size_t)errlen, "\"rules.players\": %d is out of range", r->players);
        return -1;
    }
    json_t *seats = json_object_get(j, "seats");
    if (!json_is_array(seats) || (int)json_array_size(seats) != r->players)
        return bad(err, errlen, "\"seats\": expected one bot per player");
    for (int p = 0; p < r->players; p++)
        snprintf(r->seats[p], REC_NAME, "%s", json_string_value(json_array_get(seats, (size_t)p)) ?: "?");
    return parse_cards(j, r, err, errlen);
}

static int parse_outcome(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *winners = json_object_get(j, "winners");
    if (!json_is_array(winners))
        return bad(err, errlen, "\"winners\": expected an array of seat letters");
    size_t i;
    json_t *v;
    json_array_foreach(winners, i, v) {
        int s = seat_of(v, r->players);
        if (s < 0)
            return bad(err, errlen, "\"winners\": not a seat letter");
        r->winners |= 1 << s;
    }
    char first[4];
    if (want_int(j, "turns", &r->turns, err, errlen) || want_int(j, "decisions", &r->decisions, err, errlen) ||
        want_str(j, "end", r->end, sizeof r->end, err, errlen) ||
        want_str(j, "trigger", r->trigger, sizeof r->trigger, err, errlen) ||
        want_int(j, "lead_changes", &r->lead_changes, err, errlen) ||
        want_str(j, "first_player", first, sizeof first, err, errlen))
        return -1;
    r->first_player = seat_of(json_object_get(j, "first_player"), r->players);
    if (r->first_player < 0)
        return bad(err, errlen, "\"first_player\": not a seat letter");
    return 0;
}

static int parse_scores(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *scores = json_object_get(j, "scores"), *cal = json_object_get(j, "caldera");
    if (!json_is_array(scores) || (int)json_array_size(scores) != r->players || !json_is_array(cal))
        return bad(err, errlen, "\"scores\" or \"caldera\": missing, or not one entry per player");
    for (int p = 0; p < r->players; p++) {
        json_t *s = json_array_get(scores, (size_t)p);
        ScoreLine *l = &r->score[p];
        int part[REC_PARTS];
        if (want_int(s, "total", &l->total, err, errlen))
            return -1;
        for (int k = 0; k < REC_PARTS; k++)
            if (want_int(s, PART[k], &part[k], err, errlen))
                return -1;
        l->critters = part[0]; l->edges = part[1]; l->volcanoes = part[2]; l->sacrifices = part[3];
        l->tallest = part[4]; l->largest = part[5]; l->diversified = part[6]; l->caldera = part[7];
        l->bought = part[8]; l->bonus = part[9];
    }
    size_t i;
    json_t *v;
    json_array_foreach(cal, i, v) {
        int s = seat_of(json_object_get(v, "seat"), r->players);
        if (s < 0)
            return bad(err, errlen, "\"caldera\": entry without a seat");
        if (want_int(v, "bought", &r->caldera_bought[s], err, errlen) ||
            want_int(v, "held", &r->caldera_held[s], err, errlen))
            return -1;
    }
    return 0;
}

static int parse_powers(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *powers = json_object_get(j, "powers");
    if (!json_is_array(powers))
        return bad(err, errlen, "\"powers\": expected an array");
    size_t i;
    json_t *v;
    json_array_foreach(powers, i, v) {
        if (r->npowers >= REC_MAX_POWERS)
            break;
        PowerRecord *w = &r->powers[r->npowers];
        int s = seat_of(json_object_get(v, "seat"), r->players), turn, slot, level;
        if (s < 0)
            return bad(err, errlen, "\"powers\": entry without a seat");
        if (want_int(v, "turn", &turn, err, errlen) || want_int(v, "slot", &slot, err, errlen) ||
            want_int(v, "level", &level, err, errlen) || want_str(v, "card", w->card, sizeof w->card, err, errlen))
            return -1;
        w->seat = (uint8_t)s;
        w->turn = (uint16_t)turn;
        w->slot = (uint8_t)slot;
        w->level = (uint8_t)level;
        r->npowers++;
    }
    return 0;
}

static int parse_failures(json_t *j, GameRecord *r, char *err, int errlen)
{
    json_t *failed = json_object_get(j, "mods_failed"), *made = json_object_get(j, "made");
    if (want_int(j, "script_errors", &r->script_errors, err, errlen))
        return -1;
    if (r->script_errors > 0 && want_str(j, "first_error", r->first_error, sizeof r->first_error, err, errlen))
        return -1;
    if (!json_is_array(failed))
        return bad(err, errlen, "\"mods_failed\": expected an array");
    size_t i;
    json_t *v;
    json_array_foreach(failed, i, v) {
        if (r->nfailed >= REC_MAX_FAILED)
            break;
        ModFailure *f = &r->failed[r->nfailed++];
        if (want_str(v, "mod", f->mod, sizeof f->mod, err, errlen) ||
            want_str(v, "error", f->error, sizeof f->error, err, errlen))
            return -1;
    }
    if (made) {
        if (!json_is_object(made))
            return bad(err, errlen, "\"made\": expected an object");
        char *text = json_dumps(made, JSON_COMPACT | JSON_PRESERVE_ORDER);
        r->made = text ? record_intern(text) : NULL;
        free(text);
        if (!r->made)
            return bad(err, errlen, "out of memory");
    }
    return 0;
}

int record_from_json(const void *json, GameRecord *r, char *err, int errlen)
{
    json_t *j = (json_t *)json;
    memset(r, 0, sizeof *r);
    if (!json_is_object(j))
        return bad(err, errlen, "expected one JSON object per line");
    if (parse_head(j, r, err, errlen) || parse_outcome(j, r, err, errlen) || parse_scores(j, r, err, errlen) ||
        parse_powers(j, r, err, errlen) || parse_failures(j, r, err, errlen))
        return -1;
    return 0;
}

int record_parse(const char *line, GameRecord *r, char *err, int errlen)
{
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!j) {
        memset(r, 0, sizeof *r);
        snprintf(err, (size_t)errlen, "not JSON (column %d: %s)", je.column, je.text);
        return -1;
    }
    int rc = record_from_json(j, r, err, errlen);
    json_decref(j);
    return rc;
}
