#include "events.h"

#include <string.h>

#define VQ_EVENT_NAME(id, name) name,
const char *const EVENT_NAMES[EV_COUNT] = { VQ_EVENT_LIST(VQ_EVENT_NAME) };
#undef VQ_EVENT_NAME

void event_begin(GameEvent *ev, int id)
{
    ev->id = id;
    ev->nfields = 0;
}

void event_field(GameEvent *ev, const char *name, int64_t value, int writable)
{
    if (ev->nfields < EVENT_MAX_FIELDS)
        ev->fields[ev->nfields++] = (EventField){ name, value, writable };
}

int64_t event_get(const GameEvent *ev, const char *name)
{
    for (int i = 0; i < ev->nfields; i++)
        if (strcmp(ev->fields[i].name, name) == 0)
            return ev->fields[i].value;
    return 0;
}
