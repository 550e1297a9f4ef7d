/* The intervals and p-values of simulation reports (engine/cli/stats.c)
 * against values computed independently.
 *
 * Source of every reference value: mpmath 1.3 at 50 significant digits, from
 * the published formulas, by routes that share no code with stats.c:
 *   Wilson (1927) score interval, closed form;
 *   Newcombe (1998) hybrid score interval (method 10) from those Wilson
 *     bounds; the Newcombe pairs (a)-(h) are the eight examples of his
 *     Table II;
 *   Student's t quantiles by numerical integration of the t density and root
 *     finding (stats.c uses the incomplete beta function instead);
 *   Welch's interval from the Welch-Satterthwaite degrees of freedom and those
 *     quantiles; Newcombe p-values by root finding on the interval's bound.
 * The script was run once during development; its outputs are pasted here. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "stats.h"

#define NEAR(x, want, tol)                                                                                  \
    do {                                                                                                   \
        double nx = (x), nw = (want);                                                                      \
        if (!(fabs(nx - nw) <= (tol)))                                                                     \
            th_fail(__FILE__, __LINE__, "%s = %.15g, wanted %.15g", #x, nx, nw);                            \
    } while (0)

TEST(stats_wilson_matches_reference_including_zero_and_all_successes)
{
    static const struct { double k, n, lo, hi; } CASES[] = {
        { 0, 10, 0.0, 0.277532799862889 },
        { 10, 10, 0.722467200137111, 1.0 },
        { 5, 10, 0.236593090512564, 0.763406909487436 },
        { 1, 29, 0.00611321429276266, 0.171755218793203 },
        { 81, 263, 0.255288519878274, 0.3662095769828 },
        { 0, 1, 0.0, 0.793450685622763 },
        { 1, 1, 0.206549314377237, 1.0 },
        { 2.5, 7, 0.118083011261553, 0.697439970186072 },   /* shared wins count halves */
        { 15, 148, 0.0623863995307363, 0.160487241723308 },
        { 0, 2000, 0.0, 0.00191704728125293 },
        { 1000, 2000, 0.478107950751169, 0.521892049248831 },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double lo, hi;
        CHECK(stats_wilson(CASES[i].k, CASES[i].n, 0.95, &lo, &hi));
        NEAR(lo, CASES[i].lo, 1e-10);
        NEAR(hi, CASES[i].hi, 1e-10);
    }
}

TEST(stats_wilson_gives_no_interval_for_an_empty_side)
{
    double lo = 0, hi = 0;
    CHECK(!stats_wilson(0, 0, 0.95, &lo, &hi));
    CHECK(isnan(lo) && isnan(hi));
}

TEST(stats_newcombe_matches_reference_for_differences_of_rates)
{
    /* stats_newcombe gives p2 - p1; Newcombe's examples are written p1 - p2. */
    static const struct { double k1, n1, k2, n2, lo, hi; } CASES[] = {
        { 48, 80, 56, 70, 0.0524314724023649, 0.333872654036906 },       /* (a) 56/70 - 48/80 */
        { 3, 10, 9, 10, 0.170522723934503, 0.809017973535488 },          /* (b) */
        { 2, 7, 6, 7, 0.0582279274823123, 0.806249637524228 },           /* (c) */
        { 0, 29, 5, 56, -0.0381371479035369, 0.192560013855112 },        /* (d) */
        { 0, 20, 0, 10, -0.161125158052819, 0.277532799862889 },         /* (e) none on either side */
        { 0, 10, 0, 10, -0.277532799862889, 0.277532799862889 },         /* (f) */
        { 0, 20, 10, 10, 0.679086037141915, 1.0 },                       /* (g) all against none */
        { 0, 10, 10, 10, 0.607509350430524, 1.0 },                       /* (h) */
        { 500, 1000, 500, 1000, -0.0437421906490468, 0.0437421906490468 },
        { 1, 3, 2.5, 4, -0.32085054463432, 0.684150789915553 },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double lo, hi;
        CHECK(stats_newcombe(CASES[i].k1, CASES[i].n1, CASES[i].k2, CASES[i].n2, 0.95, &lo, &hi));
        NEAR(lo, CASES[i].lo, 1e-10);
        NEAR(hi, CASES[i].hi, 1e-10);
        CHECK(lo >= -1 && hi <= 1);
    }
}

TEST(stats_newcombe_gives_nothing_when_a_side_has_no_games)
{
    double lo, hi, p;
    CHECK(!stats_newcombe(0, 0, 3, 10, 0.95, &lo, &hi));
    CHECK(isnan(lo) && isnan(hi));
    CHECK(!stats_newcombe(3, 10, 0, 0, 0.95, &lo, &hi));
    CHECK(!stats_newcombe_p(3, 10, 0, 0, &p));
    CHECK(isnan(p));
}

TEST(stats_newcombe_p_matches_reference_and_its_interval)
{
    static const struct { double k1, n1, k2, n2, p; } CASES[] = {
        { 48, 80, 56, 70, 0.00813314035860685 },
        { 3, 10, 9, 10, 0.00496340141751025 },
        { 40, 100, 50, 100, 0.154885003194831 },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double p, lo, hi;
        CHECK(stats_newcombe_p(CASES[i].k1, CASES[i].n1, CASES[i].k2, CASES[i].n2, &p));
        NEAR(p, CASES[i].p, 1e-9);
        /* At level 1 - p the interval's bound nearer 0 touches 0. */
        CHECK(stats_newcombe(CASES[i].k1, CASES[i].n1, CASES[i].k2, CASES[i].n2, 1 - p, &lo, &hi));
        NEAR(fabs(lo) < fabs(hi) ? lo : hi, 0, 1e-9);
    }
    double p;
    CHECK(stats_newcombe_p(7, 20, 7, 20, &p));
    CHECK(p == 1);
}

TEST(stats_t_quantiles_match_reference)
{
    static const struct { double df, q; } CASES[] = {
        { 1, 12.7062047361747 }, { 2.5, 3.57465484200368 }, { 5, 2.57058183563632 },
        { 30, 2.04227245630124 }, { 1000, 1.96233908082641 },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        NEAR(stats_t_quantile(0.975, CASES[i].df), CASES[i].q, 1e-9);
    NEAR(stats_t_cdf(-2, 7), 0.042809664281488, 1e-12);
    NEAR(stats_normal_quantile(0.975), 1.9599639845400538, 1e-12);
}

static Accum accum_of(const double *v, int n)
{
    Accum a = { 0, 0, 0 };
    for (int i = 0; i < n; i++)
        accum_add(&a, v[i]);
    return a;
}

TEST(stats_welch_matches_reference)
{
    static const double A[] = { 3, 5, 7, 9, 11 }, B[] = { 8, 9, 10, 12, 15, 16 };
    static const double A2[] = { 20, 22, 19, 25, 24, 21, 23, 20 }, B2[] = { 21, 23, 22, 26 };
    Accum a = accum_of(A, 5), b = accum_of(B, 6), a2 = accum_of(A2, 8), b2 = accum_of(B2, 4);
    double lo, hi, p;
    CHECK(stats_welch(&a, &b, 0.95, &lo, &hi, &p));
    NEAR(lo, 0.250148377441927, 1e-9);
    NEAR(hi, 9.08318495589141, 1e-9);
    NEAR(p, 0.040595433783702, 1e-9);
    CHECK(stats_welch(&a2, &b2, 0.95, &lo, &hi, &p));
    NEAR(lo, -1.96852459561061, 1e-9);
    NEAR(hi, 4.46852459561061, 1e-9);
    NEAR(p, 0.3785574317433, 1e-9);
    CHECK(stats_mean_ci(&a, 0.95, &lo, &hi));
    NEAR(lo, 3.07351367704489, 1e-9);
    NEAR(hi, 10.9264863229551, 1e-9);
}

TEST(stats_welch_needs_two_values_a_side)
{
    static const double ONE[] = { 4 }, SOME[] = { 1, 2, 3 };
    Accum one = accum_of(ONE, 1), some = accum_of(SOME, 3), none = { 0, 0, 0 };
    double lo, hi, p;
    CHECK(!stats_welch(&one, &some, 0.95, &lo, &hi, &p));
    CHECK(!stats_welch(&some, &none, 0.95, &lo, &hi, &p));
    CHECK(isnan(lo) && isnan(p));
    CHECK(!stats_mean_ci(&one, 0.95, &lo, &hi));
}

TEST(stats_welch_of_constant_sides_is_exact)
{
    static const double FIVES[] = { 5, 5, 5 }, SEVENS[] = { 7, 7 };
    Accum a = accum_of(FIVES, 3), b = accum_of(SEVENS, 2), a2 = accum_of(FIVES, 3);
    double lo, hi, p;
    CHECK(stats_welch(&a, &b, 0.95, &lo, &hi, &p));
    CHECK(lo == 2 && hi == 2 && p == 0);
    CHECK(stats_welch(&a, &a2, 0.95, &lo, &hi, &p));
    CHECK(lo == 0 && hi == 0 && p == 1);
}

TEST(stats_holm_adjusts_in_step_down_order_and_skips_untested_rows)
{
    /* By hand: sorted 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06),
     * 0.04 (x1 = 0.04, raised to the running maximum 0.06). */
    double p[5] = { 0.01, 0.04, 0.03, 0.005, NAN }, adj[5];
    stats_holm(p, 5, adj);
    NEAR(adj[0], 0.03, 1e-15);
    NEAR(adj[1], 0.06, 1e-15);
    NEAR(adj[2], 0.06, 1e-15);
    NEAR(adj[3], 0.02, 1e-15);
    CHECK(isnan(adj[4]));
    double big[2] = { 0.6, 0.9 };
    stats_holm(big, 2, big);
    NEAR(big[0], 1, 0);
    NEAR(big[1], 1, 0);
}

TEST(stats_wilson_p_is_the_score_test_the_interval_inverts)
{
    static const struct { double k, n, p0, p; } CASES[] = {
        { 60, 100, 0.5, 0.0455002638963584 },
        { 30, 200, 1.0 / 3, 3.79791249317754e-8 },
        { 5, 5, 0.5, 0.0253473186774683 },
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double p, lo, hi;
        CHECK(stats_wilson_p(CASES[i].k, CASES[i].n, CASES[i].p0, &p));
        NEAR(p, CASES[i].p, 1e-12 + 1e-9 * CASES[i].p);
        if (p > 1e-6) {   /* at level 1 - p the interval's near end is p0 */
            CHECK(stats_wilson(CASES[i].k, CASES[i].n, 1 - p, &lo, &hi));
            NEAR(fabs(lo - CASES[i].p0) < fabs(hi - CASES[i].p0) ? lo : hi, CASES[i].p0, 1e-9);
        }
    }
    double p;
    CHECK(!stats_wilson_p(3, 0, 0.5, &p));
}
