/* volcanique: the command line. HELP says what it does. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The text of `volcanique help`: every command and option, kept complete by
 * tests/cli/run.sh checking that it lists every command. */
static const char HELP[] =
        "volcanique - the Volcanique board game engine\n"
        "\n"
        "usage: volcanique [--root DIR] COMMAND [ARGS]\n"
        "\n"
        "commands:\n"
        "  new SAVE [--players N] [--seed S] [--variant V] [--setup 1|2] [--scenario FILE]\n"
        "      [--set NAME=V]\n"
        "                      start a game and write it to SAVE (players 2-5, default 2;\n"
        "                      seed default: the clock, or the scenario's; variant for 3-5\n"
        "                      players: symbiosis (default), to_the_left, or one a mod\n"
        "                      declares; set-up variation 1 or 2); --scenario starts from a\n"
        "                      position in the scenario\n"
        "                      text format (docs/simulation.md), which the save keeps\n"
        "  show SAVE           print the board, the players and the pending decision\n"
        "  options SAVE        list the pending decision's legal options, numbered\n"
        "  act SAVE N          apply option N and write the game back to SAVE\n"
        "  replay SAVE         re-play SAVE from its seed and check its state hash\n"
        "  tui [--seats LIST] [--players N] [--seed S] [--variant V] [--setup 1|2] [--mods LIST]\n"
        "      [--save FILE [--force]] [--load FILE] [--bot-delay MS] [--watch]\n"
        "                      play in the terminal; LIST names each seat, comma separated:\n"
        "                      human, random (or bot), greedy, mcts, mcts:ITERATIONS or\n"
        "                      mcts:MSms, and mcts+ likewise (mcts with guided rollouts: the\n"
        "                      strongest; default: human,random); --save keeps the game in FILE\n"
        "                      after every decision and refuses a FILE that already holds a game\n"
        "                      unless --force; --load FILE goes on with a saved game (and saves\n"
        "                      back into it, with the seats it records unless --seats is\n"
        "                      given); bots wait MS milliseconds before each move (default\n"
        "                      500 on a terminal, 0 otherwise); type ? in the game for its commands\n"
        "                      (scores, grid, undo, load, places by q,r...); --watch reloads the\n"
        "                      rules (scripts, content, the game's mods) when a file changes and\n"
        "                      replays the game under them, or says which action no longer fits;\n"
        "                      one seed is one game: the same seed, seats and options play the\n"
        "                      same game in tui, gui and sim (each bot is seeded from the game's\n"
        "                      seed and its seat), except that a game continued with --load goes\n"
        "                      on with bots seeded afresh\n"
        "  tui --join LINK [--autoplay BOT] [--name NAME] [--timeout S] [--bot-delay MS]\n"
        "                      play the seat of a remote table that LINK names (as serve and\n"
        "                      create print them; a watch link follows the table instead): the\n"
        "                      same screens, the game, its options and its story in the server's\n"
        "                      words (no copy of the table's mods needed), no undo; when the\n"
        "                      server goes away it says so and comes back by itself (a move made\n"
        "                      meanwhile is not sent: it says to make it again); --autoplay plays\n"
        "                      the seat with a bot here, each move shown (greedy and mcts need the\n"
        "                      table's rules and mods here, random nothing); --name shows NAME\n"
        "                      for the seat; a link the server refuses (token, table, seat,\n"
        "                      protocol version, a seat taken over by another connection) or no\n"
        "                      server for S seconds (default 60) ends it with a message, exit 1\n"
        "  gui [the options of tui, --watch too] [--frames K] [--screenshot FILE] [--width W] [--height H]\n"
        "      [--font FILE] [--pointer X,Y]\n"
        "  gui --join LINK [--autoplay BOT] [--name NAME] [--timeout S] [--bot-delay MS] [--frames K]\n"
        "      [--screenshot FILE] [--width W] [--height H] [--font FILE] [--pointer X,Y]\n"
        "                      play in an SDL2 window; without --seats, --players or --load it\n"
        "                      opens on a start screen (seats, bots, variant, set-up, mods, seed;\n"
        "                      the other game options fill it in);\n"
        "                      bots wait 600 ms a move unless --bot-delay says otherwise;\n"
        "                      --frames stops after K frames of 1/60 s, --screenshot writes the\n"
        "                      last frame as PNG (with SDL_VIDEODRIVER=dummy no display is needed);\n"
        "                      --font replaces the DejaVu font; --pointer puts the pointer at\n"
        "                      pixel X,Y (for screenshots); F1 in the window lists its keys;\n"
        "                      --join as for tui, in the window (its status line tells of the\n"
        "                      connection); with --autoplay the window closes once it has drawn\n"
        "                      the end of the game\n"
        "  sim --games K [--players N] [--seed S] [--variant V] [--setup 1|2] [--check]\n"
        "      [--seats LIST] [--jobs J] [--shard I/N]\n"
        "                      play K bot games headless (seeds S..S+K-1, default S 1: game k is\n"
        "                      the game tui --seed S+k plays with the same seats); one JSON line per\n"
        "                      game in seed order, each saying how it was made (docs/\n"
        "                      simulation.md); a sweep (--set NAME=V1,V2,...) plays K games per\n"
        "                      value; --check runs the invariant checker after every decision\n"
        "                      and plays each game again alone in a fresh session, failing at\n"
        "                      the first action after which the two differ\n"
        "  merge FILE... [--summary [--json] [--html FILE] [--min-n N] [--allow-errors]]\n"
        "                      merge result files (sim lines, or compare and balance shards)\n"
        "                      into the bytes of one whole run; --summary prints the report\n"
        "                      instead (the command's own report for compare and balance;\n"
        "                      --json and --html are theirs: plain sim lines have a text summary)\n"
        "  compare --a SPEC --b SPEC [--games K] [RUN OPTIONS] [--json] [--html FILE] [--min-n N]\n"
        "                      play K games (default 100) of two rule sets on the same seeds\n"
        "                      and report the differences with 95% intervals (Holm-corrected\n"
        "                      marks), script errors and rule coverage; SPEC is KEY=VALUE,...\n"
        "                      over variant, setup, players, seed, mods (M1+M2), root (another\n"
        "                      rules folder), set.NAME, deal (C1+C2) and hold.SEAT (C1+C2, a\n"
        "                      side's own cards, e.g. a card only its mods declare); \"\" keeps\n"
        "                      the defaults\n"
        "  balance [--games K] [--players N,...] [--powers LIST|none] [--method hold,deal]\n"
        "      [RUN OPTIONS] [--json] [--html FILE] [--min-n N]\n"
        "                      each power's effect on its holder's win rate and score, given\n"
        "                      to a seat from the start (hold) and dealt to the grid (deal),\n"
        "                      K games a batch (default 200) per player count; seat and\n"
        "                      first-player advantage, game length, margins, lead changes and\n"
        "                      end triggers; a sweep charts them against the value\n"
        "  strength [--games N] [--seed S] [--jobs J] [--mcts SPEC] [--ladder LIST] [--timing]\n"
        "      [--scenario FILE] [--hold SEAT=CARDS] [--set NAME=V]\n"
        "                      greedy vs random and mcts vs greedy over N 2-player games each\n"
        "                      (default 200; seats swapped on the same seeds); win rates with\n"
        "                      95% intervals; --ladder pairs each bot of LIST with the one\n"
        "                      before it (and every bot from the fourth on with the second)\n"
        "                      and prints an Elo ladder;\n"
        "                      --timing adds each searching bot's thinking time per decision;\n"
        "                      off a terminal a progress line goes to stderr every 5 s\n"
        "  bench [--games K] [--seed S]\n"
        "                      speed figures (docs/performance.md): the CPU; random playouts\n"
        "                      for 2-5 players with and without scripts, every power dealt and\n"
        "                      each game scored; listing placements beside a bare loop, on a\n"
        "                      synthetic island and over positions of random and greedy games;\n"
        "                      cloning a game; MCTS iterations/s; memory per game; and the\n"
        "                      window's frame times, as bench --render prints them\n"
        "  bench --render      only the window's frame times (median and worst) for islands\n"
        "                      of 61 and 217 stacks at 1280x720 and 1920x1080\n"
        "  powers [--markdown] [--mods LIST]\n"
        "                      list every power card as its script declares it: grid levels,\n"
        "                      stars, Caldera bolt, rules text, ruling, its hooks (the\n"
        "                      events its handlers hook, its actions and its questions)\n"
        "                      and its abilities (what the engine reads without Lua);\n"
        "                      --mods adds (or replaces) the mods' cards;\n"
        "                      --markdown prints the whole of docs/powers.md\n"
        "  test [FOLDER...] [--filter TEXT] [--mods LIST]\n"
        "                      run rules tests written in Lua: a folder of *.lua files\n"
        "                      (default tests/powers), or a mod's folder mods/NAME whose\n"
        "                      tests/ run with the mod enabled; each test runs after the ones\n"
        "                      before it and again alone in a fresh session, and fails if the\n"
        "                      two differ; ends \"N passed, N failed\"\n"
        "  serve [--port P] [--db FILE] [--mods LIST] [--web DIR] [--host ADDR] [--public-url URL]\n"
        "      [--id-prefix P]\n"
        "      [--table SEATS]... [--variant V] [--setup 1|2] [--deal CARDS] [--bot-delay MS]\n"
        "      [--think-limit MS] [--game-threads N] [--think-threads N] [--max-tables N]\n"
        "      [--max-clients N] [--max-queue BYTES] [--hello-timeout S] [--flood BURST/PER_SECOND]\n"
        "      [--sync normal|full] [--quiet]\n"
        "                      host tables for the window, the terminal and the browser\n"
        "                      (docs/server.md; the protocol: docs/protocol.md); port default 8080,\n"
        "                      0 picks a free one; every table and move is kept in FILE (default\n"
        "                      volcanique.db) and a restart brings every table back; --mods lists\n"
        "                      the mods a table may enable; --web serves another folder at /\n"
        "                      (default ROOT/web); --host listens on one address (default every\n"
        "                      interface); --public-url writes the links under that address;\n"
        "                      --id-prefix P starts every table id it makes with P (a proxy in\n"
        "                      front of several servers routes /ws/ID by it);\n"
        "                      --table person,person,greedy creates a table at start and prints\n"
        "                      its links (--variant, --setup, --deal apply to it); bots wait MS\n"
        "                      before a move (default 0) and think at most --think-limit MS\n"
        "                      (default 2000); --flood lets a connection send BURST refused\n"
        "                      messages and requests at once, refilled PER_SECOND (default 40/20;\n"
        "                      accepted moves are free); --sync full survives a power cut, normal\n"
        "                      (default) a killed process; prints \"listening on URL\" when ready\n"
        "  create URL --seats LIST [--variant V] [--setup 1|2] [--mods LIST] [--public]\n"
        "      [--deal CARDS] [--hold SEAT=CARDS]\n"
        "                      ask the server at URL for a table (LIST: person or a bot per\n"
        "                      seat) and print its links: one per person's seat, and one to watch\n"
        "  join LINK [--bot SPEC] [--name NAME] [--quiet]\n"
        "                      play a remote seat with a bot (random, greedy, mcts...; a thinking\n"
        "                      bot needs the table's rules and mods here), or with a watch link\n"
        "                      follow the story; one line per step, the scores at the end; comes\n"
        "                      back by itself when the server goes away; exit 0 at the game's end\n"
        "  help                this text\n"
        "\n"
        "options:\n"
        "  --root DIR          folder holding content/ and scripts/ (default: $VOLCANIQUE_ROOT,\n"
        "                      else the folder above bin/, else the current folder)\n"
        "  --deal CARDS        (new, tui, gui and the run commands) deal these power cards\n"
        "                      (names, comma separated) to the Power Grid first\n"
        "  --hold SEAT=CARDS   (the same) seat SEAT (A-E) holds these power cards (names,\n"
        "                      comma separated) from the start, as if unlocked (neither on the\n"
        "                      grid nor in the Caldera deck); repeat per seat\n"
        "  --mods LIST         (the same) enable the mods of LIST, comma separated, from\n"
        "                      ROOT/mods/ with their dependencies; saves record them, and show,\n"
        "                      options, act and replay load a save's mods by themselves\n"
        "\n"
        "run options (sim, compare, balance; strength takes the game options among them):\n"
        "  --players N --seed S --variant V --setup 1|2 --mods LIST --deal CARDS --hold SEAT=CARDS\n"
        "  --seats LIST, --bots LIST\n"
        "                      a bot per seat: random (default), greedy, mcts, mcts:ITERATIONS or\n"
        "                      mcts:MSms, mcts+ likewise (guided rollouts: stronger, about five\n"
        "                      times the cost an iteration); the last one given fills the\n"
        "                      remaining seats\n"
        "  --jobs J            J worker processes; the output does not depend on J\n"
        "  --shard I/N         only the games whose index % N is I; merge puts shards together\n"
        "  --set NAME=V1,V2,...\n"
        "                      a parameter the scripts read with game.param(NAME); several\n"
        "                      values make a sweep (one parameter may sweep); repeat per name\n"
        "  --scenario FILE     every game starts from this position (scenario text format);\n"
        "                      its seat count wins, the seeds vary the rest\n"
        "  --allow-errors      exit 0 even when games had script errors or mods failed (they are\n"
        "                      always reported; without it the command exits 1)\n"
        "  Progress goes to stderr: a bar on a terminal, else a line every\n"
        "  $VOLCANIQUE_PROGRESS_EVERY seconds (default 5; 0: none).\n"
        "\n"
        "Exit status: 0 success, 1 failure, 2 bad command line.\n";

static void print_help(FILE *out)
{
    fputs(HELP, out);
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
        { "strength", cmd_strength }, { "balance", cmd_balance }, { "bench", cmd_bench },
        { "powers", cmd_powers }, { "test", cmd_test }, { "serve", cmd_serve }, { "join", cmd_join },
        { "create", cmd_create },
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
