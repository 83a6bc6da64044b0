import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Column({ type: 'varchar', length: 128 })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 10 })
  profile!: 'admin' | 'user';

  @Column({ type: 'boolean' })
  super!: boolean;

  @Column({ type: 'boolean' })
  online!: boolean;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  @Column({ name: 'all_ticket', type: 'varchar', length: 10 })
  allTicket!: 'enable' | 'disable';

  @Column({ name: 'whatsapp_id', type: 'integer', nullable: true })
  whatsappId!: number | null;

  @Column({ name: 'queue_ids', type: 'integer', array: true })
  queueIds!: number[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
