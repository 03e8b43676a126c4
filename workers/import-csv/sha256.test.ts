import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array) => [...bytes].map((value) => value.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(hex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with crypto.subtle on lines of every padding length and non-ASCII text', async () => {
    for (let length = 0; length < 140; length++) {
      const text = `${'Comisión mantenimiento ñ €'.repeat(6)}`.slice(0, length);
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
      expect(hex(sha256(text)), `length ${length}`).toBe(hex(expected));
    }
  });

  it('hashes a short line right after a long one (its buffer is reused)', async () => {
    const digest = async (text: string) => hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
    const long = 'Transferência recebida de cliente — referência 2026/03 '.repeat(40);
    expect(hex(sha256(long))).toBe(await digest(long));
    expect(hex(sha256('abc'))).toBe(await digest('abc'));
    expect(hex(sha256(long.slice(0, 70)))).toBe(await digest(long.slice(0, 70)));
  });
});
