/* Rule coverage by handler identity (coverage.h). */
#include "coverage.h"

#include <jansson.h>
#include <string.h>

#include "session.h"

/* The power card a script declares, "" when it declares none or several. */
static const char *card_of_script(const Session *s, const char *chunk)
{
    const char *found = "";
    int n = 0;
    for (int c = 0; c < s->rules.power_card_count; c++)
        if (strcmp(s->card_docs[c].chunk, chunk) == 0) {
            found = s->rules.power_cards[c].name;
            n++;
        }
    return n == 1 ? found : "";
}

static int same_identity(const CoverEntry *x, const CoverEntry *y)
{
    return x->ordinal == y->ordinal && strcmp(x->script, y->script) == 0 && strcmp(x->event, y->event) == 0 &&
           strcmp(x->card, y->card) == 0;
}

/* Gives e its ordinal among c's first n entries. */
static void number(const Coverage *c, int n, CoverEntry *e)
{
    e->ordinal = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(c->e[i].script, e->script) == 0 && strcmp(c->e[i].event, e->event) == 0 &&
            strcmp(c->e[i].card, e->card) == 0)
            e->ordinal++;
}

void coverage_fill(Coverage *c, const Session *s, const uint64_t *fired, int games)
{
    static ScriptFireCount fc[COVER_MAX];
    int n = session_fire_counts(s, fc, COVER_MAX);
    memset(c, 0, sizeof *c);
    c->count = n > COVER_MAX ? COVER_MAX : n;
    c->games = games;
    for (int i = 0; i < c->count; i++) {
        CoverEntry *e = &c->e[i];
        snprintf(e->script, sizeof e->script, "%s", fc[i].chunk);
        snprintf(e->event, sizeof e->event, "%s", fc[i].event);
        snprintf(e->card, sizeof e->card, "%s", card_of_script(s, fc[i].chunk));
        e->priority = (long)fc[i].priority;
        e->fired = fired[i];
        number(c, i, e);
    }
}

int coverage_find(const Coverage *c, const CoverEntry *e)
{
    for (int i = 0; i < c->count; i++)
        if (same_identity(&c->e[i], e))
            return i;
    return -1;
}

void coverage_note_read(Coverage *c, const char *name)
{
    for (int i = 0; i < c->nread; i++)
        if (strcmp(c->read[i], name) == 0)
            return;
    if (c->nread < MAX_PARAMS)
        snprintf(c->read[c->nread++], PARAM_NAME_LEN, "%s", name);
}

void coverage_add(Coverage *a, const Coverage *b)
{
    a->games += b->games;
    for (int i = 0; i < b->count; i++) {
        int k = coverage_find(a, &b->e[i]);
        if (k >= 0) {
            a->e[k].fired += b->e[i].fired;
        } else if (a->count < COVER_MAX) {
            a->e[a->count++] = b->e[i];
        }
    }
    for (int i = 0; i < b->nread; i++)
        coverage_note_read(a, b->read[i]);
}

void coverage_write(FILE *out, const Coverage *c, int batch)
{
    fprintf(out, "{\"coverage\":{\"batch\":%d,\"games\":%d,\"params_read\":[", batch, c->games);
    for (int i = 0; i < c->nread; i++) {
        fputs(i ? "," : "", out);
        record_put_string(out, c->read[i]);
    }
    fputs("],\"handlers\":[", out);
    for (int i = 0; i < c->count; i++) {
        const CoverEntry *e = &c->e[i];
        fputs(i ? ",{\"script\":" : "{\"script\":", out);
        record_put_string(out, e->script);
        fputs(",\"event\":", out);
        record_put_string(out, e->event);
        fputs(",\"card\":", out);
        record_put_string(out, e->card);
        fprintf(out, ",\"priority\":%ld,\"ordinal\":%d,\"fired\":%llu}", e->priority, e->ordinal,
                (unsigned long long)e->fired);
    }
    fputs("]}}\n", out);
}

static int entry_from_json(json_t *h, CoverEntry *e)
{
    json_t *script = json_object_get(h, "script"), *event = json_object_get(h, "event");
    json_t *card = json_object_get(h, "card"), *prio = json_object_get(h, "priority");
    json_t *ord = json_object_get(h, "ordinal"), *fired = json_object_get(h, "fired");
    if (!json_is_string(script) || !json_is_string(event) || !json_is_string(card) || !json_is_integer(prio) ||
        !json_is_integer(ord) || !json_is_integer(fired) || json_integer_value(fired) < 0)
        return -1;
    snprintf(e->script, sizeof e->script, "%s", json_string_value(script));
    snprintf(e->event, sizeof e->event, "%s", json_string_value(event));
    snprintf(e->card, sizeof e->card, "%s", json_string_value(card));
    e->priority = (long)json_integer_value(prio);
    e->ordinal = (int)json_integer_value(ord);
    e->fired = (uint64_t)json_integer_value(fired);
    return 0;
}

int coverage_from_json(const void *json, Coverage *c, int *batch, char *err, int errlen)
{
    json_t *j = (json_t *)json, *b = json_object_get(j, "batch"), *g = json_object_get(j, "games");
    json_t *read = json_object_get(j, "params_read"), *hs = json_object_get(j, "handlers");
    memset(c, 0, sizeof *c);
    if (!json_is_integer(b) || !json_is_integer(g) || !json_is_array(read) || !json_is_array(hs)) {
        snprintf(err, (size_t)errlen, "coverage: expected batch, games, params_read and handlers");
        return -1;
    }
    *batch = (int)json_integer_value(b);
    c->games = (int)json_integer_value(g);
    size_t i;
    json_t *v;
    json_array_foreach(read, i, v) {
        if (json_is_string(v))
            coverage_note_read(c, json_string_value(v));
    }
    json_array_foreach(hs, i, v) {
        if (c->count >= COVER_MAX)
            break;
        if (entry_from_json(v, &c->e[c->count])) {
            snprintf(err, (size_t)errlen, "coverage: handler %zu: expected script, event, card, priority, "
                     "ordinal and fired", i);
            return -1;
        }
        c->count++;
    }
    return 0;
}
