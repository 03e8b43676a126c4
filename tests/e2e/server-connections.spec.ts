import { connect } from 'node:net';
import { expect, test } from './support/test';

// Browsers, proxies and API clients reuse an idle connection for up to a minute. A server that
// closes it first (Node's default is after 5 s) races the next request on it: ECONNRESET.
test("the server keeps an idle keep-alive connection open past Node's 5-second default", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const socket = connect(Number(port), hostname);
  let closed = false;
  socket.on('close', () => (closed = true));
  const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
  expect(await answer).toMatch(/^HTTP\/1\.1 200/);
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  expect(closed).toBe(false);
  socket.destroy();
});
