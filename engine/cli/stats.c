/* Game records as JSON lines, summaries and confidence intervals (stats.h). */
#include "stats.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char SEAT[] = "ABCDE";

static void put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        if ((unsigned char)*s >= 32)
            fputc(*s, out);
    }
    fputc('"', out);
}

void record_write(FILE *out, const GameRecord *r)
{
    fprintf(out, "{\"seed\":%llu,\"rules\":{\"players\":%d,\"variant\":", (unsigned long long)r->seed, r->players);
    put_string(out, r->variant);
    fprintf(out, ",\"setup\":%d},\"seats\":[", r->setup);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", out);
        put_string(out, r->seats[p]);
    }
    fputs("],\"winners\":[", out);
    int first = 1;
    for (int p = 0; p < r->players; p++)
        if ((r->winners >> p) & 1) {
            fprintf(out, "%s\"%c\"", first ? "" : ",", SEAT[p]);
            first = 0;
        }
    fprintf(out, "],\"turns\":%d,\"decisions\":%d,\"end\":", r->turns, r->decisions);
    put_string(out, r->end);
    fprintf(out, ",\"first_player\":\"%c\",\"scores\":[", SEAT[r->first_player]);
    for (int p = 0; p < r->players; p++) {
        fprintf(out, "%s{\"seat\":\"%c\",\"total\":%d", p ? "," : "", SEAT[p], r->score[p].total);
        for (int i = 0; i < SUM_PARTS; i++)
            fprintf(out, ",\"%s\":%d", score_part_name(i), score_part(&r->score[p], i));
        fputc('}', out);
    }
    fputs("],\"caldera\":[", out);
    for (int p = 0; p < r->players; p++)
        fprintf(out, "%s{\"seat\":\"%c\",\"bought\":%d,\"held\":%d,\"played\":%d}", p ? "," : "", SEAT[p],
                r->caldera_bought[p], r->caldera_held[p], r->caldera_bought[p] - r->caldera_held[p]);
    fputs("],\"powers\":[", out);
    for (int i = 0; i < r->npowers; i++) {
        const PowerRecord *w = &r->powers[i];
        fprintf(out, "%s{\"seat\":\"%c\",\"turn\":%d,\"slot\":%d,\"level\":%d,\"card\":", i ? "," : "", SEAT[w->seat],
                w->turn, w->slot, w->level);
        put_string(out, w->card);
        fputc('}', out);
    }
    fputs("]}\n", out);
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

static int parse_obj(json_t *j, GameRecord *r, char *err, int errlen)
{
    memset(r, 0, sizeof *r);
    json_t *seed = json_object_get(j, "seed"), *rules = json_object_get(j, "rules");
    if (!json_is_integer(seed)) {
        snprintf(err, (size_t)errlen, "\"seed\": expected an integer");
        return -1;
    }
    r->seed = (uint64_t)json_integer_value(seed);
    if (!json_is_object(rules)) {
        snprintf(err, (size_t)errlen, "\"rules\": expected an object");
        return -1;
    }
    if (want_int(rules, "players", &r->players, err, errlen) ||
        want_int(rules, "setup", &r->setup, err, errlen) ||
        want_str(rules, "variant", r->variant, sizeof r->variant, err, errlen))
        return -1;
    if (r->players < MIN_PLAYERS || r->players > MAX_PLAYERS) {
        snprintf(err, (size_t)errlen, "\"rules.players\": %d is out of range", r->players);
        return -1;
    }
    json_t *seats = json_object_get(j, "seats"), *winners = json_object_get(j, "winners");
    json_t *scores = json_object_get(j, "scores"), *cal = json_object_get(j, "caldera");
    json_t *powers = json_object_get(j, "powers");
    if (!json_is_array(seats) || (int)json_array_size(seats) != r->players || !json_is_array(winners) ||
        !json_is_array(scores) || (int)json_array_size(scores) != r->players || !json_is_array(cal) ||
        !json_is_array(powers)) {
        snprintf(err, (size_t)errlen, "\"seats\", \"winners\", \"scores\", \"caldera\" or \"powers\": "
                 "missing, or not one entry per player");
        return -1;
    }
    for (int p = 0; p < r->players; p++)
        snprintf(r->seats[p], REC_NAME, "%s", json_string_value(json_array_get(seats, p)) ?: "?");
    size_t i;
    json_t *v;
    json_array_foreach(winners, i, v) {
        int s = seat_of(v, r->players);
        if (s < 0) {
            snprintf(err, (size_t)errlen, "\"winners\": not a seat letter");
            return -1;
        }
        r->winners |= 1 << s;
    }
    char first[4];
    if (want_int(j, "turns", &r->turns, err, errlen) || want_int(j, "decisions", &r->decisions, err, errlen) ||
        want_str(j, "end", r->end, sizeof r->end, err, errlen) ||
        want_str(j, "first_player", first, sizeof first, err, errlen))
        return -1;
    r->first_player = seat_of(json_object_get(j, "first_player"), r->players);
    if (r->first_player < 0) {
        snprintf(err, (size_t)errlen, "\"first_player\": not a seat letter");
        return -1;
    }
    for (int p = 0; p < r->players; p++) {
        json_t *s = json_array_get(scores, p);
        ScoreLine *l = &r->score[p];
        int part[SUM_PARTS];
        if (want_int(s, "total", &l->total, err, errlen))
            return -1;
        for (int k = 0; k < SUM_PARTS; k++)
            if (want_int(s, score_part_name(k), &part[k], err, errlen))
                return -1;
        l->critters = part[0]; l->edges = part[1]; l->volcanoes = part[2]; l->sacrifices = part[3];
        l->tallest = part[4]; l->largest = part[5]; l->diversified = part[6]; l->caldera = part[7];
        l->bought = part[8]; l->bonus = part[9];
    }
    json_array_foreach(cal, i, v) {
        int s = seat_of(json_object_get(v, "seat"), r->players);
        if (s < 0 || want_int(v, "bought", &r->caldera_bought[s], err, errlen) ||
            want_int(v, "held", &r->caldera_held[s], err, errlen)) {
            if (s < 0)
                snprintf(err, (size_t)errlen, "\"caldera\": entry without a seat");
            return -1;
        }
    }
    json_array_foreach(powers, i, v) {
        if (r->npowers >= REC_MAX_POWERS)
            break;
        PowerRecord *w = &r->powers[r->npowers];
        int s = seat_of(json_object_get(v, "seat"), r->players), turn, slot, level;
        if (s < 0 || want_int(v, "turn", &turn, err, errlen) || want_int(v, "slot", &slot, err, errlen) ||
            want_int(v, "level", &level, err, errlen) || want_str(v, "card", w->card, sizeof w->card, err, errlen)) {
            if (s < 0)
                snprintf(err, (size_t)errlen, "\"powers\": entry without a seat");
            return -1;
        }
        w->seat = (uint8_t)s;
        w->turn = (uint16_t)turn;
        w->slot = (uint8_t)slot;
        w->level = (uint8_t)level;
        r->npowers++;
    }
    return 0;
}

int record_parse(const char *line, GameRecord *r, char *err, int errlen)
{
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!j) {
        snprintf(err, (size_t)errlen, "not JSON (column %d: %s)", je.column, je.text);
        return -1;
    }
    int rc = json_is_object(j) ? parse_obj(j, r, err, errlen) : -1;
    if (!json_is_object(j))
        snprintf(err, (size_t)errlen, "expected one JSON object per line");
    json_decref(j);
    return rc;
}

int records_read(FILE *f, const char *name, GameRecord **out, char *err, int errlen)
{
    int n = 0, cap = 0, lineno = 0;
    GameRecord *recs = NULL;
    char *line = NULL;
    size_t lcap = 0;
    while (getline(&line, &lcap, f) >= 0) {
        lineno++;
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            GameRecord *grown = realloc(recs, (size_t)cap * sizeof *recs);
            if (!grown) {
                snprintf(err, (size_t)errlen, "%s: out of memory at line %d", name, lineno);
                goto fail;
            }
            recs = grown;
        }
        char why[200];
        if (record_parse(line, &recs[n], why, sizeof why)) {
            snprintf(err, (size_t)errlen, "%s:%d: %s", name, lineno, why);
            goto fail;
        }
        n++;
    }
    free(line);
    *out = recs;
    return n;
fail:
    free(line);
    free(recs);
    *out = NULL;
    return -1;
}

/* ---- statistics ---- */

double accum_mean(const Accum *a) { return a->n > 0 ? a->sum / a->n : 0; }

double accum_var(const Accum *a)
{
    if (a->n < 2)
        return 0;
    double m = a->sum / a->n, v = (a->sumsq - a->n * m * m) / (a->n - 1);
    return v > 0 ? v : 0;
}

double accum_half(const Accum *a) { return a->n > 0 ? Z95 * sqrt(accum_var(a) / a->n) : 0; }

void wilson(double k, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = k / n, z2 = Z95 * Z95, den = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / den;
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

void diff_ci(const Accum *a, const Accum *b, double *diff, double *half)
{
    *diff = accum_mean(b) - accum_mean(a);
    double v = (a->n > 0 ? accum_var(a) / a->n : 0) + (b->n > 0 ? accum_var(b) / b->n : 0);
    *half = Z95 * sqrt(v);
}

static const char *const PART[SUM_PARTS] = { "critters", "edges", "volcanoes", "sacrifices", "tallest",
                                            "largest", "diversified", "caldera", "bought", "bonus" };

const char *score_part_name(int i) { return PART[i]; }

int score_part(const ScoreLine *l, int i)
{
    const int v[SUM_PARTS] = { l->critters, l->edges, l->volcanoes, l->sacrifices, l->tallest,
                               l->largest, l->diversified, l->caldera, l->bought, l->bonus };
    return v[i];
}

void summary_init(Summary *s)
{
    memset(s, 0, sizeof *s);
}

/* Index of `name` in a table of `size`-byte names, adding it if there is room. */
static int slot_of(char *names, int *count, int max, const char *name, int size)
{
    for (int i = 0; i < *count; i++)
        if (strcmp(names + i * size, name) == 0)
            return i;
    if (*count >= max)
        return -1;
    snprintf(names + *count * size, (size_t)size, "%s", name);
    return (*count)++;
}

void summary_add(Summary *s, const GameRecord *r)
{
    s->games++;
    if (r->players > s->players)
        s->players = r->players;
    int k = __builtin_popcount((unsigned)r->winners);
    for (int p = 0; p < r->players; p++) {
        int won = (r->winners >> p) & 1;
        accum_add(&s->seat_win[p], won ? 1.0 / k : 0);
        accum_add(won ? &s->win_score : &s->lose_score, r->score[p].total);
        for (int i = 0; i < SUM_PARTS; i++)
            accum_add(won ? &s->win_part[i] : &s->lose_part[i], score_part(&r->score[p], i));
        accum_add(&s->caldera_bought, r->caldera_bought[p]);
        accum_add(&s->caldera_stars, r->score[p].caldera);
        accum_add(&s->score_all, r->score[p].total);
        int b = r->score[p].total < 0 ? 0 : r->score[p].total > 63 ? 63 : r->score[p].total;
        s->hist[b]++;
    }
    accum_add(&s->first_win, ((r->winners >> r->first_player) & 1) ? 1.0 / k : 0);
    accum_add(&s->turns, r->turns);
    accum_add(&s->decisions, r->decisions);
    int e = slot_of(&s->end_name[0][0], &s->nend, SUM_MAX_ENDS, r->end, 16);
    for (int i = 0; i < s->nend; i++)
        accum_add(&s->end[i], i == e);
    /* Games before an end reason first appeared count as 0 for it. */
    if (e >= 0 && s->end[e].n < s->games) {
        s->end[e].n = s->games;
    }
    /* Powers: which cards were unlocked in this game, and by whom. */
    uint64_t seen = 0;
    uint8_t held[SUM_MAX_CARDS][MAX_PLAYERS];
    memset(held, 0, sizeof held);
    for (int i = 0; i < r->npowers; i++) {
        int c = slot_of(&s->card[0][0], &s->ncard, SUM_MAX_CARDS, r->powers[i].card, REC_NAME);
        if (c < 0)
            continue;
        seen |= 1ULL << c;
        held[c][r->powers[i].seat] = 1;
        accum_add(&s->card_turn[c], r->powers[i].turn);
    }
    for (int c = 0; c < s->ncard; c++) {
        s->card_unlocked[c].n = s->games;           /* every game counts, unlocked or not */
        if (seen & (1ULL << c)) {
            s->card_unlocked[c].sum += 1;
            s->card_unlocked[c].sumsq += 1;
        }
        for (int p = 0; p < r->players; p++)
            if (held[c][p])
                accum_add(&s->card_holder_win[c], ((r->winners >> p) & 1) ? 1.0 / k : 0);
    }
}
