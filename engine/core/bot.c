#include "bot.h"

int bot_random(Rng *bot_rng, const Option *opts, int n)
{
    (void)opts;
    return n > 0 ? (int)rng_below(bot_rng, (uint32_t)n) : 0;
}
