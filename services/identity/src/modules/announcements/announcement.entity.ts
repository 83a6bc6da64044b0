import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'announcements' })
export class AnnouncementEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The company whose super user wrote it (the platform company). */
  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'smallint' })
  priority!: number;

  @Column({ type: 'boolean' })
  status!: boolean;

  @Column({ name: 'media_path', type: 'varchar', length: 200, nullable: true })
  mediaPath!: string | null;

  @Column({ name: 'media_name', type: 'varchar', length: 200, nullable: true })
  mediaName!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
