import type { TestApp } from './harness';

/** Files for upload tests: a small real PDF, and a Windows program's first bytes (to be refused whatever its name). */
export const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n');
export const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);

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
  const put = await t.request(localPath(presigned.url), {
    method: 'PUT',
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': contentType },
  });
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
