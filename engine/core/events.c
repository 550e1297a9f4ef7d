#include "events.h"

#include <string.h>

#define RO 0
#define RW 1
#define VQ_FIELD_DEF(ev, f, kind, acc, lo, hi, doc) { #f, doc, EFK_##kind, acc, ev##_##f, lo, hi },
#define VQ_FIELD_TABLE(id, name, doc) static const EventFieldDef id##_FIELDS[] = { VQ_FIELDS_##id(VQ_FIELD_DEF) };
VQ_EVENT_LIST(VQ_FIELD_TABLE)
#undef VQ_FIELD_TABLE
#undef VQ_FIELD_DEF

#define VQ_EVENT_DEF(id, name, doc) \
    [EV_##id] = { name, doc, id##_FIELDS, (int)(sizeof id##_FIELDS / sizeof id##_FIELDS[0]), id##_SLOTS_, EV_##id == EV_TARGETS || EV_##id == EV_COST },
const EventDef EVENT_DEFS[EV_COUNT] = { VQ_EVENT_LIST(VQ_EVENT_DEF) };
#undef VQ_EVENT_DEF

/* Every event fits GameEvent.v. */
#define VQ_EVENT_FITS(id, name, doc) _Static_assert(id##_SLOTS_ <= EVENT_MAX_SLOTS, name " has too many fields");
VQ_EVENT_LIST(VQ_EVENT_FITS)
#undef VQ_EVENT_FITS

void event_begin(GameEvent *ev, int id)
{
    ev->id = id;
    memset(ev->v, 0, sizeof ev->v);
}

static const char *const CAUSE_NAMES[CAUSE_COUNT] = {
    "covered", "lava", "eruption", "contest", "keep", "takeover", "turned", "removed",
    "slide", "script", "overflow", "move", "migrate", "evacuate", "flee",
};
static const char *const ITEM_NAMES[COST_ITEM_COUNT] = {
    "uno", "duo", "trio", "volcano", "island", "caldera", "sacrifice", "evacuation", "point",
};
static const char *const LAND_NAMES[LAND_CHANGE_COUNT] = {
    "none", "soil", "island", "shift", "split", "slide", "removed",
};

const char *cause_name(int c) { return c >= 0 && c < CAUSE_COUNT ? CAUSE_NAMES[c] : "?"; }
const char *cost_item_name(int i) { return i >= 0 && i < COST_ITEM_COUNT ? ITEM_NAMES[i] : "?"; }
const char *land_change_name(int c) { return c >= 0 && c < LAND_CHANGE_COUNT ? LAND_NAMES[c] : "?"; }
