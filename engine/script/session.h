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
#include "query.h"
#include "script.h"

#define SESSION_MAX_SCRIPTS 64
#define SESSION_OPTION_LISTS 16   /* lgame_check_option: lists a session interns */
#define SESSION_OPTION_NAMES 24   /* ... and names a list may have to be interned */
#define SESSION_MAX_FIELDS 160
#define SESSION_PATH 512

/* Every script file that declared something while loading: base scripts
 * (mod -1) and mods' files (mod: index in ModSet.mod). A dropped chunk's
 * declarations are inert: its card was replaced or removed by a mod. */
#define SESSION_MAX_CHUNKS 128
typedef struct SessionChunk {
    char name[160];
    int mod;
    int dropped;
} SessionChunk;

/* A question declared with game.question (its id is its index). */
#define SESSION_MAX_QUESTIONS 128
typedef struct SessionQuestion {
    int chunk;
    int ref;                   /* Lua registry: the declaration table */
    char name[48];
    int ctx_count;
    char ctx_name[ASK_CONTEXT][24];
    uint8_t ctx_places;        /* bit i: context value i is a place */
    uint8_t can_pass;
    uint64_t fired;            /* answers handled (rule coverage) */
} SessionQuestion;

/* An action declared with game.action (its id is its index; VERB_ACTION sub). */
#define SESSION_MAX_ACTIONS 64
/* What a deciding player must have before a script is asked for offers
 * (lgame_needs.c): at least `resources` in total, `crater` critters in the
 * crater and `hand` in hand, `lava` lava on the board, room in the crater, a
 * purchase left this turn (the active player), and holding the card or not.
 * A count is a number, or the number of a rule (game.rule) read when checked. */
enum { SESSION_NEEDS_ANY_HOLDER, SESSION_NEEDS_HOLDER, SESSION_NEEDS_NOT_HOLDER };
typedef struct SessionCount {
    uint8_t at_least;          /* 0: no need (all zero: no need at all) */
    uint16_t rule;             /* > 0: the Rules byte at offset rule - 1 instead */
} SessionCount;
typedef struct SessionNeeds {
    SessionCount resources, crater, hand, lava;
    uint8_t crater_room;
    uint8_t purchase;
    uint8_t holder;            /* SESSION_NEEDS_* */
} SessionNeeds;

typedef struct SessionAction {
    int chunk;
    int ref;                   /* Lua registry: the declaration table */
    char name[48];
    uint32_t at;               /* bit k: offered at decisions of kind k */
    int card;                  /* offered only while this card is in play; -1 always */
    char card_name[NAME_LEN];  /* resolved at freeze */
    uint8_t uses_move;         /* taking it uses one of the turn's critter moves */
    uint8_t holder;            /* offered only to a deciding player who holds `card` */
    int uses;                  /* offered only while this game.uses counter has a use left; -1 always */
    SessionNeeds needs;        /* offered only to a deciding player who has these */
    uint64_t fired;            /* times performed (rule coverage) */
} SessionAction;

/* game.uses counters: a power's uses within a turn, over game.state slots
 * (lgame_uses.c). Slots are player 0's; player p's are `stride` further. */
#define SESSION_MAX_USES 64
typedef struct SessionUses {
    int chunk;
    char card_name[NAME_LEN];  /* resolved at freeze */
    int card;                  /* -1: none resolved */
    int per_turn;              /* uses a holder has each turn; -1: unlimited (LGAME_USES_UNLIMITED) */
    int bolts_turn, bolts_count, spent_turn, spent_count, stride;
} SessionUses;

/* game.state declarations, compiled: a tree of nodes over Game.state slots. */
enum { STATE_INT, STATE_BOOL, STATE_PLACE, STATE_RECORD, STATE_PER_PLAYER, STATE_LIST };
#define SESSION_MAX_STATE_NODES 512
typedef struct StateNode {
    uint8_t kind;              /* STATE_* */
    uint16_t size;             /* slots it spans */
    uint16_t of;               /* PER_PLAYER, LIST: the element's node */
    uint16_t cap;              /* LIST: most elements (slot 0 holds the length) */
    uint16_t first, count;     /* RECORD: its fields in state_fields */
    uint16_t offset;           /* as a record's field: its slot within the record */
    int32_t def;               /* INT, BOOL: the value it starts with */
    char name[24];             /* as a record's field: its name */
} StateNode;

typedef struct Session {
    char root[SESSION_PATH];   /* folder holding content/ and scripts/ */
    Rules rules;
    Script *script;
    Game game;
    ActionLog log;
    Game *current;             /* the game whose event is being handled */
    ScriptEvent *event;        /* the event being handled (mods restore its fields on failure) */
    int event_id;              /* its EventId, or -1 outside events (for error reports) */
    ModSet mods;               /* enabled mods (mods.h), loaded in mods.order */
    int read_only;             /* handling a query: bindings must not change the game */
    int listing;               /* listing the actions' offers: they share one budget per mod (mods.h) */
    char deal[512];            /* session_set_deal */
    char hold[MAX_PLAYERS][512];   /* session_set_hold, by seat */
    int loading_cards;         /* card{} is allowed (while scripts and mods load) */
    /* What card{} declared beyond the rules' numbers, by card index: for docs. */
    struct SessionCardDoc {
        char text[1000];
        char ruling[1400];
        char chunk[96];        /* the script that declared the card */
        int chunk_index;       /* the same, as an index of chunks[] */
        int bolt_offer_ref;    /* registry ref of card{}.bolt_offer, or 0 */
        SessionNeeds bolt_needs;   /* card{}.bolt_needs: checked before bolt_offer */
    } card_docs[MAX_POWER_CARDS];
    ScriptEventDef event_defs[EV_COUNT];           /* the catalogue as scripts see it */
    ScriptFieldDef field_defs[SESSION_MAX_FIELDS];
    ScriptNames reason_names;                       /* end reasons, growing as scripts register */
    int chunk_count;
    SessionChunk chunks[SESSION_MAX_CHUNKS];
    int critter_mark_chunk[MAX_CRITTER_MARKS];      /* the chunk that declared each mark */
    int cell_mark_chunk[MAX_CELL_MARKS];
    int removed_count;                              /* cards mods took out (remove_card) */
    char removed[MAX_POWER_CARDS][NAME_LEN];
    int question_count;
    SessionQuestion questions[SESSION_MAX_QUESTIONS];
    int action_count;
    int uses_count;
    SessionUses uses[SESSION_MAX_USES];
    SessionAction actions[SESSION_MAX_ACTIONS];
    char cover_names[SESSION_MAX_ACTIONS + SESSION_MAX_QUESTIONS][56];   /* "action:NAME", "answer:NAME" */
    /* script_wants_summary of every event and the actions offered at each
     * decision kind, read at freeze (the games'
     * GameListening: the core answers most listens from it). */
    GameListening listening;
    int state_node_count;
    StateNode state_nodes[SESSION_MAX_STATE_NODES];   /* record fields are consecutive nodes */
    int end_reason_names_count;
    const char *end_reason_names[MAX_END_REASONS];   /* Rules.end_reasons, for event fields */
    /* Script errors met by the session's own game (clones count theirs in
     * Game.script_errors only): the first, in full, and how many. */
    char error[1600];
    int error_count;
    int quiet;                 /* 1: do not print script errors on stderr */
    int script_count;
    char scripts[SESSION_MAX_SCRIPTS][160];   /* loaded script paths, relative to root */
    /* lgame_view's cache: the View of view_game, good while script_call_epoch
     * and `effects` still read view_epoch and view_effects. */
    View view;
    const Game *view_game;
    uint64_t view_epoch, view_effects;
    uint64_t effects;          /* effects begun (lgame_mutable): a View read before one is stale */
    void *offering;            /* the offers being listed (lgame_action.c), while an action's offers run */
    int key_ref[16];           /* registry refs of lgame.h's LgameKey names */
    /* lgame_check_option's option lists, each name's interned text (kept
     * alive by the registry table names_ref) by its address. */
    struct SessionOptionList {
        const char *const *list;
        int n;
        const char *text[SESSION_OPTION_NAMES];
    } option_lists[SESSION_OPTION_LISTS];
    int option_list_count, names_ref;
    int walk_step_ref, walk_meta_ref;   /* registry refs of the walks' iterator and metatable (lgame_walk.c) */
    /* Room for a reader's list of options (game.move_targets, game.volcano_targets):
     * the session's own, so that sessions on different threads share nothing. */
    Option option_scratch[MAX_OPTIONS];
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
/* The card bitmask of a comma-separated list of power card names (blanks
 * around a name ignored; NULL or "" for none); -1 with a message naming the
 * unknown card, `what` naming where the list came from (e.g. "--deal"). */
int  session_cards_mask(const Session *s, const char *list, const char *what, uint64_t *mask, char *err,
                        int errlen);
/* What a save of this session's game records besides the game: the rules
 * version, the enabled mods with their hashes, and each power card with the
 * file that declared it. Leaves meta->scenario NULL. */
/* Refuses a save whose "cards" list (when it has one) is not the session's:
 * another count, or a card with another name or declared by another file.
 * The message names the first difference. */
int session_check_save_cards(const Session *s, const SaveMeta *meta, char *err, int errlen);
void session_save_meta(const Session *s, SaveMeta *meta);
/* The hooks to give a Game (or a clone) so its events reach this session's scripts. */
const GameHooks *session_hooks(void);

/* Records a script error of game g met in `what` (an event's name, or what
 * the script was asked: "question 'x'", "action 'y'"): counts it and, for the
 * session's own game, keeps the first in s->error and prints it on stderr
 * (unless quiet) as "volcanique: script error: FILE:LINE: message" with the
 * seed, turn, player and event, and the traceback when there is one. */
void session_script_error(Session *s, const Game *g, const char *what, const char *message);
/* Rule coverage: every handler (script_fire_counts), then every action
 * (event "action:NAME": times performed) and every question ("answer:NAME":
 * answers handled), in declaration order. Same contract as
 * script_fire_counts; strings belong to the session. */
int  session_fire_counts(const Session *s, ScriptFireCount *out, int max);
void session_reset_fire_counts(Session *s);
/* Whether a mod took the card of that name out of the game (remove_card):
 * scripts may still name it, and find it never in play. */
bool session_card_removed(const Session *s, const char *name);

/* Opens fresh like s: the same root, the same mods in the same order, the
 * same cards dealt and held by name; quiet. 0, or -1 with err. */
int  session_open_like(Session *fresh, const Session *s, char *err, int errlen);
/* Starts s->game again as a game of another session was started
 * (session_new_game with its options and seed, a scenario, ...). 0 or -1 with err. */
typedef int (*SessionStartFn)(Session *s, void *ud, char *err, int errlen);
/* The determinism check (session_alone.c): plays a game of s again alone, in
 * a fresh session of s's root, mods (same order), deal and holds, started by
 * start(fresh, ud), applying actions[0..n) and comparing the state hash at
 * the start with hashes[0] and after action k with hashes[k + 1] (the hashes
 * the game had in s). Returns 0 when every hash matches, else -1 with err
 * naming the first action after which the game alone differs (or which is
 * not legal alone). */
int  session_replay_alone(const Session *s, SessionStartFn start, void *ud, const Option *actions,
                          const uint64_t *hashes, int n, char *err, int errlen);

/* The names of the *.lua files of folder dir (at most max), malloc'd, in
 * bytewise order; how many, or -1 when dir cannot be opened. */
int  session_lua_files(const char *dir, char **names, int max);

/* Finds the data root: $VOLCANIQUE_ROOT, else the folder above the executable's
 * bin/, else the current directory. Writes it into out. */
void session_default_root(char *out, int outlen);

#endif
