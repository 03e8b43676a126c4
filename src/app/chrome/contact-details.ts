import type { Language } from '@domain/constants';

/**
 * Alta's public contact details and social accounts, in one place for the footer, the contact
 * page and structured data.
 */
export const contactDetails = {
  phone: '+1 (302) 555-0142',
  phoneHref: 'tel:+13025550142',
  email: 'hola@alta.company',
  address: '8 The Green, Suite A, Dover, DE 19901, USA',
  addressHref: 'https://www.google.com/maps/search/?api=1&query=8+The+Green+Suite+A+Dover+DE+19901',
} as const;

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'x' | 'tiktok';

/** Portuguese visitors (Brazil) follow Alta's Brazilian Instagram account (SPEC §2). */
export function socialLinks(language: Language): { network: SocialNetwork; url: string }[] {
  return [
    { network: 'facebook', url: 'https://www.facebook.com/alta.company' },
    { network: 'instagram', url: language === 'pt' ? 'https://www.instagram.com/alta.company.br' : 'https://www.instagram.com/alta.company' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/alta-company' },
    { network: 'x', url: 'https://x.com/altacompany' },
    { network: 'tiktok', url: 'https://www.tiktok.com/@alta.company' },
  ];
}
