/* The sandbox allocator's pool of small blocks (lsandbox.h: SbPool).
 *
 * Why: every script call builds and drops tables, strings and closures by the
 * dozen, and Lua's collector frees them in bursts of thousands, which spills
 * malloc's per-thread caches and sends nearly every call down its slow path.
 * Lua always tells the allocator the size of the block it returns or
 * resizes, so a block needs no header: each size class (a multiple of
 * SB_POOL_GRAIN up to SB_POOL_MAX) keeps a free list threaded through its
 * free blocks, refilled from slabs. Larger blocks go to malloc.
 *
 * Blocks stay in the pool for the life of the state: memory the scripts free
 * is kept for their next tables, and returned by sb_pool_release. Under
 * AddressSanitizer every block goes to malloc, so that the sanitizer still
 * sees each block's bounds and lifetime. */
#include <stdlib.h>
#include <string.h>

#include "lsandbox.h"

#if defined(__SANITIZE_ADDRESS__)
#define POOL_ON 0
#else
#define POOL_ON 1
#endif

#define SLAB_BYTES ((size_t)64 << 10)
#define SLAB_HEADER SB_POOL_GRAIN   /* the slab chain's link, kept aligned */

/* The size class of an n-byte block (n >= 1), or -1 for malloc's. */
static int size_class(size_t n)
{
    if (!POOL_ON || n > SB_POOL_MAX)
        return -1;
    return (int)((n - 1) / SB_POOL_GRAIN);
}

/* A fresh block of class k from the current slab, starting a new slab when it
 * runs out (the rest of the old one is left unused). NULL if malloc fails. */
static void *carve(SbPool *p, int k)
{
    size_t bytes = (size_t)(k + 1) * SB_POOL_GRAIN;
    if ((size_t)(p->end - p->bump) < bytes) {
        char *slab = malloc(SLAB_BYTES);
        if (!slab)
            return NULL;
        *(void **)slab = p->slabs;
        p->slabs = slab;
        p->bump = slab + SLAB_HEADER;
        p->end = slab + SLAB_BYTES;
    }
    void *block = p->bump;
    p->bump += bytes;
    return block;
}

static void *block_new(SbPool *p, size_t n)
{
    int k = size_class(n);
    if (k < 0)
        return malloc(n);
    void *block = p->free[k];
    if (!block)
        return carve(p, k);
    p->free[k] = *(void **)block;
    return block;
}

void sb_pool_free(SbPool *p, void *block, size_t n)
{
    if (!block)
        return;
    int k = size_class(n);
    if (k < 0) {
        free(block);
        return;
    }
    *(void **)block = p->free[k];
    p->free[k] = block;
}

void *sb_pool_resize(SbPool *p, void *block, size_t old, size_t n)
{
    if (!block)
        return block_new(p, n);
    int from = size_class(old), to = size_class(n);
    if (from < 0 && to < 0)
        return realloc(block, n);
    if (from == to)
        return block;
    void *moved = block_new(p, n);
    if (moved) {
        memcpy(moved, block, old < n ? old : n);
        sb_pool_free(p, block, old);
    }
    return moved;
}

void sb_pool_release(SbPool *p)
{
    while (p->slabs) {
        void *next = *(void **)p->slabs;
        free(p->slabs);
        p->slabs = next;
    }
    memset(p, 0, sizeof *p);
}
