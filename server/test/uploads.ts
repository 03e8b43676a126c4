import type { TestApp } from './harness';

/** A presigned URL of the local storage simulator, as a path the test app answers. */
export const localPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Declare → PUT → complete, as the browser uploads a company document; answers each step's response. */
export async function uploadDocument(
  t: TestApp,
  as: string,
  body: Record<string, unknown> & { companyId: string },
  bytes: Uint8Array,
  contentType = 'application/pdf',
) {
  const declared = await t.request('/api/v1/uploads', { method: 'POST', cookies: as, json: body });
  if (declared.status !== 201) return { declared };
  const presigned = await declared.json();
  const put = await t.request(localPath(presigned.url), { method: 'PUT', body: new Blob([bytes as Uint8Array<ArrayBuffer>]), headers: { 'content-type': contentType } });
  const completed = await t.request('/api/v1/uploads/complete', { method: 'POST', cookies: as, json: { key: presigned.key } });
  return { declared, put, completed, key: presigned.key as string };
}

/** The bytes of a stored upload as `as` may download them (through POST /uploads/download-url), or the refusing response. */
export async function downloadDocument(t: TestApp, as: string, key: string) {
  const granted = await t.request('/api/v1/uploads/download-url', { method: 'POST', cookies: as, json: { key } });
  if (granted.status !== 200) return { granted };
  const file = await t.request(localPath((await granted.json()).url));
  return { granted, bytes: new Uint8Array(await file.arrayBuffer()) };
}
