/**
 * The floor: a bare node:http server answering "Hello World!", with no framework at all. The bench
 * starts it as its own process beside the Express hello world (bench/hello-world.ts) and compares
 * the public page's throughput with both.
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set');

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('Hello World!');
});

server.listen(port, host);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
