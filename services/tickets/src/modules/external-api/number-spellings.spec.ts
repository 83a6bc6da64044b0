import { numberSpellings } from './send-external-message.use-case.js';

describe(numberSpellings.name, () => {
  it('tries a Brazilian mobile with and without the ninth digit, as given first', () => {
    expect(numberSpellings('5511987650001')).toEqual(['5511987650001', '551187650001']);
    expect(numberSpellings('551187650002')).toEqual(['551187650002', '5511987650002']);
  });

  it('keeps landlines and other countries’ numbers as they are', () => {
    expect(numberSpellings('551132650000')).toEqual(['551132650000']);
    expect(numberSpellings('14155550123')).toEqual(['14155550123']);
  });
});
