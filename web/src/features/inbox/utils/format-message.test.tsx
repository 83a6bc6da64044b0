import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMessageText, isSafeHref } from './format-message';

const show = (text: string) => render(<p>{formatMessageText(text)}</p>).container.querySelector('p')!;

describe('formatMessageText', () => {
  it('renders *bold* and ~strike~ and nothing else as markup', () => {
    const p = show('Olá *João*, o preço ~antigo~ caiu');
    expect(p.querySelector('strong')?.textContent).toBe('João');
    expect(p.querySelector('del')?.textContent).toBe('antigo');
    expect(p.textContent).toBe('Olá João, o preço antigo caiu');
  });

  it('nests strike inside bold', () => {
    const p = show('*não ~sim~*');
    expect(p.querySelector('strong del')?.textContent).toBe('sim');
  });

  it('leaves lone asterisks and tildes as text', () => {
    const p = show('2 * 3 = 6 ~ aprox');
    expect(p.querySelector('strong, del')).toBeNull();
    expect(p.textContent).toBe('2 * 3 = 6 ~ aprox');
  });

  it('turns http(s) links into new-tab links with noopener noreferrer', () => {
    const p = show('veja https://exemplo.com.br/pedido?id=1. obrigado');
    const a = p.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://exemplo.com.br/pedido?id=1');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(p.textContent).toBe('veja https://exemplo.com.br/pedido?id=1. obrigado');
  });

  it('never links javascript: or other schemes', () => {
    const p = show('clique javascript:alert(1) ou data:text/html,<b>x</b>');
    expect(p.querySelector('a')).toBeNull();
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref('https://ok.com')).toBe(true);
  });

  it('shows HTML in a message as text: no element is created and no script runs', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const p = show('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(p.querySelector('img, script')).toBeNull();
    expect(p.textContent).toBe('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(alert).not.toHaveBeenCalled();
  });
});
