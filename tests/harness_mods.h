/* Throw-away rules roots for tests of mods: the shipped content/ linked in,
 * empty scripts/ folders, and mods/ the test writes file by file. Required
 * for: the mod tests of tests/script/ (test_mods.c, test_hostile_mods.c,
 * test_frozen_state.c, ...). */
#ifndef VQ_HARNESS_MODS_H
#define VQ_HARNESS_MODS_H

#include <stdbool.h>
#include <stddef.h>

struct Session;

/* Makes a new root under /tmp (its path into root); fails the test if it cannot. */
void th_mods_root_make(char *root, size_t len);
/* Writes root/mods/<mod>/<file>, making the mod's folder. */
void th_mods_put(const char *root, const char *mod, const char *file, const char *text);
/* Removes the root and everything in it. */
void th_mods_root_remove(const char *root);
/* session_open_mods with the mods listed (comma separated), quiet on success. */
int  th_mods_open(struct Session *s, const char *root, const char *mods, char *err, int errlen);
/* Writes root/mods/<mod>/mod.lua = text and opens that mod: true when it is
 * refused (the reason in err), false when it loaded (then closed again). */
bool th_mods_refuses(const char *root, const char *mod, const char *text, char *err, int errlen);
/* Plays option 0 until turn `turn` begins or the game ends (at most 5000
 * decisions); every decision must apply. */
void th_mods_play_to_turn(struct Session *s, int turn);

#endif
