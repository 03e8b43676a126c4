import type { Attribution } from '@domain/account';

/**
 * Marketing attribution (SPEC §3, §7): where the visitor first came from — `utm_source`,
 * `utm_campaign`, the path they landed on, and Facebook's click id as the fallback when
 * there is no UTM source. Captured once, on the first visit (first touch wins), and sent
 * with the order and with registration. This module runs on every page at start-up, so it
 * imports nothing but a type.
 */

export const attributionKey = 'alta.attribution';

/** The server's limits (`attributionSchema`): a longer value would get the order refused. */
const limits = { utmSource: 200, utmCampaign: 200, originPath: 500, fbclid: 500 } as const satisfies Record<keyof Attribution, number>;
const fields = Object.keys(limits) as (keyof Attribution)[];

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** The attribution a visit to `url` carries: its UTM source and campaign, its path, its fbclid. */
export function attributionFromUrl(url: URL): Attribution {
  const found: Attribution = {
    utmSource: clip(url.searchParams.get('utm_source'), limits.utmSource),
    utmCampaign: clip(url.searchParams.get('utm_campaign'), limits.utmCampaign),
    originPath: clip(url.pathname, limits.originPath),
    fbclid: clip(url.searchParams.get('fbclid'), limits.fbclid),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}

/**
 * Records the first visit's attribution, once: a later visit (another campaign, a reload)
 * never overwrites it. Does nothing where storage is unavailable (private modes).
 */
export function captureAttribution(url: URL = new URL(window.location.href), store: Storage | null = storage()): void {
  if (!store || store.getItem(attributionKey) !== null) return;
  try {
    store.setItem(attributionKey, JSON.stringify(attributionFromUrl(url)));
  } catch {
    // Storage full or refused: attribution is optional, the visit goes on.
  }
}

/**
 * The stored first-touch attribution for an order or a registration body, or undefined when
 * there is none. Only known fields with string values within the limits are passed on: the
 * record lives in storage anyone can edit, and the server refuses unknown fields.
 */
export function readAttribution(store: Storage | null = storage()): Attribution | undefined {
  const raw = store?.getItem(attributionKey);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  const result: Attribution = {};
  for (const field of fields) {
    const value = Object.hasOwn(record, field) ? record[field] : undefined;
    const clipped = typeof value === 'string' ? clip(value, limits[field]) : undefined;
    if (clipped !== undefined) result[field] = clipped;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
