import { DEFAULT_CAMPAIGN_SETTINGS } from '@cs/proto/http';
import { applyVariables, delayAfter } from './campaign-settings.js';

describe('delayAfter', () => {
  it('waits messageInterval, and greaterInterval after every longerIntervalAfter messages', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    expect([1, 2, 3, 4, 5, 6, 7].map((sent) => delayAfter(sent, settings))).toEqual([5, 5, 60, 5, 5, 60, 5]);
  });

  it('never pauses longer when longerIntervalAfter is 0', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 60 };
    expect([1, 20, 40].map((sent) => delayAfter(sent, settings))).toEqual([10, 10, 10]);
  });
});

describe('applyVariables', () => {
  it('replaces {nome}, {numero}, {email} and the custom variables everywhere', () => {
    expect(
      applyVariables(
        '{nome}, {nome}: {numero} / {email} — {cupom} {desconhecida}',
        { name: 'Ana', number: '5521999990000', email: 'ana@x.com' },
        [{ key: 'cupom', value: 'BF10' }],
      ),
    ).toBe('Ana, Ana: 5521999990000 / ana@x.com — BF10 {desconhecida}');
  });
});
