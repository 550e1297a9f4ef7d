/* libFuzzer: scenario text as raw bytes, NUL and control bytes included (the
 * text harness, fuzz_scenario, stops at the first NUL). The first byte, when
 * odd, plants a control byte chosen by the second at a place chosen by the
 * third, so a valid seed scenario meets them too. scenario_check_text must
 * refuse any NUL or control byte but whitespace, naming a line within the
 * text, and accept everything else; an accepted text builds or is refused
 * like its C string. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "invariants.h"
#include "scenario.h"

static int plain(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((p[i] < 0x20 && !(p[i] >= '\t' && p[i] <= '\r')) || p[i] == 0x7f)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    size_t n = size - 3;
    unsigned char *text = malloc(n + 1);
    if (!text)
        abort();
    memcpy(text, data + 3, n);
    text[n] = 0;
    if ((data[0] & 1) && n > 0)
        text[data[2] % n] = (unsigned char)(data[1] % 0x20 == '\n' ? 0x7f : data[1] % 0x20);
    char err[512] = "";
    int rc = scenario_check_text((const char *)text, n, err, sizeof err);
    if (rc == 0 && !plain(text, n)) {
        fprintf(stderr, "scenario_check_text accepted a control byte\n");
        abort();
    }
    if (rc != 0) {
        int line = 0, lines = 1;
        for (size_t i = 0; i < n; i++)
            lines += text[i] == '\n';
        if (plain(text, n) || sscanf(err, "line %d:", &line) != 1 || line < 1 || line > lines) {
            fprintf(stderr, "scenario_check_text: '%s' for a text of %d lines\n", err, lines);
            abort();
        }
    } else {
        Session *s = fuzz_session();
        static Game g;
        if (scenario_build(&g, &s->rules, (const char *)text, err, sizeof err) == 0 && !strstr((char *)text, "unchecked") &&
            invariants_check(&g, err, sizeof err) != 0) {
            fprintf(stderr, "scenario built a position that fails its invariants: %s\n", err);
            abort();
        }
    }
    free(text);
    return 0;
}
