import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { ContactEntity } from './contact.entity.js';

/** The spec's "extraInfo": free name/value fields of a contact. */
@Entity({ name: 'contact_extra_info' })
export class ContactExtraInfoEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId!: number;

  @ManyToOne(() => ContactEntity, (contact) => contact.extraInfo, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contact_id' })
  // Relation<>: no design-type metadata naming the other entity (the two modules import each other)
  contact?: Relation<ContactEntity>;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text' })
  value!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
