import { API_TOKEN_MIN_LENGTH, apiTokenDigest, apiTokenWeakness, generateApiToken } from './api-token.js';

describe('external-API tokens', () => {
  it('generates 43-character base64url tokens that pass the rule, never the same twice', () => {
    const tokens = Array.from({ length: 50 }, generateApiToken);
    expect(new Set(tokens).size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(apiTokenWeakness(token)).toBeNull();
    }
  });

  it.each([
    ['1'],
    ['a'],
    ['   '],
    ['137'],
    ['tk-loja-9f2c1e7a5b'],
    ['a'.repeat(40)],
    ['abababababababababababababababababab'],
    ['12341234123412341234123412341234'],
    ['abcdefghijklmnopqrstuvwxyzabcdefgh'],
    ['palavra secreta com espaços e 123 números'],
  ])('refuses the guessable token %j with a message for the admin', (token) => {
    expect(apiTokenWeakness(token)).toEqual(expect.stringMatching(/token/i));
  });

  it('accepts long random-looking typed tokens (hex digests, UUID pairs, password-manager output)', () => {
    expect(apiTokenWeakness(apiTokenDigest('qualquer coisa'))).toBeNull();
    expect(apiTokenWeakness('3b9f1c2e-8d4a-4f6b-9e21-7c5d0a8f3e14-a91c')).toBeNull();
    expect(apiTokenWeakness('Xk9#mQ2$vL7pR4!tW8zN3@bF6hJ1yC5e')).toBeNull();
    expect('Xk9#mQ2$vL7pR4!tW8zN3@bF6hJ1yC5e'.length).toBeGreaterThanOrEqual(API_TOKEN_MIN_LENGTH);
  });

  it('digests as SHA-256 in lowercase hex', () => {
    expect(apiTokenDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
