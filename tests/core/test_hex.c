/* Hex maths: directions, neighbours, distance, rings, rotation. */
#include <string.h>

#include "harness.h"
#include "hex.h"

static const Hex SAMPLES[] = { { 0, 0 }, { 3, -1 }, { -2, 5 }, { 7, 7 }, { -4, -3 } };
#define NSAMPLES ((int)(sizeof SAMPLES / sizeof *SAMPLES))

TEST(hex_directions_run_clockwise_from_east)
{
    static const Hex want[HEX_DIRS] = {
        { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 },   /* E SE SW W NW NE */
    };
    for (int d = 0; d < HEX_DIRS; d++) {
        CHECK_EQ(HEX_DIRECTION[d].q, want[d].q);
        CHECK_EQ(HEX_DIRECTION[d].r, want[d].r);
        CHECK(hex_eq(hex_neighbour(hex_make(0, 0), d), want[d]));
    }
}

TEST(hex_neighbour_then_opposite_returns_to_start)
{
    for (int i = 0; i < NSAMPLES; i++)
        for (int d = 0; d < HEX_DIRS; d++) {
            Hex n = hex_neighbour(SAMPLES[i], d);
            CHECK(hex_eq(hex_neighbour(n, hex_opposite(d)), SAMPLES[i]));
        }
}

TEST(hex_edge_d_faces_neighbour_edge_d_plus_3)
{
    for (int i = 0; i < NSAMPLES; i++)
        for (int d = 0; d < HEX_DIRS; d++) {
            Hex n = hex_neighbour(SAMPLES[i], d);
            CHECK_EQ(hex_direction_to(SAMPLES[i], n), d);
            CHECK_EQ(hex_direction_to(n, SAMPLES[i]), (d + 3) % 6);
            CHECK_EQ(hex_opposite(d), (d + 3) % 6);
        }
}

TEST(hex_direction_to_is_minus_one_for_non_neighbours)
{
    Hex o = hex_make(2, -1);
    CHECK_EQ(hex_direction_to(o, o), -1);
    CHECK_EQ(hex_direction_to(o, hex_step(o, 0, 2)), -1);
    CHECK_EQ(hex_direction_to(o, hex_make(3, 0)), -1);   /* distance 2, off the axes */
}

TEST(hex_distance_known_values)
{
    CHECK_EQ(hex_distance(hex_make(0, 0), hex_make(0, 0)), 0);
    CHECK_EQ(hex_distance(hex_make(0, 0), hex_make(3, -1)), 3);
    CHECK_EQ(hex_distance(hex_make(2, -3), hex_make(-1, 2)), 5);
    CHECK_EQ(hex_distance(hex_make(0, 0), hex_make(1, 1)), 2);
    CHECK_EQ(hex_distance(hex_make(0, 0), hex_make(1, -1)), 1);
    CHECK_EQ(hex_distance(hex_make(-3, 0), hex_make(3, 0)), 6);
}

TEST(hex_distance_is_symmetric_and_one_to_each_neighbour)
{
    for (int i = 0; i < NSAMPLES; i++) {
        for (int j = 0; j < NSAMPLES; j++)
            CHECK_EQ(hex_distance(SAMPLES[i], SAMPLES[j]), hex_distance(SAMPLES[j], SAMPLES[i]));
        for (int d = 0; d < HEX_DIRS; d++)
            CHECK_EQ(hex_distance(SAMPLES[i], hex_neighbour(SAMPLES[i], d)), 1);
    }
}

TEST(hex_step_walks_in_a_straight_line)
{
    Hex h = hex_make(1, 2);
    for (int d = 0; d < HEX_DIRS; d++) {
        Hex walked = h;
        for (int k = 0; k < 4; k++)
            walked = hex_neighbour(walked, d);
        CHECK(hex_eq(hex_step(h, d, 4), walked));
        CHECK_EQ(hex_distance(h, hex_step(h, d, 4)), 4);
    }
}

TEST(hex_ring_sizes_are_1_6_12_18)
{
    Hex out[18];
    CHECK_EQ(hex_ring(hex_make(0, 0), 0, out), 1);
    CHECK(hex_eq(out[0], hex_make(0, 0)));
    CHECK_EQ(hex_ring(hex_make(0, 0), 1, out), 6);
    CHECK_EQ(hex_ring(hex_make(0, 0), 2, out), 12);
    CHECK_EQ(hex_ring(hex_make(0, 0), 3, out), 18);
}

TEST(hex_ring_hexes_lie_at_exact_distance_without_duplicates)
{
    Hex centre = hex_make(-2, 3);
    for (int radius = 1; radius <= 4; radius++) {
        Hex out[24];
        int n = hex_ring(centre, radius, out);
        CHECK_EQ(n, 6 * radius);
        for (int i = 0; i < n; i++) {
            CHECK_EQ(hex_distance(centre, out[i]), radius);
            for (int j = i + 1; j < n; j++)
                CHECK(!hex_eq(out[i], out[j]));
        }
    }
}

TEST(hex_ring_starts_north_west_and_walks_clockwise)
{
    Hex centre = hex_make(1, 1), out[12];
    int n = hex_ring(centre, 2, out);
    REQUIRE(n == 12);
    CHECK(hex_eq(out[0], hex_step(centre, 4, 2)));
    CHECK(hex_eq(out[1], hex_neighbour(out[0], 0)));   /* first side walks east */
    for (int i = 0; i < n; i++)
        CHECK_EQ(hex_distance(out[i], out[(i + 1) % n]), 1);
}

TEST(hex_rotate_six_times_is_identity)
{
    for (int i = 0; i < NSAMPLES; i++) {
        Hex h = SAMPLES[i];
        for (int k = 0; k < 6; k++)
            h = hex_rotate(h, 1);
        CHECK(hex_eq(h, SAMPLES[i]));
        CHECK(hex_eq(hex_rotate(SAMPLES[i], 6), SAMPLES[i]));
        CHECK(hex_eq(hex_rotate(SAMPLES[i], 0), SAMPLES[i]));
    }
}

TEST(hex_rotate_preserves_distance_to_origin)
{
    Hex o = hex_make(0, 0);
    for (int i = 0; i < NSAMPLES; i++)
        for (int t = -6; t <= 6; t++)
            CHECK_EQ(hex_distance(o, hex_rotate(SAMPLES[i], t)), hex_distance(o, SAMPLES[i]));
}

TEST(hex_rotate_east_once_clockwise_is_south_east)
{
    CHECK(hex_eq(hex_rotate(HEX_DIRECTION[0], 1), HEX_DIRECTION[1]));
    for (int d = 0; d < HEX_DIRS; d++)
        CHECK(hex_eq(hex_rotate(HEX_DIRECTION[d], 1), HEX_DIRECTION[(d + 1) % 6]));
}

TEST(hex_rotate_negative_turns_go_anticlockwise)
{
    for (int i = 0; i < NSAMPLES; i++) {
        CHECK(hex_eq(hex_rotate(hex_rotate(SAMPLES[i], 1), -1), SAMPLES[i]));
        CHECK(hex_eq(hex_rotate(SAMPLES[i], -2), hex_rotate(SAMPLES[i], 4)));
    }
    CHECK(hex_eq(hex_rotate(HEX_DIRECTION[0], -1), HEX_DIRECTION[5]));
}

/* The attack: game.neighbours(2147483647, 0) overflowed int inside the hex
 * helpers (undefined behaviour, caught by the sanitizer build). Coordinates
 * now saturate and directions wrap, for any int. */
TEST(hex_attack_extreme_coordinates_do_not_overflow)
{
    const int EXTREMES[] = { INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 0 };
    const int n = (int)(sizeof EXTREMES / sizeof EXTREMES[0]);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            Hex h = hex_make(EXTREMES[i], EXTREMES[j]);
            for (int d = -7; d <= 7; d++) {
                Hex m = hex_neighbour(h, d);
                CHECK(m.q >= INT_MIN && m.q <= INT_MAX);
                (void)hex_step(h, d, INT_MAX);
                (void)hex_step(h, d, INT_MIN);
                (void)hex_rotate(h, d);
                CHECK(hex_opposite(d) >= 0 && hex_opposite(d) < HEX_DIRS);
            }
            CHECK(hex_distance(h, hex_make(EXTREMES[j], EXTREMES[i])) >= 0);
            (void)hex_add(h, h);
            (void)hex_sub(h, hex_make(EXTREMES[j], EXTREMES[i]));
            (void)hex_direction_to(h, hex_make(INT_MIN, INT_MAX));
        }
    Hex far = hex_neighbour(hex_make(INT_MAX, 0), 0);
    CHECK_EQ(far.q, INT_MAX);   /* saturates */
    CHECK_EQ(hex_distance(hex_make(INT_MIN, INT_MIN), hex_make(INT_MAX, INT_MAX)), INT_MAX);
    CHECK_EQ(hex_opposite(INT_MAX), (INT_MAX % 6 + 3) % 6);
    CHECK_EQ(hex_opposite(INT_MIN), ((INT_MIN % 6 + 6) % 6 + 3) % 6);
    Hex ring[6];
    CHECK_EQ(hex_ring(hex_make(0, 0), INT_MAX, ring), 0);
    CHECK_EQ(hex_ring(hex_make(INT_MAX, INT_MIN), 1, ring), 6);
}
