import {
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { ContactExtraInfoEntity } from './contact-extra-info.entity.js';

export type WhatsappStatus = 'unknown' | 'checking' | 'valid' | 'invalid';

@Entity({ name: 'contacts' })
export class ContactEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Canonical digits (E.164 without '+', Brazilian mobiles with the ninth digit); a group's id; '' when unknown. */
  @Column({ type: 'varchar', length: 50 })
  number!: string;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  @Column({ name: 'profile_pic_url', type: 'text', nullable: true })
  profilePicUrl!: string | null;

  @Column({ name: 'is_group', type: 'boolean' })
  isGroup!: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lid!: string | null;

  /** The connection the contact last wrote through. */
  @Column({ name: 'whatsapp_id', type: 'integer', nullable: true })
  whatsappId!: number | null;

  @Column({ name: 'whatsapp_status', type: 'varchar', length: 16 })
  whatsappStatus!: WhatsappStatus;

  /** WhatsApp's own jid for the number (its normalisation of Brazil's ninth digit), when known. */
  @Column({ name: 'whatsapp_jid', type: 'varchar', length: 128, nullable: true })
  whatsappJid!: string | null;

  @Column({ name: 'whatsapp_check_id', type: 'uuid', nullable: true })
  whatsappCheckId!: string | null;

  /** A person chose this name (created or renamed it): WhatsApp push names never overwrite it. */
  @Column({ name: 'name_locked', type: 'boolean' })
  nameLocked!: boolean;

  @Column({ name: 'picture_requested_at', type: 'timestamptz', nullable: true })
  pictureRequestedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => ContactExtraInfoEntity, (info) => info.contact)
  extraInfo?: Relation<ContactExtraInfoEntity[]>;
}
