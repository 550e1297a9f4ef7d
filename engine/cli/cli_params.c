/* --set NAME=V1,V2,...: parameters for the scripts' game.param (cli.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int set_error(const char *val, const char *why)
{
    fprintf(stderr, "volcanique: --set: %s, got '%s' (expected NAME=VALUE or NAME=V1,V2,... where NAME is a "
            "lowercase letter then letters, digits or _)\n", why, val);
    return -1;
}

int cli_parse_set(const char *val, GameOptions *o, CliSweep *sweep)
{
    const char *eq = val ? strchr(val, '=') : NULL;
    if (!eq)
        return set_error(val ? val : "", "no '='");
    char name[PARAM_NAME_LEN + 8];
    snprintf(name, sizeof name, "%.*s", (int)(eq - val), val);
    if (!game_param_name_ok(name))
        return set_error(val, "not a parameter name");
    if (game_param_find(o, name) >= 0)
        return set_error(val, "the parameter is given twice");
    if (o->param_count >= MAX_PARAMS)
        return set_error(val, "too many parameters (at most 8)");
    double values[CLI_MAX_SWEEP];
    int n = 0;
    for (const char *p = eq + 1;; p++) {
        char *end;
        double v = strtod(p, &end);
        if (end == p || (*end && *end != ',') || !isfinite(v))
            return set_error(val, "a value is not a number");
        if (n == CLI_MAX_SWEEP)
            return set_error(val, "more than 32 values");
        values[n++] = v + 0.0;   /* no negative zero: -0 and 0 are one value */
        p = end;
        if (!*p)
            break;
    }
    if (n > 1) {
        if (sweep->name[0]) {
            fprintf(stderr, "volcanique: --set: only one parameter may take several values (%s already does)\n",
                    sweep->name);
            return -1;
        }
        snprintf(sweep->name, sizeof sweep->name, "%.*s", PARAM_NAME_LEN - 1, name);
        sweep->count = n;
        memcpy(sweep->values, values, (size_t)n * sizeof *values);
    }
    GameParam *gp = &o->params[o->param_count++];
    snprintf(gp->name, sizeof gp->name, "%.*s", PARAM_NAME_LEN - 1, name);
    gp->value = values[0];
    return 0;
}
