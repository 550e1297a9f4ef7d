#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "table_remote.h"

static void rescore(UiTable *t)
{
    static Game copy;   /* scoring emits events: score a copy, never the game itself */
    copy = *t->game;
    copy.log = NULL;
    game_score(&copy, &t->scores);
}

static void tell(UiTable *t, const UiLine *lines, int n)
{
    for (int i = 0; i < n; i++)
        t->story[(t->story_len++) % UI_STORY_LINES] = lines[i];
}

static int grow_marks(UiTable *t, int need)
{
    if (need <= t->mark_cap)
        return 0;
    int cap = t->mark_cap ? t->mark_cap : 256;
    while (cap < need)
        cap *= 2;
    uint8_t *m = realloc(t->mark, (size_t)cap);
    if (!m)
        return -1;
    memset(m + t->mark_cap, 0, (size_t)(cap - t->mark_cap));
    t->mark = m;
    t->mark_cap = cap;
    return 0;
}

/* Applies o, marks the logged action and tells the story; no hook, no rescore. */
static int apply_quietly(UiTable *t, const Option *o, char *err, int errlen)
{
    static Game before;
    Game *g = t->game;
    int who = g->pending.player;
    char words[UI_LINE_LEN - 8];
    game_option_text(g, o, words, sizeof words);
    ui_as_told(words, sizeof words);
    before = *g;
    before.log = NULL;
    int logged = g->log ? g->log->len : 0;
    if (game_apply_option(g, o, err, errlen))
        return -1;
    if (g->log && g->log->len > logged) {
        if (grow_marks(t, g->log->len)) {
            snprintf(err, (size_t)errlen, "out of memory for the undo marks");
            return -1;
        }
        t->mark[logged] = (uint8_t)((t->seat[who].human ? UI_MARK_HUMAN : 0) |
                                    (ui_step_is_final(&before, g) ? UI_MARK_FINAL : 0));
    }
    UiLine lines[48];
    tell(t, lines, ui_chronicle(&before, g, who, o, words, lines, 48));
    return 0;
}

/* Restarts the game and replays actions[0..count) quietly, story and marks anew. */
static int replay(UiTable *t, const Option *actions, int count, char *err, int errlen)
{
    t->story_len = 0;
    if (t->hooks.restart(t->hooks.ud, t->game, err, errlen))
        return -1;
    for (int i = 0; i < count; i++)
        if (apply_quietly(t, &actions[i], err, errlen)) {
            char why[256];
            snprintf(why, sizeof why, "%s", err);
            snprintf(err, (size_t)errlen, "replaying action %d: %s", i, why);
            return -1;
        }
    return 0;
}

static int copy_log(const Game *g, Option **out, int *count)
{
    *count = g->log ? g->log->len : 0;
    *out = malloc(sizeof **out * (size_t)(*count > 0 ? *count : 1));
    if (!*out)
        return -1;
    if (*count)
        memcpy(*out, g->log->items, sizeof **out * (size_t)*count);
    return 0;
}

int ui_table_init(UiTable *t, Game *g, const UiSeat seats[MAX_PLAYERS], const UiTableHooks *hooks, char *err,
                  int errlen)
{
    memset(t, 0, sizeof *t);
    t->game = g;
    t->players = g->players;
    if (hooks)
        t->hooks = *hooks;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        t->seat[p] = seats[p];
        bot_init(&t->bot[p], &seats[p].bot, bot_seat_seed(g->seed, p));
    }
    t->scratch = malloc(sizeof *t->scratch * MAX_OPTIONS);
    if (!t->scratch || grow_marks(t, 256)) {
        snprintf(err, (size_t)errlen, "out of memory for the table");
        ui_table_free(t);
        return -1;
    }
    if (g->log && g->log->len > 0) {
        if (!t->hooks.restart) {
            snprintf(err, (size_t)errlen, "a game in progress needs a restart hook to rebuild its story");
            ui_table_free(t);
            return -1;
        }
        Option *actions;
        int count;
        uint64_t hash = game_hash(g);
        if (copy_log(g, &actions, &count)) {
            snprintf(err, (size_t)errlen, "out of memory for the action log");
            ui_table_free(t);
            return -1;
        }
        int rc = replay(t, actions, count, err, errlen);
        free(actions);
        if (rc == 0 && game_hash(g) != hash) {
            snprintf(err, (size_t)errlen, "replaying the game did not reach the same state");
            rc = -1;
        }
        if (rc) {
            ui_table_free(t);
            return -1;
        }
    }
    rescore(t);
    return 0;
}

void ui_table_free(UiTable *t)
{
    ui_remote_free(t);
    for (int p = 0; p < MAX_PLAYERS; p++)
        bot_free(&t->bot[p]);
    free(t->mark);
    free(t->scratch);
    t->mark = NULL;
    t->scratch = NULL;
    t->mark_cap = 0;
}

/* Tells every seat's bot which option of the pending decision is about to be
 * applied, as `sim` does (an mcts bot keeps its tree, and plays on as it would
 * there). */
static void tell_bots(UiTable *t, const Option *o)
{
    bool listens = false;
    for (int p = 0; p < t->players; p++)
        listens |= !t->seat[p].human && t->seat[p].bot.kind == BOT_MCTS && t->seat[p].bot.reuse;
    if (!listens)
        return;   /* only a searching bot that keeps its tree hears anything */
    int n = game_options(t->game, t->scratch, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (memcmp(&t->scratch[i], o, sizeof *o) == 0) {
            for (int p = 0; p < t->players; p++)
                bot_observe(&t->bot[p], t->game, i);
            return;
        }
}

int ui_table_apply(UiTable *t, const Option *o, char *err, int errlen)
{
    if (t->remote)
        return ui_remote_apply(t, o, err, errlen);
    tell_bots(t, o);
    if (apply_quietly(t, o, err, errlen))
        return -1;
    rescore(t);
    if (t->hooks.changed && t->hooks.changed(t->hooks.ud, t->game, err, errlen))
        return -1;
    return 0;
}

UiTurn ui_table_turn(const UiTable *t)
{
    if (t->remote)
        return ui_remote_turn(t);
    if (game_over(t->game))
        return UI_TURN_OVER;
    return t->seat[t->game->pending.player % MAX_PLAYERS].human ? UI_TURN_PERSON : UI_TURN_BOT;
}

bool ui_table_human_turn(const UiTable *t)
{
    return ui_table_turn(t) == UI_TURN_PERSON;
}

int ui_table_bot_choose(UiTable *t, const Option *opts, int n)
{
    if (t->remote)
        return ui_remote_bot_choose(t, n);
    return bot_choose(&t->bot[t->game->pending.player % MAX_PLAYERS], t->game, opts, n);
}

int ui_table_options(UiTable *t, Option *out)
{
    if (t->remote)
        return ui_remote_options(t, out);
    return game_over(t->game) ? 0 : game_options(t->game, out, MAX_OPTIONS);
}

void ui_table_option_text(const UiTable *t, const Option *o, char *buf, int len)
{
    if (!t->remote || !ui_remote_option_text(t, o, buf, len))
        game_option_text(t->game, o, buf, len);
}

void ui_table_prompt(const UiTable *t, char *buf, int len)
{
    if (t->remote)
        ui_remote_prompt(t, buf, len);
    else
        game_prompt_text(t->game, buf, len);
}

int ui_table_undo_point(const UiTable *t, char *why, int whylen)
{
    if (t->remote) {
        if (why)
            snprintf(why, (size_t)whylen, "no undo at a remote table: the server keeps every move, which is final");
        return -1;
    }
    const Game *g = t->game;
    int len = g->log ? g->log->len : 0;
    for (int i = len - 1; i >= 0; i--) {
        if (t->mark[i] & UI_MARK_FINAL) {
            if (why)
                snprintf(why, (size_t)whylen, "cannot undo: the dice have rolled or a card was revealed since");
            return -1;
        }
        if (t->mark[i] & UI_MARK_HUMAN)
            return i;
    }
    if (why)
        snprintf(why, (size_t)whylen, "nothing to undo: no choice of a person since the start");
    return -1;
}

int ui_table_undo(UiTable *t, char *err, int errlen)
{
    int keep = ui_table_undo_point(t, err, errlen);
    if (keep < 0)
        return -1;
    if (!t->hooks.restart) {
        snprintf(err, (size_t)errlen, "this table cannot restart its game");
        return -1;
    }
    Option *actions;
    int count;
    if (copy_log(t->game, &actions, &count)) {
        snprintf(err, (size_t)errlen, "out of memory for the action log");
        return -1;
    }
    int rc = replay(t, actions, keep, err, errlen);
    free(actions);
    if (rc)
        return -1;
    rescore(t);
    if (t->hooks.changed && t->hooks.changed(t->hooks.ud, t->game, err, errlen))
        return -1;
    return 0;
}

bool ui_table_would_be_final(const UiTable *t, const Option *o)
{
    if (t->remote)
        return false;
    static Game copy;
    copy = *t->game;
    copy.log = NULL;
    char err[128];
    if (game_apply_option(&copy, o, err, sizeof err))
        return false;
    return ui_step_is_final(t->game, &copy);
}

int ui_table_line_count(const UiTable *t)
{
    return t->story_len < UI_STORY_LINES ? t->story_len : UI_STORY_LINES;
}

const UiLine *ui_table_line(const UiTable *t, int k)
{
    int n = ui_table_line_count(t);
    if (k < 0 || k >= n)
        return NULL;
    return &t->story[(t->story_len - n + k) % UI_STORY_LINES];
}

bool ui_table_shows_hand(const UiTable *t, int owner)
{
    if (t->remote)
        return owner >= 0 && owner == ui_table_remote_seat(t);
    int humans = 0;
    for (int p = 0; p < t->players; p++)
        humans += t->seat[p].human;
    if (humans == 0 || game_over(t->game))   /* the cards are revealed at the end */
        return true;
    if (!t->seat[owner % MAX_PLAYERS].human)
        return false;
    return humans == 1 || (!game_over(t->game) && t->game->pending.player == owner);
}

const char *ui_seat_name(const UiSeat *s, char *buf, int len)
{
    if (s->human)
        snprintf(buf, (size_t)len, "human");
    else
        bot_spec(&s->bot, buf, len);
    return buf;
}

const char *ui_table_seat_label(const UiTable *t, int p, char *buf, int len)
{
    if (t->remote)
        return ui_remote_seat_label(t, p, buf, len);
    return ui_seat_name(&t->seat[p % MAX_PLAYERS], buf, len);
}

int ui_option_cell(const Game *g, const Option *o)
{
    switch (o->verb) {
    case VERB_TILE: case VERB_CRITTER: case VERB_MOVE: case VERB_MIGRATE:
    case VERB_TARGET: case VERB_EVACUATE: case VERB_CHOOSE:
        return o->cell < BOARD_CELLS ? o->cell : NO_CELL;
    case VERB_SACRIFICE: case VERB_RETURN: case VERB_KEEP: {
        if (o->subject >= MAX_PLAYERS * MAX_CRITTERS)
            return NO_CELL;
        const Critter *c = &g->player[o->subject / MAX_CRITTERS].critters[o->subject % MAX_CRITTERS];
        return (c->place == AT_BOARD || c->place == AT_ASIDE) && c->cell < BOARD_CELLS ? c->cell : NO_CELL;
    }
    default:
        return NO_CELL;
    }
}
