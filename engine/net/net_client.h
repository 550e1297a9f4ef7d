/* The C client of the table protocol (docs/protocol.md): a connection to a
 * `volcanique serve` that joins a seat (or watches, or stays in the lobby),
 * hands the caller each state as a Game it can draw, sends moves, and comes
 * back by itself when the server goes away.
 *
 * Contract:
 *  - A NetHub is one libwebsockets context served by one background thread
 *    it owns; it may carry many clients (a front end uses one, the bench
 *    hundreds). Everything lws does happens on that thread. The functions
 *    below may be called from any one other thread (the caller's); events
 *    are delivered to it in order through net_hub_next / net_client_next.
 *  - net_client_open takes a link as the server hands them out:
 *      http://HOST:PORT/#table=ID&seat=A&token=T   plays seat A
 *      http://HOST:PORT/#table=ID                  watches the table
 *      http://HOST:PORT/                           the lobby (send requests
 *                                                  with net_client_send_json)
 *    (https:// for TLS; a path before '#' is kept, for servers behind a
 *    proxy). It returns at once; the connection opens on the hub's thread.
 *  - On every (re)connection the client says hello, then joins or watches
 *    the link's table itself. Each time it receives joined (NET_EV_JOINED),
 *    the rules (NET_EV_RULES) and a full state (NET_EV_STATE) whose story
 *    starts at line 0: a caller may simply replace what it shows with every
 *    NET_EV_STATE and, on story.from == 0, restart its story.
 *  - When the connection drops (the server stopped, was killed, the network
 *    went away) the caller gets NET_EV_DISCONNECTED and the client tries
 *    again after a back-off that doubles from backoff_min_ms to
 *    backoff_max_ms (with up to a quarter of jitter), for as long as it is
 *    open. It gives up only on an error that no retry can mend (the server
 *    speaks another protocol, the token or table or seat is wrong, the seat
 *    was taken over by a fifth connection): NET_EV_CLOSED, after the
 *    NET_EV_ERROR saying why.
 *  - net_client_move sends a move for decision `decision` (the id of the
 *    last NET_EV_STATE), option `option` (an index of its options). The
 *    server answers NET_EV_ACCEPTED or NET_EV_ERROR; a move sent while the
 *    connection is down is dropped (the state that follows the reconnection
 *    says what is pending).
 *  - Every state is checked: its game is read with the table's rules
 *    (net_game_from_json) and its hash must equal the server's view_hash;
 *    a state that fails is reported as NET_EV_ERROR (code -1) and dropped.
 *  - Events own their data: release each with net_event_free. */
#ifndef VQ_NET_CLIENT_H
#define VQ_NET_CLIENT_H

#include <stdint.h>

#include "game.h"
#include "net.h"
#include "score.h"

typedef struct NetHub NetHub;
typedef struct NetClient NetClient;

typedef enum NetEventKind {
    NET_EV_CONNECTED,      /* the server said welcome (after each reconnection too) */
    NET_EV_JOINED,         /* joined a seat (seat >= 0) or watching (seat -1) */
    NET_EV_RULES,          /* the table's rules: rules */
    NET_EV_STATE,          /* a new state: view */
    NET_EV_ACCEPTED,       /* the server stored a move: decision, option, rtt_us */
    NET_EV_ERROR,          /* the server refused something, or a message could not be read: code, text */
    NET_EV_MESSAGE,        /* any other server message (created, tables, claimed): json */
    NET_EV_DISCONNECTED,   /* the connection dropped; the client will come back by itself: text */
    NET_EV_CLOSED          /* the client gave up for good (after the error that says why) */
} NetEventKind;

/* A line of the story (the same fields as engine/ui/chronicle.h's UiLine). */
#define NET_LINE_LEN 176
typedef struct NetLine {
    int8_t seat;           /* -1: none */
    uint8_t kind;          /* 0 action, 1 event, 2 dice, 3 turn, 4 end */
    char text[NET_LINE_LEN];
} NetLine;

typedef struct NetOption {
    Option option;         /* as game_options lists it on the server */
    int at;                /* the board cell it is about, or NO_CELL */
    char text[300];        /* in words */
} NetOption;

typedef struct NetSeatInfo {
    int person, taken, connected;
    char name[NET_NAME_LEN];
    char bot[32];
} NetSeatInfo;

/* One state message, read. */
typedef struct NetView {
    char table[NET_TABLE_ID_LEN + 1];
    int seat;              /* the seat this view is for; -1: a spectator */
    int over;
    Game game;             /* the redacted game (no hooks, no log; game.rules are the table's) */
    uint64_t view_hash;
    int decision;          /* its id: pass it to net_client_move */
    int kind, player, yours;
    char prompt[400];
    int option_count;
    NetOption *options;    /* only when yours */
    Scores scores;         /* another seat's caldera is 0 (unknown) while caldera_hidden has its bit */
    int scores_final;
    uint8_t caldera_hidden;
    int players;
    NetSeatInfo seats[MAX_PLAYERS];
    int story_from, line_count;
    NetLine *lines;        /* the story lines from story_from on */
} NetView;

/* A power card in words, from the rules message. */
typedef struct NetCard {
    char name[NAME_LEN];
    char text[1000];
    char ruling[1400];
} NetCard;

/* The rules message, read. */
typedef struct NetRulesView {
    char table[NET_TABLE_ID_LEN + 1];
    char rules_version[32];
    Rules rules;
    uint64_t hash;
    char mods[1024];       /* the table's mods by name, comma separated, in load order */
    int card_count;
    NetCard cards[MAX_POWER_CARDS];
} NetRulesView;

typedef struct NetEvent {
    NetEventKind kind;
    NetClient *client;
    void *ud;              /* the client's NetClientOptions.ud */
    int code;              /* NET_EV_ERROR: a NetError, or -1 for a message the client could not read */
    int fatal;
    char text[700];        /* NET_EV_ERROR, NET_EV_DISCONNECTED, NET_EV_CLOSED: in words */
    int seat;              /* NET_EV_JOINED */
    int decision, option;  /* NET_EV_ACCEPTED */
    uint64_t rtt_us;       /* NET_EV_ACCEPTED: microseconds since the move was sent */
    NetRulesView *rules;   /* NET_EV_RULES */
    NetView *view;         /* NET_EV_STATE */
    char *json;            /* NET_EV_MESSAGE: the message's text (and rules, state with keep_text) */
} NetEvent;

typedef struct NetClientOptions {
    const char *client;    /* hello's "client" (default "volcanique") */
    const char *name;      /* the name to show for the seat (join), NULL: keep the server's */
    int backoff_min_ms;    /* default 100 */
    int backoff_max_ms;    /* default 5000 */
    void *ud;              /* given back in every event */
    int keep_text;         /* NET_EV_RULES and NET_EV_STATE also carry the message's text in json */
} NetClientOptions;

/* A link read (net_link_parse). */
typedef struct NetLink {
    int tls;
    char host[256];
    int port;
    char path[256];        /* the path before '#', "/" by default */
    char table[NET_TABLE_ID_LEN + 1];
    int seat;              /* -1: none */
    char token[NET_TOKEN_LEN + 1];
} NetLink;

/* Reads a link; 0, or -1 with a message saying what is wrong with it. */
int net_link_parse(const char *url, NetLink *out, char *err, int errlen);

/* tls: the hub's clients may use https:// and wss:// links (OpenSSL is set up). */
NetHub *net_hub_new(int tls, char *err, int errlen);
/* Closes every client of the hub and stops its thread. */
void net_hub_free(NetHub *h);
/* The next event of any client of the hub: 1 (ev filled), 0 none within timeout_ms (-1: wait for one). */
int net_hub_next(NetHub *h, NetEvent *ev, int timeout_ms);

/* A client on hub h (NULL: a hub of its own, freed with the client). NULL with err on a bad link. */
NetClient *net_client_open(NetHub *h, const char *link, const NetClientOptions *opt, char *err, int errlen);
/* Events of a client that has its own hub (net_client_open with h NULL). */
int net_client_next(NetClient *c, NetEvent *ev, int timeout_ms);
int net_client_move(NetClient *c, int decision, int option);
/* Sends a request as it is (a JSON object's text): create, list, claim... */
int net_client_send_json(NetClient *c, const char *json);
/* Closes the connection; no event of c is delivered afterwards. */
void net_client_close(NetClient *c);

void net_event_free(NetEvent *ev);
void net_view_free(NetView *v);

/* Reads a rules or state message (the client does it for each; exposed for tests). */
NetRulesView *net_rules_read(const char *json, char *err, int errlen);
NetView *net_view_read(const char *json, const NetRulesView *rules, char *err, int errlen);

#endif
