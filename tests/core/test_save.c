/* Saves: byte-stable round trips, replay across processes, atomic writes, and
 * clear errors (never a crash) for every kind of damaged input. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "fixtures.h"
#include "game.h"
#include "harness.h"
#include "save.h"

static SaveMeta test_meta(void)
{
    SaveMeta m;
    memset(&m, 0, sizeof m);
    snprintf(m.rules_version, sizeof m.rules_version, "base-1.0");
    m.mod_count = 2;
    snprintf(m.mods[0].name, sizeof m.mods[0].name, "longer_winter");
    snprintf(m.mods[0].hash, sizeof m.mods[0].hash, "0123456789abcdef");
    snprintf(m.mods[1].name, sizeof m.mods[1].name, "quote\"and\\slash");
    snprintf(m.mods[1].hash, sizeof m.mods[1].hash, "ffff");
    return m;
}

/* A played game and its save text; free with fixture_free. */
typedef struct Fixture {
    Game *g;
    ActionLog log;
    char *text;
} Fixture;

static int fixture(Fixture *f, int players, uint64_t seed, int steps)
{
    memset(f, 0, sizeof *f);
    f->g = calloc(1, sizeof *f->g);
    if (!f->g || fx_play(f->g, &f->log, players, seed, seed ^ 0x5bd1e995, steps) < 0)
        return -1;
    SaveMeta m = test_meta();
    f->text = save_to_string(f->g, &f->log, &m);
    return f->text ? 0 : -1;
}

static void fixture_free(Fixture *f)
{
    free(f->text);
    action_log_free(&f->log);
    free(f->g);
}

/* Parses and restores `text`; returns 0 or -1 with the message in err. */
static int load_text(const char *text, Game *g, char *err, int errlen)
{
    LoadedSave ls;
    if (save_parse(text, &ls, err, errlen))
        return -1;
    ActionLog log = { 0 };
    int rc = save_restore(g, fx_rules(), &ls, &log, NULL, NULL, err, errlen);
    if (rc == 0 && game_hash(g) != ls.state_hash) {
        th_fail(__FILE__, __LINE__, "save_restore succeeded with a hash that does not check");
        rc = -1;
    }
    action_log_free(&log);
    loaded_save_free(&ls);
    return rc;
}

/* Rewrites one value of the save through jansson; `path` is a dotted key
 * list with [n] indices, e.g. "actions[3][0]". Returns malloc'd text. */
static char *edit_json(const char *text, const char *key, int index, int sub, json_t *value)
{
    json_t *root = json_loads(text, 0, NULL);
    if (!root)
        return NULL;
    json_t *at = json_object_get(root, key);
    if (index >= 0 && sub >= 0)
        json_array_set_new(json_array_get(at, (size_t)index), (size_t)sub, value);
    else if (index >= 0)
        json_array_set_new(at, (size_t)index, value);
    else
        json_object_set_new(root, key, value);
    char *out = json_dumps(root, JSON_PRESERVE_ORDER | JSON_INDENT(1));
    json_decref(root);
    return out;
}

static char *temp_dir(void)
{
    char tmpl[] = "/tmp/vq-save-test-XXXXXX";
    char *d = mkdtemp(tmpl);
    return d ? strdup(d) : NULL;
}

static void write_bytes(const char *path, const char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(p, 1, n, f);
    fclose(f);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 22);
    size_t n = buf ? fread(buf, 1, (1 << 22) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

/* ---- round trips ---- */

TEST(save_round_trip_gives_identical_bytes)
{
    for (int k = 0; k < 3; k++) {
        Fixture f;
        REQUIRE(fixture(&f, 2 + k, 100 + (uint64_t)k, 90 + 60 * k) == 0);
        LoadedSave ls;
        char err[256];
        REQUIRE(save_parse(f.text, &ls, err, sizeof err) == 0);
        CHECK_EQ(ls.log.len, f.log.len);
        CHECK_EQ(ls.seed, 100 + k);
        CHECK_EQ(ls.meta.mod_count, 2);
        CHECK(strcmp(ls.meta.mods[1].name, "quote\"and\\slash") == 0);
        Game *g = calloc(1, sizeof *g);
        ActionLog log = { 0 };
        REQUIRE(g);
        if (save_restore(g, fx_rules(), &ls, &log, NULL, NULL, err, sizeof err) != 0)
            th_fail(__FILE__, __LINE__, "restore: %s", err);
        CHECK(g->log == &log);
        CHECK_EQ(log.len, f.log.len);
        CHECK(game_hash(g) == game_hash(f.g));
        char *again = save_to_string(g, &log, &ls.meta);
        REQUIRE(again);
        CHECK(strcmp(again, f.text) == 0);
        free(again);
        free(g);
        action_log_free(&log);
        loaded_save_free(&ls);
        fixture_free(&f);
    }
}

TEST(save_round_trip_of_a_finished_game)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 4242, 1000000) == 0);
    CHECK(game_over(f.g));
    Game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    char err[256];
    if (load_text(f.text, g, err, sizeof err))
        th_fail(__FILE__, __LINE__, "restore: %s", err);
    CHECK(game_over(g));
    CHECK(game_hash(g) == game_hash(f.g));
    free(g);
    fixture_free(&f);
}

TEST(save_seed_is_an_exact_decimal_string)
{
    Game *g = calloc(1, sizeof *g);
    ActionLog log = { 0 };
    REQUIRE(g);
    const uint64_t seed = UINT64_MAX - 2; /* above INT64_MAX */
    GameOptions o = { .players = 2, .setup_variation = 1, .variant = "" };
    char err[256];
    REQUIRE(fx_rules());
    REQUIRE(game_init(g, fx_rules(), &o, seed, NULL, NULL, err, sizeof err) == 0);
    g->log = &log;
    char *text = save_to_string(g, NULL, NULL);
    REQUIRE(text);
    CHECK_STR_CONTAINS(text, "\"seed\": \"18446744073709551613\"");
    CHECK_STR_CONTAINS(text, "\"format\": \"volcanique-save\"");
    CHECK_STR_CONTAINS(text, "\"mods\": []");
    LoadedSave ls;
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    CHECK(ls.seed == seed);
    loaded_save_free(&ls);
    /* A plain integer seed is accepted too; anything past 2^64-1 is not. */
    char *edited = edit_json(text, "seed", -1, -1, json_integer(12345));
    REQUIRE(edited);
    REQUIRE(save_parse(edited, &ls, err, sizeof err) == 0);
    CHECK(ls.seed == 12345);
    loaded_save_free(&ls);
    free(edited);
    edited = edit_json(text, "seed", -1, -1, json_string("18446744073709551616"));
    REQUIRE(edited);
    CHECK(save_parse(edited, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "seed");
    free(edited);
    free(text);
    action_log_free(&log);
    free(g);
}

TEST(save_snapshot_describes_the_state)
{
    Fixture f;
    REQUIRE(fixture(&f, 3, 7, 200) == 0);
    json_t *root = json_loads(f.text, 0, NULL);
    REQUIRE(root);
    json_t *snap = json_object_get(root, "snapshot");
    CHECK(json_is_object(snap));
    CHECK_EQ(json_integer_value(json_object_get(snap, "turn")), f.g->turn);
    CHECK(json_is_string(json_object_get(snap, "phase")));
    CHECK(json_is_object(json_object_get(snap, "pending")));
    CHECK_EQ(json_array_size(json_object_get(snap, "players")), 3);
    json_t *board = json_object_get(snap, "board");
    CHECK(json_array_size(board) > 0);
    json_t *cell = json_array_get(board, 0);
    CHECK(json_is_integer(json_object_get(cell, "q")));
    CHECK(json_is_array(json_object_get(cell, "stack")));
    CHECK(json_is_boolean(json_object_get(cell, "lava")));
    char hash[17];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)game_hash(f.g));
    CHECK(strcmp(json_string_value(json_object_get(root, "state_hash")), hash) == 0);
    /* One line per action. */
    CHECK_STR_CONTAINS(f.text, "\"actions\": [\n    [");
    json_decref(root);
    fixture_free(&f);
}

TEST(save_replay_in_another_process_reaches_the_same_hash)
{
    Fixture f;
    REQUIRE(fixture(&f, 4, 99, 300) == 0);
    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/game.json", dir);
    REQUIRE(save_write_file(path, f.g, &f.log, NULL, err, sizeof err) == 0);
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        uint64_t h = 0;
        LoadedSave ls;
        Game *g = calloc(1, sizeof *g);
        char cerr[256];
        int ok = g && save_read_file(path, &ls, cerr, sizeof cerr) == 0;
        if (ok) {
            ok = save_restore(g, fx_rules(), &ls, NULL, NULL, NULL, cerr, sizeof cerr) == 0;
            loaded_save_free(&ls);
        }
        if (ok)
            h = game_hash(g);
        ssize_t w = write(fds[1], &h, sizeof h);
        free(g);
        _exit(ok && w == (ssize_t)sizeof h ? 0 : 1);
    }
    close(fds[1]);
    uint64_t child_hash = 0;
    ssize_t r = read(fds[0], &child_hash, sizeof child_hash);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK_EQ(r, (ssize_t)sizeof child_hash);
    CHECK(child_hash == game_hash(f.g));
    unlink(path);
    rmdir(dir);
    free(dir);
    fixture_free(&f);
}

/* ---- damaged saves ---- */

TEST(save_truncated_at_any_length_is_rejected)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 3, 50) == 0);
    size_t len = strlen(f.text);
    char *buf = malloc(len + 1);
    REQUIRE(buf);
    Game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    size_t cuts[] = { 0, 1, 2, 10, 37, len / 3, len / 2, len - 20, len - 3, len - 2 };
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        memcpy(buf, f.text, cuts[i]);
        buf[cuts[i]] = '\0';
        char err[256] = "";
        CHECK(load_text(buf, g, err, sizeof err) == -1);
        CHECK(err[0] != '\0');
        if (cuts[i] > 0)
            CHECK_STR_CONTAINS(err, "line");
    }
    /* Cutting only the final newline still leaves a whole document. */
    memcpy(buf, f.text, len - 1);
    buf[len - 1] = '\0';
    char err[256];
    CHECK(load_text(buf, g, err, sizeof err) == 0);
    free(g);
    free(buf);
    fixture_free(&f);
}

TEST(save_syntax_error_reports_line_and_column)
{
    LoadedSave ls;
    char err[256];
    CHECK(save_parse("{\n  \"format\": \"volcanique-save\",\n  oops\n}", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "line 3, column");
}

TEST(save_with_wrong_format_or_version_is_rejected)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 8, 20) == 0);
    LoadedSave ls;
    char err[256];
    char *t = edit_json(f.text, "format_version", -1, -1, json_integer(7));
    REQUIRE(t);
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "version 7");
    CHECK_STR_CONTAINS(err, "reads version 1");
    free(t);
    t = edit_json(f.text, "format", -1, -1, json_string("chess-save"));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "format: expected \"volcanique-save\"");
    free(t);
    t = edit_json(f.text, "format_version", -1, -1, json_string("1"));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "format_version: expected an integer, found a string");
    free(t);
    fixture_free(&f);
}

TEST(save_with_wrong_state_hash_is_rejected)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 12, 70) == 0);
    char *p = strstr(f.text, "\"state_hash\": \"");
    REQUIRE(p);
    p += strlen("\"state_hash\": \"");
    *p = *p == '0' ? '1' : '0';
    Game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    char err[256];
    CHECK(load_text(f.text, g, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "state hash mismatch");
    free(g);
    fixture_free(&f);
}

TEST(save_made_with_other_rules_is_rejected)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 13, 30) == 0);
    LoadedSave ls;
    char err[256];
    REQUIRE(save_parse(f.text, &ls, err, sizeof err) == 0);
    Rules *other = malloc(sizeof *other);
    Game *g = calloc(1, sizeof *g);
    REQUIRE(other && g);
    *other = *fx_rules();
    other->resource_cap++;
    CHECK(save_restore(g, other, &ls, NULL, NULL, NULL, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "different rules");
    loaded_save_free(&ls);
    free(other);
    free(g);
    fixture_free(&f);
}

TEST(save_of_garbage_empty_or_array_is_rejected)
{
    LoadedSave ls;
    char err[256];
    CHECK(save_parse("", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "empty");
    CHECK(save_parse("[1, 2, 3]", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "expected a JSON object at the top level, found an array");
    CHECK(save_parse("\x89PNG\r\n\x1a\n\xff\xfe garbage", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not valid JSON");
    CHECK(save_parse("{\"format\": \"volcanique-save\"}", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "format_version: missing");
    CHECK(save_parse(NULL, &ls, err, sizeof err) == -1);

    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256];
    snprintf(path, sizeof path, "%s/empty.json", dir);
    write_bytes(path, "", 0);
    CHECK(save_read_file(path, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "empty");
    CHECK_STR_CONTAINS(err, path);
    /* NUL bytes in a file are a syntax error, not a silent truncation. */
    write_bytes(path, "{\"format\"\0: 1}", 14);
    CHECK(save_read_file(path, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not valid JSON");
    unlink(path);
    snprintf(path, sizeof path, "%s/missing.json", dir);
    CHECK(save_read_file(path, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "cannot open");
    rmdir(dir);
    free(dir);
}

TEST(save_with_deep_nesting_or_huge_numbers_is_rejected)
{
    LoadedSave ls;
    char err[256];
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 1);
    REQUIRE(deep);
    memset(deep, '[', depth);
    memset(deep + depth, ']', depth);
    deep[2 * depth] = '\0';
    CHECK(save_parse(deep, &ls, err, sizeof err) == -1);
    free(deep);
    CHECK(save_parse("{\"format\": \"volcanique-save\", \"format_version\": 99999999999999999999999}", &ls, err,
                     sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not valid JSON");
    CHECK(save_parse("{\"format\": \"volcanique-save\", \"format_version\": 1e999}", &ls, err, sizeof err) == -1);
    CHECK(save_parse("{\"format\": \"volcanique-save\", \"format_version\": 1.0}", &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "format_version: expected an integer, found a real number");
}

TEST(save_with_out_of_range_action_fields_names_the_field)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 14, 40) == 0);
    LoadedSave ls;
    char err[256];
    char *t = edit_json(f.text, "actions", 12, 0, json_integer(VERB_COUNT));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "actions[12][0]: verb");
    CHECK_STR_CONTAINS(err, "out of range");
    free(t);
    t = edit_json(f.text, "actions", 3, 2, json_integer(BOARD_SIZE));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "actions[3][2]: q");
    CHECK_STR_CONTAINS(err, "off the board");
    free(t);
    t = edit_json(f.text, "actions", 5, 3, json_null());
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "both be null");
    free(t);
    t = edit_json(f.text, "actions", 7, 5, json_integer(-1));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "actions[7][5]: pay -1 is out of range");
    free(t);
    t = edit_json(f.text, "actions", 8, 4, json_string("x"));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "actions[8][4]: expected an integer (subject), found a string");
    free(t);
    t = edit_json(f.text, "actions", 9, -1, json_array());
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "actions[9]: expected 6 values");
    free(t);
    t = edit_json(f.text, "options", -1, -1, json_pack("{s:i, s:i, s:s}", "players", 9, "setup_variation", 1,
                                                      "variant", ""));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "options.players: 9 is out of range 2..5");
    free(t);
    t = edit_json(f.text, "mods", 0, -1, json_pack("{s:i}", "name", 3));
    CHECK(save_parse(t, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "mods[0].name: expected a string, found an integer");
    free(t);
    fixture_free(&f);
}

TEST(save_with_an_illegal_action_names_the_action)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 15, 60) == 0);
    /* Paying 15 of every resource is never a legal option. */
    char *t = edit_json(f.text, "actions", 17, 5, json_integer(0xFFF));
    REQUIRE(t);
    Game *g = calloc(1, sizeof *g);
    REQUIRE(g);
    char err[256];
    CHECK(load_text(t, g, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "action 17 (");
    CHECK_STR_CONTAINS(err, "is not legal at that point");
    free(t);
    free(g);
    fixture_free(&f);
}

/* ---- files ---- */

TEST(save_write_and_read_file_round_trip)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 16, 40) == 0);
    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256], tmp[270], err[256];
    snprintf(path, sizeof path, "%s/s.json", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    SaveMeta m = test_meta();
    REQUIRE(save_write_file(path, f.g, &f.log, &m, err, sizeof err) == 0);
    CHECK(access(tmp, F_OK) != 0);
    char *back = read_text(path);
    REQUIRE(back);
    CHECK(strcmp(back, f.text) == 0);
    LoadedSave ls;
    REQUIRE(save_read_file(path, &ls, err, sizeof err) == 0);
    CHECK_EQ(ls.log.len, f.log.len);
    CHECK(strcmp(ls.meta.rules_version, "base-1.0") == 0);
    loaded_save_free(&ls);
    free(back);
    unlink(path);
    rmdir(dir);
    free(dir);
    fixture_free(&f);
}

TEST(save_write_failure_leaves_the_original_intact)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 17, 40) == 0);
    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256], tmp[270], err[256];
    snprintf(path, sizeof path, "%s/keep.json", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    const char *original = "the original save\n";
    write_bytes(path, original, strlen(original));
    /* The temporary file cannot be created: a directory is in its way. */
    REQUIRE(mkdir(tmp, 0700) == 0);
    CHECK(save_write_file(path, f.g, &f.log, NULL, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "cannot create");
    char *back = read_text(path);
    CHECK(back && strcmp(back, original) == 0);
    free(back);
    rmdir(tmp);
    /* A directory that does not exist. */
    char missing[300];
    snprintf(missing, sizeof missing, "%s/no/such/dir/x.json", dir);
    CHECK(save_write_file(missing, f.g, &f.log, NULL, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "no/such/dir");
    /* Writing onto the existing file replaces it whole. */
    REQUIRE(save_write_file(path, f.g, &f.log, NULL, err, sizeof err) == 0);
    back = read_text(path);
    CHECK(back && strstr(back, "volcanique-save"));
    free(back);
    unlink(path);
    rmdir(dir);
    free(dir);
    fixture_free(&f);
}

/* ---- fuzz ---- */

#define FUZZ_ROUNDS 5000
static const char FUZZ_BYTES[] = "{}[],:\"0123456789-.eE \n\\nultrufals\x00\xff\xc3\x80";

TEST(save_fuzzed_inputs_never_crash_and_only_pass_when_the_hash_checks)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 21, 120) == 0);
    const uint64_t played = game_hash(f.g);
    size_t len = strlen(f.text);
    /* Half the mutations land in the actions, where they reach the replay. */
    const char *act = strstr(f.text, "\"actions\"");
    const char *snap = strstr(f.text, "\"snapshot\"");
    REQUIRE(act && snap);
    size_t act_at = (size_t)(act - f.text), act_len = (size_t)(snap - act);
    char *buf = malloc(len + 256);
    Game *g = calloc(1, sizeof *g);
    REQUIRE(buf && g);
    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256];
    snprintf(path, sizeof path, "%s/fuzz.json", dir);
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    int accepted = 0, rejected = 0;
    for (int iter = 0; iter < FUZZ_ROUNDS; iter++) {
        memcpy(buf, f.text, len + 1);
        size_t n = len;
        int mutations = 1 + (int)(fx_xorshift(&x) % 4);
        for (int m = 0; m < mutations && n > 0; m++) {
            size_t at = (size_t)(fx_xorshift(&x) % n);
            if (fx_xorshift(&x) & 1 && act_at + act_len <= n)
                at = act_at + (size_t)(fx_xorshift(&x) % act_len);
            switch (fx_xorshift(&x) % 5) {
            case 0: /* bit flip */
                buf[at] ^= (char)(1 << (fx_xorshift(&x) % 8));
                break;
            case 1: /* byte from the JSON alphabet */
                buf[at] = FUZZ_BYTES[fx_xorshift(&x) % (sizeof FUZZ_BYTES - 1)];
                break;
            case 2: /* truncation */
                n = at;
                break;
            case 3: { /* insertion */
                size_t k = 1 + (size_t)(fx_xorshift(&x) % 8);
                memmove(buf + at + k, buf + at, n - at);
                for (size_t i = 0; i < k; i++)
                    buf[at + i] = FUZZ_BYTES[fx_xorshift(&x) % (sizeof FUZZ_BYTES - 1)];
                n += k;
                break;
            }
            default: { /* deletion */
                size_t k = 1 + (size_t)(fx_xorshift(&x) % 8);
                if (at + k > n)
                    k = n - at;
                memmove(buf + at, buf + at + k, n - at - k);
                n -= k;
                break;
            }
            }
            buf[n] = '\0';
        }
        char err[256];
        err[0] = '\0';
        if (iter % 16 == 0) {
            /* Through a file, bytes after a NUL are seen too. */
            LoadedSave ls;
            write_bytes(path, buf, n);
            if (save_read_file(path, &ls, err, sizeof err) == 0)
                loaded_save_free(&ls);
            else if (!err[0])
                th_fail(__FILE__, __LINE__, "iteration %d: file rejected without a message", iter);
            err[0] = '\0';
        }
        if (load_text(buf, g, err, sizeof err) == 0) {
            accepted++;
            /* Accepted means the replay reached the very state that was saved. */
            if (game_hash(g) != played)
                th_fail(__FILE__, __LINE__, "iteration %d: accepted a save of another state", iter);
        } else {
            rejected++;
            if (!err[0])
                th_fail(__FILE__, __LINE__, "iteration %d: rejected without a message", iter);
        }
    }
    CHECK(rejected > 0);
    CHECK(accepted + rejected == FUZZ_ROUNDS);
    unlink(path);
    rmdir(dir);
    free(dir);
    free(g);
    free(buf);
    fixture_free(&f);
}

/* The attack: the size limit was checked after the buffer had doubled to
 * 128 MiB, and a 60 MiB save of [0,0,...] took 1.3 GB to parse before it was
 * refused. Now the size is checked before reading and the parser's memory is
 * bounded; a child process reads the file so its peak memory can be measured. */
TEST(save_attack_huge_array_is_refused_within_bounded_memory)
{
    char *dir = temp_dir();
    REQUIRE(dir);
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/zeros.json", dir);
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fputc('[', f);
    static char chunk[1 << 16];
    for (size_t i = 0; i + 1 < sizeof chunk; i += 2)
        chunk[i] = '0', chunk[i + 1] = ',';
    for (int i = 0; i < 60 * 16; i++)
        fwrite(chunk, 1, sizeof chunk, f);
    fputs("0]", f);
    fclose(f);
    fflush(stdout);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        LoadedSave ls;
        char e[512];
        int refused = save_read_file(path, &ls, e, sizeof e) == -1 && strstr(e, "needs more than 128 MiB");
        _exit(refused ? 0 : 1);
    }
    int st = 0;
    REQUIRE(waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    struct rusage ru;
    REQUIRE(getrusage(RUSAGE_CHILDREN, &ru) == 0);
    CHECK(ru.ru_maxrss < 700 * 1024 || (printf("  peak %ld KiB\n", ru.ru_maxrss), 0));   /* KiB */
    unlink(path);

    /* Larger than SAVE_MAX_BYTES: refused from its size alone. */
    snprintf(path, sizeof path, "%s/sparse.json", dir);
    f = fopen(path, "wb");
    REQUIRE(f);
    REQUIRE(ftruncate(fileno(f), (off_t)SAVE_MAX_BYTES + 1) == 0);
    fclose(f);
    LoadedSave ls;
    CHECK(save_read_file(path, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not a save");
    unlink(path);

    /* A FIFO would block a plain read: refused, not waited on. */
    snprintf(path, sizeof path, "%s/fifo.json", dir);
    REQUIRE(mkfifo(path, 0600) == 0);
    CHECK(save_read_file(path, &ls, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not a regular file");
    unlink(path);
    rmdir(dir);
    free(dir);
}

/* Who sat where travels with the game: a save records the seats the front
 * end gives it (as --seats lists them) and gives them back; without them the
 * save has no "seats" key, and a seats value that is not a short string is
 * refused with its name. */
TEST(save_keeps_the_seats_it_is_given)
{
    Fixture f;
    REQUIRE(fixture(&f, 2, 16, 40) == 0);
    SaveMeta m = test_meta();
    snprintf(m.seats, sizeof m.seats, "human,mcts+:200");
    char *text = save_to_string(f.g, &f.log, &m);
    REQUIRE(text);
    LoadedSave ls;
    char err[256];
    REQUIRE(save_parse(text, &ls, err, sizeof err) == 0);
    CHECK(strcmp(ls.meta.seats, "human,mcts+:200") == 0);
    loaded_save_free(&ls);
    CHECK(strstr(f.text, "\"seats\"") == NULL);   /* the fixture's save, written without seats */
    char *bad = strstr(text, "\"human,mcts+:200\"");
    REQUIRE(bad);
    memcpy(bad, "12345678901234567", 17);   /* a number where the string was */
    CHECK(save_parse(text, &ls, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "seats");
    free(text);
    fixture_free(&f);
}
