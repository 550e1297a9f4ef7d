/* volcanique: the command line. See print_help for what it does. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void print_help(FILE *out)
{
    fprintf(out,
        "volcanique - the Volcanique board game engine\n"
        "\n"
        "usage: volcanique [--root DIR] COMMAND [ARGS]\n"
        "\n"
        "commands:\n"
        "  new SAVE [--players N] [--seed S] [--variant V] [--setup 1|2]\n"
        "                      start a game and write it to SAVE (players 2-5, default 2;\n"
        "                      seed default: the clock; variant for 3-5 players:\n"
        "                      symbiosis (default) or to_the_left; set-up variation 1 or 2)\n"
        "  show SAVE           print the board, the players and the pending decision\n"
        "  options SAVE        list the pending decision's legal options, numbered\n"
        "  act SAVE N          apply option N and write the game back to SAVE\n"
        "  replay SAVE         re-play SAVE from its seed and check its state hash\n"
        "  tui [--seats LIST] [--players N] [--seed S] [--variant V] [--setup 1|2] [--save FILE]\n"
        "                      play in the terminal; LIST is human or bot per seat, comma\n"
        "                      separated (default: human,bot); --save keeps the game in FILE\n"
        "                      after every decision\n"
        "  gui [--seats LIST] [--players N] [--seed S] [--variant V] [--setup 1|2] [--save FILE]\n"
        "      [--bot-delay MS] [--frames K] [--screenshot FILE]\n"
        "                      play in an SDL2 window: click a lit hex or a listed option, or\n"
        "                      type its number and Enter; bots wait MS milliseconds (default 400)\n"
        "                      before moving; --frames stops after K frames of 1/60 s and\n"
        "                      --screenshot writes the last frame as BMP (with\n"
        "                      SDL_VIDEODRIVER=dummy no display is needed)\n"
        "  sim --games K [--players N] [--seed S] [--variant V] [--setup 1|2] [--check]\n"
        "      [--seats LIST] [--jobs J] [--shard I/N]\n"
        "                      play K bot games headless (seeds S..S+K-1); one JSON line per\n"
        "                      game in seed order; LIST is a bot per seat: random (default),\n"
        "                      greedy, mcts, mcts:ITERATIONS or mcts:MSms; --jobs runs J worker\n"
        "                      processes; --shard keeps the games whose index %% N is I;\n"
        "                      --check runs the invariant checker after every decision\n"
        "  merge FILE... [--summary]\n"
        "                      merge sim JSON lines (e.g. shards) into one stream sorted by\n"
        "                      seed, or print win rates and averages with 95%% intervals\n"
        "  compare --a SPEC --b SPEC [--games K] [--players N] [--seed S] [--seats LIST]\n"
        "      [--jobs J] [--json] [--html FILE]\n"
        "                      play K games (default 100) of two rule sets on the same seeds\n"
        "                      and report the differences with 95%% intervals and rule coverage;\n"
        "                      SPEC is KEY=VALUE,... over variant, setup, players, mods (M1+M2)\n"
        "                      and root (another rules folder); \"\" keeps the defaults\n"
        "  strength [--games N] [--seed S] [--jobs J] [--mcts SPEC] [--ladder LIST] [--timing]\n"
        "                      greedy vs random and mcts vs greedy over N 2-player games each\n"
        "                      (default 200; seats swapped on the same seeds); win rates, 95%%\n"
        "                      intervals and Elo; --ladder pairs each bot of LIST with the one\n"
        "                      before it (and every bot from the third on with the second);\n"
        "                      --timing adds each searching bot's thinking time per decision;\n"
        "                      off a terminal a progress line goes to stderr every 5 s\n"
        "  bench [--games K] [--seed S]\n"
        "                      speed figures (docs/performance.md): the CPU; random playouts\n"
        "                      for 2-5 players with and without scripts, every power dealt and\n"
        "                      each game scored; listing placements beside a bare loop, on a\n"
        "                      synthetic island and over positions of random and greedy games;\n"
        "                      cloning a game; MCTS iterations/s; memory per game\n"
        "  powers [--markdown]\n"
        "                      list every power card as its script declares it: grid levels,\n"
        "                      stars, Caldera bolt, rules text, ruling and the events its\n"
        "                      handlers hook; --markdown prints the whole of docs/powers.md\n"
        "  help                this text\n"
        "\n"
        "options:\n"
        "  --root DIR          folder holding content/ and scripts/ (default: $VOLCANIQUE_ROOT,\n"
        "                      else the folder above bin/, else the current folder)\n"
        "  --deal CARDS        (new, tui, gui, sim) deal these power cards (names, comma\n"
        "                      separated) to the Power Grid first, where their levels fit\n"
        "  --mods LIST         (new, tui, gui, sim) enable the mods of LIST, comma separated, from\n"
        "                      ROOT/mods/ with their dependencies; saves record them, and show,\n"
        "                      options, act and replay load a save's mods by themselves\n"
        "\n"
        "Exit status: 0 success, 1 failure, 2 bad command line.\n");
}

int main(int argc, char **argv)
{
    CliArgs a = { 0, NULL, NULL };
    int i = 1;
    while (i < argc && argv[i][0] == '-') {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_help(stdout);
            return 0;
        } else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
            a.root = argv[i + 1];
            i += 2;
        } else {
            fprintf(stderr, "volcanique: unknown option '%s' (see volcanique --help)\n", argv[i]);
            return 2;
        }
    }
    if (i >= argc) {
        print_help(stderr);
        return 2;
    }
    const char *cmd = argv[i];
    a.argc = argc - i - 1;
    a.argv = argv + i + 1;
    for (int k = 0; k < a.argc; k++)
        if (strcmp(a.argv[k], "--help") == 0 || strcmp(a.argv[k], "-h") == 0) {
            print_help(stdout);
            return 0;
        }
    static const struct { const char *name; int (*run)(const CliArgs *); } COMMANDS[] = {
        { "new", cmd_new }, { "show", cmd_show }, { "options", cmd_options }, { "act", cmd_act },
        { "replay", cmd_replay }, { "tui", cmd_tui }, { "sim", cmd_sim },
        { "gui", cmd_gui }, { "merge", cmd_merge }, { "compare", cmd_compare },
        { "strength", cmd_strength }, { "bench", cmd_bench },
        { "powers", cmd_powers },
    };
    if (strcmp(cmd, "help") == 0) {
        print_help(stdout);
        return 0;
    }
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
        if (strcmp(cmd, COMMANDS[k].name) == 0)
            return COMMANDS[k].run(&a);
    fprintf(stderr, "volcanique: unknown command '%s' (see volcanique --help)\n", cmd);
    return 2;
}
