/* libFuzzer: content loading. The first byte picks a content file; the rest
 * replaces it in a copy of the shipped content folder, which is then loaded
 * (and put back). Loading must refuse or accept, never crash, leak or hang. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "fuzz_common.h"

static const char *const FILES[] = {
    "costs.lua", "grid.lua", "lava.lua", "players.lua", "supply.lua", "tiles.lua", "turns.lua", "powers.lua",
    "biomes.lua",
};
#define NFILES (sizeof FILES / sizeof FILES[0])

static char *originals[NFILES];
static size_t original_len[NFILES];
static char *dir;

/* Reads a shipped content file (NULL when it does not exist). */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    *len = buf ? fread(buf, 1, 1 << 20, f) : 0;
    fclose(f);
    return buf;
}

static void setup(void)
{
    dir = fuzz_temp_dir("content");
    for (size_t i = 0; i < NFILES; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/content/%s", fuzz_root(), FILES[i]);
        originals[i] = slurp(path, &original_len[i]);
        if (originals[i])
            fuzz_write(dir, FILES[i], originals[i], original_len[i]);
    }
}

static void put_back(size_t i)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, FILES[i]);
    if (originals[i])
        fuzz_write(dir, FILES[i], originals[i], original_len[i]);
    else
        remove(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir)
        setup();
    if (size == 0)
        return 0;
    size_t which = data[0] % NFILES;
    fuzz_write(dir, FILES[which], (const char *)data + 1, size - 1);
    static Rules rules;
    char err[512];
    content_load_rules(dir, &rules, err, sizeof err);
    put_back(which);
    return 0;
}
