/* The sandbox's limits: the capped and charging allocator, the instruction
 * budget, the time limit, protected calls and their failure messages, and the
 * construction of the base that every environment reads (see lsandbox.h).
 *
 * Design notes:
 * - The budget is one counter per outermost call. The count hook adds its
 *   period every time it fires, in every thread (coroutines get the hook when
 *   created); C functions add what they do (sb_charge); the allocator adds
 *   SB_BYTES_PER_CHARGE-th of every byte it hands out. When the counter passes
 *   the budget the call is "tripped": from then on every hook fire and every
 *   charge raises the same error, and every C function that catches errors
 *   (pcall, xpcall, coroutine.resume, the mods' guard) raises it again.
 * - The allocator cannot raise. When an allocation trips the budget it
 *   records where and sets the running thread's hook to fire at the next
 *   instruction, which raises with that location.
 * - The clock is read by the hook (every `period` instructions) and by the
 *   charges every SB_CLOCK_EVERY units, so a call that the counter misjudges
 *   still ends soon after its time limit. The time limit counts from the
 *   call's first reading, at most `period` instructions or SB_CLOCK_EVERY
 *   units in: most calls end before it and never read the clock. The clock
 *   is the CPU time of the thread running the call, not the wall clock: a
 *   busy machine that runs other work between a call's instructions does not
 *   trip it, so whether a call trips depends on its work and the machine's
 *   speed, never on its load. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "levents.h"
#include "lsandbox.h"

#define SB_CLOCK_EVERY 4096   /* charge units between clock reads */

Script *sb_script(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sb_where(lua_State *L, char *out, size_t len)
{
    lua_Debug ar;
    for (int level = 0; L && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(out, len, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
    snprintf(out, len, "?");
}

/* ---- Budget ------------------------------------------------------------ */

static void sb_hook(lua_State *L, lua_Debug *ar);

/* Marks the current call as stopped, remembering where. */
static void trip(Script *s, lua_State *L, int kind)
{
    s->tripped = kind;
    sb_where(L, s->trip_where, sizeof s->trip_where);
}

/* The counter passed the budget, or the clock the deadline: 0 if neither. */
static int over(Script *s, int read_clock)
{
    if (s->used > s->budget)
        return SB_TRIP_BUDGET;
    if (s->used > s->share_end)
        return SB_TRIP_SHARE;
    if (read_clock || s->used >= s->clock_at) {
        s->clock_at = s->used + SB_CLOCK_EVERY;
        uint64_t now = now_ns();
        if (s->deadline_ns == 0)   /* the call's first reading starts its time */
            s->deadline_ns = now + (uint64_t)s->time_limit_ms * 1000000u;
        else if (now > s->deadline_ns)
            return SB_TRIP_TIME;
    }
    return SB_TRIP_NONE;
}

static int raise_trip(lua_State *L)
{
    Script *s = sb_script(L);
    /* From now on every instruction of this thread raises again, so __close
     * methods run while the error unwinds stop at once. */
    lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    if (s->tripped == SB_TRIP_TIME)
        lua_pushfstring(L, "%s: time limit exceeded (%d ms)", s->trip_where, (int)s->time_limit_ms);
    else if (s->tripped == SB_TRIP_SHARE)
        lua_pushfstring(L, "%s: instruction budget exceeded (%s)", s->trip_where, s->share_what);
    else
        lua_pushfstring(L, "%s: instruction budget exceeded (limit %I per call)", s->trip_where,
                        (LUAI_UACINT)s->budget);
    return lua_error(L);
}

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    Script *s = sb_script(L);
    if (s->unwinding) {   /* sb_unwind: no frame of the switched-off owner runs on */
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
        lua_pushstring(L, "switched off: an inner call failed");
        lua_error(L);
    }
    if (!s->tripped) {
        int count = lua_gethookcount(L);
        s->used += (uint64_t)count;
        int kind = over(s, 1);
        if (kind == SB_TRIP_NONE) {
            if (count != s->period)   /* set to 1 by a trip in an earlier call */
                lua_sethook(L, sb_hook, LUA_MASKCOUNT, s->period);
            return;
        }
        trip(s, L, kind);
    }
    raise_trip(L);
}

void sb_unwind(lua_State *L, int owner)
{
    Script *s = sb_script(L);
    s->unwinding = owner;
    lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    lua_sethook(s->L, sb_hook, LUA_MASKCOUNT, 1);
    lua_sethook(s->running, sb_hook, LUA_MASKCOUNT, 1);
}

SbShare sb_share(Script *s, uint64_t left, const char *what)
{
    uint64_t used = s->depth > 0 ? s->used : 0;   /* an outermost call starts counting from 0 */
    SbShare outer = { s->share_end, used, 0, "" };
    snprintf(outer.what, sizeof outer.what, "%s", s->share_what);
    uint64_t end = UINT64_MAX - used < left ? UINT64_MAX : used + left;
    if (end < s->share_end) {
        s->share_end = end;
        snprintf(s->share_what, sizeof s->share_what, "%s", what);
        outer.installed = 1;
    }
    return outer;
}

uint64_t sb_share_end(lua_State *L, const SbShare *outer)
{
    Script *s = sb_script(L);
    uint64_t used = s->used - outer->start;
    if (s->tripped == SB_TRIP_SHARE && outer->installed) {   /* its owner failed; the enclosing call goes on */
        s->tripped = SB_TRIP_NONE;
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, s->period);
        lua_sethook(s->running, sb_hook, LUA_MASKCOUNT, s->period);
    }
    s->share_end = outer->end;
    snprintf(s->share_what, sizeof s->share_what, "%s", outer->what);
    return used;
}

int sb_share_foreign(const Script *s, const SbShare *share)
{
    return s->tripped == SB_TRIP_SHARE && !share->installed;
}

void sb_hook_thread(lua_State *L, lua_State *thread)
{
    lua_sethook(thread, sb_hook, LUA_MASKCOUNT, sb_script(L)->period);
}

void sb_charge(lua_State *L, uint64_t cost)
{
    Script *s = sb_script(L);
    if (s->depth == 0)
        return;
    if (!s->tripped) {
        s->used = (UINT64_MAX - s->used < cost) ? UINT64_MAX : s->used + cost;
        int kind = over(s, 0);
        if (kind == SB_TRIP_NONE)
            return;
        trip(s, L, kind);
    }
    raise_trip(L);
}

void sb_charge_bytes(lua_State *L, size_t len)
{
    sb_charge(L, 1 + len / SB_BYTES_PER_CHARGE);
}

int sb_string_too_long(lua_State *L, const char *what)
{
    Script *s = sb_script(L);
    char where[SB_WHERE_LEN];
    sb_where(L, where, sizeof where);
    lua_pushfstring(L, "%s: %s: string too long (more than %d bytes, the sandbox limit)", where, what,
                    (int)s->string_limit);
    return lua_error(L);
}

/* ---- Memory ------------------------------------------------------------ */

/* Charges an allocation; trips the call when it passes a limit. Returns 0 when
 * the allocation must be refused (the trip has run on far past the budget). */
static int charge_alloc(Script *s, size_t bytes)
{
    if (s->depth == 0)
        return 1;
    s->alloc_bytes += bytes;
    s->used += s->alloc_bytes / SB_BYTES_PER_CHARGE;
    s->alloc_bytes %= SB_BYTES_PER_CHARGE;
    if (!s->tripped) {
        int kind = over(s, 0);
        if (kind == SB_TRIP_NONE)
            return 1;
        /* The allocator may not raise: raise at the running thread's next instruction. */
        trip(s, s->running, kind);
        lua_sethook(s->running, sb_hook, LUA_MASKCOUNT, 1);
    }
    return s->used / 4 <= s->budget;
}

static void *refuse(Script *s, int kind)
{
    s->oom_kind = kind;
    sb_where(s->running, s->oom_where, sizeof s->oom_where);
    return NULL;
}

void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Script *s = ud;
    size_t kind = ptr ? (size_t)-1 : osize;   /* with ptr NULL, osize is the object type */
    if (ptr == NULL)
        osize = 0;
    if (nsize == 0) {
        sb_pool_free(&s->pool, ptr, osize);
        s->mem_used -= osize;
        return NULL;
    }
    if (kind == LUA_TSTRING) {
        s->last_string_size = nsize;
        if (s->string_header && nsize - 1 > s->string_limit + s->string_header)
            return refuse(s, SB_OOM_STRING);
    }
    if (nsize > osize) {
        if (s->mem_used - osize + nsize > s->mem_limit)
            return refuse(s, SB_OOM_MEMORY);
        if (!charge_alloc(s, nsize - osize))
            return refuse(s, SB_OOM_MEMORY);
    }
    void *p = sb_pool_resize(&s->pool, ptr, osize, nsize);
    if (p == NULL)
        return refuse(s, SB_OOM_MEMORY);
    s->mem_used = s->mem_used - osize + nsize;
    return p;
}

/* ---- Protected calls ---------------------------------------------------- */

void sb_rethrow_fatal(lua_State *L, int status)
{
    if (status == LUA_OK || status == LUA_YIELD)
        return;
    Script *s = sb_script(L);
    if (s->tripped)
        raise_trip(L);
    if (s->unwinding)
        lua_error(L);   /* the error object is on top */
    if (status == LUA_ERRMEM && s->oom_kind == SB_OOM_STRING && !s->mem_fatal) {
        s->oom_kind = SB_OOM_NONE;
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: string too long (more than %d bytes, the sandbox limit)", s->oom_where,
                        (int)s->string_limit);
        return;
    }
    if (status == LUA_ERRMEM)
        s->mem_fatal = 1;
    if (s->mem_fatal)
        lua_error(L);  /* the error object is on top */
}

void sb_failure_message(lua_State *L, int status, const char *chunk, char *buf, size_t len)
{
    Script *s = sb_script(L);
    if (!chunk)
        chunk = "?";
    if (s->tripped == SB_TRIP_TIME) {
        snprintf(buf, len, "%s: time limit exceeded (%d ms)", s->trip_where, (int)s->time_limit_ms);
    } else if (s->tripped == SB_TRIP_SHARE) {
        snprintf(buf, len, "%s: instruction budget exceeded (%s)", s->trip_where, s->share_what);
    } else if (s->tripped) {
        snprintf(buf, len, "%s: instruction budget exceeded (limit %llu per call)", s->trip_where,
                 (unsigned long long)s->budget);
    } else if (status == LUA_ERRMEM && s->oom_kind == SB_OOM_STRING && !s->mem_fatal) {
        snprintf(buf, len, "%s: string too long (more than %d bytes, the sandbox limit)", s->oom_where,
                 (int)s->string_limit);
    } else if (status == LUA_ERRMEM || s->mem_fatal) {
        snprintf(buf, len, "%s: memory limit exceeded (at %s)", chunk, s->oom_where);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
        snprintf(buf, len, "%s", lua_tostring(L, -1));
    } else {
        snprintf(buf, len, "%s: (error object is a %s value)", chunk, luaL_typename(L, -1));
    }
    if (len > 0)
        sb_clean_text(buf);
}

static void sb_copy_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen) {
        snprintf(err, errlen, "%s", msg);
        sb_clean_text(err);
    }
}

static void begin_outer_call(Script *s)
{
    s->call_serial++;
    s->used = 0;
    s->alloc_bytes = 0;
    s->tripped = SB_TRIP_NONE;
    s->mem_fatal = 0;
    s->unwinding = 0;
    s->oom_kind = SB_OOM_NONE;
    s->running = s->L;
    s->clock_at = SB_CLOCK_EVERY;
    s->deadline_ns = 0;   /* set at the first reading of the clock (over) */
    lua_sethook(s->L, sb_hook, LUA_MASKCOUNT, s->period);
}

static void end_outer_call(Script *s)
{
    int was_mem = s->mem_fatal;
    s->tripped = SB_TRIP_NONE;
    s->mem_fatal = 0;
    s->unwinding = 0;
    s->oom_kind = SB_OOM_NONE;
    s->running = s->L;
    lua_sethook(s->L, sb_hook, LUA_MASKCOUNT, s->period);
    if (was_mem)
        lua_gc(s->L, LUA_GCCOLLECT);
}

/* A message that does not begin with the innermost script frame's
 * "file:line:" (Lua's "C stack overflow", error(msg, 0), an error raised in a
 * C function called from C) gains it, so that every failure names a file and
 * a line. */
static void prefix_where(lua_State *L)
{
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
            continue;
        size_t n = strlen(ar.short_src);
        const char *msg = lua_tostring(L, 1);
        if (strncmp(msg, ar.short_src, n) != 0 || msg[n] != ':') {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
            lua_replace(L, 1);
        }
        return;
    }
}

#define SB_TRACE_FRAMES 8
int sb_traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg || strstr(msg, "\nstack traceback:") || sb_script(L)->tripped || sb_script(L)->mem_fatal)
        return 1;
    if (lua_type(L, 1) == LUA_TSTRING)
        prefix_where(L);
    msg = lua_tostring(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_Debug ar;
    int frames = 0;
    for (int level = 1; lua_getstack(L, level, &ar) && frames < SB_TRACE_FRAMES; level++) {
        if (!lua_getinfo(L, "Sln", &ar) || ar.currentline <= 0)
            continue;   /* C frames say nothing a script author can act on */
        if (ar.name)
            lua_pushfstring(L, "\n\t%s:%d: in function '%s'", ar.short_src, ar.currentline, ar.name);
        else
            lua_pushfstring(L, "\n\t%s:%d: in %s", ar.short_src, ar.currentline,
                            *ar.what == 'm' ? "the file's main chunk" : "an unnamed function");
        luaL_addvalue(&b);
        frames++;
    }
    luaL_pushresult(&b);
    if (frames > 0)
        lua_pushfstring(L, "%s\nstack traceback:%s", msg, lua_tostring(L, -1));
    else
        lua_pushvalue(L, 1);
    return 1;
}

int sb_pcall_results(Script *s, int nargs, int nresults, const char *chunk, char *err, size_t errlen)
{
    lua_State *L = s->L;
    int base = lua_gettop(L) - nargs - 1;
    if (s->depth == 0)
        begin_outer_call(s);
    s->depth++;
    s->call_epoch++;
    lua_pushcfunction(L, sb_traceback);
    lua_insert(L, base + 1);
    int status = lua_pcall(L, nargs, nresults, base + 1);
    lua_remove(L, base + 1);
    s->depth--;
    s->call_epoch++;
    int rc = 0;
    if (status != LUA_OK) {
        char buf[1024];
        sb_failure_message(L, status, chunk, buf, sizeof buf);
        sb_copy_err(err, errlen, buf);
        rc = -1;
        lua_settop(L, base);
    }
    if (s->depth == 0)
        end_outer_call(s);
    return rc;
}

int sb_pcall(Script *s, int nargs, const char *chunk, char *err, size_t errlen)
{
    int base = lua_gettop(s->L) - nargs - 1;
    int rc = sb_pcall_results(s, nargs, 0, chunk, err, errlen);
    lua_settop(s->L, base);
    return rc;
}

/* ---- Base construction ------------------------------------------------- */

int sb_measure(lua_State *L)
{
    Script *s = sb_script(L);
    char probe[100];
    memset(probe, 'x', sizeof probe);
    lua_pushlstring(L, probe, sizeof probe);   /* a long string: a new object */
    s->string_header = s->last_string_size - sizeof probe - 1;
    lua_pop(L, 1);
    return 0;
}

/* Pushes the sandbox's math table: the stock one without the seed, and with
 * the game's random source. */
static void push_math(lua_State *L, lua_CFunction random)
{
    lua_getglobal(L, "math");
    int stock = lua_gettop(L);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, stock)) {
        const char *k = lua_tostring(L, -2);
        if (strcmp(k, "random") == 0 || strcmp(k, "randomseed") == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushcfunction(L, random);
    lua_setfield(L, -2, "random");
    lua_remove(L, stock);
}

int sb_open(lua_State *L)
{
    luaL_openlibs(L);
    lua_newtable(L);
    int base = lua_gettop(L);
    sb_set_base_functions(L, base);
    lua_pushcfunction(L, levents_lua_on);
    lua_setfield(L, base, "on");

    lua_getglobal(L, "string");
    sb_push_string_lib(L, lua_gettop(L));
    /* The string metatable: methods from the sandbox's string table, hidden. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    lua_setfield(L, base, "string");
    lua_pop(L, 1);

    sb_push_table_lib(L);
    lua_setfield(L, base, "table");
    push_math(L, sb_lrandom);
    lua_setfield(L, base, "math");
    lua_getglobal(L, "utf8");
    sb_push_utf8_lib(L, lua_gettop(L));
    lua_setfield(L, base, "utf8");
    lua_pop(L, 1);
    lua_getglobal(L, "coroutine");
    sb_push_coroutine_lib(L, lua_gettop(L));
    lua_setfield(L, base, "coroutine");
    lua_pop(L, 1);

    lua_pushvalue(L, base);
    lua_setfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    lua_pop(L, 1);
    return 0;
}

/* Protected helper for script_add_global(_lib): (name, fn, is_lib). */
static int add_global_p(lua_State *L)
{
    const char *name = lua_touserdata(L, 1);
    lua_CFunction fn = (lua_CFunction)(uintptr_t)lua_touserdata(L, 2);
    int is_lib = lua_toboolean(L, 3);
    lua_getfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    lua_pushcfunction(L, fn);
    if (is_lib)
        lua_call(L, 0, 1);
    lua_setfield(L, -2, name);
    return 0;
}

static int add_global(Script *s, const char *name, lua_CFunction fn, int is_lib)
{
    if (!s || !name || !fn || s->chunks_loaded > 0 || !s->events)
        return -1;
    lua_State *L = s->L;
    lua_pushcfunction(L, add_global_p);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushlightuserdata(L, (void *)(uintptr_t)fn);
    lua_pushboolean(L, is_lib);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        return -1;
    }
    return 0;
}

int script_add_global_lib(Script *s, const char *name, lua_CFunction open)
{
    return add_global(s, name, open, 1);
}

int script_add_global(Script *s, const char *name, lua_CFunction fn)
{
    return add_global(s, name, fn, 0);
}

uint64_t sb_call_serial(lua_State *L)
{
    return sb_script(L)->call_serial;
}

void sb_check_call(lua_State *L, uint64_t serial, const char *what)
{
    if (serial != sb_script(L)->call_serial)
        luaL_error(L, "%s: made in an earlier call (an iterator lives within the handler call that made it, "
                   "like a coroutine: keep what outlives a call in game.state)", what);
}
