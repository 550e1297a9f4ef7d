/* gui: a game in an SDL2 window (engine/ui). With --seats, --players or
 * --load it plays that game at once; otherwise it opens on its start screen,
 * which the other game options (--seed, --variant, --setup, --mods) fill in. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chronicle.h"
#include "gui.h"
#include "join_play.h"
#include "watch.h"

typedef struct GuiCli {
    Session *session;
    CliPlayTarget target;
    UiTable table;
    bool table_live;
    bool force;
    char mods_open[512];       /* the mods the session has loaded, comma separated */
    const char *mod_names[GUI_MAX_MODS];
    int mod_count;
    CliWatch *watch;           /* --watch (NULL: off) */
    Session *watched;          /* the session whose rules the watch follows (NULL: none yet) */
    const char **card_text;    /* the window's card texts, refreshed after a reload */
} GuiCli;

static char mod_store[GUI_MAX_MODS][64];

/* The mods in root/mods: folders holding a mod.lua. */
static int find_mods(const char *root, const char **names)
{
    char dir[SESSION_PATH + 16];
    snprintf(dir, sizeof dir, "%s/mods", root);
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) && n < GUI_MAX_MODS;) {
        char path[SESSION_PATH + 300];
        snprintf(path, sizeof path, "%s/%.255s/mod.lua", dir, e->d_name);
        FILE *f = e->d_name[0] != '.' && strlen(e->d_name) < 64 ? fopen(path, "r") : NULL;
        if (f) {
            fclose(f);
            snprintf(mod_store[n], sizeof mod_store[n], "%.63s", e->d_name);
            names[n] = mod_store[n];
            n++;
        }
    }
    if (d)
        closedir(d);
    return n;
}

/* Reopens the session when the start screen's mods (bit i: the i-th offered
 * mod) differ from those loaded. The table of a finished or left game goes
 * first: its game is the session's. */
static int use_mods(GuiCli *c, uint32_t chosen, char *err, int errlen)
{
    char mods[512] = "";
    int n = 0;
    for (int i = 0; i < c->mod_count; i++)
        if ((chosen >> i) & 1)
            n += snprintf(mods + n, sizeof mods - (size_t)n, "%s%s", n ? "," : "", c->mod_names[i]);
    if (strcmp(mods, c->mods_open) == 0)
        return 0;
    if (c->table_live) {
        ui_table_free(&c->table);
        c->table_live = false;
    }
    char root[SESSION_PATH];
    snprintf(root, sizeof root, "%s", c->session->root);
    session_close(c->session);
    c->mods_open[0] = 0;
    if (session_open_mods(c->session, root, mods[0] ? mods : NULL, err, errlen))
        return -1;
    cli_apply_cards(c->session);
    snprintf(c->mods_open, sizeof c->mods_open, "%s", mods);
    return 0;
}

static UiTable *start_game(void *ud, const UiSetup *su, bool overwrite, char *err, int errlen)
{
    GuiCli *c = ud;
    if (c->table_live) {
        ui_table_free(&c->table);
        c->table_live = false;
    }
    if (use_mods(c, su->mods, err, errlen))
        return NULL;
    c->watched = NULL;   /* the mods may differ: the watch starts again */
    GameOptions o = { .players = (uint8_t)su->players, .setup_variation = (uint8_t)su->setup };
    snprintf(o.variant, sizeof o.variant, "%s", su->variant);
    cli_play_note_seats(su->seat, su->players);
    if (cli_play_new(c->session, &o, su->seed, c->target.save_path, c->force || overwrite, err, errlen))
        return NULL;
    UiTableHooks hooks = cli_play_hooks(&c->target);
    if (ui_table_init(&c->table, &c->session->game, su->seat, &hooks, err, errlen))
        return NULL;
    c->table_live = true;
    return &c->table;
}

/* UiAppHooks.variants: those the rules declare with the chosen mods. */
static int list_variants(void *ud, uint32_t mods, UiVariants *out, char *err, int errlen)
{
    GuiCli *c = ud;
    if (use_mods(c, mods, err, errlen))
        return -1;
    ui_variants_of_rules(&c->session->rules, out);
    return 0;
}

/* UiAppHooks.reload: with --watch, reloads changed rules and seats the table
 * at the replayed game. The message also goes to stderr, whole. */
static UiTable *reload(void *ud, char *msg, int msglen)
{
    GuiCli *c = ud;
    if (!c->watch || !c->table_live)
        return NULL;
    if (c->watched != c->session) {   /* a game from the start screen: watch its rules from now on */
        cli_watch_start(c->watch, c->session);
        c->watched = c->session;
        return NULL;
    }
    if (!cli_watch_changed(c->watch))
        return NULL;
    Session *s = c->session;
    char full[1600], err[512];
    int rc = cli_watch_reload(c->watch, &s, full, sizeof full);
    fprintf(stderr, "volcanique gui: %s\n", full);
    snprintf(msg, (size_t)msglen, "%s", full);
    if (rc)
        return NULL;
    UiSeat seats[MAX_PLAYERS];
    memcpy(seats, c->table.seat, sizeof seats);
    ui_table_free(&c->table);
    c->table_live = false;
    c->session = c->watched = s;
    c->target.session = s;
    for (int i = 0; i < MAX_POWER_CARDS; i++)
        c->card_text[i] = s->card_docs[i].text;
    UiTableHooks hooks = cli_play_hooks(&c->target);
    if (ui_table_init(&c->table, &s->game, seats, &hooks, err, sizeof err)) {
        snprintf(msg, (size_t)msglen, "The reloaded game cannot be seated: %s", err);
        return NULL;
    }
    c->table_live = true;
    return &c->table;
}

typedef struct GuiArgs {
    CliPlayArgs play;
    CliJoinArgs join;
    int frames, width, height, pointer_x, pointer_y;
    const char *shot, *font;
} GuiArgs;

/* Parses the window's own options; returns 0, or 2 (message printed). */
static int parse(const CliArgs *a, GuiArgs *ga)
{
    cli_play_defaults(&ga->play);
    ga->pointer_x = ga->pointer_y = -1;
    for (int i = 0; i < a->argc;) {
        int used;
        if (cli_join_arg("gui", a, i, &ga->join, &used))
            return 2;
        if (!used && cli_play_arg("gui", a, i, &ga->play, &used))
            return 2;
        if (used) {
            i += used;
            continue;
        }
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        uint64_t v;
        if (!val) {
            fprintf(stderr, "volcanique gui: unknown option '%s', or it needs a value (see volcanique --help)\n", opt);
            return 2;
        }
        if (strcmp(opt, "--frames") == 0 || strcmp(opt, "--width") == 0 || strcmp(opt, "--height") == 0) {
            if (cli_number(val, opt, opt[2] == 'f' ? 1 : 200, opt[2] == 'f' ? 10000000 : 8192, &v))
                return 2;
            *(opt[2] == 'f' ? &ga->frames : opt[2] == 'w' ? &ga->width : &ga->height) = (int)v;
        } else if (strcmp(opt, "--screenshot") == 0) {
            ga->shot = val;
        } else if (strcmp(opt, "--font") == 0) {
            ga->font = val;
        } else if (strcmp(opt, "--pointer") == 0) {
            char end;
            if (sscanf(val, "%d,%d%c", &ga->pointer_x, &ga->pointer_y, &end) != 2 || ga->pointer_x < 0 ||
                ga->pointer_y < 0) {
                fprintf(stderr, "volcanique gui: --pointer: expected X,Y (pixels from the top left), got '%s'\n", val);
                return 2;
            }
        } else {
            fprintf(stderr, "volcanique gui: unknown option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
        i += 2;
    }
    return 0;
}

/* The start screen's first choices: two players, a person against greedy,
 * and what the command line said of the seed, variant, set-up and mods. */
static void start_screen_defaults(GuiConfig *cfg, const CliPlayArgs *pa)
{
    cfg->setup.players = 2;
    cfg->setup.setup = pa->options.setup_variation;
    snprintf(cfg->setup.variant, sizeof cfg->setup.variant, "%s", pa->options.variant);
    cfg->setup.seed = pa->seed;
    const char *mods = cli_mods_list();
    for (int i = 0; mods && i < cfg->mod_count; i++) {
        size_t n = strlen(cfg->mod_names[i]);
        for (const char *m = strstr(mods, cfg->mod_names[i]); m; m = strstr(m + 1, cfg->mod_names[i]))
            if ((m == mods || m[-1] == ',') && (m[n] == 0 || m[n] == ','))
                cfg->setup.mods |= 1u << i;
    }
    for (int p = 0; p < MAX_PLAYERS; p++) {
        cfg->setup.seat[p].human = p == 0;
        bot_config_default(&cfg->setup.seat[p].bot, BOT_GREEDY);
    }
}

static void report(const GuiResult *res, const GuiArgs *ga, int rc)
{
    const Game *g = res->table ? res->table->game : NULL;
    if (g)
        printf("gui: seed %llu, %d decisions applied, turn %d, %s\n", (unsigned long long)g->seed, res->decisions,
               g->turn, game_over(g) ? end_reason_name(g, g->end_reason) : "game in progress");
    else
        printf("gui: no game was started\n");
    if (rc == 0 && ga->shot)
        printf("screenshot written to %s\n", ga->shot);
}

/* What the command line says of the window itself. */
static void window_options(GuiConfig *cfg, const GuiArgs *ga, const char *texture_dir)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->texture_dir = texture_dir;
    cfg->font = ga->font;
    cfg->bot_delay_ms = ga->play.bot_delay_ms;
    cfg->frames = ga->frames;
    cfg->screenshot = ga->shot;
    cfg->width = ga->width;
    cfg->height = ga->height;
    cfg->pointer = ga->pointer_x >= 0;
    cfg->pointer_x = ga->pointer_x;
    cfg->pointer_y = ga->pointer_y;
}

/* The window's configuration from the command line and the session. */
static void configure(GuiConfig *cfg, const GuiArgs *ga, GuiCli *c, const char *texture_dir)
{
    static const char *card_text[MAX_POWER_CARDS];
    for (int i = 0; i < MAX_POWER_CARDS; i++)
        card_text[i] = c->session->card_docs[i].text;
    window_options(cfg, ga, texture_dir);
    cfg->hooks = (UiAppHooks){ .new_game = start_game, .reload = reload, .variants = list_variants, .ud = c };
    c->card_text = card_text;
    cfg->save_path = ga->play.save_path;
    cfg->card_text = card_text;
    c->mod_count = cfg->mod_count = find_mods(c->session->root, cfg->mod_names);
    memcpy(c->mod_names, cfg->mod_names, sizeof c->mod_names);
    start_screen_defaults(cfg, &ga->play);
}

/* UiAppHooks.notice: the window's news on stdout too, flushed (a log, and what tests read). */
static void print_notice(void *ud, const char *text)
{
    (void)ud;
    printf("gui: %s\n", text);
    fflush(stdout);
}

static void report_remote(const UiTable *t, const GuiResult *res, const GuiArgs *ga, int rc)
{
    const Game *g = t->game;
    printf("gui: table %s, %d move%s sent from this window, turn %d, ", ui_table_remote_id(t), res->decisions,
           res->decisions == 1 ? "" : "s", g->turn);
    if (!game_over(g))
        printf("game in progress\n");
    else {
        printf("game over (%s):", ui_end_reason_text(g, g->end_reason));
        for (int p = 0; p < g->players; p++)
            printf(" %c %d%s", 'A' + p, t->scores.line[p].total, (t->scores.winners >> p) & 1 ? " (wins)" : "");
        printf("\n");
    }
    if (rc == 0 && ga->shot)
        printf("screenshot written to %s\n", ga->shot);
}

/* gui --join: the remote table's seat in the window, the same screens. */
static int gui_join(const CliArgs *a, const GuiArgs *ga, const CliJoinArgs *ja)
{
    static CliJoin j;
    static UiTable table;
    int rc = cli_join_open("gui", a, ja, &j, &table);
    if (rc)
        return rc;
    char root[SESSION_PATH], dir[SESSION_PATH + 32], where[400], err[1024];
    if (a->root)
        snprintf(root, sizeof root, "%s", a->root);
    else
        session_default_root(root, sizeof root);
    snprintf(dir, sizeof dir, "%s/content/textures", root);
    static const char *card_text[MAX_POWER_CARDS];
    for (int c = 0; c < MAX_POWER_CARDS; c++)
        card_text[c] = ui_table_card_text(&table, c);
    static GuiConfig cfg;
    window_options(&cfg, ga, dir);
    cfg.table = &table;
    cfg.card_text = card_text;
    cfg.hooks.notice = print_notice;
    cfg.close_when_over = ja->autoplay != NULL;
    cli_join_where(&j, &table, where, sizeof where);
    printf("gui: joined %s%s%s%s\n", where, ja->autoplay ? " (autoplay: " : "", ja->autoplay ? ja->autoplay : "",
           ja->autoplay ? ")" : "");
    fflush(stdout);
    GuiResult res = { 0, NULL };
    if (gui_play(&cfg, &res, err, sizeof err)) {
        fprintf(stderr, "volcanique gui: %s\n", err);
        rc = 1;
    }
    report_remote(&table, &res, ga, rc);
    cli_join_close(&j, &table);
    return rc;
}

int cmd_gui(const CliArgs *a)
{
    static GuiArgs ga;
    memset(&ga, 0, sizeof ga);
    if (parse(a, &ga))
        return 2;
    if (cli_join_check("gui", &ga.join, &ga.play))
        return 2;
    if (ga.join.link)
        return gui_join(a, &ga, &ga.join);
    CliPlayArgs *pa = &ga.play;
    static Session s;
    static GuiCli c;
    memset(&c, 0, sizeof c);
    c.session = &s;
    c.force = pa->force;
    /* Seats, a player count or a save start a game at once; other game options fill the start screen. */
    bool start_screen = !pa->load_path && pa->seat_count == 0 && pa->options.players == 0;
    int rc = start_screen ? (cli_open(&s, a) ? 1 : 0) : cli_play_open("gui", a, pa, &s);
    if (rc)
        return rc;
    snprintf(c.mods_open, sizeof c.mods_open, "%s", cli_mods_list() ? cli_mods_list() : "");
    c.target = (CliPlayTarget){ &s, pa->save_path };
    char err[1024], dir[SESSION_PATH + 32];
    snprintf(dir, sizeof dir, "%s/content/textures", s.root);
    static GuiConfig cfg;
    configure(&cfg, &ga, &c, dir);
    if (!start_screen) {
        UiTableHooks hooks = cli_play_hooks(&c.target);
        if (ui_table_init(&c.table, &s.game, pa->seats, &hooks, err,
                          sizeof err)) {
            fprintf(stderr, "volcanique gui: %s\n", err);
            session_close(&s);
            return 1;
        }
        c.table_live = true;
        cfg.table = &c.table;
    }
    static CliWatch watch;
    if (pa->watch) {
        c.watch = &watch;
        if (!start_screen) {
            cli_watch_start(&watch, &s);
            c.watched = &s;
            printf("gui: watching %d rules files: a change reloads them and replays the game\n", watch.files);
            fflush(stdout);
        }
    }
    GuiResult res = { 0, NULL };
    if (gui_play(&cfg, &res, err, sizeof err)) {
        fprintf(stderr, "volcanique gui: %s\n", err);
        rc = 1;
    }
    report(&res, &ga, rc);
    if (c.table_live)
        ui_table_free(&c.table);
    session_close(c.session);
    session_close(&s);
    cli_watch_end(&watch);
    return rc;
}
