/* The Lua API documentation keeps up with the engine: every event of the
 * catalogue with each field's kind, access and range, every name a name field
 * takes, every sandbox global and game.* entry, every card{} field and
 * ability, every mark trait and every rules-test function must appear in
 * docs/lua-api.md and in the LuaLS annotations scripts/meta/volcanique.lua
 * (volcanique_test.lua for the rules-test functions), and every sandbox
 * global and library field in luacheck's .luacheckrc. The names come from the
 * running engine (or, for the rules-test functions, from the runner's own
 * table in its source), not from a list kept here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lua.h>

#include "events.h"
#include "harness.h"
#include "harness_mods.h"
#include "lsandbox.h"
#include "session.h"

#define DOC "docs/lua-api.md"
#define META "scripts/meta/volcanique.lua"
#define META_TEST "scripts/meta/volcanique_test.lua"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

static void need(const char *text, const char *file, const char *what, const char *pattern)
{
    if (!strstr(text, pattern))
        th_fail(__FILE__, __LINE__, "%s is not documented in %s (looked for \"%s\")", what, file, pattern);
}

/* The part of text from `heading` to the next line starting with `next`
 * ("\n## ", "\n### ", "\n---@class"), or NULL when there is no such heading. */
typedef struct Span {
    const char *start, *end;
} Span;

static Span span_of(const char *text, const char *heading, const char *next)
{
    Span s = { strstr(text, heading), NULL };
    if (s.start) {
        s.end = strstr(s.start + 1, next);
        if (!s.end)
            s.end = s.start + strlen(s.start);
    }
    return s;
}

/* Fails unless pattern occurs within the span (named `where`). */
static void need_in(Span s, const char *where, const char *what, const char *pattern)
{
    const char *hit = s.start ? strstr(s.start, pattern) : NULL;
    if (!hit || hit >= s.end)
        th_fail(__FILE__, __LINE__, "%s is not in %s (looked for \"%s\")", what, where, pattern);
}

/* ---- events ---- */

/* How a field's kind reads in the docs and in the annotations. */
static const char *const KIND_WORD[EFK_COUNT] = {
    [EFK_INT] = "integer", [EFK_BOOL] = "boolean", [EFK_PLAYERS] = "per player", [EFK_CARD] = "card",
    [EFK_PHASE] = "phase",
    [EFK_MODE] = "mode", [EFK_CAUSE] = "cause", [EFK_ITEM] = "item", [EFK_REASON] = "reason",
    [EFK_DECISION] = "decision", [EFK_LAND] = "land change",
};
static const char *const KIND_TYPE[EFK_COUNT] = {
    [EFK_INT] = "integer", [EFK_BOOL] = "boolean", [EFK_PLAYERS] = "table<integer, integer>", [EFK_CARD] = "integer",
    [EFK_PHASE] = "Phase", [EFK_MODE] = "Mode", [EFK_CAUSE] = "Cause", [EFK_ITEM] = "CostItem",
    [EFK_REASON] = "EndReason", [EFK_DECISION] = "DecisionKind", [EFK_LAND] = "LandChange",
};

/* "read-only", "writable" (booleans and names) or "writable, lo..hi". */
static void access_of(const EventFieldDef *f, char *out, size_t len)
{
    if (!f->writable)
        snprintf(out, len, "read-only");
    else if (f->kind == EFK_INT || f->kind == EFK_PLAYERS)
        snprintf(out, len, "writable, %d..%d", (int)f->lo, (int)f->hi);
    else
        snprintf(out, len, "writable");
}

/* Every event of the catalogue is documented: a "### `name`" section in the
 * docs with a row "| `field` | kind | access |" for each field (and
 * "*Query.*" for a query event), an overload of on() and an Event.name class
 * with "---@field field type access" for each field in the annotations. */
TEST(api_docs_name_every_event_and_field)
{
    char *doc = slurp(DOC), *meta = slurp(META);
    REQUIRE(doc && meta);
    for (int i = 0; i < EV_COUNT; i++) {
        const EventDef *d = &EVENT_DEFS[i];
        char pat[200], what[160];
        snprintf(what, sizeof what, "event '%s'", d->name);
        snprintf(pat, sizeof pat, "### `%s`", d->name);
        Span sec = span_of(doc, pat, "\n### ");
        need(doc, DOC, what, pat);
        snprintf(pat, sizeof pat, "fun(event: \"%s\", handler: fun(ev: Event.%s)", d->name, d->name);
        need(meta, META, what, pat);
        snprintf(pat, sizeof pat, "@class Event.%s: Event", d->name);
        Span cls = span_of(meta, pat, "\n---@class");
        need(meta, META, what, pat);
        if (sec.start && d->query)
            need_in(sec, "its section of " DOC, what, "*Query.*");
        for (int f = 0; f < d->nfields && sec.start && cls.start; f++) {
            const EventFieldDef *fd = &d->fields[f];
            char access[40];
            access_of(fd, access, sizeof access);
            snprintf(what, sizeof what, "field '%s' of event '%s' (%s, %s)", fd->name, d->name,
                     KIND_WORD[fd->kind], access);
            snprintf(pat, sizeof pat, "| `%s` | %s | %s |", fd->name, KIND_WORD[fd->kind], access);
            need_in(sec, "its section of " DOC, what, pat);
            snprintf(pat, sizeof pat, "---@field %s %s %s:", fd->name, KIND_TYPE[fd->kind], access);
            need_in(cls, "its class in " META, what, pat);
        }
    }
    free(doc);
    free(meta);
}

/* ---- a session over a root of our own ---- */

/* A root with the shipped content and empty rules folders, so the sandbox's
 * names do not depend on which scripts load; `probe`, when given, is the one
 * power script. */
static void make_root(char *root, size_t len, const char *probe)
{
    th_mods_root_make(root, len);
    char path[512];
    if (probe) {
        snprintf(path, sizeof path, "%s/scripts/powers/probe.lua", root);
        FILE *f = fopen(path, "w");
        REQUIRE(f != NULL);
        fputs(probe, f);
        fclose(f);
    }
}

#define remove_root th_mods_root_remove

/* The names in the sandbox: the shared base table's keys, and the keys of
 * its `game` table, each with its Lua type. */
typedef struct Names {
    int n;
    char name[160][48];
    int type[160];
} Names;

static void collect(lua_State *L, int t, Names *out)
{
    out->n = 0;
    lua_pushnil(L);
    while (lua_next(L, t) && out->n < 160) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            snprintf(out->name[out->n], sizeof out->name[0], "%s", lua_tostring(L, -2));
            out->type[out->n++] = lua_type(L, -1);
        }
        lua_pop(L, 1);
    }
}

/* Whether `word` occurs in the span as a whole word (not inside a longer name). */
static int has_word(Span s, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = s.start; p && (p = strstr(p, word)) && p < s.end; p++) {
        char before = p > s.start ? p[-1] : ' ', after = p[n];
        int inside = (before >= 'a' && before <= 'z') || before == '_' || (after >= 'a' && after <= 'z') ||
                     (after >= '0' && after <= '9') || after == '_';
        if (!inside)
            return 1;
    }
    return 0;
}

/* .luacheckrc declares each sandbox global: a function as "name", a library
 * table as `name = fields(...)` naming each of its fields. */
static void need_in_luacheckrc(lua_State *L, int base, const Names *globals)
{
    char *rc = slurp(".luacheckrc");
    REQUIRE(rc != NULL);
    for (int i = 0; i < globals->n; i++) {
        char pat[96], what[96];
        snprintf(what, sizeof what, "global '%s'", globals->name[i]);
        if (globals->type[i] != LUA_TTABLE) {
            snprintf(pat, sizeof pat, "\"%s\"", globals->name[i]);
            need(rc, ".luacheckrc", what, pat);
            continue;
        }
        snprintf(pat, sizeof pat, "%s = fields(", globals->name[i]);
        Span lib = span_of(rc, pat, "),\n");
        need(rc, ".luacheckrc", what, pat);
        static Names fields;
        lua_getfield(L, base, globals->name[i]);
        collect(L, lua_gettop(L), &fields);
        lua_pop(L, 1);
        for (int k = 0; k < fields.n && lib.start; k++)
            if (!has_word(lib, fields.name[k]))
                th_fail(__FILE__, __LINE__, "%s.%s is not among the fields .luacheckrc gives %s", globals->name[i],
                        fields.name[k], globals->name[i]);
    }
    free(rc);
}

/* The argument list after `open` in text ("player, index [, cause])") as
 * "player,index,cause?": a name after '[' is optional. */
static void doc_arguments(const char *open, char *out, size_t len)
{
    int optional = 0;
    size_t n = 0;
    out[0] = 0;
    for (const char *p = open; *p && *p != ')' && *p != '`' && n + 2 < len; p++) {
        if (*p == '[')
            optional = 1;
        else if (*p == ',' && n)
            out[n++] = ',';
        else if (*p != ' ' && *p != ']' && *p != ',') {
            out[n++] = *p;
            if ((p[1] == ',' || p[1] == ')' || p[1] == ' ' || p[1] == '[' || p[1] == ']') && optional)
                out[n++] = '?';
        }
    }
    out[n] = 0;
}

/* The same for the annotation "function game.NAME(a, b)" at `open`: a name is
 * optional when the comment block above says "---@param NAME?". */
static void meta_arguments(const char *meta, const char *open, char *out, size_t len)
{
    const char *block = open;   /* back over the "---" lines above the function */
    while (block > meta && block[-1] != '\n')
        block--;
    while (block > meta + 1) {
        const char *line = block - 1;
        while (line > meta && line[-1] != '\n')
            line--;
        if (strncmp(line, "---", 3) != 0)
            break;
        block = line;
    }
    size_t n = 0;
    out[0] = 0;
    for (const char *p = open; *p && *p != ')' && n + 40 < len;) {
        size_t w = strcspn(p, ", )");
        if (w) {
            char pat[64];
            snprintf(pat, sizeof pat, "---@param %.*s?", (int)w, p);
            const char *hit = strstr(block, pat);
            n += (size_t)snprintf(out + n, len - n, "%s%.*s%s", n ? "," : "", (int)w, p,
                                  hit && hit < open ? "?" : "");
        }
        p += w;
        p += strspn(p, ", ");
    }
}

/* Every mention of `game.NAME(...)` in the docs gives the annotation's
 * argument list, with the same names and the same optional ones. */
static void need_same_arguments(const char *doc, const char *meta, const char *name)
{
    char pat[96], want[160], got[160];
    snprintf(pat, sizeof pat, "function game.%s(", name);
    const char *m = strstr(meta, pat);
    if (!m)
        return;   /* reported by the caller */
    meta_arguments(meta, m + strlen(pat), want, sizeof want);
    snprintf(pat, sizeof pat, "`game.%s(", name);
    for (const char *d = strstr(doc, pat); d; d = strstr(d + 1, pat)) {
        doc_arguments(d + strlen(pat), got, sizeof got);
        if (strcmp(got, want) != 0)
            th_fail(__FILE__, __LINE__, "game.%s: " DOC " gives (%s), " META " (%s)", name, got, want);
    }
}

TEST(api_docs_name_every_global_and_game_function)
{
    char *doc = slurp(DOC), *meta = slurp(META);
    REQUIRE(doc && meta);
    char root[64], err[256];
    make_root(root, sizeof root, NULL);
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    lua_State *L = script_lua(s.script);
    static Names globals, game;
    lua_getfield(L, LUA_REGISTRYINDEX, "vq.sandbox.base");
    REQUIRE(lua_istable(L, -1));
    int base = lua_gettop(L);
    collect(L, base, &globals);
    CHECK(globals.n > 10);
    for (int i = 0; i < globals.n; i++) {
        char pat[96], what[96];
        snprintf(what, sizeof what, "global '%s'", globals.name[i]);
        snprintf(pat, sizeof pat, "`%s", globals.name[i]);
        need(doc, DOC, what, pat);
    }
    REQUIRE(lua_getfield(L, base, "game") == LUA_TTABLE);
    collect(L, lua_gettop(L), &game);
    CHECK(game.n > 10);
    for (int i = 0; i < game.n; i++) {
        char pat[96], what[96];
        snprintf(what, sizeof what, "game.%s", game.name[i]);
        if (game.type[i] == LUA_TFUNCTION) {
            snprintf(pat, sizeof pat, "`game.%s(", game.name[i]);
            need(doc, DOC, what, pat);
            snprintf(pat, sizeof pat, "function game.%s(", game.name[i]);
            need(meta, META, what, pat);
            need_same_arguments(doc, meta, game.name[i]);
        } else {
            snprintf(pat, sizeof pat, "`game.%s`", game.name[i]);
            need(doc, DOC, what, pat);
            snprintf(pat, sizeof pat, "game.%s = ", game.name[i]);
            need(meta, META, what, pat);
        }
    }
    need_in_luacheckrc(L, base, &globals);
    lua_settop(L, base - 1);
    /* The API's own globals, and the mod-only ones that live in each mod's environment. */
    need(doc, DOC, "global 'require'", "`require(modname)`");
    need(doc, DOC, "global 'manifest'", "`manifest`");
    static const char *const OWN[] = { "on(", "card(", "remove_card(", "require(" };
    for (size_t i = 0; i < sizeof OWN / sizeof OWN[0]; i++) {
        char pat[48];
        snprintf(pat, sizeof pat, "function %s", OWN[i]);
        need(meta, META, OWN[i], pat);
    }
    need(meta, META, "global 'manifest'", "manifest = ");
    session_close(&s);
    remove_root(root);
    free(doc);
    free(meta);
}

/* Every name a name field takes (phases, modes, causes, ...: the names the
 * session gives the script layer) and every decision kind appears in the
 * "### Names" table of the docs and as a string literal in the annotations. */
TEST(api_docs_name_every_name_of_a_name_field)
{
    char *doc = slurp(DOC), *meta = slurp(META);
    REQUIRE(doc && meta);
    Span names = span_of(doc, "### Names", "\n### ");
    REQUIRE(names.start != NULL);
    char root[64], err[256];
    make_root(root, sizeof root, NULL);
    static Session s;
    REQUIRE(session_open(&s, root, err, sizeof err) == 0);
    char pat[96], what[160];
    int checked = 0;
    for (int e = 0; e < EV_COUNT; e++)
        for (int f = 0; f < s.event_defs[e].nfields; f++) {
            const ScriptFieldDef *fd = &s.event_defs[e].fields[f];
            for (int k = 0; fd->kind == SCRIPT_FIELD_NAME && k < *fd->names->count; k++, checked++) {
                snprintf(what, sizeof what, "'%s', a name of field '%s' of '%s'", fd->names->names[k], fd->name,
                         s.event_defs[e].name);
                snprintf(pat, sizeof pat, "`%s`", fd->names->names[k]);
                need_in(names, "the Names table of " DOC, what, pat);
                snprintf(pat, sizeof pat, "\"%s\"", fd->names->names[k]);
                need(meta, META, what, pat);
            }
        }
    CHECK(checked > 20);
    for (int k = 0; k < DK_COUNT; k++) {
        snprintf(what, sizeof what, "decision kind '%s'", decision_kind_name(k));
        snprintf(pat, sizeof pat, "`%s`", decision_kind_name(k));
        need_in(names, "the Names table of " DOC, what, pat);
        snprintf(pat, sizeof pat, "\"%s\"", decision_kind_name(k));
        need(meta, META, what, pat);
    }
    session_close(&s);
    remove_root(root);
    free(doc);
    free(meta);
}

/* The field names a declaration accepts, read from the engine's own refusal
 * of an unknown one ("... unknown field 'zz_unknown' (known: a, b, c)"), for
 * a power script `probe` that declares it so. Returns how many. */
static int known_fields(const char *probe, char names[][32], int max)
{
    char root[64], err[512];
    make_root(root, sizeof root, probe);
    static Session s;
    int rc = session_open(&s, root, err, sizeof err);
    remove_root(root);
    if (rc == 0) {
        session_close(&s);
        th_fail(__FILE__, __LINE__, "the engine took an unknown field: %s", probe);
        return 0;
    }
    const char *list = strstr(err, "(known: ");
    if (!list) {
        th_fail(__FILE__, __LINE__, "no list of known fields in \"%s\"", err);
        return 0;
    }
    list += strlen("(known: ");
    int n = 0;
    while (*list && *list != ')' && n < max) {
        size_t len = strcspn(list, ",)");
        snprintf(names[n++], 32, "%.*s", (int)len, list);
        list += len;
        while (*list == ',' || *list == ' ')
            list++;
    }
    return n;
}

/* Each field of a declaration is documented in `doc_span` as "`field`" and
 * annotated in class `cls` of the annotations as "---@field field". */
static void need_fields(const char *probe, const char *what, Span doc_span, Span cls)
{
    char names[16][32];
    int n = known_fields(probe, names, 16);
    CHECK(n > 1);
    for (int i = 0; i < n; i++) {
        char pat[64], item[96];
        snprintf(item, sizeof item, "%.40s field '%.31s'", what, names[i]);
        snprintf(pat, sizeof pat, "`%.31s`", names[i]);
        need_in(doc_span, DOC, item, pat);
        snprintf(pat, sizeof pat, "---@field %.31s", names[i]);
        need_in(cls, META, item, pat);
    }
}

TEST(api_docs_name_every_declaration_field_ability_and_mark_trait)
{
    char *doc = slurp(DOC), *meta = slurp(META);
    REQUIRE(doc && meta);
    Span cards = span_of(doc, "## Power cards", "\n## "), marks = span_of(doc, "### Marks", "\n### ");
    REQUIRE(cards.start && marks.start);
    need_fields("card{ zz_unknown = 1 }", "card{}", cards, span_of(meta, "@class CardSpec", "\n---@class"));
    need_fields("card{ name = 'Probe', levels = { 1, 1 }, stars = 0, abilities = { zz_unknown = true } }",
                "card{} abilities", cards, span_of(meta, "@class CardAbilities", "\n---@class"));
    need_fields("game.critter_mark{ name = 'probe', zz_unknown = true }", "game.critter_mark", marks,
                span_of(meta, "@class CritterMarkSpec", "\n---@class"));
    need_fields("game.cell_mark{ name = 'probe', zz_unknown = true }", "game.cell_mark", marks,
                span_of(meta, "@class CellMarkSpec", "\n---@class"));
    Span questions = span_of(doc, "### Questions", "\n### "), actions = span_of(doc, "### Actions", "\n## ");
    Span handlers = span_of(doc, "## Handlers", "\n## ");
    REQUIRE(questions.start && actions.start && handlers.start);
    need_fields("game.question{ zz_unknown = 1 }", "game.question", questions,
                span_of(meta, "@class QuestionSpec", "\n---@class"));
    need_fields("game.action{ zz_unknown = 1 }", "game.action", actions,
                span_of(meta, "@class ActionSpec", "\n---@class"));
    need_fields("on('turn_start', print, 0, { zz_unknown = 1 })", "on()'s gate", handlers,
                span_of(meta, "@class GateSpec", "\n\n"));
    free(doc);
    free(meta);
}

/* The rules-test functions: the entries of TEST_FUNCS in the runner's source,
 * each documented as "| `name(" under "## Rules tests" and annotated as
 * "function name(" in volcanique_test.lua. */
TEST(api_docs_name_every_rules_test_function)
{
    char *doc = slurp(DOC), *meta = slurp(META_TEST), *src = slurp("engine/script/rulestest.c");
    REQUIRE(doc && meta && src);
    Span tests = span_of(doc, "## Rules tests", "\n## ");
    REQUIRE(tests.start != NULL);
    const char *p = strstr(src, "rulestest_functions[] = {");
    REQUIRE(p != NULL);
    const char *end = strstr(p, "};");
    int n = 0;
    while ((p = strstr(p, "{ \"")) && p < end) {
        p += 3;
        char name[32], pat[64], what[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(p, "\""), p);
        snprintf(what, sizeof what, "rules-test function '%s'", name);
        snprintf(pat, sizeof pat, "| `%s(", name);
        need_in(tests, "the Rules tests of " DOC, what, pat);
        snprintf(pat, sizeof pat, "function %s(", name);
        need(meta, META_TEST, what, pat);
        n++;
    }
    CHECK(n >= 9);
    free(doc);
    free(meta);
    free(src);
}
