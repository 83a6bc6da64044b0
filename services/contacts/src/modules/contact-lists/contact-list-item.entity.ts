import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'contact_list_items' })
export class ContactListItemEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ name: 'contact_list_id', type: 'integer' })
  contactListId!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Canonical digits, as for contacts. */
  @Column({ type: 'varchar', length: 50 })
  number!: string;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** Filled asynchronously by the connector's number check; null until it answers. */
  @Column({ name: 'is_whatsapp_valid', type: 'boolean', nullable: true })
  isWhatsappValid!: boolean | null;

  @Column({ name: 'whatsapp_jid', type: 'varchar', length: 128, nullable: true })
  whatsappJid!: string | null;

  @Column({ name: 'whatsapp_check_id', type: 'uuid', nullable: true })
  whatsappCheckId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
