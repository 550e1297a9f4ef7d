/* game.question: a question a script asks a player, with words, answered by
 * its own handler.
 *
 *   local WHERE = game.question{
 *     name = "hide",                             -- for messages and tests
 *     prompt = "Hide one of your critters?",     -- or function(q) -> text
 *     label = function(choice, q) return ... end,  -- or labels = { [value] = text }
 *     pass = "Leave them all in sight",          -- may decline (omit: must answer)
 *     context = { critter = 0, from = game.place() },  -- up to 4 values passed on
 *     answer = function(ev) ... end,             -- ev.player, ev.passed, ev.value,
 *   }                                            -- ev.q, ev.r, ev.critter, ev.card, ev.context
 *   WHERE:ask(player, { { q = 0, r = 1, value = 2 }, ... }, { critter = 3 })
 *
 * A question is declared while its script loads, so its id is the same in
 * every process that loads the same scripts in the same order. The ask queues
 * plain data in the Game (ScriptAsk, AskChoice); the words are made only when
 * a front end shows the question. */
#include "lgame.h"

#include <stdio.h>
#include <string.h>

#include "query.h"
#include "lsandbox.h"

#define QUESTION_META "volcanique.question"
#define QUESTION_IDS "volcanique.question.ids"   /* registry: question object -> id */

/* ---- declaring ---- */

static void read_context(lua_State *L, Session *s, SessionQuestion *q)
{
    lua_getfield(L, 1, "context");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    luaL_checktype(L, -1, LUA_TTABLE);
    int t = lua_gettop(L);
    const char *names[ASK_CONTEXT + 1];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || n >= ASK_CONTEXT)
            luaL_error(L, "game.question: context is up to %d named values", ASK_CONTEXT);
        names[n++] = lua_tostring(L, -1);
    }
    for (int i = 1; i < n; i++)   /* sorted: the same slots in every process */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            const char *x = names[j]; names[j] = names[j - 1]; names[j - 1] = x;
        }
    for (int i = 0; i < n; i++) {
        snprintf(q->ctx_name[i], sizeof q->ctx_name[i], "%s", names[i]);
        lua_getfield(L, t, names[i]);
        if (lgame_state_is_place(L, -1))
            q->ctx_places |= (uint8_t)(1 << i);
        else if (lua_type(L, -1) != LUA_TNUMBER)
            luaL_error(L, "game.question: context '%s' is an integer (0) or a place (game.place())", names[i]);
        lua_pop(L, 1);
    }
    q->ctx_count = n;
    lua_pop(L, 1);
}

/** game.question{ name, prompt, label, labels, pass, context, answer } -> question */
static int l_question(lua_State *L)
{
    lgame_check_loading(L, "game.question");
    Session *s = lgame_session(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    static const char *const KNOWN[] = { "name", "prompt", "label", "labels", "pass", "context", "answer", NULL };
    sb_check_keys(L, 1, "game.question", KNOWN);
    if (s->question_count >= SESSION_MAX_QUESTIONS)
        return luaL_error(L, "game.question: at most %d questions", SESSION_MAX_QUESTIONS);
    lua_getfield(L, 1, "answer");
    if (lua_type(L, -1) != LUA_TFUNCTION)
        return luaL_error(L, "game.question: 'answer' must be the function that takes the answer");
    lua_getfield(L, 1, "prompt");
    if (!lua_isstring(L, -1) && lua_type(L, -1) != LUA_TFUNCTION)
        return luaL_error(L, "game.question: 'prompt' must say what is asked (a string or a function)");
    lua_settop(L, 1);
    int id = s->question_count++;
    SessionQuestion *q = &s->questions[id];
    memset(q, 0, sizeof *q);
    q->chunk = lgame_caller_chunk(L);
    lua_getfield(L, 1, "name");
    snprintf(q->name, sizeof q->name, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "question");
    lgame_check_printable(L, q->name, "game.question: 'name'");
    lua_getfield(L, 1, "pass");
    q->can_pass = lua_toboolean(L, -1) != 0;
    lua_settop(L, 1);
    read_context(L, s, q);
    static const char *const KEPT[] = { "answer", "prompt", "pass", "label", "labels", NULL };
    q->ref = lgame_keep_declaration(L, 1, KEPT);
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, id);
    lua_setfield(L, -2, "id");
    lua_pushstring(L, q->name);
    lua_setfield(L, -2, "name");
    luaL_getmetatable(L, QUESTION_META);
    lua_setmetatable(L, -2);
    lua_getfield(L, LUA_REGISTRYINDEX, QUESTION_IDS);
    lua_pushvalue(L, -2);
    lua_pushinteger(L, id);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* ---- asking ---- */

/* The question object at 1, by identity: the registry maps each object that
 * game.question returned to its id. Reading its `id` field instead let a
 * script forge {id = k} (or rewrite its own object's id) and ask another
 * script's question, whose answer handler then ran on the forger's choices. */
static const SessionQuestion *check_question(lua_State *L, Session *s, int *id)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, LUA_REGISTRYINDEX, QUESTION_IDS);
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    int isint = 0;
    lua_Integer i = lua_tointegerx(L, -1, &isint);
    lua_pop(L, 2);
    if (!isint || i < 0 || i >= s->question_count)
        luaL_error(L, "not a question (call it as question:ask(player, choices))");
    *id = (int)i;
    return &s->questions[i];
}

/* Reads choice at idx (an integer value, or a table) into c. */
static void read_choice(lua_State *L, const Game *g, int idx, int n, AskChoice *c)
{
    memset(c, 0, sizeof *c);
    c->cell = NO_CELL;
    c->value = n;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        c->value = (int32_t)lgame_check_range(L, idx, INT32_MIN, INT32_MAX);
        return;
    }
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "question:ask: choice %d must be a table or an integer", n);
    int top = lua_gettop(L);
    lua_getfield(L, idx, "value");
    if (!lua_isnil(L, -1))
        c->value = (int32_t)lgame_check_range(L, lua_gettop(L), INT32_MIN, INT32_MAX);
    lua_getfield(L, idx, "q");
    if (!lua_isnil(L, -1))
        c->cell = (uint16_t)lgame_check_place(L, idx);
    lua_getfield(L, idx, "critter");
    if (!lua_isnil(L, -1))
        c->critter = (uint16_t)(lgame_check_critter_ref(L, g, lua_gettop(L)) + 1);
    lua_getfield(L, idx, "card");
    if (!lua_isnil(L, -1))
        c->card = (uint8_t)(lgame_check_card(L, g, lua_gettop(L)) + 1);
    lua_settop(L, top);
}

static void read_ask_context(lua_State *L, const SessionQuestion *q, int idx, ScriptAsk *a)
{
    a->ctx_places = q->ctx_places;
    if (lua_isnoneornil(L, idx))
        return;
    luaL_checktype(L, idx, LUA_TTABLE);
    for (int i = 0; i < q->ctx_count; i++) {
        lua_getfield(L, idx, q->ctx_name[i]);
        if ((q->ctx_places >> i) & 1)
            a->ctx[i] = lua_isnil(L, -1) ? 0 : lgame_check_place(L, lua_gettop(L)) + 1;
        else if (!lua_isnil(L, -1))
            a->ctx[i] = (int32_t)lgame_check_range(L, lua_gettop(L), INT32_MIN, INT32_MAX);
        lua_pop(L, 1);
    }
}

/** question:ask(player, choices [, context]) -> true when asked (false: nothing to choose) */
static int l_ask(lua_State *L)
{
    Session *s = lgame_session(L);
    int id;
    const SessionQuestion *q = check_question(L, s, &id);
    Game *g = lgame_mutable(L, "ask");
    ScriptAsk a;
    memset(&a, 0, sizeof a);
    a.player = (uint8_t)lgame_check_player(L, g, 2);
    a.question = (uint16_t)id;
    a.can_pass = q->can_pass;
    luaL_checktype(L, 3, LUA_TTABLE);
    sb_plain(L, 3);   /* a list kept from loading: read its store */
    lua_Integer n = (lua_Integer)lua_rawlen(L, 3);   /* raw, as its items: no __len decides it */
    if (n > MAX_CHOICES - g->choice_len)
        return luaL_error(L, "question '%s': %I choices, but only %d more may wait (split it into steps)",
                          q->name, n, MAX_CHOICES - g->choice_len);
    AskChoice choices[MAX_CHOICES];
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, 3, i);
        read_choice(L, g, lua_gettop(L), i, &choices[i - 1]);
        lua_pop(L, 1);
    }
    a.count = (uint16_t)n;
    read_ask_context(L, q, 4, &a);
    if (n == 0) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (g->ask_len >= MAX_ASKS)
        return luaL_error(L, "question '%s': %d questions are already waiting", q->name, MAX_ASKS);
    if (game_ask(g, &a, choices) != 0)
        return luaL_error(L, "question '%s': its %d choices cannot be asked", q->name, (int)n);
    lua_pushboolean(L, 1);
    return 1;
}

/* ---- answering ---- */

/* Pushes the context of ask a as a table of its question's names. */
static void push_context(lua_State *L, const SessionQuestion *q, const ScriptAsk *a)
{
    lua_createtable(L, 0, q->ctx_count);
    for (int i = 0; i < q->ctx_count; i++) {
        if (!((q->ctx_places >> i) & 1))
            lua_pushinteger(L, a->ctx[i]);
        else if (a->ctx[i] > 0 && a->ctx[i] <= BOARD_CELLS)
            lgame_push_place(L, a->ctx[i] - 1);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, q->ctx_name[i]);
    }
}

/* Pushes a choice as the table scripts see: value, q, r, critter, card. */
static void push_choice(lua_State *L, const Game *g, const AskChoice *c)
{
    lgame_push_pick(L, g, c->value, c->cell, -1, c->critter ? c->critter - 1 : -1, c->card ? c->card - 1 : -1);
}

int lgame_answer(Session *s, Game *g, const ScriptAsk *ask, const AskChoice *choice)
{
    if (ask->question >= s->question_count)
        return 0;
    SessionQuestion *q = &s->questions[ask->question];
    if (s->chunks[q->chunk].dropped)
        return 0;
    lua_State *L = script_lua(s->script);
    Game *outer = s->current;
    s->current = g;
    q->fired++;
    lua_rawgeti(L, LUA_REGISTRYINDEX, q->ref);
    lua_getfield(L, -1, "answer");
    lua_remove(L, -2);
    if (choice)
        push_choice(L, g, choice);
    else
        lua_createtable(L, 0, 3);
    lgame_set_int(L, LGK_PLAYER, ask->player);
    lua_pushboolean(L, choice == NULL);
    lua_setfield(L, -2, "passed");
    push_context(L, q, ask);
    lua_setfield(L, -2, "context");
    char what[80];
    snprintf(what, sizeof what, "the answer to question '%s'", q->name);
    int rc = lgame_call(s, q->chunk, 1, 0, what);
    s->current = outer;
    return rc < 0 ? -1 : 0;
}

/* ---- words ---- */

/* Calls declaration field `field` (a function) with the value on top, read-only;
 * copies the text it returns into out. */
static int call_words(Session *s, const Game *g, const SessionQuestion *q, int nargs, char *out, int len)
{
    lua_State *L = script_lua(s->script);
    Game *outer = s->current;
    int outer_ro = s->read_only;
    s->current = (Game *)g;
    s->read_only = 1;
    char what[96];
    snprintf(what, sizeof what, "the words of question '%s'", q->name);
    int rc = lgame_call(s, q->chunk, nargs, 1, what);
    s->current = outer;
    s->read_only = outer_ro;
    if (rc != 0)
        return -1;
    const char *t = lua_tostring(L, -1);
    if (t)
        snprintf(out, (size_t)len, "%s", t);
    lua_pop(L, 1);
    return t ? 0 : -1;
}

/* A string field of the declaration, or a function of (args...) giving one. */
static int words_of(Session *s, const Game *g, const SessionQuestion *q, const char *field, const AskChoice *c,
                    char *out, int len)
{
    lua_State *L = script_lua(s->script);
    lua_rawgeti(L, LUA_REGISTRYINDEX, q->ref);
    lua_getfield(L, -1, field);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TSTRING) {
        snprintf(out, (size_t)len, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    if (lua_type(L, -1) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return -1;
    }
    int nargs = 0;
    if (c) {
        push_choice(L, g, c);
        nargs++;
    }
    lua_createtable(L, 0, 2);
    lgame_set_int(L, LGK_PLAYER, g->ask[0].player);
    push_context(L, q, &g->ask[0]);
    lua_setfield(L, -2, "context");
    return call_words(s, g, q, nargs + 1, out, len);
}

/* labels[value], when the declaration has such a table. */
static int label_of_value(Session *s, const SessionQuestion *q, int32_t value, char *out, int len)
{
    lua_State *L = script_lua(s->script);
    lua_rawgeti(L, LUA_REGISTRYINDEX, q->ref);
    lua_getfield(L, -1, "labels");
    int rc = -1;
    if (lua_istable(L, -1)) {
        sb_plain(L, -1);
        lua_rawgeti(L, -1, value);
        if (lua_type(L, -1) == LUA_TSTRING) {
            snprintf(out, (size_t)len, "%s", lua_tostring(L, -1));
            rc = 0;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return rc;
}

int lgame_question_words(Session *s, const Game *g, const Option *o, char *out, int len)
{
    if (g->ask_len == 0 || g->ask[0].question >= s->question_count)
        return -1;
    const SessionQuestion *q = &s->questions[g->ask[0].question];
    if (!o)
        return words_of(s, g, q, "prompt", NULL, out, len);
    if (o->verb == VERB_PASS) {
        if (words_of(s, g, q, "pass", NULL, out, len) == 0)
            return 0;
        snprintf(out, (size_t)len, "pass");
        return 0;
    }
    if (o->verb != VERB_CHOOSE || o->subject >= g->ask[0].count)
        return -1;
    const AskChoice *c = &g->choice[g->ask[0].first + o->subject];
    if (label_of_value(s, q, c->value, out, len) == 0)
        return 0;
    return words_of(s, g, q, "label", c, out, len);
}

static int open_meta(lua_State *L)
{
    if (luaL_newmetatable(L, QUESTION_META)) {
        lua_createtable(L, 0, 1);
        lua_pushcfunction(L, l_ask);
        lua_setfield(L, -2, "ask");
        lua_setfield(L, -2, "__index");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_newtable(L);
        lua_setfield(L, LUA_REGISTRYINDEX, QUESTION_IDS);
    }
    lua_pop(L, 1);
    return 0;
}

static int l_question_entry(lua_State *L)
{
    open_meta(L);
    return l_question(L);
}

const luaL_Reg LGAME_QUESTION_FUNCS[] = {
    { "question", l_question_entry },
    { NULL, NULL },
};
