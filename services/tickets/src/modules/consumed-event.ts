/** What an `@EventPattern` handler receives: an envelope already validated against its topic's schema. */
export interface ConsumedEvent {
  readonly id: string;
  readonly type: string;
  readonly companyId: number;
  readonly data: unknown;
}
