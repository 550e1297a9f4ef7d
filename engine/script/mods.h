/* Mods: folders mods/<name>/ whose mod.lua declares a manifest and registers
 * event handlers with on(), loaded into a session after scripts/ and before
 * the event registry is frozen. Written for mod authors in docs/modding.md.
 *
 * Contract:
 * - A mod's name is its folder's name: 1-63 characters from [a-z0-9_-].
 * - mod.lua returns the manifest table, or sets the global `manifest` to it:
 *     { name = "<folder name>", version = "1.0",
 *       description = "optional text", depends = { "other_mod", ... } }
 *   Unknown manifest fields are an error (they are usually typos).
 * - Every file of a mod runs in one sandbox environment of its own (the same
 *   allow-list as scripts/), where `require(modname)` loads and caches
 *   mods/<name>/<modname>.lua (text only; a module name is letters, digits
 *   and _, so it never names another folder) and `on(event, fn [, priority])`
 *   registers a handler. mod.lua and every module must be regular files of at
 *   most SCRIPT_MAX_FILE bytes: a symbolic link is refused (it could lead out
 *   of the folder), and so is a FIFO or a device.
 * - Dependencies are enabled with the mod that needs them. Handlers are
 *   registered in dependency order (a mod after everything it depends on,
 *   otherwise in the order asked for), so at equal priority a dependency's
 *   handler runs first. An unknown dependency or a cycle fails the load.
 * - A handler that raises an error (or runs out of its instruction budget or
 *   memory) disables its mod in that game only (Game.mods_disabled, part of
 *   the game's state, so a bot's look-ahead clone never disables a mod of the
 *   real game): the game and the event's fields go back to what they were
 *   just before that handler ran, the mod's handlers no longer run in that
 *   game, Game.script_errors counts the failure, and for the session's own
 *   game the error is reported on stderr with the seed, turn and event
 *   (session_script_error).
 * - A mod's hash is FNV-1a (64-bit), written as 16 lowercase hex digits, over
 *   the number of files (8 bytes, little-endian) and then, for each regular
 *   file of the folder whose name does not start with '.', in bytewise name
 *   order: the name, a NUL byte, the size (8 bytes, little-endian) and the
 *   contents. Names and sizes mark the boundaries, so moving bytes from one
 *   file to the next, or renaming a file, changes the hash. Symbolic links and
 *   subfolders are neither hashed nor loaded. The hash detects changes; it is
 *   not a signature (FNV is not built to resist a forger). Saves carry each
 *   enabled mod's name and hash. */
#ifndef VQ_MODS_H
#define VQ_MODS_H

#include <stdint.h>

#include "save.h"

#define MODS_MAX SAVE_MAX_MODS
#define MODS_MAX_DEPENDS 8
#define MODS_NAME_LEN 64
/* What one mod may do beyond the per-call budget (docs/reliability.md): the
 * instructions of all its calls in one outermost event (nested events
 * included), and from one decision to the next (handlers, offers, labels,
 * answers, actions); and the handlers it may register with on(). */
#define MODS_EVENT_INSTRUCTIONS 3000000u
#define MODS_DECISION_INSTRUCTIONS 6000000u
#define MODS_MAX_HANDLERS 256

typedef struct ModInfo {
    char name[MODS_NAME_LEN];
    char version[32];
    char description[200];
    int  depend_count;
    char depends[MODS_MAX_DEPENDS][MODS_NAME_LEN];
    char hash[17];          /* 16 hex digits */
    int  index;             /* its position in ModSet.mod: its bit in Game.mods_disabled */
    char error[1024];       /* the last failure that disabled it in a game, "FILE:LINE: message" and a traceback */
    int  state_ref;         /* Lua registry: the mod's env, module cache, handlers */
    int  active;            /* calls into the mod under way (handlers, answers, actions), nested */
    int  queries;           /* it handles a query event (asked while options are listed) */
    struct Session *session;
} ModInfo;

typedef struct ModSet {
    int count;
    ModInfo mod[MODS_MAX];  /* in the order asked for, then dependencies found */
    int order[MODS_MAX];    /* load order: mod[order[0]] first, each after its dependencies */
} ModSet;

struct Session;

/* Loads the comma-separated mods of `list` ("a,b"; NULL or "" loads none)
 * from <root>/mods/, with their dependencies, into the session's Script and
 * fills s->mods. Call after scripts/ loaded and before script_freeze.
 * Errors name the mod and the file: "mod 'x': mods/x/mod.lua:3: ...". */
int mods_load(struct Session *s, const char *list, char *err, int errlen);

/* Checks the syntax of a list for --mods; 0 or -1 with a message. */
int mods_check_list(const char *list, char *err, int errlen);

/* Forgets the errors of the last game (a new game). */
void mods_reset(ModSet *m);

/* A call into mod mi on game g (in_event: 1 in an event, 2 while a
 * decision's actions are listed, which counts as one event; 0 otherwise):
 * mods_work_begin gives it what is left of the mod's work in the event (or
 * listing) and, unless the call may only read the game, in
 * the decision (lsandbox.h sb_share); the call that passes it fails with
 * "instruction budget exceeded (mod 'x': 3000000 per event)". mods_work_end
 * counts what the call used. Calls that may only read (query events,
 * offers, words) are made as often as a front end lists or draws a
 * decision, so they never count towards the decision: what switches a mod
 * off depends on the game alone, and a replay meets it at the same point. */
struct SbShare;
void mods_work_begin(const ModInfo *mi, const struct Game *g, int in_event, struct SbShare *out);
void mods_work_end(const ModInfo *mi, struct Game *g, int in_event, const struct SbShare *share);

/* Whether mod `mi` has been disabled in game g. */
int mods_disabled(const struct Game *g, const ModInfo *mi);

/* The content hash of the folder dir, as 16 hex digits into out. */
int mods_hash_folder(const char *dir, char out[17], char *err, int errlen);

const ModInfo *mods_find(const ModSet *m, const char *name);

/* Writes the enabled mods into meta->mods: all of m, disabled or not (a
 * replay disables them again at the same point), in m->mod order, which is
 * the order their mod.lua files ran. Loading that list again runs them in
 * the same order, so game.slot hands out the same variables. */
void mods_to_save(const ModSet *m, SaveMeta *meta);

/* Refuses a save whose mods differ from m: a mod missing on either side, a
 * mod whose hash changed, or the same mods in another order. The message
 * names the mod. */
int mods_check_save(const ModSet *m, const SaveMeta *meta, char *err, int errlen);

/* The mod names of a save as a list for mods_load ("a,b"). */
void mods_list_of_save(const SaveMeta *meta, char *out, int outlen);

#endif
