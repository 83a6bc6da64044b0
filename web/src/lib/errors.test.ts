import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { errorMessage } from './errors';

describe('error display', () => {
  it('translates a known code, shows an unknown one raw, and falls back to "An error occurred!"', async () => {
    await i18n.changeLanguage('pt');
    expect(errorMessage({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET' } })).toBe(
      'Já existe um tíquete aberto para este contato.',
    );
    expect(errorMessage({ status: 400, data: { error: 'ERR_SOMETHING_NEW' } })).toBe('ERR_SOMETHING_NEW');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('An error occurred!');
    await i18n.changeLanguage('en');
    expect(errorMessage({ status: 401, data: { error: 'ERR_INVALID_CREDENTIALS' } })).toBe(
      'Authentication error. Please try again.',
    );
    await i18n.changeLanguage('pt');
  });
});
