/* Sums over game records (summary.h). */
#include "summary.h"

#include <string.h>

void tally_add(ErrorTally *t, const GameRecord *r)
{
    t->games++;
    t->games_with_errors += r->script_errors > 0;
    t->script_errors += r->script_errors;
    for (int i = 0; i < r->nfailed; i++) {
        int k = 0;
        while (k < t->nmods && strcmp(t->mod[k], r->failed[i].mod) != 0)
            k++;
        if (k == t->nmods) {
            if (t->nmods == SUM_MAX_MODS)
                continue;
            t->nmods++;
            snprintf(t->mod[k], sizeof t->mod[k], "%s", r->failed[i].mod);
            snprintf(t->mod_error[k], sizeof t->mod_error[k], "%s", r->failed[i].error);
        }
        t->mod_games[k]++;
    }
}

void tally_merge(ErrorTally *t, const ErrorTally *u)
{
    t->games += u->games;
    t->games_with_errors += u->games_with_errors;
    t->script_errors += u->script_errors;
    for (int i = 0; i < u->nmods; i++) {
        int k = 0;
        while (k < t->nmods && strcmp(t->mod[k], u->mod[i]) != 0)
            k++;
        if (k == t->nmods) {
            if (t->nmods == SUM_MAX_MODS)
                continue;
            t->nmods++;
            snprintf(t->mod[k], sizeof t->mod[k], "%s", u->mod[i]);
            snprintf(t->mod_error[k], sizeof t->mod_error[k], "%s", u->mod_error[i]);
        }
        t->mod_games[k] += u->mod_games[i];
    }
}

void hist_add(Hist *h, int v) { h->count[v < 0 ? 0 : v >= SUM_HIST ? SUM_HIST - 1 : v]++; }

int hist_top(const Hist *h)
{
    for (int i = SUM_HIST - 1; i >= 0; i--)
        if (h->count[i])
            return i;
    return -1;
}

int namecount_find(const NameCount *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->name[i], name) == 0)
            return i;
    return -1;
}

static void namecount_add(NameCount *c, const char *name)
{
    int i = namecount_find(c, name);
    if (i < 0 && c->n < SUM_MAX_NAMES) {
        i = c->n++;
        snprintf(c->name[i], sizeof c->name[i], "%s", name);
    }
    if (i >= 0)
        c->count[i] += 1;
}

void summary_init(Summary *s, uint64_t seed0)
{
    memset(s, 0, sizeof *s);
    s->seed0 = seed0;
}

int summary_card(const Summary *s, const char *name)
{
    for (int i = 0; i < s->ncard; i++)
        if (strcmp(s->card[i], name) == 0)
            return i;
    return -1;
}

static int card_slot(Summary *s, const char *name)
{
    int c = summary_card(s, name);
    if (c < 0 && s->ncard < SUM_MAX_CARDS) {
        c = s->ncard++;
        snprintf(s->card[c], REC_NAME, "%s", name);
    }
    return c;
}

/* A winner's total minus the best total of the others (0 for a shared win). */
static int margin_of(const GameRecord *r)
{
    int best = -1000000, second = -1000000;
    for (int p = 0; p < r->players; p++) {
        int t = r->score[p].total;
        if (t > best) {
            second = best;
            best = t;
        } else if (t > second) {
            second = t;
        }
    }
    return best - second;
}

static void add_players(Summary *s, const GameRecord *r, int k)
{
    int rot = (int)((r->seed - s->seed0) % (uint64_t)r->players);
    for (int p = 0; p < r->players; p++) {
        int won = (r->winners >> p) & 1, total = r->score[p].total;
        double share = won ? 1.0 / k : 0;
        accum_add(&s->seat_win[p], share);
        accum_add(&s->seat_score[p], total);
        accum_add(won ? &s->win_score : &s->lose_score, total);
        for (int i = 0; i < REC_PARTS; i++)
            accum_add(won ? &s->win_part[i] : &s->lose_part[i], record_part(&r->score[p], i));
        accum_add(&s->caldera_bought, r->caldera_bought[p]);
        accum_add(&s->caldera_stars, r->score[p].caldera);
        hist_add(&s->score_hist, total);
        if (r->hold[p][0]) {
            accum_add(&s->held_win, share);
            accum_add(&s->held_score, total);
        }
        if (p == rot) {
            accum_add(&s->rot_win, share);
            accum_add(&s->rot_score, total);
        }
    }
}

/* Which cards were unlocked in this game, and how their holders did. */
static void add_powers(Summary *s, const GameRecord *r, int k)
{
    uint8_t held[SUM_MAX_CARDS][MAX_PLAYERS], unlocked[MAX_PLAYERS] = { 0 };
    memset(held, 0, sizeof held);
    for (int i = 0; i < r->npowers; i++) {
        unlocked[r->powers[i].seat] = 1;
        int c = card_slot(s, r->powers[i].card);
        if (c < 0)
            continue;
        held[c][r->powers[i].seat] = 1;
        accum_add(&s->card_turn[c], r->powers[i].turn);
    }
    for (int c = 0; c < s->ncard; c++) {
        int any = 0;
        for (int p = 0; p < r->players; p++) {
            if (!held[c][p])
                continue;
            any = 1;
            accum_add(&s->card_holder_win[c], ((r->winners >> p) & 1) ? 1.0 / k : 0);
            accum_add(&s->card_holder_score[c], r->score[p].total);
        }
        s->card_games[c] += any;
    }
    for (int p = 0; p < r->players; p++)
        if (unlocked[p])
            accum_add(&s->unlocker_win, ((r->winners >> p) & 1) ? 1.0 / k : 0);
}

void summary_add(Summary *s, const GameRecord *r)
{
    s->games++;
    if (r->players > s->players)
        s->players = r->players;
    int k = __builtin_popcount((unsigned)r->winners);
    k = k ? k : 1;
    add_players(s, r, k);
    accum_add(&s->first_win, ((r->winners >> r->first_player) & 1) ? 1.0 / k : 0);
    if (strcmp(r->end, "stalled") == 0) {
        s->stalled++;
    } else {
        accum_add(&s->turns, r->turns);
        accum_add(&s->decisions, r->decisions);
        hist_add(&s->turns_hist, r->turns);
    }
    int m = margin_of(r);
    accum_add(&s->margin, m);
    accum_add(&s->lead, r->lead_changes);
    hist_add(&s->margin_hist, m);
    hist_add(&s->lead_hist, r->lead_changes);
    namecount_add(&s->ends, r->end);
    namecount_add(&s->triggers, r->trigger[0] ? r->trigger : "none");
    add_powers(s, r, k);
    tally_add(&s->errors, r);
}
