import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Identity's projection of the connector's connections (`whatsapp.connection.v1`): users' default connection. */
@Entity({ name: 'connections' })
export class ConnectionEntity {
  @PrimaryColumn({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
