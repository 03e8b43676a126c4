import { describe, expect, it } from 'vitest';
import { attributionSchema } from '@domain/account';
import { memoryStorage } from '@src/lib/test-storage';
import { attributionFromUrl, attributionKey, captureAttribution, readAttribution } from './attribution';

describe('attribution', () => {
  it('captures the UTM source, campaign, landing path and fbclid of the first visit', () => {
    const store = memoryStorage();
    captureAttribution(new URL('https://alta.test/es/faq?utm_source=instagram&utm_campaign=launch-2026&fbclid=IwAR0abc'), store);
    expect(readAttribution(store)).toEqual({ utmSource: 'instagram', utmCampaign: 'launch-2026', originPath: '/es/faq', fbclid: 'IwAR0abc' });
  });

  it('keeps the first touch: a later visit with another campaign changes nothing', () => {
    const store = memoryStorage();
    captureAttribution(new URL('https://alta.test/es?utm_source=google'), store);
    captureAttribution(new URL('https://alta.test/en/blogs?utm_source=facebook&utm_campaign=retarget'), store);
    expect(readAttribution(store)).toEqual({ utmSource: 'google', originPath: '/es' });
  });

  it('records a direct first visit by its path only, and fbclid as the fallback without a UTM source', () => {
    expect(attributionFromUrl(new URL('https://alta.test/pt/start-now'))).toEqual({ originPath: '/pt/start-now' });
    expect(attributionFromUrl(new URL('https://alta.test/pt?fbclid=abc123'))).toEqual({ originPath: '/pt', fbclid: 'abc123' });
  });

  it('clips values to the limits the server accepts', () => {
    const store = memoryStorage();
    captureAttribution(new URL(`https://alta.test/es?utm_source=${'s'.repeat(1000)}&fbclid=${'f'.repeat(5000)}`), store);
    const attribution = readAttribution(store);
    expect(attribution?.utmSource).toHaveLength(200);
    expect(attribution?.fbclid).toHaveLength(500);
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
  });

  it('ignores a stored record edited into another shape (unknown fields, wrong types, __proto__)', () => {
    const store = memoryStorage();
    store.setItem(attributionKey, '{"utmSource":42,"utmCampaign":"ok","__proto__":{"polluted":true},"admin":true}');
    const attribution = readAttribution(store);
    expect(attribution).toEqual({ utmCampaign: 'ok' });
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
    for (const broken of ['not json', '[]', 'null', '"text"', '{}']) {
      store.setItem(attributionKey, broken);
      expect(readAttribution(store)).toBeUndefined();
    }
  });

  it('does nothing without storage', () => {
    expect(() => captureAttribution(new URL('https://alta.test/es?utm_source=x'), null)).not.toThrow();
    expect(readAttribution(null)).toBeUndefined();
  });
});
