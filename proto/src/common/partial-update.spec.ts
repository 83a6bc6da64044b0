import { CompanyUpdateRequestSchema, HelpUpdateRequestSchema, PlanUpdateRequestSchema } from '../http/identity.js';
import { PUBLIC_API } from '../http/catalogue.js';
import { NoBodySchema } from '../http/common.js';
import { z } from 'zod';

describe('partial update schemas', () => {
  it('a name-only plan update carries the name only (no flag turned on, no limit or price reset)', () => {
    expect(PlanUpdateRequestSchema.parse({ name: 'Novo' })).toEqual({ name: 'Novo' });
  });

  it('a due-date-only company update does not touch the status (a disabled company stays disabled)', () => {
    expect(CompanyUpdateRequestSchema.parse({ dueDate: '2027-01-31' })).toEqual({ dueDate: '2027-01-31' });
  });

  it('a title-only help update keeps video and description', () => {
    expect(HelpUpdateRequestSchema.parse({ title: 'T' })).toEqual({ title: 'T' });
  });

  it('no PUT body of the catalogue applies a default to an absent field', () => {
    for (const route of PUBLIC_API.filter(
      (entry) => entry.method === 'PUT' && entry.body && entry.body !== NoBodySchema,
    )) {
      const body = route.body as z.ZodType;
      if (!(body instanceof z.ZodObject)) continue;
      const [first] = Object.keys(body.shape);
      const result = body.safeParse({});
      if (result.success) expect({ route: route.path, parsed: result.data }).toEqual({ route: route.path, parsed: {} });
      expect(first).toBeDefined();
    }
  });
});
