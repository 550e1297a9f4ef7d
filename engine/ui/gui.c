#include "gui.h"

#include <stdio.h>

#include "app.h"
#include "run.h"
#include "texture.h"

int gui_play(Game *game, const GuiConfig *cfg, GuiResult *out, char *err, int errlen)
{
    UiTextures tx;
    if (ui_textures_load(&tx, cfg->texture_dir, err, errlen))
        return -1;
    UiApp app;
    if (ui_app_init(&app, game, &tx, cfg->human, cfg->bot_seed)) {
        snprintf(err, (size_t)errlen, "out of memory for the options list");
        ui_textures_free(&tx);
        return -1;
    }
    app.describe = cfg->describe;
    app.bot_delay = cfg->bot_delay_ms / 1000.0;
    app.on_apply = cfg->on_apply;
    app.ud = cfg->ud;
    UiRunConfig run = { cfg->width, cfg->height, cfg->frames, cfg->screenshot, NULL };
    int rc = ui_run(&app, &run, err, errlen);
    if (rc == 0 && app.failed) {
        snprintf(err, (size_t)errlen, "%s", app.status);
        rc = -1;
    }
    if (out)
        out->decisions = app.decisions;
    ui_app_free(&app);
    ui_textures_free(&tx);
    return rc;
}
