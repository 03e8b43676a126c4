import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import compression from 'compression';

/** Below this many bytes an answer goes as it is: gzip would cost more than the few bytes it saves. */
export const compressionThreshold = 1024;

/**
 * Pages, scripts, styles and JSON of 1 KiB or more travel compressed when the client takes it (a
 * browser always does; brotli at quality 4 where accepted, else gzip): a phone on a slow network
 * gets a third of the bytes or less. Smaller answers go as they are. Event streams never: each
 * event must reach the device when it is sent.
 *
 * Done on Node's response, where the size of an answer is known when it is written (decision
 * 079). Inside the Hono app it was not (`c.json` sets no Content-Length), so every small JSON
 * answer was streamed through a CompressionStream, which held `GET /users/me` for a browser to
 * about 40 % of its throughput.
 */
const compress = compression({
  threshold: compressionThreshold,
  filter: (request, response) => !String(response.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(request, response),
});

function compressing(listener: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    // Nothing to negotiate without Accept-Encoding (probes, scripts): the listener answers directly.
    if (!request.headers['accept-encoding']) return listener(request, response);
    compress(request as Parameters<typeof compress>[0], response as Parameters<typeof compress>[1], () => listener(request, response));
  };
}

/** Alta's app on Node's HTTP server, with compression in front: what `server/main.ts` runs, and the benches measure. */
export function serveApp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  address: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  return serve(
    {
      fetch: app.fetch,
      ...address,
      createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, compressing(listener))) as typeof createServer,
    },
    onListening,
  ) as Server;
}
