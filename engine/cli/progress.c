/* Progress lines on stderr (progress.h). */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress_start(Progress *p, const char *label, uint64_t total)
{
    snprintf(p->label, sizeof p->label, "%s", label ? label : "games");
    p->total = total;
    p->done = 0;
    p->start = p->last = p->mark = now_s();
    p->mark_done = 0;
    p->rate = 0;
    p->tty = isatty(STDERR_FILENO);
    p->drawn = 0;
    const char *env = getenv("VOLCANIQUE_PROGRESS_EVERY");
    char *end = NULL;
    double every = env && *env ? strtod(env, &end) : 5;
    p->every = end && *end ? 5 : every < 0 ? 0 : every;
}

void progress_label(Progress *p, const char *label) { snprintf(p->label, sizeof p->label, "%s", label); }

/* Games a second lately: over the window that closed last (the window
 * closes once it spans PROGRESS_WINDOW seconds), and over the whole run
 * until the first one does. */
static double recent_rate(Progress *p, double now)
{
    if (now - p->mark >= PROGRESS_WINDOW) {
        p->rate = (double)(p->done - p->mark_done) / (now - p->mark);
        p->mark = now;
        p->mark_done = p->done;
    }
    double el = now - p->start;
    return p->rate > 0 ? p->rate : el > 0 ? p->done / el : 0;
}

double progress_seconds_left(Progress *p, double now, double *rate)
{
    double r = recent_rate(p, now);
    if (rate)
        *rate = r;
    return r > 0 && p->total > p->done ? (double)(p->total - p->done) / r : 0;
}

static void draw(Progress *p, double now)
{
    double rate;
    double left = progress_seconds_left(p, now, &rate);
    if (p->tty) {
        char bar[31];
        int fill = p->total ? (int)(30 * p->done / p->total) : 30;
        for (int i = 0; i < 30; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[30] = 0;
        fprintf(stderr, "\r%s [%s] %llu/%llu games, %.1f/s, %.0fs left  ", p->label, bar,
                (unsigned long long)p->done, (unsigned long long)p->total, rate, left);
        p->drawn = 1;
    } else {
        fprintf(stderr, "%s: %llu/%llu games (%.0f%%), %.1f/s, about %.0fs left\n", p->label,
                (unsigned long long)p->done, (unsigned long long)p->total,
                p->total ? 100.0 * p->done / p->total : 100.0, rate, left);
    }
    fflush(stderr);
}

void progress_add(Progress *p, uint64_t games)
{
    p->done += games;
    double now = now_s();
    if (p->tty) {
        if (now - p->last >= 0.1 || p->done == p->total) {
            p->last = now;
            draw(p, now);
        }
    } else if (p->every > 0 && (now - p->last >= p->every ||
                                (p->done == p->total && now - p->start >= p->every))) {   /* and the last, on a long run */
        p->last = now;
        draw(p, now);
    }
}

void progress_end(Progress *p)
{
    if (p->tty && p->drawn)
        fprintf(stderr, "\n");
    p->drawn = 0;
}
