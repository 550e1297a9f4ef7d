/* libFuzzer: the scenario text format (scenario.h). Any position it builds
 * must pass the invariants (unless the text says `unchecked`), list its
 * options and let the engine run on without failing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "invariants.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Session *s = fuzz_session();
    char *text = fuzz_text(data, size);
    static Game g;
    static Option opts[MAX_OPTIONS];
    char err[512];
    if (scenario_build(&g, &s->rules, text, err, sizeof err) == 0) {
        if (!strstr(text, "unchecked") && invariants_check(&g, err, sizeof err) != 0) {
            fprintf(stderr, "scenario built a position that fails its invariants: %s\n", err);
            abort();
        }
        if (!game_over(&g))
            game_options(&g, opts, MAX_OPTIONS);
        scenario_run(&g);
    }
    free(text);
    return 0;
}
