import { Injectable } from '@nestjs/common';
import type { HelpRequest, HelpUpdateRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { HelpEntity } from '../help.entity.js';

/** Help videos are platform content (no company, no events: nothing else keeps them). */
@Injectable()
export class SaveHelpUseCase {
  constructor(private readonly transactions: TransactionHost) {}

  async create(input: HelpRequest): Promise<HelpEntity> {
    return this.transactions.run(async (manager) => {
      const help = manager.create(HelpEntity, { ...input, link: input.link ?? null });
      return manager.save(help);
    });
  }

  async update(id: number, input: HelpUpdateRequest): Promise<HelpEntity> {
    return this.transactions.run(async (manager) => {
      const help = await manager.findOne(HelpEntity, { where: { id } });
      if (!help) throw new DomainError('ERR_NO_HELP_FOUND');
      Object.assign(help, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
      return manager.save(help);
    });
  }

  async remove(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const result = await manager.delete(HelpEntity, { id });
      if (!result.affected) throw new DomainError('ERR_NO_HELP_FOUND');
    });
  }
}
