import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

const numeric = { to: (value: number) => value, from: (value: string | null) => (value === null ? 0 : Number(value)) };

@Entity({ name: 'plans' })
export class PlanEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'integer' })
  users!: number;

  @Column({ type: 'integer' })
  connections!: number;

  @Column({ type: 'integer' })
  queues!: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: numeric })
  value!: number;

  @Column({ name: 'use_campaigns', type: 'boolean' })
  useCampaigns!: boolean;

  @Column({ name: 'use_schedules', type: 'boolean' })
  useSchedules!: boolean;

  @Column({ name: 'use_internal_chat', type: 'boolean' })
  useInternalChat!: boolean;

  @Column({ name: 'use_external_api', type: 'boolean' })
  useExternalApi!: boolean;

  @Column({ name: 'use_kanban', type: 'boolean' })
  useKanban!: boolean;

  @Column({ name: 'use_open_ai', type: 'boolean' })
  useOpenAi!: boolean;

  @Column({ name: 'use_integrations', type: 'boolean' })
  useIntegrations!: boolean;

  /** Listed to visitors and selectable at the public signup; the super user keeps the others for internal use. */
  @Column({ type: 'boolean', default: true })
  public!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
