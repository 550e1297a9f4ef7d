/* Guarded calls into the rules scripts on behalf of one chunk: the one way
 * questions' answers, actions, offers and labels are called (lgame.h). */
#include "lgame.h"

#include <stdlib.h>

#include "lsandbox.h"

static int guarded_call(Session *s, int chunk, int nargs, int nres, const char *what, const char *kind,
                        const char *subject);

int lgame_call(Session *s, int chunk, int nargs, int nres, const char *what)
{
    return guarded_call(s, chunk, nargs, nres, what, NULL, NULL);
}

int lgame_call_named(Session *s, int chunk, int nargs, int nres, const char *kind, const char *subject)
{
    return guarded_call(s, chunk, nargs, nres, NULL, kind, subject);
}

static int guarded_call(Session *s, int chunk, int nargs, int nres, const char *what, const char *kind,
                        const char *subject)
{
    lua_State *L = script_lua(s->script);
    Game *g = s->current;
    int mod = chunk >= 0 && chunk < s->chunk_count ? s->chunks[chunk].mod : -1;
    if (mod >= 0 && mods_disabled(g, &s->mods.mod[mod])) {
        lua_pop(L, nargs + 1);
        return 1;
    }
    Game *snap = NULL;
    if (mod >= 0 && !s->read_only && (snap = malloc(sizeof *snap)))
        *snap = *g;   /* a mod's failure undoes what it did (mods.h) */
    char err[600];
    const char *name = chunk >= 0 && chunk < s->chunk_count ? s->chunks[chunk].name : "?";
    ModInfo *mi = mod >= 0 ? &s->mods.mod[mod] : NULL;
    SbShare share;
    if (mi) {
        mods_work_begin(mi, g, s->event ? 1 : s->listing ? 2 : 0, &share);
        mi->active++;
    }
    int rc = sb_pcall_results(s->script, nargs, nres, name, err, sizeof err);
    int foreign = 0;   /* an enclosing call's share ran out: that call's owner fails, not this one */
    if (mi) {
        mi->active--;
        foreign = sb_share_foreign(s->script, &share);
        mods_work_end(mi, g, s->event || s->listing, &share);
    }
    if (rc != 0) {
        /* switched off by one of its handlers this call set off: that failure was reported (mods.c) */
        int own = mi && (mods_disabled(g, mi) || foreign);
        if (own && mi->active == 0 && s->script->unwinding == mod + 1)
            s->script->unwinding = 0;
        if (snap)
            *g = *snap;
        if (mi && !foreign)
            g->mods_disabled |= 1u << mod;
        g->script_errors += !foreign;
        if (mi && !own)
            snprintf(mi->error, sizeof mi->error, "%.300s", err);
        char made[120];
        if (!what) {
            snprintf(made, sizeof made, "%s '%s'", kind, subject);
            what = made;
        }
        if (!own)
            session_script_error(s, g, what, err);
    }
    free(snap);
    return rc;
}
