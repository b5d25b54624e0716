// The baseline of bench/http.mjs: a minimal Fastify app with one JSON route, in its own process like the server.
// Run: node bench/lib/bare-fastify.mjs <port>
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ success: true, data: { hello: 'world' } }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
