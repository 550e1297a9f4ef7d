#include "session.h"

#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "query.h"
#include "lgame.h"
#include "lsandbox.h"

/* ---- the event catalogue, as the script layer reads it ---- */

static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };

/* The core's names for the name-kind fields (EventFieldKind), filled once
 * per process (pthread_once: sessions may open on several threads) and
 * shared by every session, which points into them. */
static const char *phase[PHASE_COUNT], *cause[CAUSE_COUNT], *item[COST_ITEM_COUNT], *decision[DK_COUNT],
    *land[LAND_CHANGE_COUNT];
static const int n_phase = PHASE_COUNT, n_mode = MODE_COUNT, n_cause = CAUSE_COUNT, n_item = COST_ITEM_COUNT,
                 n_decision = DK_COUNT, n_land = LAND_CHANGE_COUNT;
static ScriptNames tables[EFK_COUNT];

static void fill_name_tables(void)
{
    for (int i = 0; i < PHASE_COUNT; i++) phase[i] = phase_name(i);
    for (int i = 0; i < CAUSE_COUNT; i++) cause[i] = cause_name(i);
    for (int i = 0; i < COST_ITEM_COUNT; i++) item[i] = cost_item_name(i);
    for (int i = 0; i < DK_COUNT; i++) decision[i] = decision_kind_name(i);
    for (int i = 0; i < LAND_CHANGE_COUNT; i++) land[i] = land_change_name(i);
    tables[EFK_PHASE] = (ScriptNames){ phase, &n_phase };
    tables[EFK_MODE] = (ScriptNames){ MODE_NAMES, &n_mode };
    tables[EFK_CAUSE] = (ScriptNames){ cause, &n_cause };
    tables[EFK_ITEM] = (ScriptNames){ item, &n_item };
    tables[EFK_DECISION] = (ScriptNames){ decision, &n_decision };
    tables[EFK_LAND] = (ScriptNames){ land, &n_land };
}

/* The names of a name-kind field (EventFieldKind) for script_declare_events. */
static const ScriptNames *field_names(Session *s, int kind)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_name_tables);
    if (kind == EFK_REASON) {
        s->reason_names = (ScriptNames){ s->end_reason_names, &s->end_reason_names_count };
        return &s->reason_names;
    }
    return &tables[kind];
}

/* Builds the script layer's view of EVENT_DEFS into the session. */
static void build_event_defs(Session *s)
{
    int nf = 0;
    for (int e = 0; e < EV_COUNT; e++) {
        const EventDef *d = &EVENT_DEFS[e];
        ScriptEventDef *out = &s->event_defs[e];
        out->name = d->name;
        out->fields = &s->field_defs[nf];
        out->nfields = d->nfields;
        out->nslots = d->nslots;
        for (int i = 0; i < d->nfields && nf < SESSION_MAX_FIELDS; i++, nf++) {
            const EventFieldDef *f = &d->fields[i];
            ScriptFieldDef *sf = &s->field_defs[nf];
            bool named = f->kind >= EFK_PHASE;
            sf->name = f->name;
            sf->kind = f->kind == EFK_BOOL ? SCRIPT_FIELD_BOOL : f->kind == EFK_PLAYERS ? SCRIPT_FIELD_LIST
                     : f->kind == EFK_CARD ? SCRIPT_FIELD_CARD : named ? SCRIPT_FIELD_NAME : SCRIPT_FIELD_INT;
            sf->writable = f->writable;
            sf->slot = f->slot;
            sf->count = f->kind == EFK_PLAYERS ? MAX_PLAYERS : 1;
            sf->lo = f->lo;
            sf->hi = f->hi;
            sf->names = named ? field_names(s, f->kind) : NULL;
        }
    }
}

/* ---- hooks: how the core reaches the scripts ---- */

static void report_event_error(Session *s, Game *g, int id, const char *err)
{
    char what[80];
    snprintf(what, sizeof what, "event '%s'", EVENT_DEFS[id].name);
    session_script_error(s, g, what, err);
}

static int emit_hook(Game *g, void *ud, GameEvent *ev, char *err, int errlen)
{
    Session *s = ud;
    ScriptEvent se = { ev->id, ev->v };
    Game *outer = s->current;
    int outer_ro = s->read_only, outer_id = s->event_id;
    ScriptEvent *outer_ev = s->event;
    if (!outer_ev)   /* an outermost event: the mods' work in it starts anew (mods.h) */
        memset(g->mod_work_event, 0, sizeof g->mod_work_event);
    s->current = g;
    s->read_only = outer_ro || event_is_query(ev->id);
    s->event = &se;
    s->event_id = ev->id;
    int rc = script_emit(s->script, &se, err, (size_t)errlen);
    if (rc != 0)
        report_event_error(s, g, ev->id, err);
    s->event = outer_ev;
    s->event_id = outer_id;
    s->current = outer;
    s->read_only = outer_ro;
    return rc;
}

/* The core answers from s->listening first (game_listens) and asks here
 * about events whose handlers have conditions only the scripts read;
 * script_wants makes the same quick checks itself when called alone. */
static int listens_hook(void *ud, const Game *g, int id)
{
    Session *s = ud;
    Game *outer = s->current;
    s->current = (Game *)g;
    int wants = script_wants(s->script, id);
    s->current = outer;
    return wants;
}

static const GameListening *listening_hook(void *ud)
{
    return &((Session *)ud)->listening;
}

static int holds_hook(void *ud, int player, int card)
{
    const Game *g = ((Session *)ud)->current;
    return player >= 0 && player < g->players && player_holds_card(g, player, card);
}

static int uses_hook(void *ud, int counter, int player)
{
    const Session *s = ud;
    const Game *g = s->current;
    return player >= 0 && player < g->players ? lgame_uses_left(s, g, counter, player) : 0;
}

/* Gates are checked against the game being handled. */
static void gate_hook(void *ud, ScriptGateInfo *out)
{
    Session *s = ud;
    const Game *g = s->current;
    out->cards = g->cards_in_play;
    out->variant = g->options.variant;
    out->players = g->players;
    out->holds = holds_hook;
    out->holds_ud = s;
    out->state = g->state;
    out->uses_left = uses_hook;
}

static int variant_hook(void *ud, const char *name)
{
    return rules_variant_by_name(&((Session *)ud)->rules, name) >= 0;
}

static int card_hook(void *ud, const char *name)
{
    Session *s = ud;
    int card = rules_power_card_by_name(&s->rules, name);
    if (card >= 0)
        return card;
    return session_card_removed(s, name) ? SCRIPT_CARD_REMOVED : -1;
}

int session_fire_counts(const Session *s, ScriptFireCount *out, int max)
{
    int n = script_fire_counts(s->script, out, max);
    Session *w = (Session *)s;   /* the names are built once, in the session's own storage */
    for (int i = 0; i < s->action_count + s->question_count; i++, n++) {
        bool action = i < s->action_count;
        const SessionAction *a = action ? &s->actions[i] : NULL;
        const SessionQuestion *q = action ? NULL : &s->questions[i - s->action_count];
        int chunk = action ? a->chunk : q->chunk;
        if (s->chunks[chunk].dropped) {
            n--;
            continue;
        }
        if (n >= max || !out)
            continue;
        if (!w->cover_names[i][0])   /* named once: coverage is read after every turn */
            snprintf(w->cover_names[i], sizeof w->cover_names[i], "%s:%s", action ? "action" : "answer",
                     action ? a->name : q->name);
        out[n] = (ScriptFireCount){ s->chunks[chunk].name, w->cover_names[i], 0, action ? a->fired : q->fired };
    }
    return n;
}

void session_reset_fire_counts(Session *s)
{
    script_reset_fire_counts(s->script);
    for (int i = 0; i < s->action_count; i++)
        s->actions[i].fired = 0;
    for (int i = 0; i < s->question_count; i++)
        s->questions[i].fired = 0;
}

bool session_card_removed(const Session *s, const char *name)
{
    for (int i = 0; i < s->removed_count; i++)
        if (strcmp(s->removed[i], name) == 0)
            return true;
    return false;
}

static int answer_hook(void *ud, Game *g, const ScriptAsk *ask, const AskChoice *choice, char *err, int errlen)
{
    (void)err, (void)errlen;   /* lgame_call reports and counts failures itself */
    lgame_answer(ud, g, ask, choice);
    return 0;
}

/* One listing of the actions' offers counts, for each mod, like one event
 * (mods.h): the same listing always does the same work. */
static int actions_hook(void *ud, const Game *g, Option *out, int max)
{
    Session *s = ud;
    int outer = s->listing;
    if (!s->event && !outer)
        memset(((Game *)g)->mod_work_event, 0, sizeof g->mod_work_event);
    s->listing = 1;
    int n = lgame_list_actions(s, g, out, max);
    s->listing = outer;
    return n;
}

static int perform_hook(void *ud, Game *g, const Option *o, char *err, int errlen)
{
    (void)err, (void)errlen;
    int used = lgame_perform(ud, g, o);
    return used < 0 ? 0 : used;   /* counted and reported already */
}

static int bolt_hook(void *ud, const Game *g, int card)
{
    return lgame_bolt_offered(ud, g, card);
}

static int words_hook(void *ud, const Game *g, const Option *o, char *out, int len)
{
    int rc = o && o->verb == VERB_ACTION ? lgame_action_words(ud, g, o, out, len)
                                         : lgame_question_words(ud, g, o, out, len);
    if (rc == 0 && len > 0)
        sb_clean_text(out);   /* a script's words reach the terminal */
    return rc;
}

/* Mods are strangers' code: where a mod takes part in listing options (a
 * query handler, an action's offers), a choice is checked against a new
 * listing (Game.verify_listed). */
static int verify_listed_hook(void *ud)
{
    const Session *s = ud;
    for (int m = 0; m < s->mods.count; m++)
        if (s->mods.mod[m].queries)
            return 1;
    for (int a = 0; a < s->action_count; a++)
        if (s->chunks[s->actions[a].chunk].mod >= 0)
            return 1;
    return 0;
}

static const GameHooks HOOKS = {
    .emit = emit_hook, .listens = listens_hook, .listening = listening_hook, .answer = answer_hook,
    .verify_listed = verify_listed_hook,
    .actions = actions_hook,
    .perform = perform_hook, .bolt_offered = bolt_hook, .words = words_hook,
};

const GameHooks *session_hooks(void) { return &HOOKS; }

void session_script_error(Session *s, const Game *g, const char *what, const char *message)
{
    if (g != &s->game)
        return;   /* a look-ahead clone: counted in its Game.script_errors only */
    if (s->error_count++ > 0)
        return;
    const char *trace = strstr(message, "\nstack traceback:");
    int head = trace ? (int)(trace - message) : (int)strlen(message);
    snprintf(s->error, sizeof s->error, "%.*s (seed %llu, turn %d, player %c, in %s)%s", head, message,
             (unsigned long long)g->seed, g->turn, 'A' + g->active, what, trace ? trace : "");
    if (!s->quiet)
        fprintf(stderr, "volcanique: script error: %s\n", s->error);
}

void session_save_meta(const Session *s, SaveMeta *meta)
{
    memset(meta, 0, sizeof *meta);
    snprintf(meta->rules_version, sizeof meta->rules_version, "%s", RULES_VERSION);
    mods_to_save(&s->mods, meta);
    meta->card_count = s->rules.power_card_count;
    for (int i = 0; i < s->rules.power_card_count; i++) {
        snprintf(meta->cards[i].name, sizeof meta->cards[i].name, "%s", s->rules.power_cards[i].name);
        snprintf(meta->cards[i].from, sizeof meta->cards[i].from, "%s", s->card_docs[i].chunk);
    }
}

int session_check_save_cards(const Session *s, const SaveMeta *meta, char *err, int errlen)
{
    SaveMeta mine;
    if (meta->card_count == 0)
        return 0;   /* the list is optional */
    session_save_meta(s, &mine);
    if (meta->card_count != mine.card_count) {
        snprintf(err, (size_t)errlen, "cards: the save lists %d power cards, these rules have %d", meta->card_count,
                 mine.card_count);
        return -1;
    }
    for (int i = 0; i < mine.card_count; i++)
        if (strcmp(meta->cards[i].name, mine.cards[i].name) != 0 || strcmp(meta->cards[i].from, mine.cards[i].from) != 0) {
            snprintf(err, (size_t)errlen, "cards[%d]: the save has '%.60s' from %.160s, these rules '%.60s' from %.160s",
                     i, meta->cards[i].name, meta->cards[i].from, mine.cards[i].name, mine.cards[i].from);
            return -1;
        }
    return 0;
}

/* A draw changes the game's generator: code that may only read the game
 * (query events, offers, words) may not draw, or listing a decision again
 * would answer differently. */
static uint32_t random_below(void *ud, uint32_t bound)
{
    Session *s = ud;
    if (s->read_only)
        return SCRIPT_RANDOM_REFUSED;
    return rng_below(&s->current->rng, bound);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int session_lua_files(const char *dir, char **names, int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0 && (names[n] = strdup(e->d_name)))
            n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    return n;
}

/* Loads every *.lua file of root/folder in name order. */
static int load_folder(Session *s, const char *folder, char *err, int errlen)
{
    char dir[SESSION_PATH + 64];
    snprintf(dir, sizeof dir, "%s/%s", s->root, folder);
    char *names[SESSION_MAX_SCRIPTS];
    int n = session_lua_files(dir, names, SESSION_MAX_SCRIPTS);
    if (n < 0) {
        snprintf(err, (size_t)errlen, "%s: cannot open the rules folder", dir);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        char path[SESSION_PATH + 200], chunk[160];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(chunk, sizeof chunk, "%s/%s", folder, names[i]);
        if (rc == 0 && script_load_file(s->script, path, chunk, err, (size_t)errlen) != 0)
            rc = -1;
        if (rc == 0 && s->script_count < SESSION_MAX_SCRIPTS)
            snprintf(s->scripts[s->script_count++], sizeof s->scripts[0], "%s", chunk);
        free(names[i]);
    }
    return rc;
}

/* Hands the gates of event e's complex handlers to the core
 * (GameListening.gates), so that it reads the variant, the player count and
 * the scripts' state itself rather than asking listens_hook; e stays
 * complex when there is no room for them. */
static void summarise_gates(Session *s, int e)
{
    _Static_assert(GAME_GATE_TERMS >= SCRIPT_GATE_TERMS, "a script's state gate fits the core's");
    _Static_assert(GAME_MAX_GATES <= 255, "gates_from counts gates in a byte");
    GameListening *l = &s->listening;
    ScriptGate gates[GAME_MAX_GATES];
    int n = script_gates(s->script, e, gates, GAME_MAX_GATES - l->gate_count);
    if (n < 0)
        return;
    for (int i = 0; i < n; i++) {
        GameGate *g = &l->gates[l->gate_count++];
        g->min_players = (uint8_t)(gates[i].min_players > 0 ? gates[i].min_players : 0);
        snprintf(g->variant, sizeof g->variant, "%s", gates[i].variant ? gates[i].variant : "");
        g->n = (uint8_t)gates[i].n;
        g->card = gates[i].card;
        for (int t = 0; t < gates[i].n; t++) {
            g->slot[t] = (uint16_t)gates[i].slot[t];
            g->values[t] = gates[i].values[t];
        }
    }
    l->gated |= 1u << e;
    l->complex &= ~(1u << e);
}

/* Everything is declared: the rules are checked again with the scripts'
 * cards, marks and end reasons, actions and gates name real cards, and the
 * registry freezes. */
static int finish_loading(Session *s, char *err, int errlen)
{
    s->loading_cards = 0;
    char verr[200];
    if (rules_validate(&s->rules, verr, sizeof verr)) {
        snprintf(err, (size_t)errlen, "the rules with the scripts' cards: %s", verr);
        return -1;
    }
    memset(&s->listening, 0, sizeof s->listening);
    if (lgame_resolve_actions(s, err, errlen) || script_freeze(s->script, err, (size_t)errlen))
        return -1;
    for (int e = 0; e < EV_COUNT; e++) {
        ScriptWantsSummary w = script_wants_summary(s->script, e);
        s->listening.always |= (uint32_t)(w.always != 0) << e;
        s->listening.complex |= (uint32_t)(w.complex != 0) << e;
        s->listening.cards[e] = w.cards;
        s->listening.gates_from[e] = (uint8_t)s->listening.gate_count;
        if (w.complex)
            summarise_gates(s, e);
    }
    s->listening.gates_from[EV_COUNT] = (uint8_t)s->listening.gate_count;
    return 0;
}

int session_open(Session *s, const char *root, char *err, int errlen)
{
    return session_open_mods(s, root, NULL, err, errlen);
}

int session_open_mods(Session *s, const char *root, const char *mods, char *err, int errlen)
{
    memset(s, 0, sizeof *s);
    s->event_id = -1;
    snprintf(s->root, sizeof s->root, "%s", root);
    char content[SESSION_PATH + 16];
    snprintf(content, sizeof content, "%s/content", root);
    if (content_load_rules(content, &s->rules, err, errlen))
        return -1;
    s->end_reason_names_count = s->rules.end_reason_count;
    for (int i = 0; i < s->rules.end_reason_count; i++)
        s->end_reason_names[i] = s->rules.end_reasons[i];
    build_event_defs(s);
    s->script = script_new(NULL, err, (size_t)errlen);
    if (!s->script)
        return -1;
    script_set_gate(s->script, gate_hook, card_hook, s);
    script_set_variant_check(s->script, variant_hook);
    if (script_declare_events(s->script, s->event_defs, EV_COUNT) != 0) {
        snprintf(err, (size_t)errlen, "cannot declare the event catalogue");
        session_close(s);
        return -1;
    }
    s->loading_cards = 1;
    if (lgame_install(s->script, s, err, errlen) ||
        load_folder(s, "scripts/powers", err, errlen) ||
        load_folder(s, "scripts/variants", err, errlen) ||
        load_folder(s, "scripts/endgame", err, errlen) ||
        mods_load(s, mods, err, errlen) || finish_loading(s, err, errlen)) {
        session_close(s);
        if (errlen > 0)
            sb_clean_text(err);   /* a load error quotes the scripts: it reaches a terminal */
        return -1;
    }
    s->current = &s->game;
    /* Only now: while the scripts load there is no game, so no die to draw
     * (math.random refuses, naming the caller's file and line). */
    script_set_random(s->script, random_below, s);
    return 0;
}

void session_close(Session *s)
{
    script_free(s->script);
    s->script = NULL;
    action_log_free(&s->log);
}

void session_set_deal(Session *s, const char *names)
{
    snprintf(s->deal, sizeof s->deal, "%s", names ? names : "");
}

void session_set_hold(Session *s, int player, const char *names)
{
    if (player >= 0 && player < MAX_PLAYERS)
        snprintf(s->hold[player], sizeof s->hold[player], "%s", names ? names : "");
}

int session_cards_mask(const Session *s, const char *list, const char *what, uint64_t *mask, char *err,
                       int errlen)
{
    *mask = 0;
    char names[1024];
    snprintf(names, sizeof names, "%s", list ? list : "");
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        while (*name == ' ')
            name++;
        size_t n = strlen(name);
        while (n > 0 && name[n - 1] == ' ')
            name[--n] = 0;
        int found = rules_power_card_by_name(&s->rules, name);
        if (found < 0) {
            snprintf(err, (size_t)errlen, "%s: no power card is called '%s' (volcanique powers lists them)", what,
                     name);
            return -1;
        }
        *mask |= (uint64_t)1 << found;
    }
    return 0;
}

int session_new_game(Session *s, const GameOptions *opts, uint64_t seed, char *err, int errlen)
{
    action_log_free(&s->log);
    s->current = &s->game;
    s->error[0] = 0;
    s->error_count = 0;
    mods_reset(&s->mods);
    GameOptions o = *opts;
    uint64_t cards;
    if (session_cards_mask(s, s->deal, "--deal", &cards, err, errlen))
        return -1;
    o.deal |= cards;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        if (session_cards_mask(s, s->hold[p], "--hold", &cards, err, errlen))
            return -1;
        if (cards && p >= o.players) {
            snprintf(err, (size_t)errlen, "--hold: seat %c is not in a %d-player game", 'A' + p, o.players);
            return -1;
        }
        o.hold[p] |= cards;
    }
    if (game_init(&s->game, &s->rules, &o, seed, &HOOKS, s, err, errlen))
        return -1;
    s->game.log = &s->log;
    return 0;
}

void session_default_root(char *out, int outlen)
{
    const char *env = getenv("VOLCANIQUE_ROOT");
    if (env && *env) {
        snprintf(out, (size_t)outlen, "%s", env);
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        /* <root>/bin/volcanique or <root>/bin/<config>/volcanique */
        for (int up = 0; up < 3; up++) {
            char *slash = strrchr(exe, '/');
            if (!slash)
                break;
            *slash = 0;
            char probe[PATH_MAX + 32];
            snprintf(probe, sizeof probe, "%s/content/tiles.lua", exe);
            if (access(probe, R_OK) == 0) {
                snprintf(out, (size_t)outlen, "%s", exe);
                return;
            }
        }
    }
    snprintf(out, (size_t)outlen, ".");
}
