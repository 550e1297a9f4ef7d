/* bench --render (bench_render.c): frame times of the window's renderer. */
#ifndef VQ_CLI_BENCH_RENDER_H
#define VQ_CLI_BENCH_RENDER_H

#include "cli.h"

int bench_render(const CliArgs *a);

#endif
