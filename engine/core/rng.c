#include "rng.h"

#define PCG_MULT 6364136223846793005ULL
#define PCG_INC  1442695040888963407ULL

void rng_seed(Rng *rng, uint64_t seed)
{
    rng->state = 0;
    rng->inc = PCG_INC | 1u;
    rng->draws = 0;
    rng_next(rng);
    rng->state += seed;
    rng_next(rng);
    rng->draws = 0;
}

uint32_t rng_next(Rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    rng->draws++;
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t rng_below(Rng *rng, uint32_t bound)
{
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}
