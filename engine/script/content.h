/* Loading the base game's data from the content folder (*.lua files) into a Rules value.
 *
 * Each content file is a Lua chunk that returns one table. It runs with no
 * libraries and no globals (data only), as text, under the limits of rules
 * scripts (script.h: memory cap, instruction budget, string cap, time limit,
 * SCRIPT_MAX_FILE bytes per file); a file that exceeds one is refused with a
 * message naming it.
 * Contract: returns 0 with *out filled and validated, or -1 with a message
 * naming the file and the field ("content/costs.lua: duo.any: expected a
 * whole number 0..15, got string"). */
#ifndef VQ_CONTENT_H
#define VQ_CONTENT_H

#include "rules.h"

int content_load_rules(const char *content_dir, Rules *out, char *err, int errlen);

#endif
