import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@src/lib/test-storage';
import { forgetMailedLink, parseMailedLink, takeMailedLink } from './mailed-link';

vi.stubGlobal('sessionStorage', memoryStorage());

const id = '3f0c9a52-1b7e-4c1d-9a2b-6d5e4f3a2b1c';
const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

describe('mailed links', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads `<id>.<secret>` from a fragment and refuses anything else', () => {
    expect(parseMailedLink(`#${id}.${secret}`)).toEqual({ id, secret });
    expect(parseMailedLink(`${id}.${secret}`)).toEqual({ id, secret });
    for (const bad of ['', '#', `#${id}`, `#${id}.short`, `#not-a-uuid.${secret}`, `#${id}.${secret}<script>`, null]) expect(parseMailedLink(bad)).toBeNull();
  });

  it('keeps the link for the tab while the visitor signs in, per kind, until it is forgotten', () => {
    expect(takeMailedLink('claim', `#${id}.${secret}`)).toEqual({ id, secret });
    expect(takeMailedLink('claim', '')).toEqual({ id, secret });
    expect(takeMailedLink('verify', '')).toBeNull();
    forgetMailedLink('claim');
    expect(takeMailedLink('claim', '')).toBeNull();
  });
});
