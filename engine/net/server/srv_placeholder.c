int net_server_placeholder(void) { return 0; }
