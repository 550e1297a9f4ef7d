/* Which compiled functions assign a local that outlives a call.
 *
 * A function that exists when the rules freeze (a handler, a helper it
 * calls, a closure made while loading) shares its upvalues with every later
 * call, every game of a batch and every clone a bot plays ahead in: an
 * assignment to one is state kept outside game.state. Lua 5.4's compiled
 * code says where such assignments are: each OP_SETUPVAL names the upvalue it
 * writes, and each function it defines says whether its upvalues are the
 * defining call's fresh locals (in the stack) or the definer's own upvalues.
 * So one pass over lua_dump's output of a frozen function finds, for it and
 * every function nested in it, each assignment to an upvalue that lives
 * beyond one call, with its line and the variable's name. Reading the dump
 * runs no script code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

#if LUA_VERSION_NUM != 504
#error "lsb_upvalues.c reads Lua 5.4's compiled-code format"
#endif

#define OP_SETUPVAL_54 10       /* lopcodes.h, 5.4.0-5.4.6: UpValue[B] := R[A] */
#define HEADER_54 31            /* signature, version, format, data, sizes, LUAC_INT, LUAC_NUM */
#define ABSLINEINFO_54 (-0x80)  /* a lineinfo entry whose line is in abslineinfo */
#define MAX_UPVALUES 256        /* an upvalue index is one byte */

typedef struct Reader {
    const unsigned char *p, *end;
    int bad;
} Reader;

typedef struct Found {
    int line;
    char name[64];
} Found;

static const unsigned char *take(Reader *r, size_t n)
{
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = 1;
        return NULL;
    }
    const unsigned char *at = r->p;
    r->p += n;
    return at;
}

static int read_byte(Reader *r)
{
    const unsigned char *b = take(r, 1);
    return b ? *b : 0;
}

/* ldump.c's dumpSize: groups of 7 bits, most significant first, the last byte
 * marked by its high bit. */
static size_t read_size(Reader *r)
{
    size_t x = 0;
    for (int i = 0; i < 10; i++) {
        int b = read_byte(r);
        x = (x << 7) | (size_t)(b & 0x7f);
        if (b & 0x80 || r->bad)
            return x;
    }
    r->bad = 1;
    return 0;
}

/* A dumped string: its bytes (not NUL-terminated) and length; NULL for none. */
static const char *read_string(Reader *r, size_t *len)
{
    size_t n = read_size(r);
    *len = n ? n - 1 : 0;
    return n ? (const char *)take(r, n - 1) : NULL;
}

static void skip_constants(Reader *r)
{
    size_t n = read_size(r);
    for (size_t i = 0; i < n && !r->bad; i++) {
        size_t len;
        switch (read_byte(r)) {
        case 3:            /* LUA_VNUMINT */
        case 19:           /* LUA_VNUMFLT */
            take(r, 8);
            break;
        case 4:            /* LUA_VSHRSTR */
        case 20:           /* LUA_VLNGSTR */
            read_string(r, &len);
            break;
        default:           /* nil, false, true: no payload */
            break;
        }
    }
}

/* luaG_getfuncline over the dumped line information: lineinfo holds each
 * instruction's line as a step from the previous one, abs (nabs pairs of pc
 * and line, as dumped) the lines to restart from. */
static int line_of(int linedefined, const signed char *lineinfo, size_t nline, Reader abs, size_t nabs, int pc)
{
    int basepc = -1, line = linedefined;
    for (size_t i = 0; i < nabs && !abs.bad; i++) {
        int at = (int)read_size(&abs), abs_line = (int)read_size(&abs);
        if (at > pc)
            break;
        basepc = at;
        line = abs_line;
    }
    while (++basepc <= pc && (size_t)basepc < nline)
        if (lineinfo[basepc] != ABSLINEINFO_54)
            line += lineinfo[basepc];
    return line;
}

/* Reads one function. Its upvalues outlive a call when it is the frozen
 * function itself (depth 0: every upvalue), or when they are upvalues of its
 * definer that do (parent[i]: the definer's upvalue i outlives a call); an
 * upvalue taken from the definer's stack is a fresh local of each call.
 * Fills *found with the first assignment to such an upvalue (in this
 * function or the ones it defines) and returns 1, else 0. */
static int read_function(Reader *r, const unsigned char *parent, int depth, Found *found)
{
    size_t len;
    read_string(r, &len);                    /* source (NULL: the parent's) */
    int linedefined = (int)read_size(r);
    read_size(r);                            /* lastlinedefined */
    take(r, 3);                              /* numparams, is_vararg, maxstacksize */
    size_t ncode = read_size(r);
    const unsigned char *code = take(r, ncode * 4);
    skip_constants(r);
    size_t nup = read_size(r);
    if (nup > MAX_UPVALUES || depth > 200)
        r->bad = 1;
    unsigned char mine[MAX_UPVALUES] = { 0 };
    for (size_t i = 0; i < nup && !r->bad; i++) {
        int instack = read_byte(r), idx = read_byte(r);
        read_byte(r);                        /* kind */
        mine[i] = depth == 0 || (!instack && parent[idx]);
    }
    int hit = 0;
    size_t nprotos = read_size(r);
    for (size_t i = 0; i < nprotos && !r->bad; i++)
        hit |= read_function(r, mine, depth + 1, hit ? &(Found){ 0 } : found);
    size_t nline = read_size(r);
    const signed char *lineinfo = (const signed char *)take(r, nline);
    size_t nabs = read_size(r);
    Reader abs = *r;
    for (size_t i = 0; i < 2 * nabs && !r->bad; i++)
        read_size(r);
    size_t nloc = read_size(r);
    for (size_t i = 0; i < nloc && !r->bad; i++) {
        read_string(r, &len);
        read_size(r);
        read_size(r);
    }
    size_t nnames = read_size(r);
    const char *names[MAX_UPVALUES];
    size_t name_len[MAX_UPVALUES];
    for (size_t i = 0; i < nnames && !r->bad; i++) {
        const char *nm = read_string(r, &len);
        if (i < MAX_UPVALUES) {
            names[i] = nm;
            name_len[i] = len;
        }
    }
    if (r->bad || hit)
        return hit;
    for (size_t pc = 0; pc < ncode; pc++) {
        uint32_t ins = (uint32_t)code[pc * 4] | (uint32_t)code[pc * 4 + 1] << 8 |
                       (uint32_t)code[pc * 4 + 2] << 16 | (uint32_t)code[pc * 4 + 3] << 24;
        unsigned b = (ins >> 16) & 0xff;
        if ((ins & 0x7f) != OP_SETUPVAL_54 || b >= nup || !mine[b])
            continue;
        found->line = line_of(linedefined, lineinfo, nline, abs, nabs, (int)pc);
        if (b < nnames && names[b])
            snprintf(found->name, sizeof found->name, "%.*s", (int)name_len[b], names[b]);
        else
            snprintf(found->name, sizeof found->name, "?");
        return 1;
    }
    return 0;
}

/* lua_dump's output, gathered outside the Lua state (lua_dump allocates
 * nothing and raises nothing, so the buffer cannot leak). */
typedef struct Dump {
    unsigned char *bytes;
    size_t len, cap;
    int failed;
} Dump;

static int collect_dump(lua_State *L, const void *p, size_t n, void *ud)
{
    (void)L;
    Dump *d = ud;
    if (d->len + n > d->cap) {
        size_t cap = d->cap ? d->cap : 4096;
        while (cap < d->len + n)
            cap *= 2;
        unsigned char *b = realloc(d->bytes, cap);
        if (!b) {
            d->failed = 1;
            return 1;
        }
        d->bytes = b;
        d->cap = cap;
    }
    memcpy(d->bytes + d->len, p, n);
    d->len += n;
    return 0;
}

int sb_upvalue_writes(lua_State *L, int fn)
{
    if (!lua_isfunction(L, fn) || lua_iscfunction(L, fn))
        return 0;
    lua_pushvalue(L, fn);
    Dump d = { 0 };
    lua_dump(L, collect_dump, &d, 0);
    Reader r = { d.bytes + HEADER_54, d.bytes + d.len, d.failed || d.len < HEADER_54 + 1 };
    read_byte(&r);                           /* the closure's upvalue count */
    unsigned char none[MAX_UPVALUES] = { 0 };
    Found found = { 0 };
    int hit = r.bad ? 0 : read_function(&r, none, 0, &found);
    int bad = r.bad;
    free(d.bytes);
    if (bad)
        return luaL_error(L, "cannot read the compiled code of a function (out of memory, or not Lua 5.4)");
    if (!hit) {
        lua_pop(L, 1);
        return 0;
    }
    lua_Debug ar;
    lua_getinfo(L, ">S", &ar);               /* pops the function */
    lua_pushfstring(L, "%s:%d: assigns '%s', a local made while the rules loaded: it would carry a value from "
                    "one call to the next (and from game to game); keep what changes in game.state",
                    ar.short_src, found.line, found.name);
    return 1;
}
