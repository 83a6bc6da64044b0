import { describe, expect, it } from 'vitest';
import { quickAnswerQuery, quickAnswerSuggestions } from './quick-answers';

const quick = [
  { id: 1, shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar você hoje? Estamos à disposição.' },
  { id: 2, shortcode: 'boleto', message: 'Segue o boleto.' },
  { id: 3, shortcode: 'tchau', message: 'Até logo!' },
];

describe('quick answers', () => {
  it('suggests nothing on / alone or / and one character, and filters from the second character on', () => {
    expect(quickAnswerQuery('/')).toBeNull();
    expect(quickAnswerQuery('/b')).toBeNull();
    expect(quickAnswerQuery('/Bo')).toBe('bo');
    expect(quickAnswerQuery('bo')).toBeNull();
    expect(quickAnswerSuggestions('/', quick)).toEqual([]);
    expect(quickAnswerSuggestions('/b', quick)).toEqual([]);
    expect(quickAnswerSuggestions('/tc', quick).map((s) => s.id)).toEqual([3]);
  });

  it('filters by shortcode and truncates labels at 35 characters', () => {
    const list = quickAnswerSuggestions('/bo', quick);
    expect(list.map((s) => s.id)).toEqual([1, 2]);
    expect(list[0]!.label).toBe(`${'bomdia - Bom dia! Em que posso ajud'}...`);
    expect(list[0]!.label.length).toBe(38);
    expect(list[1]!.label).toBe('boleto - Segue o boleto.');
    expect(list[0]!.value).toBe(quick[0]!.message);
  });

  it('closes once a space is typed (the agent is writing a message)', () => {
    expect(quickAnswerSuggestions('/bo ola', quick)).toEqual([]);
  });
});
