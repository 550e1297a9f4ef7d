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
        "  sim --games K [--players N] [--seed S] [--variant V] [--setup 1|2] [--check]\n"
        "                      play K random-bot games headless; one JSON line per game;\n"
        "                      --check runs the invariant checker after every decision\n"
        "  help                this text\n"
        "\n"
        "options:\n"
        "  --root DIR          folder holding content/ and scripts/ (default: $VOLCANIQUE_ROOT,\n"
        "                      else the folder above bin/, else the current folder)\n"
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
