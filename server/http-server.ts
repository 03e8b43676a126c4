import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import compression from 'compression';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

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
const compress = compression({ threshold: compressionThreshold });

/**
 * What an answer's headers say of its size and kind, so a small or incompressible one is left
 * alone at once. For an answer whose headers are a plain record (`c.json`), node-server gives
 * Node its length directly (`_contentLength`, which Node writes as Content-Length) rather than as
 * a header.
 */
function worthCompressing(response: ServerResponse, headers: OutgoingHttpHeaders | undefined) {
  let length = (response as ServerResponse & { _contentLength?: number | null })._contentLength ?? undefined;
  let type = '';
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') length = Number(headers[name]);
    else if (lower === 'content-type') type = String(headers[name]);
    else if (lower === 'content-encoding') return false;
  }
  return (length === undefined || length >= compressionThreshold) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
}

/**
 * The library's hooks go on a response only once its head shows a large, compressible answer:
 * put on every response (on-headers copying each header through `setHeader`), they cost a small
 * answer a sixth of its CPU. node-server writes every head with `writeHead(status, headers)`, and
 * gives the length of every whole body, as a header or to Node.
 */
function compressing(listener: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers['accept-encoding'] && request.method !== 'HEAD') {
      const writeHead = response.writeHead;
      response.writeHead = function (this: ServerResponse, ...head: Parameters<ServerResponse['writeHead']>) {
        response.writeHead = writeHead;
        const headers = head.find((part) => typeof part === 'object' && !Array.isArray(part)) as OutgoingHttpHeaders | undefined;
        if (worthCompressing(response, headers)) compress(request as Parameters<typeof compress>[0], response as Parameters<typeof compress>[1], () => {});
        return response.writeHead(...head);
      } as ServerResponse['writeHead'];
    }
    listener(request, response);
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
