#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *fuzz_root(void)
{
    const char *env = getenv("VOLCANIQUE_ROOT");
    return env && *env ? env : ".";
}

Session *fuzz_session(void)
{
    static Session s;
    static int opened;
    if (!opened) {
        char err[512];
        if (session_open(&s, fuzz_root(), err, sizeof err) != 0) {
            fprintf(stderr, "fuzz: cannot open the shipped rules (run from the repository or set "
                            "VOLCANIQUE_ROOT): %s\n", err);
            exit(2);
        }
        s.quiet = 1;
        opened = 1;
    }
    return &s;
}

void fuzz_no_script_error(const Session *s, const char *what)
{
    if (s->game.script_errors == 0 && s->error_count == 0)
        return;
    fprintf(stderr, "%s met a script error: %s\n", what, s->error[0] ? s->error : "(no message)");
    abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

char *fuzz_temp_dir(const char *what)
{
    char tmpl[64];
    snprintf(tmpl, sizeof tmpl, "/tmp/vq-fuzz-%s-XXXXXX", what);
    char *d = mkdtemp(tmpl);
    if (!d) {
        perror("fuzz: mkdtemp");
        exit(2);
    }
    return strdup(d);
}

void fuzz_write(const char *dir, const char *name, const char *text, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "fuzz: cannot write %s\n", path);
        exit(2);
    }
}
