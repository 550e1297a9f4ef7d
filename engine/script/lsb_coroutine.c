/* The sandbox's coroutine library. A count hook belongs to one thread, so
 * every coroutine gets the sandbox's hook when it is created; resume, wrap
 * and close run the coroutine as the Script's running thread (where the
 * allocator reports and trips) and raise budget, time and memory failures
 * again in the resuming thread instead of returning them. status, running,
 * isyieldable and yield are Lua's own.
 *
 * A coroutine lives within the outermost call (handler call or file load)
 * that created it: resuming one in a later call is an error. A suspended
 * coroutine is state that saves, replays and a bot's clones of the game
 * cannot see, so it must not carry anything from one event to the next. */
#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

#if LUA_VERSION_RELEASE_NUM >= 50406
#define close_thread(co, from) lua_closethread(co, from)
#else
#define close_thread(co, from) ((void)(from), lua_resetthread(co))
#endif

#define SB_COCALL_KEY "vq.sandbox.cocall"   /* weak-keyed: coroutine -> call serial */

/* Records that co belongs to the current outermost call. */
static void stamp(lua_State *L, int co)
{
    co = lua_absindex(L, co);
    if (lua_getfield(L, LUA_REGISTRYINDEX, SB_COCALL_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, SB_COCALL_KEY);
    }
    lua_pushvalue(L, co);
    lua_pushinteger(L, (lua_Integer)sb_script(L)->call_serial);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

static lua_State *check_co(lua_State *L, int idx)
{
    lua_State *co = lua_tothread(L, idx);
    luaL_argexpected(L, co, idx, "coroutine");
    lua_Integer serial = -1;
    if (lua_getfield(L, LUA_REGISTRYINDEX, SB_COCALL_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        lua_rawget(L, -2);
        serial = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (serial != -1 && (uint64_t)serial != sb_script(L)->call_serial)
        luaL_error(L, "coroutine from an earlier call: a coroutine lives within one handler call "
                   "(keep state in game state)");
    return co;
}

/* Whether co can be resumed now: suspended in a yield, or not yet started. */
static const char *not_resumable(lua_State *L, lua_State *co)
{
    if (L == co)
        return "cannot resume non-suspended coroutine";
    switch (lua_status(co)) {
    case LUA_YIELD:
        return NULL;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar))
            return "cannot resume non-suspended coroutine";   /* it is running (normal) */
        if (lua_gettop(co) == 0)
            return "cannot resume dead coroutine";
        return NULL;
    }
    default:
        return "cannot resume dead coroutine";
    }
}

/* Resumes co with narg values from L's top; returns the number of results
 * moved to L, or -1 with the error object on L's top (ordinary errors only). */
static int resume(lua_State *L, lua_State *co, int narg)
{
    const char *why = not_resumable(L, co);
    if (why) {
        lua_pushstring(L, why);
        return -1;
    }
    if (!lua_checkstack(co, narg))
        return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, narg);
    Script *s = sb_script(L);
    lua_State *outer = s->running;
    s->running = co;
    int nres = 0;
    int status = lua_resume(co, L, narg, &nres);
    s->running = outer;
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1))
            return luaL_error(L, "too many results to resume");
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    sb_rethrow_fatal(L, status);
    return -1;
}

static int co_create(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    sb_hook_thread(L, co);
    stamp(L, -1);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    return 1;
}

static int co_resume(lua_State *L)
{
    lua_State *co = check_co(L, 1);
    int n = resume(L, co, lua_gettop(L) - 1);
    if (n < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(n + 1));
    return n + 1;
}

static int co_wrapped(lua_State *L)
{
    lua_State *co = check_co(L, lua_upvalueindex(1));
    int n = resume(L, co, lua_gettop(L));
    if (n < 0) {
        int st = lua_status(co);
        if (st != LUA_OK && st != LUA_YIELD) {   /* died in an error: close its variables */
            Script *s = sb_script(L);
            lua_State *outer = s->running;
            s->running = co;
            st = close_thread(co, L);
            s->running = outer;
            if (st != LUA_OK) {
                lua_xmove(co, L, 1);
                sb_rethrow_fatal(L, st);
            }
        }
        return lua_error(L);
    }
    return n;
}

static int co_wrap(lua_State *L)
{
    co_create(L);
    lua_pushcclosure(L, co_wrapped, 1);
    return 1;
}

static int co_close(lua_State *L)
{
    lua_State *co = check_co(L, 1);
    int st = lua_status(co);
    lua_Debug ar;
    if (co == L || (st == LUA_OK && lua_getstack(co, 0, &ar)))
        return luaL_error(L, "cannot close a %s coroutine", co == L ? "running" : "normal");
    Script *s = sb_script(L);
    lua_State *outer = s->running;
    s->running = co;
    st = close_thread(co, L);
    s->running = outer;
    if (st == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_xmove(co, L, 1);
    sb_rethrow_fatal(L, st);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

void sb_push_coroutine_lib(lua_State *L, int stock)
{
    stock = lua_absindex(L, stock);
    static const luaL_Reg OWN[] = {
        { "create", co_create }, { "resume", co_resume }, { "wrap", co_wrap }, { "close", co_close },
        { NULL, NULL },
    };
    luaL_newlib(L, OWN);
    static const char *const STOCK[] = { "status", "running", "isyieldable", "yield", NULL };
    for (int i = 0; STOCK[i]; i++) {
        lua_getfield(L, stock, STOCK[i]);
        lua_setfield(L, -2, STOCK[i]);
    }
}
