/* libFuzzer: what a mod's handler does to the event proxy `ev`. The input's
 * bytes choose, for handlers of several events, a list of operations: rawset
 * and rawget with keys and values of every kind (the event's fields and
 * others), writes and reads through the proxy, getmetatable, setmetatable,
 * rawlen, rawequal, next, pairs, keeping ev in a local; each under
 * pcall or not. Any of them may be refused (an error switches the mod off)
 * or allowed; none may crash, leak, hang or break the game's invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_DECISIONS 60

static const char *const EVENTS[] = { "turn_start", "phase", "cost", "collect", "critter_hit", "lava_flow",
                                      "turn_end", "scoring", "tile_placed", "buy_limit" };
static const char *const KEYS[] = { "'player'", "'turn'", "'mode'", "'moves'", "'buy'", "'over'", "'any'",
                                    "'each'", "'cap'", "'spared'", "'keep'", "'x'", "1", "0", "-1", "true",
                                    "1.5", "'__index'", "'__newindex'", "kept", "{}" };
static const char *const VALUES[] = { "nil", "false", "true", "0", "1", "-1", "2^31", "(1 << 62)", "1.5",
                                      "0/0", "'normal'", "'finale'", "'x'", "{}", "function() end", "ev",
                                      "setmetatable({}, { __index = function() error('i') end })" };
static const char *const OPS[] = {
    "rawset(ev, %K, %V)", "local _ = rawget(ev, %K)", "ev[%K] = %V", "local _ = ev[%K]",
    "local m = getmetatable(ev) if type(m) == 'table' then m.__index = nil end", "setmetatable(ev, {})",
    "local _ = rawlen(ev)", "local _ = rawequal(ev, kept)", "local _ = next(ev)",
    "for k, v in pairs(ev) do local _ = k end", "kept = ev", "if kept then local _ = kept[%K] end",
    "if kept then rawset(kept, %K, %V) end", "local _ = #ev", "local _ = tostring(ev)",
    "rawset(ev, %K, nil)",
};

#define PICK(g, list) (list)[fuzz_gen_byte(g) % (sizeof(list) / sizeof((list)[0]))]

/* One operation: OPS with %K and %V replaced by chosen keys and values. */
static void op(FuzzGen *g)
{
    const char *o = PICK(g, OPS);
    int guarded = fuzz_gen_byte(g) % 4 != 0;
    if (guarded)
        fuzz_gen_put(g, "pcall(function() ", 17);
    for (const char *p = o; *p; p++) {
        if (p[0] == '%' && (p[1] == 'K' || p[1] == 'V')) {
            const char *s = p[1] == 'K' ? PICK(g, KEYS) : PICK(g, VALUES);
            fuzz_gen_put(g, s, strlen(s));
            p++;
        } else {
            fuzz_gen_put(g, p, 1);
        }
    }
    if (guarded)
        fuzz_gen_put(g, " end)", 5);
    fuzz_gen_put(g, "\n", 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FuzzGen g;
    fuzz_gen_start(&g, data, size);
    unsigned handlers = 1 + fuzz_gen_byte(&g) % 4;
    for (unsigned h = 0; h < handlers; h++) {
        char line[80];
        int n = snprintf(line, sizeof line, "on('%s', function(ev)\nlocal kept\n", PICK(&g, EVENTS));
        fuzz_gen_put(&g, line, (size_t)n);
        for (unsigned i = 0, ops = 1 + fuzz_gen_byte(&g) % 8; i < ops; i++)
            op(&g);
        fuzz_gen_put(&g, "end)\n", 5);
    }
    static const char TAIL[] = "return { name = 'f', version = '1' }\n";
    fuzz_gen_put(&g, TAIL, sizeof TAIL - 1);
    static Session s;
    if (fuzz_open_mod(&s, g.text, g.len) == 0) {
        fuzz_play(&s, FUZZ_DECISIONS);
        session_close(&s);
    }
    return 0;
}
