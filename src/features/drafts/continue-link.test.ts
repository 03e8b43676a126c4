import { describe, expect, it } from 'vitest';
import { continueLinkOf, parseContinueFragment, wizardPathOf } from './continue-link';

const id = '3f2a8c1e-5b7d-4e9f-a1c3-0d6e8b2f4a91';
const secret = 'Zx9_-abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('continue links', () => {
  it('puts the id and secret in the fragment of /{lang}/continue', () => {
    expect(continueLinkOf('https://alta.example/', 'pt', { id, secret })).toBe(`https://alta.example/pt/continue#${id}.${secret}`);
  });

  it('reads back what it wrote, with or without the #', () => {
    const link = new URL(continueLinkOf('https://alta.example', 'es', { id, secret }));
    expect(link.pathname).toBe('/es/continue');
    expect(link.search).toBe('');
    expect(parseContinueFragment(link.hash)).toEqual({ id, secret });
    expect(parseContinueFragment(`${id}.${secret}`)).toEqual({ id, secret });
    expect(parseContinueFragment(`#${id.toUpperCase()}.${secret}`)).toEqual({ id, secret });
  });

  it('refuses fragments that are not a draft key', () => {
    for (const hash of [
      '',
      '#',
      `#${id}`,
      `#${id}.`,
      `#.${secret}`,
      `#not-a-uuid.${secret}`,
      `#${id}.short`,
      `#${id}.${secret}!`,
      `#${id}.${secret.replace('A', '%')}`,
      `#${id}.${'a'.repeat(129)}`,
    ]) {
      expect(parseContinueFragment(hash), hash).toBeNull();
    }
  });

  it('knows the wizard of every guest draft kind', () => {
    expect(wizardPathOf).toEqual({ companyCreation: 'create-company', companyMigration: 'migrate-company', crossBorderCrypto: 'create-cross-border-crypto' });
  });
});
