import { article, articleIds, expectHydrated, faq, sampleArticleId } from './support/public-site';
import { expect, failing, test } from './support/test';

test.describe('FAQ', () => {
  test('search keeps only the matching questions and says how many', async ({ page }) => {
    await page.goto('/en/faq');
    const questions = page.locator('details');
    const total = faq('en').groups.reduce((sum, group) => sum + group.questions.length, 0);
    await expect(questions).toHaveCount(total);

    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('refund');
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(/questions? match(es)? “refund”/);
    await expect(page.getByText('Can I cancel an order or get a refund?')).toBeVisible();
    await expect(page.getByText('What is Alta?')).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('zzzz nothing');
    await expect(page.getByText('No question matches “zzzz nothing”.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(questions).toHaveCount(total);
  });

  test('search ignores accents', async ({ page }) => {
    await page.goto('/es/faq');
    await page.getByRole('searchbox', { name: 'Busca en las preguntas' }).fill('reembolso');
    await expect(page.getByText('¿Puedo cancelar un pedido o pedir un reembolso?')).toBeVisible();
  });

  test('a #question-id link opens that question', async ({ page }) => {
    await page.goto('/es/faq#refunds');
    const question = page.locator('details#refunds');
    await expect(question).toHaveAttribute('open', '');
    await expect(question.locator('summary')).toBeFocused();
    await expect(question.getByText(/reembols/).last()).toBeVisible();
    await expect(page.locator('details#what-is-alta')).not.toHaveAttribute('open', '');
  });

  test('the accordion works from the keyboard', async ({ page }) => {
    await page.goto('/en/faq');
    const summary = page.locator('details#what-is-alta summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('details#what-is-alta')).toHaveAttribute('open', '');
    await page.keyboard.press('Enter');
    await expect(page.locator('details#what-is-alta')).not.toHaveAttribute('open', '');
  });
});

test.describe('blog', () => {
  // A visitor's list runs without the app (decision 081); a signed-in device's in the app.
  for (const signedIn of [false, true]) {
    test(`category filters show only that category, with their own address${signedIn ? ' (signed in)' : ''}`, async ({ page }) => {
      if (signedIn) await page.addInitScript(() => localStorage.setItem('alta.signedIn', 'user'));
      await page.goto('/en/blogs');
      await expectHydrated(page);
      const filters = page.getByRole('navigation', { name: 'Filter by category' });
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(6);

      await filters.getByRole('link', { name: 'US banks' }).click();
      await expect(page).toHaveURL(/\/en\/blogs\?category=us-banks$/);
      await expect(filters.getByRole('link', { name: 'US banks' })).toHaveAttribute('aria-current', 'page');
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading')).toHaveText(article('en', 'us-bank-account-from-abroad').title);

      await filters.getByRole('link', { name: 'All' }).click();
      await expect(cards).toHaveCount(6);
    });
  }

  test('a filtered address opens filtered', async ({ page }) => {
    await page.goto('/es/blogs?category=news');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText(article('es', 'boi-report-2026-update').title);
  });

  // A visitor's list runs without the app (decision 081); a signed-in device's in the app.
  for (const signedIn of [false, true]) {
    test(`load more shows the rest and moves focus to the first new article${signedIn ? ' (signed in)' : ''}`, async ({ page }) => {
      if (signedIn) await page.addInitScript(() => localStorage.setItem('alta.signedIn', 'user'));
      await page.goto('/pt/blogs');
      const cards = page.getByRole('main').getByRole('article');
      await expect(page.getByText(`Mostrando 6 de ${articleIds.length} artigos`)).toBeVisible();
      await expectHydrated(page);
      await page.getByRole('button', { name: 'Carregar mais artigos' }).click();
      await expect(cards).toHaveCount(articleIds.length);
      await expect(cards.nth(6).getByRole('link')).toBeFocused();
      await expect(page.getByRole('button', { name: 'Carregar mais artigos' })).toBeHidden();
      await expect(page.getByText(`Mostrando ${articleIds.length} de ${articleIds.length} artigos`)).toBeVisible();
    });
  }

  test('an article shows author, date per language, reading time, table of contents and related posts', async ({ page }) => {
    const expected = article('en', sampleArticleId);
    await page.goto(`/en/blogs/${sampleArticleId}`);
    await expect(page.getByText(`By ${expected.author}`)).toBeVisible();
    await expect(page.getByText('Published on October 6, 2026')).toBeVisible();
    await expect(page.getByText(`${expected.readingMinutes} min read`).first()).toBeVisible();

    const toc = page.getByRole('navigation', { name: 'In this article' });
    await expect(toc.getByRole('link')).toHaveCount(expected.toc.length);
    await toc.getByRole('link', { name: expected.toc[1]!.text }).click();
    await expect(page).toHaveURL(new RegExp(`#${expected.toc[1]!.id}$`));

    const related = page.getByRole('region', { name: 'Related articles' });
    await expect(related.getByRole('article')).toHaveCount(3);
    const first = related.getByRole('article').first().getByRole('link');
    const title = await first.textContent();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);

    await page.goto('/es/blogs/llc-vs-c-corp-for-founders');
    await expect(page.getByText('Publicado el 6 de octubre de 2026')).toBeVisible();
    await page.goto('/pt/blogs/llc-vs-c-corp-for-founders');
    await expect(page.getByText('Publicado em 6 de outubro de 2026')).toBeVisible();
  });

  test('share copies the link when the browser has no share sheet, and print opens the print dialog', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/en/blogs/${sampleArticleId}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/en/blogs/${sampleArticleId}$`));
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test('the print stylesheet keeps only the article', async ({ page }) => {
    await page.goto(`/en/blogs/${sampleArticleId}`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('footer')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'In this article' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Related articles' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Share' })).toBeHidden();
  });

  test('an unknown article goes to the blog list', async ({ page }) => {
    await page.goto('/en/blogs/no-such-article');
    await expect(page).toHaveURL(/\/en\/blogs$/);
  });
});

test.describe('contact', () => {
  // One test makes the contact API answer 500, on purpose.
  test.use({ expectedFailures: failing({ status: 500, url: /\/api\/v1\/contact$/ }) });

  test('shows the domain rules under each field', async ({ page }) => {
    await page.goto('/en/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/This field is required\./);
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address.');
  });

  test('sends the message and says so (es)', async ({ page }) => {
    await page.goto('/es/contact');
    await page.getByLabel('Nombre').fill('Lucía Pérez');
    await page.getByLabel('Correo electrónico').fill('lucia@example.com');
    await page.getByLabel('Mensaje').fill('Quiero migrar mi LLC de Wyoming. ¿Qué necesito?');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito!' })).toBeVisible();
    await expect(page.getByLabel('Mensaje')).toHaveValue('');
  });

  test('says so when the message could not be sent', async ({ page }) => {
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Error', status: 500, code: 'internal' }),
      }),
    );
    await page.goto('/en/contact');
    await page.getByLabel('Name').fill('Ana');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not send your message. Please try again later.' })).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('Hello');
  });
});

test.describe('footer', () => {
  test('links to the public pages', async ({ page }) => {
    test.slow(); // six pages in a row
    await page.goto('/en');
    const footer = page.locator('footer');
    for (const [name, path] of [
      ['Requirements', '/en/requirements'],
      ['FAQ', '/en/faq'],
      ['Blog', '/en/blogs'],
      ['Contact', '/en/contact'],
      ['Terms and conditions', '/en/terms'],
      ['Privacy policy', '/en/privacy'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('has the social accounts, with the Brazilian Instagram in Portuguese', async ({ page }) => {
    await page.goto('/es');
    const social = (name: string) => page.locator('footer').getByRole('link', { name });
    await expect(social('Alta en Instagram')).toHaveAttribute('href', 'https://www.instagram.com/alta.company');
    for (const network of ['Facebook', 'LinkedIn', 'X', 'TikTok']) await expect(social(`Alta en ${network}`)).toHaveAttribute('href', /^https:\/\//);

    await page.goto('/pt');
    await expect(page.locator('footer').getByRole('link', { name: 'Alta no Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/alta.company.br');

    await page.goto('/en');
    await expect(page.locator('footer').getByRole('link', { name: 'Alta on Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/alta.company');
  });

  test('has phone, email and address links', async ({ page }) => {
    await page.goto('/en/contact');
    const footer = page.locator('footer');
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.getByRole('link', { name: /Address/ })).toHaveAttribute('href', /^https:\/\//);
  });
});

test.describe('before the app has started', () => {
  test('controls that need the app are disabled, while links and disclosures work', async ({ browser }) => {
    // Without JavaScript the page stays as pre-rendered: what a visitor has before hydration.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The contact and login forms are islands (decision 082): their fields take typing at once. Their
    // send button waits for the starter, and they post, so the browser never sends them itself
    // with what was typed in the address.
    for (const [path, form] of [
      ['/en/contact', 'form'],
      ['/en/login', 'login'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByLabel('Email')).toBeEnabled();
      await expect(page.locator(`form[data-island="${form}"]`)).toHaveAttribute('method', 'post');
      await expect(page.locator(`form[data-island="${form}"] button[type="submit"]`)).toBeDisabled();
    }
    await page.goto('/en/faq');
    await expect(page.getByRole('searchbox', { name: 'Search the questions' })).toBeDisabled();
    await page.locator('details#what-is-alta summary').click();
    await expect(page.locator('details#what-is-alta')).toHaveAttribute('open', '');
    await expect(page.locator('details#what-is-alta').getByRole('button', { name: 'Copy link to this question' })).toBeDisabled();
    await page.goto('/pt/blogs');
    await expect(page.getByRole('button', { name: 'Carregar mais artigos' })).toBeDisabled();
    await page.goto(`/en/blogs/${sampleArticleId}`);
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeDisabled();
    await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await context.close();
  });

  test('the same controls are enabled once the page has hydrated', async ({ page }) => {
    await page.goto('/en/contact');
    await expectHydrated(page);
    for (const label of ['Name', 'Email', 'Message']) await expect(page.getByLabel(label)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await page.goto('/en/faq');
    await expectHydrated(page);
    await expect(page.getByRole('searchbox', { name: 'Search the questions' })).toBeEnabled();
  });
});
