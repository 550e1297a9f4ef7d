/* libFuzzer: mod loading and mod handlers. The input is mods/f/mod.lua; text
 * after a line "--@@" becomes mods/f/util.lua (for require). The mod is
 * loaded over the shipped content (with no rules scripts, for speed) and a
 * game is played for a while with random choices, so that its handlers run.
 * Nothing a mod does may crash, leak, hang or break the game's invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_DECISIONS 150

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/mods/f", fuzz_mod_root());
    char *split = strstr(text, "\n--@@");
    size_t main_len = split ? (size_t)(split - text) : size;
    const char *rest = split ? split + 5 : "";
    fuzz_write(dir, "util.lua", rest, strlen(rest));
    static Session s;
    if (fuzz_open_mod(&s, text, main_len) == 0) {
        fuzz_play(&s, FUZZ_DECISIONS);
        session_close(&s);
    }
    free(text);
    return 0;
}
