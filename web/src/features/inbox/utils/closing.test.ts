import { describe, expect, it } from 'vitest';
import { closingMessage } from './closing';

describe('what ending a ticket sends to the contact', () => {
  it('asks for a rating when ratings are on, except in groups', () => {
    expect(closingMessage({ isGroup: false }, 'enabled', { complationMessage: '' })).toBe('rating');
    expect(closingMessage({ isGroup: true }, 'enabled', { complationMessage: '' })).toBeNull();
  });

  it("otherwise sends the connection's farewell when it has one", () => {
    expect(closingMessage({ isGroup: false }, 'disabled', { complationMessage: 'Até logo!' })).toBe('farewell');
    expect(closingMessage({ isGroup: true }, 'enabled', { complationMessage: 'Até logo!' })).toBe('farewell');
    expect(closingMessage({ isGroup: false }, 'disabled', { complationMessage: '  ' })).toBeNull();
  });

  it('counts an unknown connection as one that says goodbye', () => {
    expect(closingMessage({ isGroup: false }, 'disabled', undefined)).toBe('farewell');
    expect(closingMessage({ isGroup: false }, undefined, {})).toBe('farewell');
  });
});
