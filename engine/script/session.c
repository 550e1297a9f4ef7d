#include "session.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "effects.h"
#include "lgame.h"

static int emit_hook(Game *g, void *ud, GameEvent *ev, char *err, int errlen)
{
    Session *s = ud;
    ScriptEvent se;
    se.event_index = ev->id;
    se.nfields = ev->nfields;
    for (int i = 0; i < ev->nfields; i++) {
        se.fields[i].name = ev->fields[i].name;
        se.fields[i].value = ev->fields[i].value;
        se.fields[i].writable = ev->fields[i].writable;
    }
    Game *outer = s->current;
    int outer_ro = s->read_only;
    s->current = g;
    s->read_only = outer_ro || event_is_query(ev->id);
    ScriptEvent *outer_ev = s->event;
    s->event = &se;
    int rc = script_emit(s->script, &se, err, (size_t)errlen);
    s->event = outer_ev;
    s->current = outer;
    s->read_only = outer_ro;
    for (int i = 0; i < ev->nfields; i++)
        ev->fields[i].value = se.fields[i].value;
    return rc;
}

static int listens_hook(void *ud, int id)
{
    Session *s = ud;
    return script_wants(s->script, id);
}

/* A card is in play for a gate when some player holds it on the Power Grid or
 * in their Caldera hand, it has been played from the Caldera, or the event is
 * about that very card (ev.card). */
static int gate_hook(void *ud, const char *card, const char *variant, int min_players, const ScriptEvent *ev)
{
    Session *s = ud;
    const Game *g = s->current;
    if (min_players > 0 && g->players < min_players)
        return 0;
    if (variant && strcmp(variant, g->options.variant) != 0)
        return 0;
    if (!card)
        return 1;
    int index = -1;
    for (int i = 0; i < g->rules.power_card_count && index < 0; i++)
        if (strcmp(g->rules.power_cards[i].name, card) == 0)
            index = i;
    if (index < 0)
        return 0;
    if (ev)
        for (int f = 0; f < ev->nfields; f++)
            if (strcmp(ev->fields[f].name, "card") == 0 && ev->fields[f].value == index)
                return 1;
    if ((g->cards_played >> index) & 1)
        return 1;
    for (int p = 0; p < g->players; p++) {
        if (player_holds_card(g, p, index))
            return 1;
        for (int i = 0; i < g->player[p].caldera_count; i++)
            if (g->player[p].caldera[i] == index)
                return 1;
    }
    return 0;
}

static int ask_text_hook(void *ud, const Game *g, int choice, char *out, int len)
{
    Session *s = ud;
    const ScriptAsk *a = &g->ask[0];
    const char *tag = a->tag < s->tag_count ? s->tags[a->tag] : "question";
    if (choice == ASK_TEXT_PROMPT)
        snprintf(out, (size_t)len, "%s", tag);
    else if (choice >= 0 && choice < a->count)
        snprintf(out, (size_t)len, "%s: choice %d (%d)", tag, choice + 1, (int)a->value[choice]);
    else
        return -1;
    return 0;
}

int session_tag(Session *s, const char *name)
{
    for (int i = 0; i < s->tag_count; i++)
        if (strcmp(s->tags[i], name) == 0)
            return i;
    if (s->tag_count >= (int)(sizeof s->tags / sizeof s->tags[0]))
        return -1;
    snprintf(s->tags[s->tag_count], sizeof s->tags[0], "%s", name);
    return s->tag_count++;
}

static const GameHooks HOOKS = { emit_hook, listens_hook, ask_text_hook };

const GameHooks *session_hooks(void) { return &HOOKS; }

static uint32_t random_below(void *ud, uint32_t bound)
{
    Session *s = ud;
    return rng_below(&s->current->rng, bound);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads every *.lua file of root/folder in name order. */
static int load_folder(Session *s, const char *folder, char *err, int errlen)
{
    char dir[SESSION_PATH + 64];
    snprintf(dir, sizeof dir, "%s/%s", s->root, folder);
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, (size_t)errlen, "%s: cannot open the rules folder", dir);
        return -1;
    }
    char *names[SESSION_MAX_SCRIPTS];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < SESSION_MAX_SCRIPTS) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
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

/* The power cards come from scripts/powers; the rules are checked again with them. */
static int freeze_cards(Session *s, char *err, int errlen)
{
    s->cards_frozen = 1;
    char verr[200];
    if (rules_validate(&s->rules, verr, sizeof verr)) {
        snprintf(err, (size_t)errlen, "scripts/powers: %s", verr);
        return -1;
    }
    return 0;
}

int session_open(Session *s, const char *root, char *err, int errlen)
{
    return session_open_mods(s, root, NULL, err, errlen);
}

int session_open_mods(Session *s, const char *root, const char *mods, char *err, int errlen)
{
    memset(s, 0, sizeof *s);
    snprintf(s->root, sizeof s->root, "%s", root);
    char content[SESSION_PATH + 16];
    snprintf(content, sizeof content, "%s/content", root);
    if (content_load_rules(content, &s->rules, err, errlen))
        return -1;
    s->script = script_new(NULL, err, (size_t)errlen);
    if (!s->script)
        return -1;
    script_set_random(s->script, random_below, s);
    script_set_gate(s->script, gate_hook, s);
    if (script_declare_events(s->script, EVENT_NAMES, EV_COUNT) != 0) {
        snprintf(err, (size_t)errlen, "cannot declare the event catalogue");
        session_close(s);
        return -1;
    }
    if (lgame_install(s->script, s, err, errlen) ||
        load_folder(s, "scripts/powers", err, errlen) || freeze_cards(s, err, errlen) ||
        load_folder(s, "scripts/variants", err, errlen) ||
        load_folder(s, "scripts/endgame", err, errlen) ||
        mods_load(s, mods, err, errlen)) {
        session_close(s);
        return -1;
    }
    script_freeze(s->script);
    s->current = &s->game;
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

/* The card bitmask of a comma-separated list of card names; -1 with a
 * message naming an unknown card (`what` names the option). */
static int resolve_cards(const Session *s, const char *list, const char *what, uint64_t *out, char *err,
                         int errlen)
{
    *out = 0;
    char names[512];
    snprintf(names, sizeof names, "%s", list);
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        while (*name == ' ')
            name++;
        int found = -1;
        for (int c = 0; c < s->rules.power_card_count && found < 0; c++)
            if (strcmp(s->rules.power_cards[c].name, name) == 0)
                found = c;
        if (found < 0) {
            snprintf(err, (size_t)errlen, "%s: no power card is called '%s'", what, name);
            return -1;
        }
        *out |= (uint64_t)1 << found;
    }
    return 0;
}

int session_new_game(Session *s, const GameOptions *opts, uint64_t seed, char *err, int errlen)
{
    action_log_free(&s->log);
    s->current = &s->game;
    mods_reset(&s->mods);
    GameOptions o = *opts;
    uint64_t cards;
    if (resolve_cards(s, s->deal, "--deal", &cards, err, errlen))
        return -1;
    o.deal |= cards;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        if (resolve_cards(s, s->hold[p], "--hold", &cards, err, errlen))
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
