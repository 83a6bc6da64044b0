import { Injectable } from '@nestjs/common';
import type { HelpRequest, HelpUpdateRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { AuditTrail } from '@cs/platform/audit';
import { DomainError } from '@cs/platform/errors';
import { HelpEntity } from '../help.entity.js';

const audited = (help: HelpEntity): Record<string, unknown> => ({
  title: help.title,
  description: help.description,
  video: help.video,
  link: help.link,
});

/** Help videos are platform content (no company, no events: nothing else keeps them); changes are audited. */
@Injectable()
export class SaveHelpUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  async create(input: HelpRequest): Promise<HelpEntity> {
    return this.transactions.run(async (manager) => {
      const help = await manager.save(manager.create(HelpEntity, { ...input, link: input.link ?? null }));
      await this.audit.record({
        action: 'help.created',
        target: { type: 'help', id: help.id, label: help.title },
        after: audited(help),
      });
      return help;
    });
  }

  async update(id: number, input: HelpUpdateRequest): Promise<HelpEntity> {
    return this.transactions.run(async (manager) => {
      const help = await manager.findOne(HelpEntity, { where: { id } });
      if (!help) throw new DomainError('ERR_NO_HELP_FOUND');
      const before = audited(help);
      Object.assign(help, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
      const saved = await manager.save(help);
      await this.audit.record({
        action: 'help.updated',
        target: { type: 'help', id: saved.id, label: saved.title },
        before,
        after: audited(saved),
      });
      return saved;
    });
  }

  async remove(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const help = await manager.findOne(HelpEntity, { where: { id } });
      if (!help) throw new DomainError('ERR_NO_HELP_FOUND');
      await manager.delete(HelpEntity, { id });
      await this.audit.record({
        action: 'help.deleted',
        target: { type: 'help', id, label: help.title },
        before: audited(help),
      });
    });
  }
}
