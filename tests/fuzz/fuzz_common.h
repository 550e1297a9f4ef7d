/* Shared pieces of the libFuzzer harnesses (tests/fuzz/fuzz_*.c): where the
 * shipped data lives, and one session with the shipped rules and scripts. */
#ifndef VQ_FUZZ_COMMON_H
#define VQ_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "session.h"

/* $VOLCANIQUE_ROOT, else the current directory (the repository's root). */
const char *fuzz_root(void);
/* A session over the shipped content and scripts, opened once (no mods).
 * Exits the process with a message if the data cannot be loaded. */
Session *fuzz_session(void);
/* Aborts (a fuzzer failure) when s's own game met a script error, printing
 * `what` and the error's message: the shipped scripts must cope with every
 * game the engine lets happen. */
void fuzz_no_script_error(const Session *s, const char *what);
/* A malloc'd NUL-terminated copy of the input. */
char *fuzz_text(const uint8_t *data, size_t size);
/* A new folder under /tmp (exits on failure); the caller owns the string. */
char *fuzz_temp_dir(const char *what);
/* Writes text to dir/name (exits on failure). */
void fuzz_write(const char *dir, const char *name, const char *text, size_t len);

/* A root under /tmp made once: the shipped content/, empty scripts/ (no rules
 * scripts, for speed) and mods/f/ for the input's mod. */
const char *fuzz_mod_root(void);
/* Writes mods/f/mod.lua (text[0..len)) under fuzz_mod_root and opens a
 * session with mod f; 0 when it loaded (s is then open and quiet), -1 when
 * it was refused (a refusal is no failure). */
int fuzz_open_mod(Session *s, const char *text, size_t len);
/* Starts a 3-player game and plays up to `decisions` random choices with the
 * invariants checked after each: a broken invariant aborts (a failure). */
void fuzz_play(Session *s, int decisions);

/* A Lua text written from the input's bytes, for the fuzzers that build
 * mods (fuzz_events, fuzz_state): each choice takes the next byte. */
#define FUZZ_GEN_TEXT 16384
typedef struct FuzzGen {
    const uint8_t *data;
    size_t size, at;
    char text[FUZZ_GEN_TEXT];
    size_t len;
} FuzzGen;

/* Starts g over the input, with an empty text. */
void fuzz_gen_start(FuzzGen *g, const uint8_t *data, size_t size);
/* The next byte of the input; 0 once it is used up. */
unsigned fuzz_gen_byte(FuzzGen *g);
/* Appends s[0..n) to the text when it fits (else nothing); the text stays
 * NUL-terminated. */
void fuzz_gen_put(FuzzGen *g, const char *s, size_t n);

#endif
