/* Secrets from the operating system (getrandom): table ids, seat tokens,
 * game seeds and the bots' own seeds. Never from the clock or a game's
 * generator, so nothing a client sees helps guess them.
 *
 * Contract: each call either fills its output or, if the system cannot
 * give randomness at all, prints why and aborts the process: a server that
 * cannot make secrets must not hand out guessable ones. */
#ifndef VQ_SRV_RANDOM_H
#define VQ_SRV_RANDOM_H

#include <stdint.h>

uint64_t net_srv_random_u64(void);
/* NET_TABLE_ID_LEN characters of [a-z0-9] and a NUL, starting with `prefix`
 * (NULL or "": none; at most 4 characters, the rest random). */
void net_srv_random_table_id(char *out, const char *prefix);
/* NET_TOKEN_LEN lowercase hex digits (128 bits) and a NUL. */
void net_srv_random_token(char *out);

#endif
