import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export interface InvalidRow {
  readonly row: number;
  readonly reason: string;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportTarget = 'contacts' | 'contact-list';

/** One import (a spreadsheet or the phone's contacts) with its running report. */
@Entity({ name: 'contact_imports' })
export class ContactImportEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 16 })
  target!: ImportTarget;

  @Column({ name: 'contact_list_id', type: 'integer', nullable: true })
  contactListId!: number | null;

  @Column({ type: 'varchar', length: 16 })
  source!: 'spreadsheet' | 'phone';

  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  @Column({ name: 'file_format', type: 'varchar', length: 8, nullable: true })
  fileFormat!: 'xls' | 'xlsx' | 'csv' | null;

  /** The uploaded file until the import is done (then cleared). Never selected by default. */
  @Column({ type: 'bytea', nullable: true, select: false })
  content!: Buffer | null;

  @Column({ type: 'varchar', length: 16 })
  status!: ImportStatus;

  @Column({ type: 'integer' })
  total!: number;

  @Column({ type: 'integer' })
  processed!: number;

  @Column({ type: 'integer' })
  imported!: number;

  @Column({ type: 'integer' })
  merged!: number;

  @Column({ type: 'integer' })
  invalid!: number;

  @Column({ name: 'invalid_rows', type: 'jsonb' })
  invalidRows!: InvalidRow[];

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
