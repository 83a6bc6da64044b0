import { describe, expect, it } from 'vitest';
import {
  changedValue,
  companyFormSchema,
  dueDateOrNull,
  dueRowColor,
  flagAllowed,
  isMasked,
  planFormSchema,
} from './settings-form';

const t = (key: string) => key;
const company = {
  name: 'Cliente',
  email: 'dono@cliente.com',
  phone: '',
  planId: '2',
  status: true,
  dueDate: '',
  recurrence: 'MENSAL',
  campaignsEnabled: true,
  password: '',
};

describe('the company form', () => {
  it('requires the email and the plan', () => {
    const parsed = companyFormSchema(t, true).safeParse({ ...company, email: '', planId: '' });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'planId']));
    expect(companyFormSchema(t, true).safeParse({ ...company, email: 'nao-e-email' }).error?.issues[0]?.message).toBe(
      'admin.companies.invalidEmail',
    );
  });

  it('sends an empty or impossible due date as null, a real one as YYYY-MM-DD', () => {
    const schema = companyFormSchema(t, false);
    expect(schema.parse({ ...company, dueDate: '' }).dueDate).toBeNull();
    expect(schema.parse({ ...company, dueDate: '2030-02-31' }).dueDate).toBeNull();
    expect(schema.parse({ ...company, dueDate: 'amanhã' }).dueDate).toBeNull();
    expect(schema.parse({ ...company, dueDate: '2030-01-31' })).toMatchObject({ dueDate: '2030-01-31', planId: 2 });
    expect(dueDateOrNull('2030-01-31T00:00:00.000Z')).toBe('2030-01-31');
  });

  it('takes the first admin password only when creating, at least 5 characters', () => {
    expect(companyFormSchema(t, true).safeParse({ ...company, password: '123' }).success).toBe(false);
    expect(companyFormSchema(t, true).parse({ ...company, password: '' }).password).toBeUndefined();
    expect(companyFormSchema(t, false).parse({ ...company, password: '123' }).password).toBeUndefined();
  });
});

describe('the companies table colours (days to due date, as the spec gives them)', () => {
  const now = new Date(2030, 0, 10, 15, 0);
  it('tints 5 days yellow, -3 to 4 orange, -4 red and the rest not at all', () => {
    expect(dueRowColor('2030-01-15', now)).toBe('yellow');
    expect(dueRowColor('2030-01-14', now)).toBe('orange');
    expect(dueRowColor('2030-01-10', now)).toBe('orange');
    expect(dueRowColor('2030-01-07', now)).toBe('orange');
    expect(dueRowColor('2030-01-06', now)).toBe('red');
    expect(dueRowColor('2030-01-30', now)).toBeUndefined();
    expect(dueRowColor(null, now)).toBeUndefined();
  });
});

describe('the plan form', () => {
  it('requires a name, defaults the counts to 0 and reads the value in reais', () => {
    const base = { name: '', users: '', connections: '', queues: '', value: '' };
    const flags = {
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
      public: false,
    };
    expect(planFormSchema(t).safeParse({ ...base, ...flags }).error?.issues[0]).toMatchObject({
      path: ['name'],
      message: 'common.required',
    });
    expect(planFormSchema(t).parse({ ...base, ...flags, name: 'Ouro', value: '1.149,90' })).toMatchObject({
      users: 0,
      connections: 0,
      queues: 0,
      value: 1149.9,
      useKanban: false,
      public: false,
    });
    expect(planFormSchema(t).safeParse({ ...base, ...flags, name: 'Ouro', users: '-1' }).success).toBe(false);
  });

  it("shows a flag as 'No' only when it is strictly false", () => {
    expect(flagAllowed(false)).toBe(false);
    expect(flagAllowed(undefined)).toBe(true);
    expect(flagAllowed(null)).toBe(true);
    expect(flagAllowed(true)).toBe(true);
  });
});

describe('the integration keys', () => {
  it('never send back a masked secret the user did not change', () => {
    expect(isMasked('••••••1234')).toBe(true);
    expect(isMasked('********')).toBe(true);
    expect(isMasked('192.168.0.1')).toBe(false);
    expect(changedValue('********', '')).toBeNull();
    expect(changedValue('********', 'novo-token')).toBe('novo-token');
    expect(changedValue('10.0.0.1', '10.0.0.1')).toBeNull();
    expect(changedValue('10.0.0.1', '')).toBe('');
    expect(changedValue(undefined, '')).toBeNull();
  });
});
