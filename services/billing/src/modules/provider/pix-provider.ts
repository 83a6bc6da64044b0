/** A Pix charge as billing needs it, whatever the provider. Amounts are reais as "199.90". */
export interface ProviderCharge {
  readonly txid: string;
  /** Efí's statuses: ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP. */
  readonly status: string;
  readonly amount: string;
  readonly createdAt: string;
  readonly expiresInSeconds: number;
  readonly locationId: number | null;
  /** The Pix copy-and-paste code (BR Code). */
  readonly pixCopyPaste: string;
  /** The Pix payments received for this charge. */
  readonly payments: ReadonlyArray<{ readonly endToEndId: string; readonly amount: string; readonly paidAt: string }>;
}

export interface CreateChargeInput {
  /** Our transaction id (26 to 35 letters and digits). */
  readonly txid: string;
  readonly amount: string;
  readonly expiresInSeconds: number;
  /** Shown to the payer (`solicitacaoPagador`). */
  readonly description: string;
}

/** The port of a Pix payment provider. Efí (Gerencianet) is the first adapter. */
export interface PixProvider {
  readonly name: string;
  /** An immediate charge with our txid, with its copy-and-paste code. */
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  /** The charge as the provider knows it now; null when it does not exist there. */
  getCharge(txid: string): Promise<ProviderCharge | null>;
  /** Registers the URL the provider notifies payments to (for the account's Pix key). */
  registerWebhook(url: string): Promise<void>;
}

export const PIX_PROVIDER = Symbol('PIX_PROVIDER');

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
