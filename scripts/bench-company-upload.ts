// Company documents: a 20 MB PDF uploaded the way the browser does it (declare → PUT to the
// presigned URL → complete, with the server's size and magic-byte checks) next to a raw
// `fetch` PUT of the same bytes to the same server's storage URL, over real HTTP on the
// embedded database and local storage. Medians of 5 runs each, in MB/s.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertTestCompany } from '../server/sync/test-fixtures';
import { createUser, signIn } from '../server/test/accounts';
import { createTestApp, serveOverHttp } from '../server/test/harness';

const size = 20 * 1024 * 1024;
const pdf = new Uint8Array(size);
pdf.set(new TextEncoder().encode('%PDF-1.7\n'));
const dataDir = await mkdtemp(path.join(tmpdir(), 'alta-bench-upload-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const server = await serveOverHttp(t.app);
const owner = await createUser(t);
const companyId = await insertTestCompany(t.database.db, owner.id);
const cookie = await signIn(t, owner.email);
const post = (route: string, body: unknown) =>
  fetch(`${server.base}/api/v1/${route}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: t.env.APP_URL },
    body: JSON.stringify(body),
  });
const declare = async () =>
  (await post('uploads', { uploadType: 'einDocument', companyId, fileName: 'ein.pdf', size })).json() as Promise<{
    key: string;
    url: string;
    headers: Record<string, string>;
  }>;
const onServer = (url: string) => `${server.base}${new URL(url).pathname}${new URL(url).search}`;

async function alta() {
  const t0 = performance.now();
  const presigned = await declare();
  const put = await fetch(onServer(presigned.url), { method: 'PUT', headers: presigned.headers, body: pdf });
  const done = await post('uploads/complete', { key: presigned.key });
  if (!put.ok || !done.ok) throw new Error(`upload failed: ${put.status} ${done.status}`);
  return performance.now() - t0;
}

async function raw() {
  const presigned = await declare();
  const t0 = performance.now();
  const put = await fetch(onServer(presigned.url), { method: 'PUT', headers: presigned.headers, body: pdf });
  if (!put.ok) throw new Error(`raw PUT failed: ${put.status}`);
  return performance.now() - t0;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const runs = { alta: [] as number[], raw: [] as number[] };
await alta();
for (let round = 0; round < 5; round++) {
  runs.raw.push(await raw());
  runs.alta.push(await alta());
}
const mbps = (ms: number) => (size / 1_048_576 / (ms / 1000)).toFixed(1);
console.log(
  `20 MB document, median of 5: Alta upload (declare + PUT + complete) ${median(runs.alta).toFixed(0)} ms = ${mbps(median(runs.alta))} MB/s; raw fetch PUT ${median(runs.raw).toFixed(0)} ms = ${mbps(median(runs.raw))} MB/s; ratio ${(median(runs.alta) / median(runs.raw)).toFixed(2)}×`,
);
await server.close();
await t.close();
await rm(dataDir, { recursive: true, force: true });
