/* A stand-in for a server of another protocol version, for the tests: a
 * WebSocket server (libwebsockets does the framing) on 127.0.0.1 and a port
 * it picks, on a thread of its own, that answers every client's first
 * message with one fixed text and closes the connection, as
 * docs/protocol.md says a server answers a client of another version. */
#ifndef VQ_TESTS_FAKE_SERVER_H
#define VQ_TESTS_FAKE_SERVER_H

typedef struct FakeServer FakeServer;

/* Starts it; NULL on failure. `answer` must outlive it. */
FakeServer *fake_server_start(const char *answer);
int  fake_server_port(const FakeServer *f);
void fake_server_stop(FakeServer *f);

#endif
