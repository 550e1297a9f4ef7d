/* Hot reload (watch.h): a fingerprint of the rules files, and a reload that
 * replays the game's log under the changed rules before it replaces anything. */
#include "watch.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "save.h"

#define WATCH_PERIOD 0.5   /* seconds between looks at the files */
#define WATCH_DEPTH 6      /* folders nested deeper are not watched */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ULL;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dULL;
    return h ^ (h >> 33);
}

/* Adds every regular file under dir (path, size, change time) to *h, in an
 * order-independent sum; counts them in *files. */
static void fingerprint_dir(const char *dir, int depth, uint64_t *h, int *files)
{
    DIR *d = depth < WATCH_DEPTH ? opendir(dir) : NULL;
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char path[SESSION_PATH + 512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            fingerprint_dir(path, depth + 1, h, files);
            continue;
        }
        if (!S_ISREG(st.st_mode))
            continue;
        uint64_t f = 0xcbf29ce484222325ULL;
        for (const char *p = path; *p; p++)
            f = (f ^ (unsigned char)*p) * 0x100000001b3ULL;
        f = mix(f ^ (uint64_t)st.st_size);
        f = mix(f ^ (uint64_t)st.st_mtim.tv_sec);
        f = mix(f ^ (uint64_t)st.st_mtim.tv_nsec);
        *h += f;
        (*files)++;
    }
    closedir(d);
}

static uint64_t fingerprint(const CliWatch *w, int *files)
{
    static const char *const FOLDERS[] = { "scripts", "content" };
    uint64_t h = 0;
    char dir[SESSION_PATH + 300];
    *files = 0;
    for (size_t i = 0; i < sizeof FOLDERS / sizeof FOLDERS[0]; i++) {
        snprintf(dir, sizeof dir, "%s/%s", w->root, FOLDERS[i]);
        fingerprint_dir(dir, 0, &h, files);
    }
    char list[sizeof w->mods];
    snprintf(list, sizeof list, "%s", w->mods);
    for (char *save = NULL, *m = strtok_r(list, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
        snprintf(dir, sizeof dir, "%s/mods/%s", w->root, m);
        fingerprint_dir(dir, 0, &h, files);
    }
    return h;
}

static void mods_of(const Session *s, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < s->mods.count && n < len; i++)
        n += (size_t)snprintf(out + n, len - n, "%s%s", n ? "," : "", s->mods.mod[i].name);
}

void cli_watch_start(CliWatch *w, const Session *s)
{
    Session *owned = w->owned;   /* may be the session s: it stays ours to free */
    memset(w, 0, sizeof *w);
    w->owned = owned;
    snprintf(w->root, sizeof w->root, "%s", s->root);
    mods_of(s, w->mods, sizeof w->mods);
    w->stamp = fingerprint(w, &w->files);
    w->next_poll = now_s() + WATCH_PERIOD;
}

int cli_watch_changed(CliWatch *w)
{
    double now = now_s();
    if (now < w->next_poll)
        return 0;
    w->next_poll = now + WATCH_PERIOD;
    int files;
    uint64_t h = fingerprint(w, &files);
    if (h == w->stamp && files == w->files)
        return 0;
    w->stamp = h;
    w->files = files;
    return 1;
}

/* Replays old's game into fresh (opened on the changed rules). */
static int replay_into(Session *fresh, Session *old, char *err, int errlen)
{
    static SaveMeta meta;
    session_save_meta(old, &meta);
    meta.scenario = (char *)cli_scenario_text;
    char *text = save_to_string(&old->game, &old->log, &meta);
    if (!text) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    static LoadedSave ls;
    int rc = save_parse(text, &ls, err, errlen);
    free(text);
    if (rc)
        return -1;
    fresh->current = &fresh->game;
    rc = save_replay(&fresh->game, &fresh->rules, &ls, &fresh->log, session_hooks(), fresh, err, errlen);
    loaded_save_free(&ls);
    if (rc == 0 && fresh->error_count > 0) {
        snprintf(err, (size_t)errlen, "a script failed during the replay: %.900s", fresh->error);
        rc = -1;
    }
    return rc;
}

int cli_watch_reload(CliWatch *w, Session **s, char *msg, int msglen)
{
    Session *old = *s, *fresh = calloc(1, sizeof *fresh);
    char err[1200];
    if (!fresh) {
        snprintf(msg, (size_t)msglen, "Rules changed, but there is no memory to reload them.");
        return -1;
    }
    if (session_open_mods(fresh, w->root, w->mods[0] ? w->mods : NULL, err, sizeof err)) {
        snprintf(msg, (size_t)msglen, "Rules changed but do not load: %s. Still playing by the rules loaded before.",
                 err);
        free(fresh);
        return -1;
    }
    fresh->quiet = old->quiet;
    cli_apply_cards(fresh);
    if (replay_into(fresh, old, err, sizeof err)) {
        snprintf(msg, (size_t)msglen, "Rules reloaded, but this game's log no longer fits them: %s. "
                 "Still playing by the rules loaded before.", err);
        session_close(fresh);
        free(fresh);
        return -1;
    }
    session_close(old);
    if (old == w->owned)
        free(old);
    w->owned = fresh;
    *s = fresh;
    snprintf(msg, (size_t)msglen, "Rules reloaded: %d actions replayed under the changed rules; turn %d.",
             fresh->log.len, fresh->game.turn);
    return 0;
}

void cli_watch_end(CliWatch *w)
{
    if (w->owned) {
        session_close(w->owned);
        free(w->owned);
        w->owned = NULL;
    }
}
