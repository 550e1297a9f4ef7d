/* Report charts (engine/cli/svg.c): round axis ticks, and every row of a
 * chart with its label, its error bar and its sample size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "svg.h"

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

TEST(svg_ticks_are_one_two_or_five_times_a_power_of_ten)
{
    static const struct { double lo, hi; int most; double first, step; int count; } CASES[] = {
        { 0, 100, 6, 0, 20, 6 },
        { 0, 7.8, 4, 0, 2, 5 },          /* the old chart read 1.95%, 3.9%, 5.85% here */
        { -16.5, 10.6, 6, -20, 5, 8 },
        { 0.2, 0.9, 5, 0.2, 0.2, 5 },
        { 3, 3, 5, 2.4, 0.2, 7 },       /* a single value still gets an axis around it */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double first, step;
        int n;
        svg_ticks(CASES[i].lo, CASES[i].hi, CASES[i].most, &first, &step, &n);
        CHECK(fabs(first - CASES[i].first) < 1e-9);
        CHECK(fabs(step - CASES[i].step) < 1e-9);
        CHECK_EQ(n, CASES[i].count);
        CHECK(first <= CASES[i].lo + 1e-9 && first + step * (n - 1) >= CASES[i].hi - 1e-9);
    }
}

TEST(svg_tick_text_has_the_decimals_of_its_step)
{
    char s[32];
    svg_tick_text(s, sizeof s, 4, 2, "%");
    CHECK(strcmp(s, "4%") == 0);
    svg_tick_text(s, sizeof s, 0.6000000000000001, 0.2, "");
    CHECK(strcmp(s, "0.6") == 0);
    svg_tick_text(s, sizeof s, -1e-17, 0.5, " pp");
    CHECK(strcmp(s, "0.0 pp") == 0);   /* never "-0" */
    svg_tick_text(s, sizeof s, 0.05, 0.05, "");
    CHECK(strcmp(s, "0.05") == 0);
}

TEST(svg_hchart_gives_every_row_a_label_an_error_bar_and_n)
{
    static const char *const LABELS[] = { "Rift", "Pack critters", "A power with a rather long name" };
    double v[] = { 52, 47.5, NAN }, lo[] = { 45, 40, NAN }, hi[] = { 59, 55, NAN }, n[] = { 200, 180, 0 };
    SvgChart c = { "Holders' win rate", "%", "games won", 3, LABELS, 1, { { NULL, "#123456", v, lo, hi, n } }, 0,
                   50, "fair share" };
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    REQUIRE(f);
    svg_hchart(f, &c);
    fclose(f);
    CHECK_EQ(count(buf, "class=\"label\""), 3);
    CHECK_STR_CONTAINS(buf, ">A power with a rather long name</text>");
    CHECK_EQ(count(buf, "class=\"err\""), 2);      /* the row without data has no bar to draw */
    CHECK_STR_CONTAINS(buf, ">no data</text>");
    CHECK_EQ(count(buf, "class=\"n\""), 3);
    CHECK_STR_CONTAINS(buf, ">n=200</text>");
    CHECK_STR_CONTAINS(buf, ">n=0</text>");
    CHECK_EQ(count(buf, "class=\"ref\""), 1);
    CHECK_STR_CONTAINS(buf, ">60%</text>");
    /* The label column is wide enough for the longest label at 7 px a character. */
    CHECK_STR_CONTAINS(buf, "class=\"label\" x=\"225\"");
    free(buf);
}
