/* The table protocol's constants: its version, its limits and its error
 * codes, as docs/protocol.md describes them. Both the server and the C
 * client read them from here, so the two ends cannot disagree.
 *
 * Contract: NET_PROTOCOL_VERSION changes whenever a message or a field
 * changes meaning; additions an older client of the same version may ignore
 * (a new key, a new non-fatal error code) keep it. */
#ifndef VQ_NET_H
#define VQ_NET_H

#include <stdbool.h>

#define NET_PROTOCOL_VERSION 1
#define NET_SUBPROTOCOL "volcanique"

/* The most bytes a client message may have (too_large above it). */
#define NET_MAX_CLIENT_MESSAGE 65536
/* Refused messages and requests a connection may send at once, and how many
 * a second it earns back (flood above it); accepted moves are free. */
#define NET_FLOOD_BURST 40
#define NET_FLOOD_PER_SECOND 20
/* Connections that may play one seat at once; one more closes the oldest. */
#define NET_SEAT_CONNECTIONS 4

#define NET_TABLE_ID_LEN 12        /* [a-z0-9] */
#define NET_TOKEN_LEN 32           /* lowercase hex: 128 bits */
#define NET_NAME_LEN 33            /* a seat's shown name: at most 32 bytes and a NUL */
#define NET_REQUEST_ID_LEN 64      /* a request's "id" as a string */

/* Another seat's Caldera card, or a card of the deck, in a redacted Game. */
#define NET_HIDDEN_CARD 255

/* Error codes (the "code" of an error message). */
typedef enum NetError {
    NET_E_PROTOCOL_VERSION, NET_E_HELLO_FIRST, NET_E_BAD_JSON, NET_E_BAD_MESSAGE, NET_E_UNKNOWN_TYPE,
    NET_E_TOO_LARGE, NET_E_FLOOD, NET_E_SLOW, NET_E_SERVER_FULL, NET_E_NO_SUCH_TABLE, NET_E_BAD_SEAT,
    NET_E_BAD_TOKEN, NET_E_SEAT_TAKEN, NET_E_ALREADY_JOINED, NET_E_NOT_JOINED, NET_E_SPECTATOR,
    NET_E_GAME_OVER, NET_E_STALE_DECISION, NET_E_NOT_YOUR_TURN, NET_E_BAD_OPTION, NET_E_BAD_CREATE,
    NET_E_TABLE_LIMIT, NET_E_STORAGE, NET_E_SCRIPT_ERROR, NET_E_REPLACED, NET_E_SHUTTING_DOWN, NET_E_INTERNAL,
    NET_E_COUNT
} NetError;

/* "stale_decision", ... for a code; "?" out of range. */
const char *net_error_name(int code);
/* The code of a name, or -1. */
int net_error_by_name(const char *name);
/* Whether the server closes the connection after sending this error. */
bool net_error_fatal(int code);

#endif
