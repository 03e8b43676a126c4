import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// Served from the installed package, never a CDN; the init script is a file so the CSP needs no inline script.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Alta API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const init = `window.SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs' });`;

/** Readable API documentation at /api/docs, rendered from /api/v1/openapi.json. */
export function docsRouter() {
  return new Hono()
    .get('/', (c) => c.html(page))
    .get('/init.js', (c) => c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .get('/:asset', async (c) => {
      const type = assets[c.req.param('asset')];
      if (!type) return c.notFound();
      const body = await readFile(path.join(swaggerDir, c.req.param('asset')));
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    });
}
