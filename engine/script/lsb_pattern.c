/* The sandbox's pattern functions: string.find, match, gmatch and gsub with
 * Lua 5.4's pattern language, on a matcher whose every step is charged to
 * the instruction budget, so no pattern can run longer than the budget allows.
 *
 * Design: a pattern is first compiled into a list of nodes, each single-byte
 * class becoming a 256-bit set; the matcher then walks the nodes over the
 * subject, trying alternatives by recursion only at quantified nodes. Since a
 * pattern has no alternation, every successful path visits every node once,
 * in order; so captures are numbered at compile time and simply overwritten
 * on each visit, and a back-reference can be checked at compile time to name
 * a capture that is closed before it.
 *
 * Differences from Lua's own matcher: malformed patterns are refused when
 * compiled, even in parts a match would not reach; nesting of quantified
 * items beyond SB_PATTERN_DEPTH is "pattern too complex"; subjects and
 * patterns are limited to SB_PATTERN_MAX_SUBJECT bytes. */
#define _GNU_SOURCE   /* memmem */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

#define SB_PATTERN_CAPTURES 32
#define SB_PATTERN_DEPTH    200
#define SB_STEPS_PER_CHARGE 1024
#define SB_SMALL_PATTERN    32     /* patterns this short compile onto the C stack */

enum { P_SET, P_OPEN, P_CLOSE, P_POSITION, P_BACKREF, P_BALANCE, P_FRONTIER, P_EOS, P_END };
enum { Q_ONE, Q_STAR, Q_PLUS, Q_LAZY, Q_OPT };
enum { CAP_OPEN = -1, CAP_POSITION = -2 };

typedef struct PatNode {
    uint8_t kind, quant;
    uint8_t a, b;           /* capture index, or the %b delimiters */
    uint32_t set[8];        /* P_SET, P_FRONTIER: the bytes that match */
} PatNode;

typedef struct Pattern {
    int count;              /* nodes, the last being P_END */
    int captures;
    int anchored;           /* began with ^ (find, match, gsub) */
    PatNode *node;
} Pattern;

/* ---- Compiling -------------------------------------------------------------- */

static void set_add(uint32_t *set, unsigned c) { set[c >> 5] |= (uint32_t)1 << (c & 31); }
static int set_has(const uint32_t *set, unsigned char c) { return (set[c >> 5] >> (c & 31)) & 1; }

/* Whether byte c is in %x's class (x a class letter) or equals x (any other byte). */
static int class_has(int x, int c)
{
    int r;
    switch (tolower(x)) {
    case 'a': r = isalpha(c); break;
    case 'c': r = iscntrl(c); break;
    case 'd': r = isdigit(c); break;
    case 'g': r = isgraph(c); break;
    case 'l': r = islower(c); break;
    case 'p': r = ispunct(c); break;
    case 's': r = isspace(c); break;
    case 'u': r = isupper(c); break;
    case 'w': r = isalnum(c); break;
    case 'x': r = isxdigit(c); break;
    case 'z': r = c == 0; break;   /* kept by Lua 5.4 for old patterns */
    default: return x == c;
    }
    r = r != 0;
    return isupper(x) ? !r : r;
}

static void set_add_class(uint32_t *set, int x)
{
    for (int c = 0; c < 256; c++)
        if (class_has(x, c))
            set_add(set, (unsigned)c);
}

/* Parses the set "[...]" whose '[' is at p[i]; returns the index after its ']'. */
static size_t compile_set(lua_State *L, const char *p, size_t plen, size_t i, uint32_t *set)
{
    size_t j = i + 1, first;
    int negate = j < plen && p[j] == '^';
    if (negate)
        j++;
    first = j;
    /* The closing ']': the first one after the first item, skipping escapes. */
    do {
        if (j >= plen)
            luaL_error(L, "malformed pattern (missing ']')");
        if (p[j++] == '%' && j < plen)
            j++;
    } while (j >= plen || p[j] != ']');
    size_t close = j;
    memset(set, 0, 8 * sizeof *set);
    for (size_t k = first; k < close; k++) {
        unsigned char c = (unsigned char)p[k];
        if (c == '%') {
            set_add_class(set, (unsigned char)p[++k]);
        } else if (k + 2 < close && p[k + 1] == '-') {
            for (unsigned x = c; x <= (unsigned char)p[k + 2]; x++)
                set_add(set, x);
            k += 2;
        } else {
            set_add(set, c);
        }
    }
    if (negate)
        for (int w = 0; w < 8; w++)
            set[w] = ~set[w];
    return close + 1;
}

/* Parses the single-byte class at p[i]; returns the index after it. */
static size_t compile_class(lua_State *L, const char *p, size_t plen, size_t i, uint32_t *set)
{
    memset(set, 0, 8 * sizeof *set);
    switch (p[i]) {
    case '.':
        memset(set, 0xff, 8 * sizeof *set);
        return i + 1;
    case '%':
        if (i + 1 >= plen)
            luaL_error(L, "malformed pattern (ends with '%%')");
        set_add_class(set, (unsigned char)p[i + 1]);
        return i + 2;
    case '[':
        return compile_set(L, p, plen, i, set);
    default:
        set_add(set, (unsigned char)p[i]);
        return i + 1;
    }
}

typedef struct Compiler {
    lua_State *L;
    Pattern *pat;
    int open[SB_PATTERN_CAPTURES];   /* indexes of captures not yet closed, innermost last */
    int nopen;
    int closed[SB_PATTERN_CAPTURES];
} Compiler;

static PatNode *add_node(Compiler *c, int kind)
{
    PatNode *n = &c->pat->node[c->pat->count++];
    memset(n, 0, sizeof *n);
    n->kind = (uint8_t)kind;
    return n;
}

static size_t compile_escape(Compiler *c, const char *p, size_t plen, size_t i)
{
    char x = i + 1 < plen ? p[i + 1] : 0;
    if (x == 'b') {
        if (i + 3 >= plen)
            luaL_error(c->L, "malformed pattern (missing arguments to '%%b')");
        PatNode *n = add_node(c, P_BALANCE);
        n->a = (uint8_t)p[i + 2];
        n->b = (uint8_t)p[i + 3];
        return i + 4;
    }
    if (x == 'f') {
        if (i + 2 >= plen || p[i + 2] != '[')
            luaL_error(c->L, "missing '[' after '%%f' in pattern");
        PatNode *n = add_node(c, P_FRONTIER);
        return compile_set(c->L, p, plen, i + 2, n->set);
    }
    if (x >= '0' && x <= '9') {
        int k = x - '1';
        if (k < 0 || k >= c->pat->captures || !c->closed[k])
            luaL_error(c->L, "invalid capture index %%%d in pattern", k + 1);
        add_node(c, P_BACKREF)->a = (uint8_t)k;
        return i + 2;
    }
    return SIZE_MAX;   /* an ordinary class */
}

static size_t compile_item(Compiler *c, const char *p, size_t plen, size_t i)
{
    if (p[i] == '(') {
        if (c->pat->captures >= SB_PATTERN_CAPTURES)
            luaL_error(c->L, "too many captures");
        int k = c->pat->captures++;
        if (i + 1 < plen && p[i + 1] == ')') {
            add_node(c, P_POSITION)->a = (uint8_t)k;
            c->closed[k] = 1;
            return i + 2;
        }
        add_node(c, P_OPEN)->a = (uint8_t)k;
        c->open[c->nopen++] = k;
        return i + 1;
    }
    if (p[i] == ')') {
        if (c->nopen == 0)
            luaL_error(c->L, "invalid pattern capture");
        int k = c->open[--c->nopen];
        add_node(c, P_CLOSE)->a = (uint8_t)k;
        c->closed[k] = 1;
        return i + 1;
    }
    if (p[i] == '$' && i + 1 == plen) {
        add_node(c, P_EOS);
        return i + 1;
    }
    if (p[i] == '%') {
        size_t next = compile_escape(c, p, plen, i);
        if (next != SIZE_MAX)
            return next;
    }
    PatNode *n = add_node(c, P_SET);
    i = compile_class(c->L, p, plen, i, n->set);
    if (i < plen) {
        const char *q = strchr("*+-?", p[i]);
        if (q && p[i]) {
            static const uint8_t QUANT[] = { Q_STAR, Q_PLUS, Q_LAZY, Q_OPT };
            n->quant = QUANT[q - "*+-?"];
            i++;
        }
    }
    return i;
}

/* Compiles p into pat, whose node array must hold plen + 1 nodes. */
static void compile(lua_State *L, const char *p, size_t plen, int allow_anchor, Pattern *pat)
{
    Compiler c;
    memset(&c, 0, sizeof c);
    c.L = L;
    c.pat = pat;
    pat->count = pat->captures = 0;
    pat->anchored = allow_anchor && plen > 0 && p[0] == '^';
    size_t i = pat->anchored ? 1 : 0;
    while (i < plen)
        i = compile_item(&c, p, plen, i);
    if (c.nopen)
        luaL_error(L, "malformed pattern (unfinished capture)");
    add_node(&c, P_END);
}

/* Checks the lengths, charges the compilation and compiles p into pat, on
 * the C stack (small, given) or in a new userdata pushed on the stack. */
static void prepare(lua_State *L, const char *p, size_t plen, int allow_anchor, Pattern *pat, PatNode *small)
{
    if (plen > SB_PATTERN_MAX_SUBJECT)
        luaL_error(L, "pattern too long (%d bytes, limit %d)", (int)plen, (int)SB_PATTERN_MAX_SUBJECT);
    sb_charge_bytes(L, plen);
    if (small && plen + 1 <= SB_SMALL_PATTERN)
        pat->node = small;
    else
        pat->node = lua_newuserdatauv(L, (plen + 1) * sizeof(PatNode), 0);
    compile(L, p, plen, allow_anchor, pat);
}

static void check_subject(lua_State *L, size_t len)
{
    if (len > SB_PATTERN_MAX_SUBJECT)
        luaL_error(L, "pattern subject too long (%d bytes, limit %d)", (int)len, (int)SB_PATTERN_MAX_SUBJECT);
}

/* ---- Matching ------------------------------------------------------------- */

typedef struct Match {
    lua_State *L;
    const Pattern *pat;
    const char *subject, *end;
    const char *cap_start[SB_PATTERN_CAPTURES];
    ptrdiff_t cap_len[SB_PATTERN_CAPTURES];   /* or CAP_OPEN, CAP_POSITION */
    uint64_t steps;                           /* not yet charged */
    int depth;
} Match;

static void steps(Match *m, uint64_t n)
{
    m->steps += n;
    if (m->steps >= SB_STEPS_PER_CHARGE) {
        uint64_t due = m->steps;
        m->steps = 0;
        sb_charge(m->L, due);
    }
}

static const char *match_nodes(Match *m, int k, const char *s);

/* Tries the rest of the pattern from node k: one level of backtracking. */
static const char *try_rest(Match *m, int k, const char *s)
{
    if (++m->depth > SB_PATTERN_DEPTH)
        luaL_error(m->L, "pattern too complex");
    const char *r = match_nodes(m, k, s);
    m->depth--;
    return r;
}

/* A quantified set at node k, starting at s. */
static const char *match_repeat(Match *m, int k, const char *s)
{
    const PatNode *n = &m->pat->node[k];
    if (n->quant == Q_OPT) {
        if (s < m->end && set_has(n->set, (unsigned char)*s)) {
            const char *r = try_rest(m, k + 1, s + 1);
            if (r)
                return r;
        }
        return try_rest(m, k + 1, s);
    }
    if (n->quant == Q_LAZY) {
        for (;;) {
            const char *r = try_rest(m, k + 1, s);
            if (r)
                return r;
            if (s >= m->end || !set_has(n->set, (unsigned char)*s))
                return NULL;
            s++;
            steps(m, 1);
        }
    }
    size_t run = 0, min = n->quant == Q_PLUS ? 1 : 0;
    while (s + run < m->end && set_has(n->set, (unsigned char)s[run]))
        run++;
    steps(m, run);
    for (size_t i = run + 1; i-- > min;) {
        const char *r = try_rest(m, k + 1, s + i);
        if (r)
            return r;
    }
    return NULL;
}

/* %bxy at s: the end of the balanced run, or NULL. */
static const char *match_balance(Match *m, const PatNode *n, const char *s)
{
    if (s >= m->end || (unsigned char)*s != n->a)
        return NULL;
    int open = 1;
    const char *t = s + 1;
    for (; t < m->end; t++) {
        if ((unsigned char)*t == n->b) {
            if (--open == 0)
                break;
        } else if ((unsigned char)*t == n->a) {
            open++;
        }
    }
    steps(m, (uint64_t)(t - s));
    return t < m->end ? t + 1 : NULL;
}

/* %k at s: the end of the repeated capture, or NULL. */
static const char *match_backref(Match *m, const PatNode *n, const char *s)
{
    ptrdiff_t len = m->cap_len[n->a];
    if (len < 0 || m->end - s < len)   /* a position capture never matches */
        return NULL;
    steps(m, (uint64_t)len / 8);
    return memcmp(m->cap_start[n->a], s, (size_t)len) == 0 ? s + len : NULL;
}

/* %f[set] at s: the byte before is out of the set, the byte here in it (NUL
 * standing for the ends of the subject). */
static int frontier_at(const Match *m, const PatNode *n, const char *s)
{
    unsigned char before = s == m->subject ? 0 : (unsigned char)s[-1];
    unsigned char here = s < m->end ? (unsigned char)*s : 0;
    return !set_has(n->set, before) && set_has(n->set, here);
}

/* Matches nodes k.. at s; returns the end of the whole match or NULL. */
static const char *match_nodes(Match *m, int k, const char *s)
{
    for (;; k++) {
        const PatNode *n = &m->pat->node[k];
        steps(m, 1);
        switch (n->kind) {
        case P_END:
            return s;
        case P_EOS:
            if (s != m->end)
                return NULL;
            break;
        case P_OPEN:
            m->cap_start[n->a] = s;
            m->cap_len[n->a] = CAP_OPEN;
            break;
        case P_CLOSE:
            m->cap_len[n->a] = s - m->cap_start[n->a];
            break;
        case P_POSITION:
            m->cap_start[n->a] = s;
            m->cap_len[n->a] = CAP_POSITION;
            break;
        case P_BACKREF:
            if (!(s = match_backref(m, n, s)))
                return NULL;
            break;
        case P_BALANCE:
            if (!(s = match_balance(m, n, s)))
                return NULL;
            break;
        case P_FRONTIER:
            if (!frontier_at(m, n, s))
                return NULL;
            break;
        default:   /* P_SET */
            if (n->quant != Q_ONE)
                return match_repeat(m, k, s);
            if (s >= m->end || !set_has(n->set, (unsigned char)*s))
                return NULL;
            s++;
            break;
        }
    }
}

static void match_init(Match *m, lua_State *L, const Pattern *pat, const char *s, size_t len)
{
    m->L = L;
    m->pat = pat;
    m->subject = s;
    m->end = s + len;
    m->steps = 0;
    m->depth = 0;
}

/* One attempt at s: the end of the match or NULL. */
static const char *match_at(Match *m, const char *s)
{
    return match_nodes(m, 0, s);
}

/* Pushes capture i (the whole match s..e when the pattern has none and i is 0). */
static void push_capture(Match *m, int i, const char *s, const char *e)
{
    if (i >= m->pat->captures) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
    } else if (m->cap_len[i] == CAP_POSITION) {
        lua_pushinteger(m->L, m->cap_start[i] - m->subject + 1);
    } else {
        lua_pushlstring(m->L, m->cap_start[i], (size_t)m->cap_len[i]);
    }
}

/* Pushes every capture (or the whole match when there is none and whole is
 * set); returns how many values it pushed. */
static int push_captures(Match *m, const char *s, const char *e, int whole)
{
    int n = m->pat->captures == 0 && whole ? 1 : m->pat->captures;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++)
        push_capture(m, i, s, e);
    return n;
}

/* ---- find and match ------------------------------------------------------------ */

/* Lua's rule for a start position: negative counts from the end. 0-based result. */
static size_t start_index(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return (size_t)pos - 1;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 0;
    return (size_t)((lua_Integer)len + pos);
}

static int has_specials(const char *p, size_t plen)
{
    for (size_t i = 0; i < plen; i++)
        if (strchr("^$*+?.([%-", p[i]) && p[i])
            return 1;
    return 0;
}

static int find_or_match(lua_State *L, int find)
{
    size_t len, plen;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_index(luaL_optinteger(L, 3, 1), len);
    check_subject(L, len);
    if (init > len) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, plen))) {
        sb_charge_bytes(L, len - init + plen);
        const char *at = plen == 0 ? s + init : memmem(s + init, len - init, p, plen);
        if (!at) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, at - s + 1);
        lua_pushinteger(L, (lua_Integer)(at - s + plen));
        return 2;
    }
    PatNode small[SB_SMALL_PATTERN];
    Pattern pat;
    prepare(L, p, plen, 1, &pat, small);
    Match m;
    match_init(&m, L, &pat, s, len);
    for (const char *at = s + init;; at++) {
        const char *e = match_at(&m, at);
        if (e) {
            if (!find)
                return push_captures(&m, at, e, 1);
            lua_pushinteger(L, at - s + 1);
            lua_pushinteger(L, e - s);
            return 2 + push_captures(&m, NULL, NULL, 0);
        }
        if (pat.anchored || at >= m.end)
            break;
    }
    luaL_pushfail(L);
    return 1;
}

int sb_str_find(lua_State *L) { return find_or_match(L, 1); }
int sb_str_match(lua_State *L) { return find_or_match(L, 0); }

/* ---- gmatch ------------------------------------------------------------------ */

/* Upvalues: subject, compiled pattern (userdata), next start, end of the last
 * match (-1 for none), the call that made it. */
static int gmatch_step(lua_State *L)
{
    sb_check_call(L, (uint64_t)lua_tointeger(L, lua_upvalueindex(5)), "string.gmatch");
    size_t len;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &len);
    Pattern pat;
    pat.node = lua_touserdata(L, lua_upvalueindex(2));
    lua_getiuservalue(L, lua_upvalueindex(2), 1);
    pat.count = 0;
    pat.captures = (int)lua_tointeger(L, -1);
    pat.anchored = 0;
    lua_pop(L, 1);
    lua_Integer from = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer last = lua_tointeger(L, lua_upvalueindex(4));
    Match m;
    match_init(&m, L, &pat, s, len);
    for (lua_Integer at = from; at <= (lua_Integer)len; at++) {
        const char *e = match_at(&m, s + at);
        if (e && e - s != last) {
            lua_pushinteger(L, e - s);
            lua_replace(L, lua_upvalueindex(3));
            lua_pushinteger(L, e - s);
            lua_replace(L, lua_upvalueindex(4));
            return push_captures(&m, s + at, e, 1);
        }
    }
    lua_pushinteger(L, (lua_Integer)len + 1);
    lua_replace(L, lua_upvalueindex(3));
    return 0;
}

int sb_str_gmatch(lua_State *L)
{
    size_t len, plen;
    luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t init = start_index(luaL_optinteger(L, 3, 1), len);
    check_subject(L, len);
    if (init > len)
        init = len + 1;
    lua_settop(L, 2);
    if (plen > SB_PATTERN_MAX_SUBJECT)
        luaL_error(L, "pattern too long (%d bytes, limit %d)", (int)plen, (int)SB_PATTERN_MAX_SUBJECT);
    sb_charge_bytes(L, plen);
    Pattern pat;
    pat.node = lua_newuserdatauv(L, (plen + 1) * sizeof(PatNode), 1);   /* 3 */
    compile(L, p, plen, 0, &pat);
    lua_pushinteger(L, pat.captures);
    lua_setiuservalue(L, 3, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_pushinteger(L, (lua_Integer)init);
    lua_pushinteger(L, -1);
    lua_pushinteger(L, (lua_Integer)sb_call_serial(L));
    lua_pushcclosure(L, gmatch_step, 5);
    return 1;
}

/* ---- gsub ------------------------------------------------------------------------ */

/* Appends the replacement text for the match s..e, repl being a string. */
static void add_template(Match *m, luaL_Buffer *b, const char *s, const char *e)
{
    size_t rlen;
    const char *r = lua_tolstring(m->L, 3, &rlen);
    for (size_t i = 0; i < rlen; i++) {
        if (r[i] != '%') {
            luaL_addchar(b, r[i]);
            continue;
        }
        char x = ++i < rlen ? r[i] : 0;
        if (x == '%') {
            luaL_addchar(b, '%');
        } else if (x >= '0' && x <= '9') {
            if (x == '0')
                lua_pushlstring(m->L, s, (size_t)(e - s));
            else
                push_capture(m, x - '1', s, e);
            luaL_tolstring(m->L, -1, NULL);
            lua_remove(m->L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(m->L, "invalid use of '%%' in replacement string");
        }
    }
}

/* Appends the replacement for the match s..e (repl at index 3 of type tr). */
static void add_replacement(Match *m, luaL_Buffer *b, const char *s, const char *e, int tr)
{
    lua_State *L = m->L;
    if (tr == LUA_TSTRING || tr == LUA_TNUMBER) {
        add_template(m, b, s, e);
        return;
    }
    if (tr == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e, 1);
        lua_call(L, n, 1);
    } else {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

int sb_str_gsub(lua_State *L)
{
    size_t len, plen;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    int tr = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)len + 1);
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE,
                     3, "string/function/table");
    check_subject(L, len);
    lua_settop(L, 4);
    Script *sc = sb_script(L);
    PatNode small[SB_SMALL_PATTERN];
    Pattern pat;
    prepare(L, p, plen, 1, &pat, small);
    Match m;
    match_init(&m, L, &pat, s, len);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s, *last = NULL;
    lua_Integer n = 0;
    while (n < max) {
        const char *e = match_at(&m, at);
        if (e && e != last) {
            n++;
            add_replacement(&m, &b, at, e, tr);
            at = last = e;
        } else if (at < m.end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (luaL_bufflen(&b) > sc->string_limit)
            return sb_string_too_long(L, "string.gsub");
        if (pat.anchored)
            break;
    }
    luaL_addlstring(&b, at, (size_t)(m.end - at));
    if (luaL_bufflen(&b) > sc->string_limit)
        return sb_string_too_long(L, "string.gsub");
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}
