/* libFuzzer: the save parser, and the replay of any save it accepts (with the
 * shipped rules scripts hooked in). No input may crash, leak or hang, and no
 * replay may meet a script error. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "save.h"

#define FUZZ_MAX_REPLAY 3000   /* actions replayed at most; longer logs are only parsed */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Session *s = fuzz_session();
    char *text = fuzz_text(data, size);
    LoadedSave ls;
    char err[512];
    if (save_parse(text, &ls, err, sizeof err) == 0) {
        if (ls.log.len <= FUZZ_MAX_REPLAY) {
            mods_reset(&s->mods);
            s->current = &s->game;
            s->error_count = 0;
            save_restore(&s->game, &s->rules, &ls, &s->log, session_hooks(), s, err, sizeof err);
            fuzz_no_script_error(s, "a replayed save");
        }
        loaded_save_free(&ls);
    }
    free(text);
    return 0;
}
