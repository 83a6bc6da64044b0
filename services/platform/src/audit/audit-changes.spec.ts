import { AUDIT_SECRET_MASK } from '@cs/proto/events';
import { AUDIT_MAX_TEXT, auditChanges, isSecretField } from './audit-changes.js';

describe(auditChanges.name, () => {
  it('lists only the fields whose values changed, with both sides', () => {
    expect(
      auditChanges(
        { name: 'Vendas', color: '#fff', queueIds: [1, 2], schedules: { a: 1, b: 2 } },
        { name: 'Vendas 2', color: '#fff', queueIds: [1, 2], schedules: { b: 2, a: 1 } },
      ),
    ).toEqual([{ field: 'name', before: 'Vendas', after: 'Vendas 2' }]);
  });

  it('leaves bookkeeping timestamps out', () => {
    expect(
      auditChanges({ name: 'A', updatedAt: 'x', createdAt: 'y' }, { name: 'A', updatedAt: 'z', createdAt: 'y' }),
    ).toEqual([]);
  });

  it('shows every field of a created record as after only, of a deleted one as before only', () => {
    expect(auditChanges(null, { name: 'Suporte', greeting: '' })).toEqual([
      { field: 'name', after: 'Suporte' },
      { field: 'greeting', after: '' },
    ]);
    expect(auditChanges({ name: 'Suporte' }, null)).toEqual([{ field: 'name', before: 'Suporte' }]);
  });

  it('masks secrets by name on both sides, telling set from empty, also inside nested values', () => {
    const changes = auditChanges(
      {
        password: 'hash-1',
        apiKey: '',
        token: 'tok',
        voiceKey: 'k1',
        jsonContent: { private_key: 'pk', project: 'p' },
      },
      {
        password: 'hash-2',
        apiKey: 'sk-live-123',
        token: '',
        voiceKey: 'k2',
        jsonContent: { private_key: 'pk2', project: 'p' },
      },
    );
    expect(changes).toEqual([
      { field: 'password', before: AUDIT_SECRET_MASK, after: AUDIT_SECRET_MASK },
      { field: 'apiKey', before: '', after: AUDIT_SECRET_MASK },
      { field: 'token', before: AUDIT_SECRET_MASK, after: '' },
      { field: 'voiceKey', before: AUDIT_SECRET_MASK, after: AUDIT_SECRET_MASK },
      { field: 'jsonContent', before: AUDIT_SECRET_MASK, after: AUDIT_SECRET_MASK },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/hash-|sk-live|k2|pk2/);
    expect(auditChanges(null, { config: { clientSecret: 'abc', name: 'x' } })).toEqual([
      { field: 'config', after: { clientSecret: AUDIT_SECRET_MASK, name: 'x' } },
    ]);
  });

  it('masks fields the caller names as secret', () => {
    expect(auditChanges({ value: 'old-asaas-token' }, { value: 'new-asaas-token' }, { secrets: ['value'] })).toEqual([
      { field: 'value', before: AUDIT_SECRET_MASK, after: AUDIT_SECRET_MASK },
    ]);
  });

  it('keeps dates as ISO text and cuts long text', () => {
    const [change] = auditChanges(
      { dueDate: new Date('2026-01-01T00:00:00Z') },
      { dueDate: new Date('2026-02-01T00:00:00Z') },
    );
    expect(change).toEqual({ field: 'dueDate', before: '2026-01-01T00:00:00.000Z', after: '2026-02-01T00:00:00.000Z' });
    const [long] = auditChanges(null, { prompt: 'x'.repeat(AUDIT_MAX_TEXT + 50) });
    expect(String(long?.after)).toHaveLength(AUDIT_MAX_TEXT + 1);
  });

  it('tells secret field names from ordinary ones', () => {
    for (const name of [
      'password',
      'passwordHash',
      'apiKey',
      'api_key',
      'clientSecret',
      'token',
      'certificate',
      'privateKey',
      'voiceKey',
    ])
      expect(isSecretField(name)).toBe(true);
    for (const name of ['name', 'email', 'profile', 'keywords', 'greetingMessage', 'queueIds', 'typebotKeywordRestart'])
      expect(isSecretField(name)).toBe(false);
  });
});
