/* libFuzzer: game.state declarations of random shapes and sizes. The input's
 * bytes choose a declaration (integers, booleans, places, per-player values,
 * lists of any capacity, records, nested; sizes past every limit) written as
 * a mod, whose handler then reads, writes and fills everything it declared.
 * A declaration is refused at load or works: every compiled node's size must
 * be what its parts make and fit Game.state, and nothing may crash, leak or
 * break the game's invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_DECISIONS 40

static void put(FuzzGen *g, const char *s) { fuzz_gen_put(g, s, strlen(s)); }

static void value(FuzzGen *g, int depth)
{
    static const char *const INTS[] = { "0", "1", "-1", "7", "2147483647", "-2147483648", "2147483648",
                                        "(1 << 32) + 5", "2^31", "1.5", "0/0", "-0.0" };
    static const char *const CAPS[] = { "1", "2", "4", "8", "16", "51", "64", "100", "200", "255", "256", "257",
                                        "0", "-1", "65535", "65537", "2^40", "1.5", "'x'", "nil" };
    unsigned kind = fuzz_gen_byte(g) % (depth > 5 ? 3 : 7);
    char buf[32];
    switch (kind) {
    case 0:
        put(g, INTS[fuzz_gen_byte(g) % (sizeof INTS / sizeof INTS[0])]);
        break;
    case 1:
        put(g, fuzz_gen_byte(g) & 1 ? "true" : "false");
        break;
    case 2:
        put(g, "game.place()");
        break;
    case 3:
        put(g, "game.per_player(");
        value(g, depth + 1);
        put(g, ")");
        break;
    case 4:
        put(g, "game.list(");
        value(g, depth + 1);
        put(g, ", ");
        put(g, CAPS[fuzz_gen_byte(g) % (sizeof CAPS / sizeof CAPS[0])]);
        put(g, ")");
        break;
    default: {
        unsigned n = fuzz_gen_byte(g) % 6;
        put(g, "{ ");
        for (unsigned i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, "f%u = ", (fuzz_gen_byte(g) % 8));   /* a name given twice: Lua keeps the last */
            put(g, buf);
            value(g, depth + 1);
            put(g, ", ");
        }
        put(g, "}");
    }
    }
}

/* Reads, writes and fills whatever a state table holds, each step under pcall. */
static const char POKE[] =
    "local function poke(t, d)\n"
    "  if type(t) ~= 'table' or d > 5 then return end\n"
    "  local keys = { 'f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 0, 1, 2, 3, 4, 5, 256 }\n"
    "  for _, k in ipairs(keys) do\n"
    "    local ok, v = pcall(function() return t[k] end)\n"
    "    if ok and type(v) == 'table' and v.q == nil then poke(v, d + 1)\n"
    "    elseif ok then\n"
    "      pcall(function() t[k] = v end)\n"
    "      pcall(function() t[k] = type(v) == 'number' and v + 1 or type(v) == 'boolean' and not v or { q = 0, r = 0 } end)\n"
    "    end\n"
    "  end\n"
    "  pcall(function() return #t end)\n"
    "  for i = 1, 300 do\n"
    "    if not pcall(function() t:add({}) end) and not pcall(function() t:add(1) end)\n"
    "       and not pcall(function() t:add(true) end) and not pcall(function() t:add({ q = 0, r = 0 }) end) then break end\n"
    "  end\n"
    "  pcall(function() t:find(1) end)\n"
    "  pcall(function() t:remove(1) end)\n"
    "  pcall(function() t:remove(1 << 40) end)\n"
    "end\n";

/* Every node's size is what its parts make, within Game.state. */
static void check_nodes(const Session *s)
{
    if (s->rules.state_used > STATE_SLOTS) {
        fprintf(stderr, "game.state handed out %d slots of %d\n", s->rules.state_used, STATE_SLOTS);
        abort();
    }
    for (int i = 0; i < s->state_node_count; i++) {
        const StateNode *n = &s->state_nodes[i];
        long want = n->size;
        if (n->kind == STATE_RECORD) {
            want = 0;
            for (int f = 0; f < n->count; f++)
                want += s->state_nodes[n->first + f].size;
        } else if (n->kind == STATE_PER_PLAYER) {
            want = (long)s->state_nodes[n->of].size * MAX_PLAYERS;
        } else if (n->kind == STATE_LIST) {
            want = 1 + (long)s->state_nodes[n->of].size * n->cap;
        }
        if (want != n->size || n->size > STATE_SLOTS || (n->kind == STATE_LIST && (n->cap < 1 || n->cap > 256))) {
            fprintf(stderr, "state node %d (kind %d): size %d, its parts make %ld (cap %d)\n", i, n->kind, n->size,
                    want, n->cap);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FuzzGen g;
    fuzz_gen_start(&g, data, size);
    put(&g, POKE);
    unsigned decls = 1 + fuzz_gen_byte(&g) % 3;
    char line[64];
    for (unsigned d = 0; d < decls; d++) {
        snprintf(line, sizeof line, "local S%u = game.state{ a = ", d);
        put(&g, line);
        value(&g, 0);
        put(&g, ", b = ");
        value(&g, 0);
        put(&g, " }\n");
        snprintf(line, sizeof line, "on('turn_start', function(ev) poke(S%u, 0) end)\n", d);
        put(&g, line);
    }
    put(&g, "return { name = 'f', version = '1' }\n");
    static Session s;
    if (fuzz_open_mod(&s, g.text, g.len) == 0) {
        check_nodes(&s);
        fuzz_play(&s, FUZZ_DECISIONS);
        session_close(&s);
    }
    return 0;
}
