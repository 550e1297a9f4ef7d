/* The protocol's error codes by name (net.h, docs/protocol.md). */
#include "net.h"

#include <string.h>

static const struct {
    const char *name;
    bool fatal;
} ERRORS[NET_E_COUNT] = {
    [NET_E_PROTOCOL_VERSION] = { "protocol_version", true },
    [NET_E_HELLO_FIRST] = { "hello_first", false },
    [NET_E_BAD_JSON] = { "bad_json", false },
    [NET_E_BAD_MESSAGE] = { "bad_message", false },
    [NET_E_UNKNOWN_TYPE] = { "unknown_type", false },
    [NET_E_TOO_LARGE] = { "too_large", true },
    [NET_E_FLOOD] = { "flood", true },
    [NET_E_SLOW] = { "slow", true },
    [NET_E_SERVER_FULL] = { "server_full", true },
    [NET_E_NO_SUCH_TABLE] = { "no_such_table", false },
    [NET_E_BAD_SEAT] = { "bad_seat", false },
    [NET_E_BAD_TOKEN] = { "bad_token", false },
    [NET_E_SEAT_TAKEN] = { "seat_taken", false },
    [NET_E_ALREADY_JOINED] = { "already_joined", false },
    [NET_E_NOT_JOINED] = { "not_joined", false },
    [NET_E_SPECTATOR] = { "spectator", false },
    [NET_E_GAME_OVER] = { "game_over", false },
    [NET_E_STALE_DECISION] = { "stale_decision", false },
    [NET_E_NOT_YOUR_TURN] = { "not_your_turn", false },
    [NET_E_BAD_OPTION] = { "bad_option", false },
    [NET_E_BAD_CREATE] = { "bad_create", false },
    [NET_E_TABLE_LIMIT] = { "table_limit", false },
    [NET_E_STORAGE] = { "storage", false },
    [NET_E_SCRIPT_ERROR] = { "script_error", false },
    [NET_E_REPLACED] = { "replaced", true },
    [NET_E_SHUTTING_DOWN] = { "shutting_down", true },
    [NET_E_INTERNAL] = { "internal", false },
};

const char *net_error_name(int code)
{
    return code >= 0 && code < NET_E_COUNT ? ERRORS[code].name : "?";
}

int net_error_by_name(const char *name)
{
    for (int i = 0; name && i < NET_E_COUNT; i++)
        if (strcmp(ERRORS[i].name, name) == 0)
            return i;
    return -1;
}

bool net_error_fatal(int code)
{
    return code >= 0 && code < NET_E_COUNT && ERRORS[code].fatal;
}
