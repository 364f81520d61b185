/**
 * The yardstick: a bare Express 5 app answering "Hello World!". The bench starts it as its
 * own process (one event loop, like the app's) and compares the app's throughput with it.
 */
import express from 'express';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set');

const app = express();
app.get('/', (_req, res) => {
  res.send('Hello World!');
});

const server = app.listen(port, host);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
