import type { CompanyStatus } from '@domain/company';
import type { Language } from '@domain/constants';
import type { HoldReason } from '@domain/incoming-payments';
import type { MailType } from '@domain/mail';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import pt from '../../i18n/pt.json';
import type { MailMessage } from './mailer';

type MailTexts = typeof es;
// The type check makes en and pt carry every key es has: no mail goes out half translated.
const catalogs: Record<Language, MailTexts> = { es, en, pt };

/** The mails Alta sends, with the values each needs. */
export interface MailTemplates {
  resetCode: { firstName: string; code: string; minutes: number };
  /** The code that lets the owner of an account locked by failed logins in, with the password. */
  loginCode: { firstName: string; code: string; minutes: number };
  /** `verification` is the `<id>.<secret>` of the email-verification link (null when the email is already proven). */
  welcome: { firstName: string; verification: string | null };
  verifyEmail: { firstName: string; verification: string; days: number };
  temporaryPassword: { firstName: string; email: string; temporaryPassword: string };
  /** Amounts and date already formatted in the recipient's language; `id` is the plan or service id. */
  orderReceipt: {
    firstName: string;
    orderNumber: string;
    date: string;
    billing: 'monthly' | 'annual';
    lines: { kind: 'setupFee' | 'plan' | 'service' | 'renewal' | 'dissolution'; id: string; amount: string }[];
    discount: { code: string; amount: string } | null;
    total: string;
    /** The claim link of a guest order (`<order id>.<secret>`, valid `days`); null when the order already has its account. */
    claim: { link: string; days: number } | null;
  };
  /** SPEC §1 held an incoming payment: why (`reason`) and what the owner can do; amount, date and limit already formatted. */
  paymentHeld: { firstName: string; company: string; amount: string; sender: string; date: string; limit: string; reason: HoldReason };
  /** The code that resets a user's banking two-factor access, sent to the company owner; `requester` is who asked. */
  twoFactorReset: { firstName: string; code: string; minutes: number; requester: string; company: string };
  /** SPEC §4 renewal: a company's renewal due date is near (`upcoming`) or has passed (`overdue`); `dueDate` formatted. */
  renewalReminder: { firstName: string; companyName: string; companyId: string; dueDate: string; stage: 'upcoming' | 'overdue' };
  /** A guest's wizard link for another device; `firstName` is '' when the wizard has none yet. */
  continueDraft: { firstName: string; draftId: string; secret: string; days: number };
  /** A calendar deadline ahead (issue 33 §4); `what` and `deadline` already in the recipient's language. */
  deadlineReminder: { firstName: string; company: string; companyId: string; what: string; deadline: string };
  /** A declaration deadline ahead; `deadline` already formatted in the recipient's language. */
  declarationReminder: { firstName: string; company: string; year: number; forms: string; deadline: string; days: number };
  /** Staff moved the owner's company along SPEC §4 (decision 028). */
  companyStatus: { firstName: string; companyId: string; companyName: string; status: CompanyStatus };
  /** An owner invites this address to their companies (decision 030); `link` is `<invitation id>.<secret>`; `firstName` '' without an account. */
  teammateInvitation: { firstName: string; inviter: string; companies: string[]; link: string; days: number };
  /** Staff scanned a new piece of correspondence for the owner's company (decision 029). */
  newMail: { firstName: string; companyName: string; sender: string; type: MailType };
}
export type MailKind = keyof MailTemplates;

/** A paragraph of a mail; `emphasis` marks the one value the reader came for (a code, a password). */
interface Block {
  text: string;
  emphasis?: boolean;
}

/** The server's texts in `language` (mails, and the invoice PDF). */
export const serverTexts = (language: Language): MailTexts => catalogs[language];

/** Puts `values` into a text's `{{name}}` slots; a missing value is a bug, not an empty slot. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail text needs {{${name}}}`);
    return String(value);
  });
}

const layouts: { [K in MailKind]: (t: MailTexts, v: MailTemplates[K], link: (path: string) => string) => { subject: string; blocks: Block[] } } = {
  resetCode: (t, v, link) => ({
    subject: t.resetCode.subject,
    blocks: [
      { text: t.resetCode.intro },
      { text: v.code, emphasis: true },
      { text: fill(t.resetCode.expiry, { minutes: v.minutes }) },
      { text: fill(t.resetCode.action, { url: link('reset-password/confirm') }) },
      { text: t.resetCode.ignore },
    ],
  }),
  twoFactorReset: (t, v, link) => ({
    subject: t.twoFactorReset.subject,
    blocks: [
      { text: fill(t.twoFactorReset.intro, { requester: v.requester, company: v.company }) },
      { text: v.code, emphasis: true },
      { text: fill(t.twoFactorReset.expiry, { minutes: v.minutes }) },
      { text: fill(t.twoFactorReset.action, { url: link('banking-crypto') }) },
      { text: t.twoFactorReset.ignore },
    ],
  }),
  paymentHeld: (t, v, link) => {
    const values = { company: v.company, amount: v.amount, sender: v.sender, date: v.date, limit: v.limit };
    return {
      subject: fill(t.paymentHeld.subject, values),
      blocks: [
        { text: fill(t.paymentHeld.intro, values) },
        { text: fill(t.paymentHeld.why[v.reason], values) },
        { text: fill(t.paymentHeld.todo[v.reason], values) },
        { text: fill(t.paymentHeld.action, { url: link('banking-crypto') }) },
      ],
    };
  },
  loginCode: (t, v) => ({
    subject: t.loginCode.subject,
    blocks: [
      { text: t.loginCode.intro },
      { text: v.code, emphasis: true },
      { text: fill(t.loginCode.expiry, { minutes: v.minutes }) },
      { text: t.loginCode.ignore },
    ],
  }),
  welcome: (t, v, link) => ({
    subject: t.welcome.subject,
    blocks: [
      { text: t.welcome.intro },
      { text: t.welcome.body },
      // Secrets ride in the fragment, which browsers never send to a server.
      ...(v.verification ? [{ text: fill(t.welcome.verify, { url: link(`verify-email#${v.verification}`) }) }] : []),
      { text: fill(t.welcome.action, { url: link('dashboard') }) },
    ],
  }),
  verifyEmail: (t, v, link) => ({
    subject: t.verifyEmail.subject,
    blocks: [
      { text: t.verifyEmail.intro },
      { text: fill(t.verifyEmail.action, { url: link(`verify-email#${v.verification}`) }) },
      { text: fill(t.verifyEmail.expiry, { days: v.days }) },
      { text: t.verifyEmail.ignore },
    ],
  }),
  temporaryPassword: (t, v, link) => ({
    subject: t.temporaryPassword.subject,
    blocks: [
      { text: fill(t.temporaryPassword.intro, { email: v.email }) },
      { text: v.temporaryPassword, emphasis: true },
      { text: t.temporaryPassword.change },
      { text: fill(t.temporaryPassword.action, { url: link('login') }) },
    ],
  }),
  orderReceipt: (t, v, link) => {
    const r = t.orderReceipt;
    const item = (line: MailTemplates['orderReceipt']['lines'][number]) =>
      line.kind === 'setupFee'
        ? r.setupFee
        : line.kind === 'renewal'
          ? r.renewal
          : line.kind === 'dissolution'
            ? r.dissolution
            : line.kind === 'plan'
              ? fill(r.plan, { plan: r.plans[line.id as keyof typeof r.plans] ?? line.id, billing: r.billing[v.billing] })
              : (r.services[line.id as keyof typeof r.services] ?? line.id);
    return {
      subject: fill(r.subject, { orderNumber: v.orderNumber }),
      blocks: [
        { text: fill(r.intro, { orderNumber: v.orderNumber, date: v.date }) },
        { text: r.summary },
        ...v.lines.map((line) => ({ text: fill(r.line, { item: item(line), amount: line.amount }) })),
        ...(v.discount ? [{ text: fill(r.discount, v.discount) }] : []),
        { text: fill(r.total, { amount: v.total }) },
        { text: r.terms },
        v.claim ? { text: fill(r.claim, { url: link(`claim#${v.claim.link}`), days: v.claim.days }) } : { text: fill(r.owned, { url: link('dashboard') }) },
      ],
    };
  },
  renewalReminder: (t, v, link) => ({
    subject: fill(t.renewalReminder[v.stage].subject, { companyName: v.companyName }),
    blocks: [
      { text: fill(t.renewalReminder[v.stage].intro, { companyName: v.companyName, dueDate: v.dueDate }) },
      { text: t.renewalReminder.options },
      { text: fill(t.renewalReminder.action, { url: link(`dashboard/company/${v.companyId}/renewal`) }) },
    ],
  }),
  continueDraft: (t, v, link) => ({
    subject: t.continueDraft.subject,
    blocks: [
      { text: t.continueDraft.intro },
      // The id and secret ride in the fragment, which browsers never send to a server.
      { text: fill(t.continueDraft.action, { url: link(`continue#${v.draftId}.${v.secret}`) }) },
      { text: fill(t.continueDraft.expiry, { days: v.days }) },
      { text: t.continueDraft.private },
      { text: t.continueDraft.ignore },
    ],
  }),
  declarationReminder: (t, v, link) => ({
    subject: fill(t.declarationReminder.subject, { days: v.days, company: v.company }),
    blocks: [
      { text: fill(t.declarationReminder.intro, { company: v.company, year: v.year, forms: v.forms, deadline: v.deadline }) },
      { text: t.declarationReminder.why },
      { text: fill(t.declarationReminder.action, { url: link('accounting-ai/tax-form') }) },
    ],
  }),
  deadlineReminder: (t, v, link) => ({
    subject: fill(t.deadlineReminder.subject, { company: v.company, what: v.what, deadline: v.deadline }),
    blocks: [
      { text: fill(t.deadlineReminder.intro, { company: v.company, what: v.what, deadline: v.deadline }) },
      { text: fill(t.deadlineReminder.action, { company: v.company, url: link(`dashboard/company/${v.companyId}`) }) },
    ],
  }),
  companyStatus: (t, v, link) => {
    const values = { company: v.companyName, status: t.companyStatus.statuses[v.status] };
    return {
      subject: fill(t.companyStatus.subject, values),
      blocks: [{ text: fill(t.companyStatus.intro, values) }, { text: fill(t.companyStatus.action, { url: link(`dashboard/company/${v.companyId}`) }) }],
    };
  },
  teammateInvitation: (t, v, link) => ({
    subject: fill(t.teammateInvitation.subject, { inviter: v.inviter }),
    blocks: [
      { text: fill(t.teammateInvitation.intro, { inviter: v.inviter, companies: v.companies.join(', ') }) },
      // The id and secret ride in the fragment, which browsers never send to a server.
      { text: fill(t.teammateInvitation.action, { url: link(`join-team#${v.link}`) }) },
      { text: t.teammateInvitation.account },
      { text: fill(t.teammateInvitation.expiry, { days: v.days }) },
      { text: t.teammateInvitation.ignore },
    ],
  }),
  newMail: (t, v, link) => {
    const values = { company: v.companyName, sender: v.sender, type: t.newMail.types[v.type] };
    return {
      subject: fill(t.newMail.subject, values),
      blocks: [{ text: fill(t.newMail.intro, values) }, { text: fill(t.newMail.action, { url: link('mailing') }) }],
    };
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Renders mail `kind` for `to` in `language`: subject, plain text and a simple HTML part with the same words. */
export function renderMail<K extends MailKind>(kind: K, options: { to: string; language: Language; appUrl: string; values: MailTemplates[K] }): MailMessage {
  const t = catalogs[options.language];
  const link = (path: string) => `${options.appUrl.replace(/\/$/, '')}/${options.language}/${path}`;
  const { subject, blocks } = layouts[kind](t, options.values, link);
  const greeting = options.values.firstName ? fill(t.common.greeting, { firstName: options.values.firstName }) : t.common.greetingWithoutName;
  const all: Block[] = [{ text: greeting }, ...blocks, { text: t.common.signature }];
  const text = [...all.map((block) => block.text), '--', t.common.footer].join('\n\n');
  const paragraphs = all.map((block) =>
    block.emphasis
      ? `<p style="font-size:24px;font-weight:bold;letter-spacing:3px;font-family:monospace">${escapeHtml(block.text)}</p>`
      : `<p>${escapeHtml(block.text)}</p>`,
  );
  const html = `<!doctype html><html lang="${options.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">${paragraphs.join('')}<hr><p style="font-size:12px;color:#666">${escapeHtml(t.common.footer)}</p></body></html>`;
  return { to: options.to, subject, text, html, language: options.language };
}
