/* Seeded random numbers: PCG32 (M. E. O'Neill, "PCG: A Family of Simple Fast
 * Space-Efficient Statistically Good Algorithms for Random Number Generation",
 * 2014), variant pcg32_random_r with 64-bit state and a fixed odd increment.
 *
 * Contract: the generator is a plain value inside the game state. Copying it
 * copies the future; the same seed gives the same sequence on every platform. */
#ifndef VQ_RNG_H
#define VQ_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t state;
    uint64_t inc;    /* always odd */
    uint32_t draws;  /* number of values drawn since seeding */
} Rng;

void     rng_seed(Rng *rng, uint64_t seed);
uint32_t rng_next(Rng *rng);
/* Uniform integer in [0, bound); bound must be > 0. Unbiased (rejection). */
uint32_t rng_below(Rng *rng, uint32_t bound);

#endif
