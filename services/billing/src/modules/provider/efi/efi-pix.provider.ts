import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { BillingConfig } from '../../../config/env.js';
import { EFI_HOSTS } from '../../../config/env.js';
import type { CreateChargeInput, PixProvider, ProviderCharge } from '../pix-provider.js';
import { ProviderError } from '../pix-provider.js';

/** Efí's `cob` as its API answers it (the fields billing reads). */
interface EfiCob {
  txid: string;
  status: string;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  loc?: { id: number } | null;
  pixCopiaECola?: string;
  pix?: Array<{ endToEndId: string; valor: string; horario: string }>;
}

type EfiConfig = Pick<
  BillingConfig,
  | 'EFI_ENVIRONMENT'
  | 'EFI_API_URL'
  | 'EFI_CLIENT_ID'
  | 'EFI_CLIENT_SECRET'
  | 'EFI_CERTIFICATE_PATH'
  | 'EFI_CERTIFICATE_BASE64'
  | 'EFI_CERTIFICATE_PASSPHRASE'
  | 'EFI_CA_BASE64'
  | 'EFI_PIX_KEY'
  | 'EFI_WEBHOOK_SKIP_MTLS_CHECKING'
>;

/** The provider's error name and message (`nome`, `mensagem`; OAuth's `error`) from an error answer. */
function providerProblem(text: string): string {
  try {
    const parsed = JSON.parse(text) as { nome?: string; mensagem?: string; error?: string };
    return [parsed.nome ?? parsed.error, parsed.mensagem].filter(Boolean).join(': ');
  } catch {
    return '';
  }
}

/** The TLS client identity from a .p12/.pfx or a PEM holding the certificate and its key. */
function clientIdentity(config: EfiConfig): { pfx: Buffer } | { cert: string; key: string } {
  const file = config.EFI_CERTIFICATE_BASE64
    ? Buffer.from(config.EFI_CERTIFICATE_BASE64, 'base64')
    : readFileSync(config.EFI_CERTIFICATE_PATH ?? '');
  const text = file.toString('latin1');
  if (text.includes('-----BEGIN')) {
    const cert = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    const key = text.match(
      /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/,
    );
    if (!cert || !key) throw new Error('EFI certificate: the PEM needs a CERTIFICATE and a PRIVATE KEY block');
    return { cert: cert.join('\n'), key: key[0] };
  }
  return { pfx: file };
}

/**
 * Efí (Gerencianet) Pix API: OAuth2 client credentials over mutual TLS with the account's certificate, then
 * Bearer calls (`PUT /v2/cob/{txid}`, `GET /v2/cob/{txid}`, `GET /v2/loc/{id}/qrcode`, `PUT /v2/webhook/{chave}`).
 * The token is reused until a minute before it expires. Secrets never reach an error message or a log.
 */
export class EfiPixProvider implements PixProvider {
  readonly name = 'efi';
  private readonly agent: Agent;
  private readonly baseUrl: URL;
  private token: { value: string; expiresAtMs: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly config: EfiConfig) {
    this.baseUrl = new URL(config.EFI_API_URL ?? EFI_HOSTS[config.EFI_ENVIRONMENT]);
    if (this.baseUrl.protocol !== 'https:') throw new Error('EFI_API_URL must be an https:// address (mutual TLS)');
    this.agent = new Agent({
      ...clientIdentity(config),
      ...(config.EFI_CERTIFICATE_PASSPHRASE ? { passphrase: config.EFI_CERTIFICATE_PASSPHRASE } : {}),
      ...(config.EFI_CA_BASE64 ? { ca: Buffer.from(config.EFI_CA_BASE64, 'base64').toString('utf8') } : {}),
      keepAlive: true,
      maxSockets: 8,
    });
  }

  async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
    const cob = await this.call<EfiCob>('PUT', `/v2/cob/${encodeURIComponent(input.txid)}`, {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: input.amount },
      chave: this.config.EFI_PIX_KEY,
      solicitacaoPagador: input.description.slice(0, 140),
    });
    let copyPaste = cob.pixCopiaECola ?? '';
    if (cob.loc?.id !== undefined) {
      const qr = await this.call<{ qrcode: string }>('GET', `/v2/loc/${cob.loc.id}/qrcode`);
      copyPaste = qr.qrcode;
    }
    if (!copyPaste) throw new ProviderError('efi: the charge has no Pix code');
    return this.toCharge(cob, copyPaste);
  }

  async getCharge(txid: string): Promise<ProviderCharge | null> {
    try {
      const cob = await this.call<EfiCob>('GET', `/v2/cob/${encodeURIComponent(txid)}`);
      return this.toCharge(cob, cob.pixCopiaECola ?? '');
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  async registerWebhook(url: string): Promise<void> {
    await this.call(
      'PUT',
      `/v2/webhook/${encodeURIComponent(this.config.EFI_PIX_KEY)}`,
      { webhookUrl: url },
      this.config.EFI_WEBHOOK_SKIP_MTLS_CHECKING ? { 'x-skip-mtls-checking': 'true' } : {},
    );
  }

  private toCharge(cob: EfiCob, pixCopyPaste: string): ProviderCharge {
    return {
      txid: cob.txid,
      status: cob.status,
      amount: cob.valor.original,
      createdAt: cob.calendario.criacao,
      expiresInSeconds: cob.calendario.expiracao,
      locationId: cob.loc?.id ?? null,
      pixCopyPaste,
      payments: (cob.pix ?? []).map((pix) => ({ endToEndId: pix.endToEndId, amount: pix.valor, paidAt: pix.horario })),
    };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAtMs > Date.now() + 60_000) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const basic = Buffer.from(`${this.config.EFI_CLIENT_ID}:${this.config.EFI_CLIENT_SECRET}`).toString('base64');
        const answer = await this.send<{ access_token: string; expires_in: number }>(
          'POST',
          '/oauth/token',
          { grant_type: 'client_credentials' },
          `Basic ${basic}`,
        );
        this.token = { value: answer.access_token, expiresAtMs: Date.now() + answer.expires_in * 1000 };
        return answer.access_token;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const token = await this.accessToken();
    try {
      return await this.send<T>(method, path, body, `Bearer ${token}`, headers);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 401) {
        this.token = null; // revoked or expired early: one retry with a new token
        return this.send<T>(method, path, body, `Bearer ${await this.accessToken()}`, headers);
      }
      throw error;
    }
  }

  private send<T>(
    method: string,
    path: string,
    body: unknown,
    authorization: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<T>((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          timeout: 15_000,
          headers: {
            ...extraHeaders,
            authorization,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            if (status < 200 || status >= 300) {
              // the provider's error names (`nome`, `mensagem`), never our request or credentials
              const detail = providerProblem(text);
              reject(
                new ProviderError(
                  `efi ${method} ${url.pathname.split('/').slice(0, 3).join('/')} → ${status} ${detail}`,
                  status,
                ),
              );
              return;
            }
            try {
              resolve((text ? JSON.parse(text) : {}) as T);
            } catch {
              reject(new ProviderError(`efi ${method}: unreadable answer`, status));
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new ProviderError(`efi ${method}: timeout`)));
      req.on('error', (error) =>
        reject(error instanceof ProviderError ? error : new ProviderError(`efi ${method}: ${error.message}`)),
      );
      req.end(payload);
    });
  }
}
