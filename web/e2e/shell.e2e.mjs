// The shell against the real stack: every deployable on main as its own process (PostgreSQL, Kafka), the
// gateway, the built client behind the web deployable's nginx, and Debian's Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openBrowser, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const walk = useWalk();

describe('the shell', () => {
  it('sends a visitor to the sign-in page, and the sign-up link leads to /signup', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${walk.stack.webUrl}/tickets`);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await screenshot(page, 'login');
      await page.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }).click();
      await page.waitForURL('**/signup');
      await page.getByRole('button', { name: 'Cadastrar' }).waitFor();
      await screenshot(page, 'signup');
    } finally {
      await browser.close();
    }
  });

  it('switches between Portuguese, English and Spanish and remembers the choice', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${walk.stack.webUrl}/login`);
      const select = page.getByTestId('language-select');
      await page.getByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }).waitFor();
      await select.selectOption('en');
      await page.getByRole('link', { name: "Don't have an account? Sign up!" }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Sign in' }).count(), 1);
      await screenshot(page, 'login-en');
      await select.selectOption('es');
      await page.getByRole('link', { name: '¿No tienes cuenta? ¡Regístrate!' }).waitFor();
      await page.reload();
      await page.getByRole('link', { name: '¿No tienes cuenta? ¡Regístrate!' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
      await screenshot(page, 'login-es');
    } finally {
      await browser.close();
    }
  });

  it('shows the sign-up rules of the spec in the browser before anything is sent', async () => {
    const browser = await openBrowser();
    const sent = [];
    try {
      const { page } = browser;
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(request.url());
      });
      await page.goto(`${walk.stack.webUrl}/signup`);
      await page.getByLabel('Telefone com (DDD)').fill('11987654321');
      assert.equal(await page.getByLabel('Telefone com (DDD)').inputValue(), '(11) 98765-4321');
      await page.getByLabel('Nome da empresa').fill('A');
      await page.getByLabel('Email').fill('sem-arroba');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.getByText('Nome precisa ter ao menos 3 caracteres!').waitFor();
      await page.getByText('Email inválido').waitFor();
      await page.getByText('Selecione um plano').waitFor();
      assert.deepEqual(sent, []);
    } finally {
      await browser.close();
    }
  });

  it('fits a phone screen (360 px) without sideways scrolling', async () => {
    const browser = await openBrowser({ viewport: { width: 360, height: 740 } });
    try {
      const { page } = browser;
      await page.goto(`${walk.stack.webUrl}/login`);
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
      await screenshot(page, 'login-mobile');
    } finally {
      await browser.close();
    }
  });
});
