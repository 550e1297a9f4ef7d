/* Hot reload (watch.h): a changed mod is noticed, loaded and the game's log
 * replayed under it; a mod that no longer loads, or a log that no longer
 * fits, leaves the game on the rules it had and says why. Each test builds
 * its own root (the shipped content/, empty scripts/, its own mods/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "harness_mods.h"
#include "watch.h"

/* A root of its own (harness_mods.h) with an empty mod folder `house`. */
static void make_root(char *root, size_t len)
{
    th_mods_root_make(root, len);
    char path[512];
    snprintf(path, sizeof path, "%s/mods/house", root);
    REQUIRE(mkdir(path, 0700) == 0);
}

static void put_mod(const char *root, const char *text)
{
    char path[600];
    snprintf(path, sizeof path, "%s/mods/house/mod.lua", root);
    FILE *f = fopen(path, "w");
    REQUIRE(f != NULL);
    fprintf(f, "%s\nreturn { name = 'house', version = '1' }\n", text);
    fclose(f);
}

/* Whether the watch notices a change now (its half-second pause skipped). */
static int changed_now(CliWatch *w)
{
    w->next_poll = 0;
    return cli_watch_changed(w);
}

TEST(watch_reloads_changed_rules_and_replays_or_says_why_not)
{
    char root[64], err[512], msg[2000];
    make_root(root, sizeof root);
    put_mod(root, "on('collect', function(ev) end)");
    static Session first;
    REQUIRE(session_open_mods(&first, root, "house", err, sizeof err) == 0);
    first.quiet = 1;
    GameOptions go = { .players = 2, .setup_variation = 1, .variant = "" };
    REQUIRE(session_new_game(&first, &go, 4, err, sizeof err) == 0);
    static Option o[MAX_OPTIONS];
    while (first.game.turn < 3) {   /* the last option each time: moves and buys, not passes */
        int n = game_options(&first.game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        REQUIRE(game_apply(&first.game, n - 1, err, sizeof err) == 0);
    }
    int actions = first.log.len;
    uint64_t hash = game_hash(&first.game);
    static CliWatch w;
    cli_watch_start(&w, &first);
    CHECK(w.files > 0);
    CHECK(!changed_now(&w));

    /* A change the log still fits: the game goes on in a new session, where it was. */
    put_mod(root, "on('collect', function(ev) end) -- a comment");
    CHECK(changed_now(&w));
    Session *s = &first;
    REQUIRE(cli_watch_reload(&w, &s, msg, sizeof msg) == 0);
    CHECK(s != &first);
    CHECK_STR_CONTAINS(msg, "Rules reloaded");
    CHECK_EQ(s->log.len, actions);
    CHECK(game_hash(&s->game) == hash);
    CHECK(!changed_now(&w));

    /* A mod that no longer loads: the session stays, the message names the line. */
    put_mod(root, "on('collect', function(ev) ev.cap = end)");
    CHECK(changed_now(&w));
    Session *kept = s;
    CHECK(cli_watch_reload(&w, &s, msg, sizeof msg) != 0);
    CHECK(s == kept);
    CHECK_STR_CONTAINS(msg, "mods/house/mod.lua:1:");
    CHECK_STR_CONTAINS(msg, "Still playing by the rules loaded before");

    /* Rules under which the log's moves are illegal: the action and turn are named. */
    put_mod(root, "on('turn_start', function(ev) ev.moves = 0 end)");
    CHECK(changed_now(&w));
    CHECK(cli_watch_reload(&w, &s, msg, sizeof msg) != 0);
    CHECK(s == kept);
    CHECK_STR_CONTAINS(msg, "no longer fits");
    CHECK_STR_CONTAINS(msg, "turn 1");
    CHECK(game_hash(&s->game) == hash);

    session_close(&first);
    cli_watch_end(&w);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}
