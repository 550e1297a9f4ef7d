/* Hostile clients for the tests: WebSocket connections (libwebsockets does
 * the framing) that send whatever a test asks, as text or binary, of any
 * size, say nothing at all, or stop reading. Single-threaded: the test
 * services the pool itself. */
#ifndef VQ_TESTS_RAW_WS_H
#define VQ_TESTS_RAW_WS_H

#include <stddef.h>

typedef struct RawPool RawPool;
typedef struct RawConn RawConn;

RawPool *raw_pool_new(void);
void raw_pool_free(RawPool *p);
/* Services the pool for up to ms milliseconds (returns after any event). */
void raw_service(RawPool *p, int ms);

/* Starts a connection to 127.0.0.1:port at path ("/ws"). */
RawConn *raw_connect(RawPool *p, int port, const char *path);
/* Services until c is open (1) or failed/closed (0); bounded. */
int raw_wait_open(RawPool *p, RawConn *c);
void raw_send(RawConn *c, const char *data, size_t len, int binary);
void raw_send_text(RawConn *c, const char *text);
/* The next message c received (malloc'd; free it), servicing until one
 * comes; NULL when c closed first (or past the bound). */
char *raw_next(RawPool *p, RawConn *c);
/* The next message of c whose text holds `needle`, skipping others; NULL as raw_next. */
char *raw_next_with(RawPool *p, RawConn *c, const char *needle);
/* Services until c is closed (1), or the bound passes (0). */
int raw_wait_closed(RawPool *p, RawConn *c);
int raw_is_open(const RawConn *c);
int raw_is_closed(const RawConn *c);
/* The close code the server sent (0 for none). */
int raw_close_code(const RawConn *c);
/* Stops reading from the socket: the server's messages pile up. */
void raw_stop_reading(RawConn *c);
int raw_count_closed(RawPool *p);

#endif
