/**
 * A connection on which nothing is sent or received for this long is closed (Node's socket inactivity timeout),
 * so an upload whose client went silent ends and its temporary file is removed. Keep-alive connections between
 * requests close much sooner (Fastify's keepAliveTimeout).
 */
export const CONNECTION_IDLE_MS = 10 * 60_000;
