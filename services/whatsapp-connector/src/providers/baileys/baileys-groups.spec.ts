import type { GroupMetadata } from 'baileys';
import pino from 'pino';
import { GroupCache } from './baileys-groups.js';
import type { WaSocketLike } from './baileys.port.js';

const GROUP = '120363000000000001@g.us';

function cacheWith(groupMetadata: (jid: string) => Promise<GroupMetadata>): { cache: GroupCache; asked: string[] } {
  const asked: string[] = [];
  const socket = {
    groupMetadata: async (jid: string) => {
      asked.push(jid);
      return groupMetadata(jid);
    },
  } as unknown as WaSocketLike;
  const cache = new GroupCache({ current: () => socket, isOpen: () => true }, pino({ level: 'silent' }));
  return { cache, asked };
}

describe('GroupCache', () => {
  it('asks WhatsApp for an unknown group once, then answers from the cache', async () => {
    const { cache, asked } = cacheWith(async (id) => ({ id, subject: 'Vendas' }) as GroupMetadata);
    await expect(cache.nameOf(GROUP)).resolves.toBe('Vendas');
    await expect(cache.nameOf(GROUP)).resolves.toBe('Vendas');
    expect(asked).toEqual([GROUP]);
    expect(cache.get(GROUP)?.subject).toBe('Vendas');
  });

  it('answers no name when the metadata cannot be had', async () => {
    const { cache } = cacheWith(async () => {
      throw new Error('not a participant');
    });
    await expect(cache.nameOf(GROUP)).resolves.toBeNull();
  });

  it('keeps a group only once its subject is known, and merges later partial updates into it', async () => {
    const { cache, asked } = cacheWith(async (id) => ({ id, subject: 'from WhatsApp' }) as GroupMetadata);
    cache.merge({ id: GROUP, announce: true });
    expect(cache.get(GROUP)).toBeUndefined();
    cache.merge({ id: GROUP, subject: 'Suporte' });
    cache.merge({ id: GROUP, announce: true });
    expect(cache.get(GROUP)).toEqual({ id: GROUP, subject: 'Suporte', announce: true });
    await expect(cache.nameOf(GROUP)).resolves.toBe('Suporte');
    expect(asked).toEqual([]);
  });
});
