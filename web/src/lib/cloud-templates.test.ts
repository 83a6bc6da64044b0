import { describe, expect, it } from 'vitest';
import { prefilledValues } from './cloud-templates';

describe("a Cloud API template's first values", () => {
  it("prefill the body's first value with the contact's name in the caller's variables", () => {
    expect(prefilledValues({ header: 1, body: 2 })).toEqual({ header: [''], body: ['{{firstName}}', ''] });
    expect(prefilledValues({ header: 0, body: 0 })).toEqual({ header: [], body: [] });
    expect(prefilledValues({ header: 0, body: 1 }, '{nome}')).toEqual({ header: [], body: ['{nome}'] });
  });
});
