/* --scenario: games that start from a position in the scenario text format,
 * and the names of a card mask (the masks themselves: session_cards_mask). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scenario.h"

const char *cli_scenario_text;

void cli_cards_names(const Rules *r, uint64_t mask, char *out, int outlen)
{
    int used = 0;
    out[0] = 0;
    for (int c = 0; c < r->power_card_count && c < 64; c++)
        if ((mask >> c) & 1) {
            int n = snprintf(out + used, (size_t)(outlen - used), "%s%s", used ? "," : "", r->power_cards[c].name);
            if (n < 0 || used + n >= outlen)
                return;
            used += n;
        }
}

/* The file's text, NUL-terminated, its length in *out_len. */
static char *read_text(const char *path, size_t *out_len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *grown = cap < (1 << 20) ? realloc(buf, cap * 2) : NULL;
            if (!grown) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = 0;
    *out_len = len;
    return buf;
}

int cli_scenario_load(const char *path, const char *root, const char *mods, CliScenario *sc)
{
    memset(sc, 0, sizeof *sc);
    errno = 0;
    snprintf(sc->file, sizeof sc->file, "%s", path);
    size_t len = 0;
    char why[160];
    sc->text = read_text(path, &len);
    if (!sc->text) {
        fprintf(stderr, "volcanique: --scenario: %s: cannot read it (%s)\n", path,
                errno ? strerror(errno) : "larger than 1 MiB");
        return -1;
    }
    if (scenario_check_text(sc->text, len, why, sizeof why) != 0) {   /* before a NUL cuts it short */
        fprintf(stderr, "volcanique: --scenario: %s: %s\n", path, why);
        cli_scenario_free(sc);
        return -1;
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)sc->text; *p; p++)
        h = (h ^ *p) * 0x100000001b3ULL;
    snprintf(sc->hash, sizeof sc->hash, "%016llx", (unsigned long long)h);
    static Session s;
    static Game g;
    char rootbuf[SESSION_PATH], err[512];
    if (root)
        snprintf(rootbuf, sizeof rootbuf, "%s", root);
    else
        session_default_root(rootbuf, sizeof rootbuf);
    if (session_open_mods(&s, rootbuf, mods, err, sizeof err)) {
        fprintf(stderr, "volcanique: cannot load the rules: %s\n", err);
        cli_scenario_free(sc);
        return -1;
    }
    int rc = scenario_build(&g, &s.rules, sc->text, err, sizeof err);
    session_close(&s);
    if (rc) {
        fprintf(stderr, "volcanique: --scenario: %s: %s\n", path, err);
        cli_scenario_free(sc);
        return -1;
    }
    sc->players = g.players;
    snprintf(sc->variant, sizeof sc->variant, "%s", g.options.variant);
    return 0;
}

void cli_scenario_free(CliScenario *sc)
{
    free(sc->text);
    sc->text = NULL;
}

int cli_start_game(Session *s, const GameOptions *o, uint64_t seed, const CliScenario *sc, char *err, int errlen)
{
    if (!sc || !sc->text)
        return session_new_game(s, o, seed, err, errlen);
    GameOptions with = *o;
    uint64_t mask;
    if (session_cards_mask(s, s->deal, "--deal", &mask, err, errlen))
        return -1;
    with.deal |= mask;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        if (session_cards_mask(s, s->hold[p], "--hold", &mask, err, errlen))
            return -1;
        if (mask && p >= sc->players) {
            snprintf(err, (size_t)errlen, "--hold: seat %c is not in the scenario's %d-player game", 'A' + p,
                     sc->players);
            return -1;
        }
        with.hold[p] |= mask;
    }
    /* What session_new_game does before game_init: a fresh log and mods. */
    action_log_free(&s->log);
    s->current = &s->game;
    mods_reset(&s->mods);
    if (scenario_start(&s->game, &s->rules, sc->text, &with, &seed, session_hooks(), s, err, errlen))
        return -1;
    s->game.log = &s->log;
    return 0;
}
