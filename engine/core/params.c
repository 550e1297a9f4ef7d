/* Named parameters of a game (GameOptions.params): the numbers --set gives
 * rules scripts and mods, read with game.param. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

bool game_param_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= PARAM_NAME_LEN || name[0] < 'a' || name[0] > 'z')
        return false;
    for (size_t i = 1; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
            return false;
    return true;
}

int game_param_find(const GameOptions *o, const char *name)
{
    for (int i = 0; i < o->param_count && i < MAX_PARAMS; i++)
        if (strncmp(o->params[i].name, name, PARAM_NAME_LEN) == 0)
            return i;
    return -1;
}

int game_params_check(const GameOptions *o, char *err, int errlen)
{
    if (o->param_count > MAX_PARAMS) {
        snprintf(err, (size_t)errlen, "parameters: %d given, at most %d", o->param_count, MAX_PARAMS);
        return -1;
    }
    for (int i = 0; i < o->param_count; i++) {
        const GameParam *p = &o->params[i];
        if (!memchr(p->name, 0, PARAM_NAME_LEN) || !game_param_name_ok(p->name)) {
            snprintf(err, (size_t)errlen, "parameter '%.*s': a name is a lowercase letter, then letters, digits "
                     "or _, at most %d characters", PARAM_NAME_LEN - 1, p->name, PARAM_NAME_LEN - 1);
            return -1;
        }
        if (!isfinite(p->value)) {
            snprintf(err, (size_t)errlen, "parameter '%s': the value must be a finite number", p->name);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(o->params[j].name, p->name) == 0) {
                snprintf(err, (size_t)errlen, "parameter '%s' is given twice", p->name);
                return -1;
            }
    }
    return 0;
}
