/* powers: lists every power card as the scripts (and --mods) declare it
 * (powers_doc.h), as plain text, or with --markdown as the whole of
 * docs/powers.md. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "powers_doc.h"

int cmd_powers(const CliArgs *a)
{
    PowersDocFormat format = POWERS_DOC_TEXT;
    for (int i = 0; i < a->argc;) {
        GameOptions unused;
        uint64_t seed = 0;
        int used = 0;
        if (strcmp(a->argv[i], "--markdown") == 0) {
            format = POWERS_DOC_MARKDOWN;
            i++;
            continue;
        }
        if (strcmp(a->argv[i], "--mods") == 0) {
            memset(&unused, 0, sizeof unused);
            if (cli_game_option(a, i, &unused, &seed, &used))
                return 2;
            i += used;
            continue;
        }
        fprintf(stderr, "volcanique powers: unknown argument '%s' (usage: volcanique powers [--markdown] "
                "[--mods LIST])\n", a->argv[i]);
        return 2;
    }
    static Session s;
    if (cli_open(&s, a))
        return 1;
    int rc = powers_doc_write(&s, format, stdout);
    session_close(&s);
    if (rc || fflush(stdout) != 0) {
        fprintf(stderr, "volcanique powers: cannot write the listing to standard output\n");
        return 1;
    }
    return 0;
}
