import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { routes } from '@src/app/router';
import { ToastProvider } from '@src/components/toast/toast-provider';
import { headHtml, type PageHead } from '@src/features/public-site/head/page-head';
import { PageHeadCollector } from '@src/features/public-site/head/use-page-head';
import { ensureLanguage, i18n, initI18n } from '@src/i18n/i18n';

/**
 * The server side of pre-rendering, built by `vite build --ssr` so it resolves CSS modules,
 * locale chunks and content chunks exactly as the browser build does. `scripts/prerender.ts`
 * calls `render` for each public page and language.
 */

export interface Rendered {
  html: string;
  /** The page's <title>, meta, links and JSON-LD, serialised. */
  headHtml: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = stream.pipe(new PassThrough());
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(pathname: string, language: Language, origin: string): Promise<Rendered> {
  await initI18n({ language });
  await ensureLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, origin)));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} ${context.headers.get('location') ?? ''} instead of a page`);
  if (context.errors) throw new Error(`${pathname} failed to load: ${JSON.stringify(context.errors)}`);

  let head = null as PageHead | null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline hydration script (the CSP forbids inline scripts); the browser
  // runs the same loaders before it hydrates.
  const page = (
    <StrictMode>
      <PageHeadCollector
        value={(collected) => {
          head = collected;
        }}
      >
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ToastProvider>
        </I18nextProvider>
      </PageHeadCollector>
    </StrictMode>
  );
  const errors: unknown[] = [];
  const options = {
    // React moves a large Suspense boundary out of line, to be swapped in by an inline script
    // the CSP refuses: keep every boundary in place, whatever its size.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error: unknown) => void errors.push(error),
  };
  // A static prerender waits for every suspended component (the content chunks) before it
  // writes anything, so each boundary is complete and inline; the check below proves it.
  const html = await streamToString((await prerenderToNodeStream(page, options)).prelude);
  if (errors.length > 0) throw new Error(`${pathname} failed to render: ${String(errors[0])}`);
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) throw new Error(`${pathname} left a Suspense boundary unfinished`);
  if (!head) throw new Error(`${pathname} rendered no page head`);
  return { html, headHtml: headHtml(head, origin) };
}
