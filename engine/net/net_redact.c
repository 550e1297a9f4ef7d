/* What a seat may see: the redacted copy of a game (net_view.h). */
#include "net_view.h"

#include <stdio.h>
#include <string.h>

#include "net.h"

static uint64_t card_bit(int card) { return card >= 0 && card < 64 ? (uint64_t)1 << card : 0; }

/* Player p's Caldera hand as `viewer` may see it: their own, or hidden cards. */
static void redact_hand(Player *out, const Player *in, int visible)
{
    int n = in->caldera_count < MAX_CALDERA ? in->caldera_count : MAX_CALDERA;
    memset(out->caldera, 0, sizeof out->caldera);
    for (int i = 0; i < n; i++)
        out->caldera[i] = visible ? in->caldera[i] : NET_HIDDEN_CARD;
}

/* Another seat's questions keep their shape (who, which, how many choices)
 * but not what they say: a choice or a context value may name a hidden card. */
static void redact_asks(Game *out, const Game *g, int seat)
{
    int asks = g->ask_len < MAX_ASKS ? g->ask_len : MAX_ASKS;
    memset(out->ask, 0, sizeof out->ask);
    memset(out->choice, 0, sizeof out->choice);
    for (int i = 0; i < asks; i++) {
        const ScriptAsk *a = &g->ask[i];
        ScriptAsk *o = &out->ask[i];
        *o = *a;
        int first = a->first < MAX_CHOICES ? a->first : MAX_CHOICES;
        int n = a->count < MAX_CHOICES - first ? a->count : MAX_CHOICES - first;
        if (a->player == seat) {
            memcpy(&out->choice[first], &g->choice[first], sizeof(AskChoice) * (size_t)n);
            continue;
        }
        memset(o->ctx, 0, sizeof o->ctx);
        o->ctx_places = 0;
        for (int c = first; c < first + n; c++)
            out->choice[c] = (AskChoice){ .cell = NO_CELL };
    }
}

/* Zeroes what lies past each counted array's end (stale entries). */
static void clear_stale(Game *out)
{
    int q = out->queue_len < MAX_QUEUE ? out->queue_len : MAX_QUEUE;
    memset(&out->queue[q], 0, sizeof(QueueItem) * (size_t)(MAX_QUEUE - q));
    int l = out->lava_count < MAX_LAVA ? out->lava_count : MAX_LAVA;
    memset(&out->lava[l], 0, sizeof(Lava) * (size_t)(MAX_LAVA - l));
    int f = out->flow_count < MAX_LAVA ? out->flow_count : MAX_LAVA;
    memset(&out->flows[f], 0, sizeof(LavaFlow) * (size_t)(MAX_LAVA - f));
}

void net_redact(const Game *g, int seat, Game *out)
{
    *out = *g;
    out->log = NULL;
    out->seed = 0;
    memset(&out->rng, 0, sizeof out->rng);
    out->script_errors = 0;
    uint64_t others_hands = 0;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        int visible = p == seat && p < g->players;
        redact_hand(&out->player[p], &g->player[p], visible);
        if (!visible && p < g->players)
            for (int i = 0; i < g->player[p].caldera_count && i < MAX_CALDERA; i++)
                others_hands |= card_bit(g->player[p].caldera[i]);
    }
    memset(out->caldera_deck, 0, sizeof out->caldera_deck);
    int deck = g->caldera_size < MAX_POWER_CARDS ? g->caldera_size : MAX_POWER_CARDS;
    memset(out->caldera_deck, NET_HIDDEN_CARD, (size_t)deck);
    /* A card is in exactly one place (grid slot, deck, a hand, played), so a
     * card in another seat's hand is in play for no other reason. */
    out->cards_in_play = g->cards_in_play & ~others_hands;
    if (seat >= 0 && seat < g->players)
        for (int i = 0; i < g->player[seat].caldera_count && i < MAX_CALDERA; i++)
            out->cards_in_play |= g->cards_in_play & card_bit(g->player[seat].caldera[i]);
    redact_asks(out, g, seat);
    clear_stale(out);
}

int net_unseen_cards(const Game *g, int seat, uint8_t out[MAX_POWER_CARDS])
{
    uint64_t seen = g->cards_played;
    for (int s = 0; s < g->rules.grid_slot_count && s < MAX_GRID_SLOTS; s++)
        seen |= card_bit(g->grid_card[s]);
    for (int p = 0; p < MAX_PLAYERS; p++)
        seen |= g->options.hold[p];
    if (seat >= 0 && seat < g->players)
        for (int i = 0; i < g->player[seat].caldera_count && i < MAX_CALDERA; i++)
            seen |= card_bit(g->player[seat].caldera[i]);
    int n = 0;
    for (int c = 0; c < g->rules.power_card_count && c < MAX_POWER_CARDS; c++)
        if (!((seen >> c) & 1))
            out[n++] = (uint8_t)c;
    return n;
}

void net_fill_hidden(Game *g, int seat)
{
    uint8_t unseen[MAX_POWER_CARDS];
    int n = net_unseen_cards(g, seat, unseen), k = 0;
    /* More hidden places than unseen cards only in a game the rules' own
     * bookkeeping cannot explain; the last card fills the rest. */
#define NEXT_UNSEEN() (n == 0 ? 0 : unseen[k < n ? k++ : n - 1])
    for (int p = 0; p < g->players && p < MAX_PLAYERS; p++)
        for (int i = 0; i < g->player[p].caldera_count && i < MAX_CALDERA; i++)
            if (g->player[p].caldera[i] == NET_HIDDEN_CARD)
                g->player[p].caldera[i] = NEXT_UNSEEN();
    for (int i = 0; i < g->caldera_size && i < MAX_POWER_CARDS; i++)
        if (g->caldera_deck[i] == NET_HIDDEN_CARD)
            g->caldera_deck[i] = NEXT_UNSEEN();
#undef NEXT_UNSEEN
    for (int i = 0; i < n; i++)
        g->cards_in_play |= card_bit(unseen[i]);
}

void net_hex64(uint64_t v, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)v);
}

int net_parse_hex64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!s || strlen(s) != 16)
        return -1;
    for (int i = 0; i < 16; i++) {
        int c = s[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}
