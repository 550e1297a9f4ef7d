/* Progress lines' rate and time left (engine/cli/progress.c), on a clock the
 * test sets by hand. */
#include <math.h>
#include <stddef.h>

#include "harness.h"
#include "progress.h"

/* A run of `total` games whose clock starts at 0. */
static Progress run_of(uint64_t total)
{
    Progress p;
    progress_start(&p, "test", total);
    p.start = p.last = p.mark = 0;
    return p;
}

TEST(progress_time_left_follows_the_recent_rate_not_the_whole_run)
{
    Progress p = run_of(200);
    p.done = 100;   /* 10 games a second for the first window ... */
    double rate, left = progress_seconds_left(&p, 10.0, &rate);
    CHECK(fabs(rate - 10.0) < 1e-9);
    CHECK(fabs(left - 10.0) < 1e-9);
    p.done = 110;   /* ... then 1 a second: 90 left take 90 s, not the 16 s of the run's mean */
    left = progress_seconds_left(&p, 20.0, &rate);
    CHECK(fabs(rate - 1.0) < 1e-9);
    CHECK(fabs(left - 90.0) < 1e-9);
}

TEST(progress_before_a_window_closes_uses_the_run_so_far)
{
    Progress p = run_of(50);
    p.done = 10;
    double rate, left = progress_seconds_left(&p, 2.0, &rate);
    CHECK(fabs(rate - 5.0) < 1e-9);
    CHECK(fabs(left - 8.0) < 1e-9);
    CHECK_EQ((int)progress_seconds_left(&p, 0.0, NULL), 0);   /* no time yet: nothing known */
    p.done = 50;
    CHECK_EQ((int)progress_seconds_left(&p, 3.0, NULL), 0);   /* done: nothing left */
}
