/* A session ties the pieces a game needs: the rules from content/, the Lua
 * rules layer (scripts/ and enabled mods) hooked into the core's events, and
 * a game with its action log.
 *
 * Contract: session_open loads everything or fails with a message naming the
 * file; after it returns 0 the event registry is frozen. One session may run
 * many games in turn (session_new_game resets the game and the log). */
#ifndef VQ_SESSION_H
#define VQ_SESSION_H

#include "game.h"
#include "mods.h"
#include "script.h"

#define SESSION_MAX_SCRIPTS 64
#define SESSION_PATH 512

typedef struct Session {
    char root[SESSION_PATH];   /* folder holding content/ and scripts/ */
    Rules rules;
    Script *script;
    Game game;
    ActionLog log;
    Game *current;             /* the game whose event is being handled */
    ScriptEvent *event;        /* the event being handled (mods restore its fields on failure) */
    ModSet mods;               /* enabled mods (mods.h), loaded in mods.order */
    int read_only;
    char deal[512];            /* session_set_deal */
    char hold[MAX_PLAYERS][512];   /* session_set_hold, by seat */
    int cards_frozen;          /* set once scripts/powers has loaded */
    /* What card{} declared beyond the rules' numbers, by card index: for docs. */
    struct SessionCardDoc {
        char text[600];
        char ruling[600];
        char chunk[96];        /* the script that declared the card */
    } card_docs[MAX_POWER_CARDS];             /* handling a query event: bindings must not change the game */
    int slot_count;            /* game.var slots handed out while scripts load */
    char slots[64][32];
    int tag_count;             /* names of script questions (game.ask tags), by id */
    char tags[64][32];
    int script_count;
    char scripts[SESSION_MAX_SCRIPTS][160];   /* loaded script paths, relative to root */
    uint32_t params_read;      /* bit i: game.param read GameOptions.params[i] of a game (reports warn
                                  of a parameter no rule reads); the front end clears it */
} Session;

/* The rules version written into saves; change it when the rules' meaning changes. */
#define RULES_VERSION "base-1"

int  session_open(Session *s, const char *root, char *err, int errlen);
/* Same, then loads the comma-separated mods of `mods` ("a,b"; NULL or "" for
 * none) from root/mods/ with their dependencies, before the registry freezes.
 * session_new_game enables every mod again (see mods.h). */
int  session_open_mods(Session *s, const char *root, const char *mods, char *err, int errlen);
void session_close(Session *s);
int  session_new_game(Session *s, const GameOptions *opts, uint64_t seed, char *err, int errlen);
/* Power cards by name (comma separated) to deal to the grid first in the games
 * this session starts (GameOptions.deal); NULL or "" for none. The names are
 * checked when a game starts: an unknown name fails session_new_game. */
void session_set_deal(Session *s, const char *names);
/* Power cards by name (comma separated) that seat `player` holds from the
 * start in the games this session starts (GameOptions.hold); NULL or "" for
 * none. Checked like session_set_deal's names when a game starts. */
void session_set_hold(Session *s, int player, const char *names);
/* The hooks to give a Game (or a clone) so its events reach this session's scripts. */
const GameHooks *session_hooks(void);

/* Id of a game.ask tag name, interning it on first use; -1 when the table is full. */
int session_tag(Session *s, const char *name);

/* Finds the data root: $VOLCANIQUE_ROOT, else the folder above the executable's
 * bin/, else the current directory. Writes it into out. */
void session_default_root(char *out, int outlen);

#endif
