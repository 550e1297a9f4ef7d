/* Saves: versioned JSON holding what replays a game (options, seed, the action
 * log) plus checks (rules hash, state hash) and a readable snapshot.
 *
 * Format "volcanique-save", format_version 1. Keys, in this order:
 *   "format": "volcanique-save"
 *   "format_version": 1
 *   "rules_version": string given by the caller (SaveMeta)
 *   "rules_hash": 16 lowercase hex digits of rules_hash()
 *   "options": {"players", "setup_variation", "variant"}, and only when used: "deal"
 *           (card indices), "hold" (card indices per seat), "params"
 *           ([{"name", "value"}, ...], GameOptions.params in order)
 *   "mods": [{"name", "hash"}, ...] given by the caller, may be empty
 *   "cards": [{"name", "from"}, ...] each power card and the file that declared
 *           it, given by the caller; written only when given
 *   "seed": the 64-bit seed as a string of decimal digits ("18446744073709551615"),
 *           always a string so every value is exact in any JSON reader.
 *           (The reader also accepts a non-negative JSON integer.)
 *   "actions": [[verb, sub, q, r, subject, pay], ...] one per logged Option, the
 *           cell as axial q, r (both null for NO_CELL)
 *   "snapshot": a readable description of the state; informative only, never
 *           read back (the state_hash is the check)
 *   "state_hash": 16 lowercase hex digits of game_hash()
 *   "scenario": only for a game started from a scenario: its text (scenario.h);
 *           the replay starts with scenario_start instead of game_init
 * Readers ignore keys they do not know. The bytes written for a given game,
 * log and meta are always the same (fixed key order, fixed layout).
 *
 * A replay is a save played from its seed: save_restore. Loading never trusts
 * the snapshot; it replays the actions and compares hashes.
 *
 * Contract for every function taking `char *err, int errlen`: 0 on success,
 * -1 on failure with a NUL-terminated message in err (err may be NULL when
 * errlen is 0). No input text, however malformed, makes them crash. */
#ifndef VQ_SAVE_H
#define VQ_SAVE_H

#include <stdint.h>

#include "game.h"

#define SAVE_FORMAT "volcanique-save"
#define SAVE_FORMAT_VERSION 1
#define SAVE_MAX_MODS 16
#define SAVE_SEATS_LEN 160
#define SAVE_MAX_BYTES (64 << 20)  /* save_read_file refuses larger files, before reading */
/* save_parse and save_read_file refuse a save whose parse would hold more
 * memory than this (about 400,000 actions; a real game has a few hundred). */
#define SAVE_MAX_PARSE_MEMORY (128 << 20)

typedef struct SaveMod {
    char name[64];
    char hash[17];   /* as given by the mod loader, at most 16 characters */
} SaveMod;

/* Where a power card of the game was declared: informative, for a reader
 * wondering which mod a card came from (the rules hash is the check). */
typedef struct SaveCard {
    char name[NAME_LEN];
    char from[96];   /* the declaring file, "scripts/powers/NAME.lua" or "mods/NAME/FILE" */
} SaveCard;

typedef struct SaveMeta {
    char rules_version[32];
    int mod_count;                   /* 0..SAVE_MAX_MODS */
    SaveMod mods[SAVE_MAX_MODS];
    int card_count;                  /* 0..MAX_POWER_CARDS; 0 writes no "cards" key */
    SaveCard cards[MAX_POWER_CARDS];
    char seats[SAVE_SEATS_LEN];      /* who plays each seat, in the front ends' words ("human,mcts:200"),
                                        or "": no "seats" key. The core keeps it as it is */
    char *scenario;                  /* the scenario text the game started from, or NULL (game_init).
                                        Writing: the caller's; in a LoadedSave: malloc'd, freed by
                                        loaded_save_free */
} SaveMeta;

/* What a save holds, parsed and range-checked. `log` is malloc'd: free it
 * with loaded_save_free. */
typedef struct LoadedSave {
    GameOptions options;
    uint64_t seed;
    ActionLog log;
    uint64_t state_hash;
    uint64_t rules_hash;
    SaveMeta meta;
} LoadedSave;

/* FNV-1a over a canonical walk of every Rules field (hash.c). */
uint64_t rules_hash(const Rules *r);

/* The save text of `g`. `log` is every option applied since game_init (NULL:
 * g->log; if that is NULL too, no actions). `meta` may be NULL (empty rules
 * version, no mods). Returns a malloc'd string, or NULL when out of memory. */
char *save_to_string(const Game *g, const ActionLog *log, const SaveMeta *meta);

/* Writes the save atomically: to "<path>.tmp", fsync, rename(2) over path,
 * fsync of the directory. On failure the file at path is left as it was. */
int save_write_file(const char *path, const Game *g, const ActionLog *log, const SaveMeta *meta,
                    char *err, int errlen);

/* Parses and checks a save: JSON syntax (line and column), format and version,
 * every field's presence, type and range (named by path, e.g.
 * "actions[12][3]: expected an integer or null"). On success `out` owns a log;
 * on failure `out` holds nothing to free (it is zeroed). */
int save_parse(const char *text, LoadedSave *out, char *err, int errlen);
/* Same, from a file: a regular file of at most SAVE_MAX_BYTES, checked before
 * any of it is read (NUL bytes are a syntax error). Memory stays within the
 * file's size plus SAVE_MAX_PARSE_MEMORY whatever the file holds. */
int save_read_file(const char *path, LoadedSave *out, char *err, int errlen);
void loaded_save_free(LoadedSave *ls);

/* Rebuilds the game a save describes: checks ls->rules_hash against `rules`,
 * game_init with ls->options and ls->seed (scenario_start with the save's
 * scenario, options and seed when it has one), then replays every action with
 * game_apply_option, and finally compares game_hash with ls->state_hash.
 *
 * `log` is the caller's ActionLog that the restored game records into: its old
 * contents are discarded, and on success it holds the replayed actions and
 * g->log == log, so play can go on and be saved again. `log` may be NULL (the
 * game then records nothing). On failure *g is a valid game stopped where the
 * replay stopped (g->log still points at `log`, if given).
 * Errors: "the save was made with different rules (content or mods changed)",
 * "action N (verb, turn T) is not legal at that point: ..." (N indexes "actions"),
 * "state hash mismatch: the save is damaged or the rules changed".
 * Never writes any file. */
int save_restore(Game *g, const Rules *rules, const LoadedSave *ls, ActionLog *log,
                 const GameHooks *hooks, void *hooks_ud, char *err, int errlen);
/* save_restore without its two checks (rules hash, state hash): plays the
 * save's actions under `rules`, whatever rules the save was made with, so
 * that a changed script can be tried on a game in progress (hot reload). The
 * same errors otherwise, with the turn of the action that no longer fits:
 * "action N (verb, turn T) is not legal at that point: ...". */
int save_replay(Game *g, const Rules *rules, const LoadedSave *ls, ActionLog *log,
                const GameHooks *hooks, void *hooks_ud, char *err, int errlen);

#endif
