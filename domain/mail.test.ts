import { describe, expect, it } from 'vitest';
import { searchMail, staffMailSchema } from './mail';

const mail = [
  { sender: 'Internal Revenue Service', summary: 'Notice CP575 — EIN assignment' },
  { sender: 'Secretaría de Hacienda', summary: 'Requerimiento de información' },
  { sender: 'Wyoming Secretary of State', summary: 'Annual report reminder' },
];

describe('mail search', () => {
  it('finds by sender or text, every word, ignoring case and accents, keeping the order', () => {
    expect(searchMail(mail, 'SECRETAR').map((item) => item.sender)).toEqual(['Secretaría de Hacienda', 'Wyoming Secretary of State']);
    expect(searchMail(mail, 'EIN irs').map((item) => item.sender)).toEqual([]);
    expect(searchMail(mail, 'ein revenue').map((item) => item.sender)).toEqual(['Internal Revenue Service']);
    expect(searchMail(mail, 'INFORMACION')).toHaveLength(1);
    expect(searchMail(mail, '   ')).toHaveLength(3);
  });
});

describe('staff mail declaration', () => {
  it('is a Letter of quantity 1 by default (SPEC §3 Correspondence)', () => {
    const parsed = staffMailSchema.parse({ sender: 'IRS', receivedAt: '2026-11-20', fileName: 'a.pdf', size: 10 });
    expect(parsed).toMatchObject({ type: 'Letter', quantity: 1, summary: '' });
  });

  it('refuses a quantity of 0, an unknown type and a scan above 20 MB', () => {
    const base = { sender: 'IRS', receivedAt: '2026-11-20', fileName: 'a.pdf', size: 10 };
    expect(staffMailSchema.safeParse({ ...base, quantity: 0 }).success).toBe(false);
    expect(staffMailSchema.safeParse({ ...base, type: 'Parcel' }).success).toBe(false);
    expect(staffMailSchema.safeParse({ ...base, size: 20_971_521 }).success).toBe(false);
  });
});
