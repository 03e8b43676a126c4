import type { ContactMessage, ContactReceipt } from '@domain/contact';
import { api } from '@src/lib/api';

/** POST /api/v1/contact: a public call (no session, a 401 here never means "signed out"). */
export const sendContactMessage = (message: ContactMessage) => api.post<ContactReceipt>('contact', { json: message, context: { public: true } });
