import { DEFAULT_SETTINGS, SETTINGS_CATALOGUE } from './settings.catalogue.js';

describe('the message retention setting', () => {
  const accepts = (value: string) => SETTINGS_CATALOGUE.messageRetentionDays.schema.safeParse(value).success;

  it('keeps messages for good by default', () => {
    expect(DEFAULT_SETTINGS['messageRetentionDays']).toBe('');
  });

  it('takes a whole number of days or nothing', () => {
    expect(['', '1', '30', '99999'].map(accepts)).toEqual([true, true, true, true]);
    expect(['0', '-5', '1.5', 'trinta', '100000', '030'].map(accepts)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
