import type { Page } from '@playwright/test';
import type { Problem, ProblemCode } from '../../../domain/problem';
import { loginPath } from '@src/lib/paths';
import { expect } from './test';

/** Page models and accounts shared by Alta's browser tests. */

export { expect };

/** A problem+json answer for `route.fulfill`, written as the API writes it (server/lib/problem.ts). */
export function problemAnswer(status: number, code: ProblemCode, title: string, extra: Partial<Problem> = {}, headers: Record<string, string> = {}) {
  const json: Problem = { type: `https://alta.app/problems/${code}`, title, status, code, ...extra };
  return { status, contentType: 'application/problem+json', headers, json };
}

/**
 * What the server answers a blocked account at login (server/routes/auth-proofs.test.ts proves
 * it): 403 `user_blocked`. No public route blocks an account, so specs stand it in.
 */
export const blockedAnswer = problemAnswer(403, 'user_blocked', 'Forbidden');

export const demo = { email: 'demo@alta.local', password: 'Demo#2026', firstName: 'Demo' } as const;
export const admin = { email: 'admin@alta.local', password: 'Admin#2026' } as const;

/** A fresh address per test, so tests never share an account and can run in parallel. */
export const uniqueEmail = (label: string) => `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@alta.test`;

export type Lang = 'es' | 'en' | 'pt';

/** The words the tests look for, per language (labels, buttons, SPEC messages). */
export const words = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    loginTitle: 'Inicia sesión',
    wrongCredentials: 'El correo y/o la contraseña son incorrectos.',
    openMenu: 'Abrir menú',
    logout: 'Cerrar sesión',
  },
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Log in',
    loginTitle: 'Log in',
    wrongCredentials: 'Email and/or password are incorrect.',
    openMenu: 'Open menu',
    logout: 'Log out',
  },
  pt: {
    email: 'E-mail',
    password: 'Senha',
    login: 'Entrar',
    loginTitle: 'Entre na sua conta',
    wrongCredentials: 'O e-mail e/ou a senha estão incorretos.',
    openMenu: 'Abrir menu',
    logout: 'Sair',
  },
} as const;

export class LoginPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}

  /** The login page; with `from`, the one a guard sends to, which goes back there after. */
  async goto(from?: string) {
    await this.page.goto(loginPath(this.lang, from));
    await expect(this.heading).toBeVisible();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: words[this.lang].loginTitle });
  }

  get email() {
    return this.page.getByLabel(words[this.lang].email);
  }

  get password() {
    return this.page.getByLabel(words[this.lang].password, { exact: true });
  }

  get submit() {
    return this.page.getByRole('button', { name: words[this.lang].login, exact: true });
  }

  async logIn(account: { email: string; password: string }) {
    // The demo company's last-year return is overdue (server/seed.ts), so its reminder opens on the
    // first dashboard of each tab; the tests that sign in as the demo are about other screens and
    // take it as already seen in this tab (the reminder itself is proven in tax-form.spec.ts).
    if (account.email === demo.email) await this.page.evaluate(() => sessionStorage.setItem('alta.declarationsReminderShown', '1'));
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.submit.click();
  }
}

/**
 * Logs in through the login page (which also sets the signed-in hint and the local profile). With
 * `to` (a path of the app with its query), the login page is the one a guard sends to, and the app
 * goes on there: one start of the app instead of two.
 */
export async function logInAs(page: Page, account: { email: string; password: string }, lang: Lang = 'en', to?: string) {
  const login = new LoginPage(page, lang);
  await login.goto(to);
  await login.logIn(account);
  if (to) await expect(page).toHaveURL((url) => url.pathname + url.search === to);
  else await expect(page).not.toHaveURL(/\/login/);
}

/** The names of the Dexie databases in this page's origin. */
export const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));

/** The email of the profile cached in the signed-in user's Dexie database, or null. */
export const cachedProfileEmail = (page: Page) =>
  page.evaluate(async () => {
    const userId = localStorage.getItem('alta.currentUser');
    if (!userId) return null;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`alta-${userId}`);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error!);
    });
    try {
      if (!database.objectStoreNames.contains('profile')) return null;
      const row = await new Promise<{ user?: { email?: string } } | undefined>((resolve, reject) => {
        const request = database.transaction('profile').objectStore('profile').get('me');
        request.onsuccess = () => resolve(request.result as { user?: { email?: string } } | undefined);
        request.onerror = () => reject(request.error!);
      });
      return row?.user?.email ?? null;
    } finally {
      database.close();
    }
  });
