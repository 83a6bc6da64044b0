import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Identity's projection of tickets' queues (`tickets.queue.v1`): validates users' queue ids, names them. */
@Entity({ name: 'queues' })
export class QueueEntity {
  @PrimaryColumn({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 20 })
  color!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
