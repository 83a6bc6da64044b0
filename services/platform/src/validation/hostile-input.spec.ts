import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { ZodPipe } from '../http/zod.pipe.js';
import { badStringReason, findHostileInput } from './hostile-input.js';
import { HostileInputInterceptor, hostileRequestInput } from './hostile-input.interceptor.js';

describe('hostile input', () => {
  it('refuses NUL bytes and unpaired surrogates, keeps paired ones (emoji)', () => {
    expect(badStringReason('a\u0000b')).toBeDefined();
    expect(badStringReason('a\ud800b')).toBeDefined();
    expect(badStringReason('\udc00')).toBeDefined();
    expect(badStringReason('x\ud83d')).toBeDefined();
    expect(badStringReason('olá 😀 ç')).toBeUndefined();
  });

  it('finds them anywhere in a body, keys included, and ids beyond PostgreSQL integer', () => {
    expect(findHostileInput({ a: { b: ['ok', 'x\u0000'] } })).toEqual({ path: 'a.b.1', message: 'Caractere inválido' });
    expect(findHostileInput({ ['k\u0000']: 1 })).toMatchObject({ path: 'k\u0000' });
    expect(findHostileInput({ queueIds: [1, 2_147_483_648] })).toEqual({ path: 'queueIds.1', message: 'Id inválido' });
    expect(findHostileInput({ whatsappId: '2147483648' })).toMatchObject({ path: 'whatsappId' });
    expect(findHostileInput({ id: -2_147_483_649 })).toMatchObject({ path: 'id' });
    expect(findHostileInput({ id: 2_147_483_647, parentId: -1, value: 9_999_999_999 })).toBeUndefined();
    expect(
      findHostileInput({ ticketId: '2147483648' }, '', false, 0, { ids: false, numericStrings: false }),
    ).toBeUndefined();
    // a third party's raw payload (Meta's webhook) has ids of its own, as strings: not ours to bound
    const meta = {
      entry: [{ id: '102290129340398', changes: [{ value: { metadata: { phone_number_id: '106540352242922' } } }] }],
    };
    expect(findHostileInput(meta, 'body', false, 0, { ids: true, numericStrings: false })).toBeUndefined();
    // Meta's ids kept under our names on a Cloud API connection are long numbers too
    expect(findHostileInput({ cloudPhoneNumberId: '106540352242922', whatsappId: '7' })).toBeUndefined();
    expect(
      findHostileInput({ planId: 2_147_483_648 }, 'body', false, 0, { ids: true, numericStrings: false }),
    ).toMatchObject({
      path: 'body.planId',
    });
  });

  it('ZodPipe answers 400 ERR_VALIDATION before the schema (even a permissive one) sees it', () => {
    const pipe = new ZodPipe(z.object({ name: z.string(), userId: z.coerce.number() }).loose());
    for (const body of [{ name: 'a\u0000' }, { name: '\ud800' }, { name: 'ok', userId: 2_147_483_648 }]) {
      let error: unknown;
      try {
        pipe.transform(body);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'ERR_VALIDATION', status: 400 });
    }
    expect(pipe.transform({ name: 'ok 😀', userId: 5 })).toEqual({ name: 'ok 😀', userId: 5 });
  });

  it('HostileInputInterceptor refuses each kind in the path, params, query and body before the handler', () => {
    const interceptor = new HostileInputInterceptor();
    const valid = { originalUrl: '/queue/7?searchParam=a', params: { id: '7' }, query: { searchParam: 'a' }, body: {} };
    const cases: Array<[Record<string, unknown>, { path: string; message: string }]> = [
      [{ originalUrl: '/queue/a%00b' }, { path: 'url', message: 'URL inválida' }],
      [{ originalUrl: '/queue/%ED%A0%80' }, { path: 'url', message: 'URL inválida' }],
      [{ params: { id: 'x\ud800' } }, { path: 'params.id', message: 'Caractere inválido' }],
      [{ query: { searchParam: 'a\u0000' } }, { path: 'query.searchParam', message: 'Caractere inválido' }],
      [{ query: { userId: '99999999999999999999' } }, { path: 'query.userId', message: 'Id inválido' }],
      [
        { body: { name: 'ok', tags: [{ tagId: 2_147_483_648 }] } },
        { path: 'body.tags.0.tagId', message: 'Id inválido' },
      ],
      [{ body: { ['k\udc00']: 1 } }, { path: 'body.k\udc00', message: 'Caractere inválido' }],
    ];
    for (const [change, found] of cases) {
      const request = { ...valid, ...change };
      const context = { getType: () => 'http', switchToHttp: () => ({ getRequest: () => request }) };
      let handled = false;
      let error: unknown;
      try {
        interceptor.intercept(context as never, { handle: () => ((handled = true), undefined) as never });
      } catch (caught) {
        error = caught;
      }
      expect(handled).toBe(false);
      expect(error).toMatchObject({ code: 'ERR_VALIDATION', status: 400, details: [found] });
    }
    const context = { getType: () => 'http', switchToHttp: () => ({ getRequest: () => valid }) };
    let handled = false;
    interceptor.intercept(context as never, { handle: () => ((handled = true), undefined) as never });
    expect(handled).toBe(true);
  });

  it('predicts what the interceptor refuses from the parts alone (the fuzz test skips what it would refuse)', () => {
    expect(hostileRequestInput({ path: undefined })).toEqual({ path: 'url', message: 'URL inválida' });
    expect(hostileRequestInput({ path: '/x', params: { id: '2147483648' }, query: { id: '2147483648' } })).toEqual({
      path: 'query.id',
      message: 'Id inválido',
    });
    expect(hostileRequestInput({ path: '/x', body: { whatsappId: '2147483648' } })).toBeUndefined();
    expect(hostileRequestInput({ path: '/x', query: { a: 'b' }, body: { name: 'olá 😀' } })).toBeUndefined();
  });
});
