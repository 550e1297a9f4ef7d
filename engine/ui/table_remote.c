/* A remote table (table.h): a seat of a game the server holds, played
 * through the C client. Its game, options, words, scores and story are the
 * last state's; what happens to the connection is told in notices. */
#include "table_remote.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net_client.h"

#define NOTICES 8
#define NOTICE_LEN 480

struct UiRemote {
    NetClient *client;
    NetLink link;
    UiJoin join;                  /* link, client and name are used only while joining */
    char bot[32];                 /* join.bot, kept */
    int seat;                     /* the seat played here, -1: watching */
    NetRulesView *rules;          /* the table's, as first received */
    NetView *view;                /* the last state */
    Game game;                    /* the table's game: view->game, kept where t->game points */
    int connected;                /* a state arrived since the last drop */
    int joined_once;              /* a first state arrived */
    int story_next;               /* the server's index of the next story line */
    int in_flight;                /* the decision a move was sent for, not yet answered; -1 */
    int unsure;                   /* the decision of a move in flight when the connection dropped; -1 */
    long long in_flight_ms, down_ms;
    char move_text[300];          /* the words of the last move sent */
    char why[300];                /* why the connection is down, or the last reason it could not be made */
    char status[NOTICE_LEN];
    char notice[NOTICES][NOTICE_LEN];
    int notice_first, notice_count;
    int failed;
    char failure[900];
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void notice(struct UiRemote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void notice(struct UiRemote *r, const char *fmt, ...)
{
    if (r->notice_count == NOTICES) {   /* the oldest makes room */
        r->notice_first = (r->notice_first + 1) % NOTICES;
        r->notice_count--;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->notice[(r->notice_first + r->notice_count++) % NOTICES], NOTICE_LEN, fmt, ap);
    va_end(ap);
}

static void fail(struct UiRemote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct UiRemote *r, const char *fmt, ...)
{
    if (r->failed)
        return;   /* the first reason is the one to tell */
    r->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->failure, sizeof r->failure, fmt, ap);
    va_end(ap);
}

static int timeout_s(const struct UiRemote *r)
{
    return (r->join.timeout_ms + 999) / 1000;
}

/* Errors no retry mends: the link, or this program, does not fit the server. */
static int hopeless(struct UiRemote *r, const NetEvent *ev)
{
    const NetLink *l = &r->link;
    char seat = (char)('A' + (l->seat >= 0 ? l->seat : 0));
    switch (ev->code) {
    case NET_E_PROTOCOL_VERSION:
        fail(r, "the server at %s:%d speaks another version of the table protocol than this program (version %d):"
             " use a client of the server's version (%s)", l->host, l->port, NET_PROTOCOL_VERSION, ev->text);
        return 1;
    case NET_E_BAD_TOKEN:
        fail(r, "the server refused the link's token for seat %c of table %s: check the link, or ask the table's"
             " host for it again (%s)", seat, l->table, ev->text);
        return 1;
    case NET_E_NO_SUCH_TABLE:
        fail(r, "the server at %s:%d has no table %s: check the link (%s)", l->host, l->port, l->table, ev->text);
        return 1;
    case NET_E_BAD_SEAT:
        fail(r, "table %s has no person's seat %c: check the link (%s)", l->table, seat, ev->text);
        return 1;
    case NET_E_REPLACED:
        fail(r, "seat %c is full: the server lets %d connections play one seat at once, and another one joined with"
             " the same link, so this one was closed (%s)", seat, NET_SEAT_CONNECTIONS, ev->text);
        return 1;
    default:
        return 0;
    }
}

/* Answers to a move: the server refused it. */
static int move_refusal(int code)
{
    return code == NET_E_STALE_DECISION || code == NET_E_NOT_YOUR_TURN || code == NET_E_BAD_OPTION ||
           code == NET_E_GAME_OVER || code == NET_E_STORAGE || code == NET_E_NOT_JOINED ||
           code == NET_E_SPECTATOR || code == NET_E_HELLO_FIRST;
}

static void on_error(struct UiRemote *r, const NetEvent *ev)
{
    if (hopeless(r, ev))
        return;
    if (ev->code < 0) {   /* a message the client could not read */
        if (!r->joined_once)
            fail(r, "%s", ev->text);
        else
            notice(r, "A message from the server could not be read (%s); the next state will replace it.", ev->text);
        return;
    }
    if (move_refusal(ev->code) && r->in_flight >= 0) {
        r->in_flight = -1;
        notice(r, "The server refused your move (%s): %s. Choose again.", r->move_text, ev->text);
        return;
    }
    if (move_refusal(ev->code) && r->unsure >= 0)
        return;   /* sent into a connection that was going: the state after the reconnection says what stands */
    if (ev->code == NET_E_SERVER_FULL) {
        snprintf(r->why, sizeof r->why, "the server is full (%.250s)", ev->text);
        return;
    }
    if (ev->code == NET_E_SHUTTING_DOWN)
        notice(r, "The server is stopping (%s); the table comes back when it starts again.", ev->text);
    else
        notice(r, "The server says: %s", ev->text);
}

static void on_drop(struct UiRemote *r, const char *why)
{
    snprintf(r->why, sizeof r->why, "%.290s", why);
    if (r->connected) {
        r->connected = 0;
        r->down_ms = now_ms();
        if (r->in_flight >= 0) {
            r->unsure = r->in_flight;
            r->in_flight = -1;
        }
        notice(r, "The connection to the server is lost (%s); trying again by itself.%s", why,
               r->unsure >= 0 ? " Your last move may not have reached it: you will be told." : "");
    }
    if (r->joined_once)
        snprintf(r->status, sizeof r->status, "No connection to the server (%.290s): trying again, for up to %d s.",
                 r->why, timeout_s(r));
    else
        snprintf(r->status, sizeof r->status, "Cannot reach the server at %.200s:%d yet (%.200s): trying again.",
                 r->link.host, r->link.port, r->why);
}

static void take_rules(struct UiRemote *r, NetEvent *ev)
{
    if (!r->rules) {
        r->rules = ev->rules;
        ev->rules = NULL;
        char err[600];
        if (r->join.rules && r->join.rules(r->join.ud, r->rules, err, sizeof err))
            fail(r, "%s", err);
    } else if (ev->rules->hash != r->rules->hash)
        fail(r, "the table's rules changed on the server (hash %016llx, was %016llx): join it again",
             (unsigned long long)ev->rules->hash, (unsigned long long)r->rules->hash);
}

static void push_line(UiTable *t, const UiLine *l)
{
    t->story[(t->story_len++) % UI_STORY_LINES] = *l;
}

/* The state's story lines not told yet (a state after a reconnection tells
 * the whole story again: the lines known are skipped). */
static void tell_story(UiTable *t, struct UiRemote *r, const NetView *v)
{
    int skip = r->story_next - v->story_from;
    if (skip < 0) {
        UiLine gap = { -1, UI_LINE_EVENT, "" };
        snprintf(gap.text, sizeof gap.text, "(%d lines of the story did not arrive)", -skip);
        push_line(t, &gap);
        skip = 0;
    }
    for (int i = skip; i < v->line_count; i++) {
        UiLine l = { v->lines[i].seat, v->lines[i].kind, "" };
        snprintf(l.text, sizeof l.text, "%s", v->lines[i].text);
        push_line(t, &l);
    }
    if (v->story_from + v->line_count > r->story_next)
        r->story_next = v->story_from + v->line_count;
}

/* The first state after a drop: say so, and what became of a move in flight. */
static void back(struct UiRemote *r, const NetView *v)
{
    if (r->joined_once)
        notice(r, "Back at the table: the server answers again.");
    if (r->unsure < 0)
        return;
    if (v->decision == r->unsure && v->yours && !v->over)
        notice(r, "Your move (%s) did not reach the server before the connection dropped: make it again.",
               r->move_text);
    else
        notice(r, "Your move (%s) reached the server before the connection dropped.", r->move_text);
    r->unsure = -1;
}

static void take_state(UiTable *t, struct UiRemote *r, NetView *v)
{
    if (r->in_flight >= 0 && (v->decision != r->in_flight || !v->yours || v->over))
        r->in_flight = -1;   /* answered (a state for the same decision may come when someone joins) */
    if (!r->connected)
        back(r, v);
    r->connected = r->joined_once = 1;
    r->status[0] = 0;
    tell_story(t, r, v);
    net_view_free(r->view);
    r->view = v;
    r->game = v->game;
    r->game.log = NULL;
    t->players = v->players;
    t->scores = v->scores;
}

static int on_event(UiTable *t, NetEvent *ev)
{
    struct UiRemote *r = t->remote;
    UiTurn before = ui_remote_turn(t);
    int decision = r->view ? r->view->decision : -1, bits = 0;
    switch (ev->kind) {
    case NET_EV_JOINED:
        if (ev->seat != r->seat)
            fail(r, "the server seated this link at %c, not at the link's seat", 'A' + ev->seat);
        break;
    case NET_EV_RULES: take_rules(r, ev); break;
    case NET_EV_STATE:
        take_state(t, r, ev->view);
        ev->view = NULL;
        bits |= UI_POLL_VIEW;
        break;
    case NET_EV_ERROR: on_error(r, ev); break;
    case NET_EV_DISCONNECTED: on_drop(r, ev->text); break;
    case NET_EV_CLOSED: fail(r, "the server closed this seat's connection for good (%s)", ev->text); break;
    default: break;   /* connected (a join follows), accepted (the state follows), other messages */
    }
    if (ui_remote_turn(t) != before || (r->view && r->view->decision != decision))
        bits |= UI_POLL_DECISION;
    return bits;
}

static void check_time(struct UiRemote *r)
{
    long long now = now_ms();
    if (!r->connected && now - r->down_ms > r->join.timeout_ms) {
        if (r->joined_once)
            fail(r, "the server has not come back for %d s (%s); the table is kept there: join again with the same"
                 " link once it is back", timeout_s(r), r->why);
        else
            fail(r, "no answer from the server at %s:%d within %d s (%s)", r->link.host, r->link.port,
                 timeout_s(r), r->why[0] ? r->why : "nothing came back");
    } else if (r->in_flight >= 0 && r->connected && now - r->in_flight_ms > r->join.timeout_ms)
        fail(r, "the server has not answered the move (%s) for %d s", r->move_text, timeout_s(r));
}

int ui_table_poll(UiTable *t, int timeout_ms, char *err, int errlen)
{
    struct UiRemote *r = t->remote;
    if (!r)
        return 0;
    int bits = 0;
    NetEvent ev;
    int wait = timeout_ms < 0 ? r->join.timeout_ms : timeout_ms;
    while (!r->failed && net_client_next(r->client, &ev, wait)) {
        bits |= on_event(t, &ev);
        net_event_free(&ev);
        wait = 0;
    }
    if (!r->failed)
        check_time(r);
    if (r->failed) {
        snprintf(err, (size_t)errlen, "%s", r->failure);
        return -1;
    }
    return bits | (r->notice_count ? UI_POLL_NOTICE : 0);
}

static void seat_all(UiTable *t, const struct UiRemote *r)
{
    for (int p = 0; p < MAX_PLAYERS; p++) {
        UiSeat *s = &t->seat[p];
        s->human = p == r->seat && !r->join.choose;
        s->remote = p != r->seat;
        if (!(p == r->seat && r->join.choose && bot_parse(r->bot, &s->bot) == 0))
            bot_config_default(&s->bot, BOT_RANDOM);
        bot_init(&t->bot[p], &s->bot, (uint64_t)p + 1);
    }
}

int ui_table_join(UiTable *t, const UiJoin *j, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    struct UiRemote *r = calloc(1, sizeof *r);
    if (!r)
        return snprintf(err, (size_t)errlen, "out of memory for the table"), -1;
    if (net_link_parse(j->link, &r->link, err, errlen)) {
        free(r);
        return -1;
    }
    r->join = *j;
    if (r->join.timeout_ms <= 0)
        r->join.timeout_ms = 60000;
    snprintf(r->bot, sizeof r->bot, "%s", j->bot ? j->bot : "");
    r->seat = r->link.seat;
    r->in_flight = r->unsure = -1;
    r->down_ms = now_ms();
    t->remote = r;
    t->game = &r->game;
    seat_all(t, r);
    NetClientOptions opt = { .client = j->client, .name = j->name };
    r->client = net_client_open(NULL, j->link, &opt, err, errlen);
    if (!r->client) {
        ui_remote_free(t);
        return -1;
    }
    while (!r->joined_once)
        if (ui_table_poll(t, 100, err, errlen) < 0) {
            ui_remote_free(t);
            return -1;
        }
    return 0;
}

void ui_remote_free(UiTable *t)
{
    struct UiRemote *r = t->remote;
    if (!r)
        return;
    if (r->client)
        net_client_close(r->client);
    net_view_free(r->view);
    free(r->rules);
    free(r);
    t->remote = NULL;
    t->game = NULL;
}

UiTurn ui_remote_turn(const UiTable *t)
{
    const struct UiRemote *r = t->remote;
    const NetView *v = r->view;
    if (!v)
        return UI_TURN_WAIT;
    if (v->over)
        return UI_TURN_OVER;
    if (r->seat < 0 || !v->yours || r->in_flight >= 0 || r->failed)
        return UI_TURN_WAIT;
    if (r->join.choose)
        return r->connected ? UI_TURN_BOT : UI_TURN_WAIT;
    return UI_TURN_PERSON;   /* also while the connection is down: a move then is refused in words */
}

int ui_remote_options(const UiTable *t, Option *out)
{
    UiTurn turn = ui_remote_turn(t);
    const NetView *v = t->remote->view;
    if (turn != UI_TURN_PERSON && turn != UI_TURN_BOT)
        return 0;
    int n = v->option_count < MAX_OPTIONS ? v->option_count : MAX_OPTIONS;
    for (int i = 0; i < n; i++)
        out[i] = v->options[i].option;
    return n;
}

static int find_option(const NetView *v, const Option *o)
{
    for (int i = 0; v && i < v->option_count; i++)
        if (memcmp(&v->options[i].option, o, sizeof *o) == 0)
            return i;
    return -1;
}

int ui_remote_option_text(const UiTable *t, const Option *o, char *buf, int len)
{
    int k = find_option(t->remote->view, o);
    if (k < 0)
        return 0;
    snprintf(buf, (size_t)len, "%s", t->remote->view->options[k].text);
    return 1;
}

void ui_remote_prompt(const UiTable *t, char *buf, int len)
{
    snprintf(buf, (size_t)len, "%s", t->remote->view ? t->remote->view->prompt : "");
}

int ui_remote_bot_choose(UiTable *t, int n)
{
    struct UiRemote *r = t->remote;
    char err[600] = "";
    int k = ui_remote_turn(t) == UI_TURN_BOT ? r->join.choose(r->join.ud, r->view, err, sizeof err) : -1;
    if (k < 0 || k >= n || k >= r->view->option_count) {
        fail(r, "this seat's bot could not choose at decision %d: %s", r->view ? r->view->decision : -1,
             err[0] ? err : "it was not its turn");
        return -1;
    }
    return k;
}

int ui_remote_apply(UiTable *t, const Option *o, char *err, int errlen)
{
    struct UiRemote *r = t->remote;
    const NetView *v = r->view;
    int k = find_option(v, o);
    if (!v || v->over || r->seat < 0 || !v->yours)
        return snprintf(err, (size_t)errlen, "%s", !v || v->over ? "The game is over." : r->seat < 0 ?
                        "A spectator does not play." : "It is not this seat's decision."), 1;
    if (r->in_flight >= 0)
        return snprintf(err, (size_t)errlen, "Your move is on its way to the server: wait for its answer."), 1;
    if (k < 0)
        return snprintf(err, (size_t)errlen, "That is not one of the server's options for this decision."), 1;
    if (!r->connected)
        return snprintf(err, (size_t)errlen, "Not sent: the server cannot be reached (%s). Make this move again"
                        " once the table is back.", r->why), 1;
    if (net_client_move(r->client, v->decision, k))
        return snprintf(err, (size_t)errlen, "out of memory for the move"), -1;
    r->in_flight = v->decision;
    r->in_flight_ms = now_ms();
    snprintf(r->move_text, sizeof r->move_text, "%s", v->options[k].text);
    return 0;
}

const char *ui_remote_seat_label(const UiTable *t, int p, char *buf, int len)
{
    const struct UiRemote *r = t->remote;
    const NetSeatInfo *s = r->view && p >= 0 && p < MAX_PLAYERS ? &r->view->seats[p] : NULL;
    if (p == r->seat)
        snprintf(buf, (size_t)len, "you%s%s%s", r->join.choose ? " (" : "", r->join.choose ? r->bot : "",
                 r->join.choose ? ")" : "");
    else if (!s)
        snprintf(buf, (size_t)len, "?");
    else if (s->person)
        snprintf(buf, (size_t)len, "%s%s", s->name[0] ? s->name : "person",
                 s->connected ? "" : s->taken ? " (away)" : " (free)");
    else
        snprintf(buf, (size_t)len, "%s", s->bot[0] ? s->bot : "bot");
    return buf;
}

bool ui_table_is_remote(const UiTable *t)
{
    return t->remote != NULL;
}

int ui_table_remote_seat(const UiTable *t)
{
    return t->remote ? t->remote->seat : -1;
}

const char *ui_table_remote_id(const UiTable *t)
{
    return t->remote ? t->remote->link.table : "";
}

int ui_table_notice(UiTable *t, char *buf, int len)
{
    struct UiRemote *r = t->remote;
    if (!r || !r->notice_count)
        return 0;
    snprintf(buf, (size_t)len, "%s", r->notice[r->notice_first]);
    r->notice_first = (r->notice_first + 1) % NOTICES;
    r->notice_count--;
    return 1;
}

const char *ui_table_status(const UiTable *t)
{
    return t->remote ? t->remote->status : "";
}

const char *ui_table_card_text(const UiTable *t, int card)
{
    const struct UiRemote *r = t->remote;
    return r && r->rules && card >= 0 && card < r->rules->card_count ? r->rules->cards[card].text : NULL;
}
