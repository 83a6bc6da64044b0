import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, request as httpsRequest, type Server } from 'node:https';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { brCode } from './brcode.js';

const cert = (name: string): string => readFileSync(new URL(`./certs/${name}`, import.meta.url), 'utf8');

/**
 * The test PKI of the fake (committed; no secret protects anything real): its CA, which signs both the fake's
 * server certificate and the "account" client certificate billing presents (PEM, or .p12 with passphrase
 * `fake-efi`).
 */
export const FAKE_EFI_PKI = {
  caPem: (): string => cert('ca.pem'),
  clientPem: (): string => cert('client.pem'),
  clientP12Path: (): string => new URL('./certs/client.p12', import.meta.url).pathname,
  clientP12Passphrase: 'fake-efi',
};

export interface FakeEfiOptions {
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly pixKey?: string;
  readonly port?: number;
  /** Pay every charge automatically this long after it is created (`make dev`: a bank in a box). */
  readonly autoPayAfterMs?: number;
}

interface Cob {
  txid: string;
  revisao: number;
  status: string;
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: 'cob'; criacao: string };
  location: string;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: Array<{
    endToEndId: string;
    txid: string;
    valor: string;
    chave: string;
    horario: string;
    infoPagador?: string;
  }>;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const AMOUNT = /^\d{1,10}\.\d{2}$/;

/** An Efí error answer (`nome`, `mensagem`), as the Pix API writes them. */
const problem = (res: ServerResponse, status: number, nome: string, mensagem: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ nome, mensagem }));
};

const send = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A fake of Efí's Pix API for tests and `make dev`, speaking its shapes over mutual TLS: `POST /oauth/token`
 * (Basic client credentials), `PUT|GET /v2/cob/{txid}`, `GET /v2/loc/{id}/qrcode` (a valid dynamic BR Code),
 * `PUT|GET /v2/webhook/{chave}`; `pay(txid)` plays the payer's bank and notifies the registered webhook with
 * Efí's payload (`{pix: [{endToEndId, txid, chave, valor, horario}]}`, `/pix` appended to the URL).
 */
export class FakeEfiServer {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly pixKey: string;
  private readonly server: Server;
  private readonly tokens = new Map<string, number>();
  private readonly cobs = new Map<string, Cob>();
  private readonly locs = new Map<number, Cob>();
  private readonly webhooks = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextLoc = 1;
  /** Whether the webhook was registered with `x-skip-mtls-checking: true` (no mutual TLS demanded of it). */
  webhookSkipsMtls = false;
  /** Every request the fake answered (method and path), for assertions. */
  readonly calls: Array<{ method: string; path: string; clientCertificate: boolean }> = [];
  url = '';

  constructor(private readonly options: FakeEfiOptions = {}) {
    this.clientId = options.clientId ?? 'Client_Id_fake0123456789';
    this.clientSecret = options.clientSecret ?? `Client_Secret_${randomBytes(12).toString('hex')}`;
    this.pixKey = options.pixKey ?? 'financeiro@plataforma.com.br';
    this.server = createHttpsServer(
      {
        ...(() => {
          const pem = cert('server.pem');
          return { cert: pem, key: pem };
        })(),
        ca: cert('ca.pem'),
        requestCert: true,
        rejectUnauthorized: false,
      },
      (req, res) => {
        void this.handle(req, res).catch(() => problem(res, 500, 'erro_interno', 'Erro interno.'));
      },
    );
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment billing needs to talk to this fake. */
  billingEnv(certificate: 'pem' | 'p12' = 'pem'): Record<string, string> {
    return {
      EFI_ENVIRONMENT: 'sandbox',
      EFI_API_URL: this.url,
      EFI_CLIENT_ID: this.clientId,
      EFI_CLIENT_SECRET: this.clientSecret,
      EFI_PIX_KEY: this.pixKey,
      EFI_CA_BASE64: Buffer.from(FAKE_EFI_PKI.caPem()).toString('base64'),
      ...(certificate === 'pem'
        ? { EFI_CERTIFICATE_BASE64: Buffer.from(FAKE_EFI_PKI.clientPem()).toString('base64') }
        : {
            EFI_CERTIFICATE_PATH: FAKE_EFI_PKI.clientP12Path(),
            EFI_CERTIFICATE_PASSPHRASE: FAKE_EFI_PKI.clientP12Passphrase,
          }),
    };
  }

  charge(txid: string): Cob | undefined {
    return this.cobs.get(txid);
  }

  charges(): Cob[] {
    return [...this.cobs.values()];
  }

  webhookUrl(): string | undefined {
    return this.webhooks.get(this.pixKey);
  }

  /**
   * The payer's bank pays the charge (its full amount unless told otherwise): the charge becomes CONCLUIDA with
   * a new end-to-end id, and the registered webhook is notified (unless `notify: false`). Returns the payload.
   */
  async pay(
    txid: string,
    options: { amount?: string; notify?: boolean } = {},
  ): Promise<{ body: { pix: NonNullable<Cob['pix']> }; status: number | null }> {
    const cob = this.cobs.get(txid);
    if (!cob) throw new Error(`fake efi: no charge ${txid}`);
    const now = new Date();
    const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
    const pix = {
      endToEndId: `E18236120${stamp}s${randomBytes(5).toString('hex')}`.slice(0, 32),
      txid,
      valor: options.amount ?? cob.valor.original,
      chave: cob.chave,
      horario: now.toISOString(),
      infoPagador: 'Pagamento da fatura',
    };
    cob.pix = [...(cob.pix ?? []), pix];
    cob.status = 'CONCLUIDA';
    const body = { pix: [pix] };
    if (options.notify === false) return { body, status: null };
    const status = await this.notify(body);
    return { body, status };
  }

  /** Posts a notification to the registered webhook as Efí does (`/pix` appended). Returns the HTTP status. */
  async notify(body: unknown, url = this.webhookUrl()): Promise<number> {
    if (!url) throw new Error('fake efi: no webhook registered');
    return postJson(`${url}/pix`, body);
  }

  private authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > Date.now();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url || 'https://127.0.0.1');
    const method = req.method ?? 'GET';
    const clientCertificate = (req.socket as TLSSocket).authorized === true;
    this.calls.push({ method, path: url.pathname, clientCertificate });
    // Efí refuses any call without the account's certificate (mutual TLS)
    if (!clientCertificate)
      return problem(res, 401, 'certificado_invalido', 'Certificado do cliente ausente ou inválido.');

    if (method === 'POST' && url.pathname === '/oauth/token') {
      const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      const body = (await readBody(req)) as { grant_type?: string } | undefined;
      if (id !== this.clientId || secret !== this.clientSecret || body?.grant_type !== 'client_credentials') {
        return send(res, 401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
      }
      const token = randomBytes(24).toString('base64url');
      this.tokens.set(token, Date.now() + 3_600_000);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cob.read cob.write pix.read pix.write webhook.read webhook.write',
      });
    }
    if (!this.authorized(req)) return problem(res, 401, 'nao_autorizado', 'Token de acesso inválido.');

    const cobMatch = /^\/v2\/cob\/([^/]+)$/.exec(url.pathname);
    if (cobMatch) {
      const txid = decodeURIComponent(cobMatch[1] ?? '');
      if (method === 'PUT') return this.createCob(txid, await readBody(req), res);
      if (method === 'GET') {
        const cob = this.cobs.get(txid);
        return cob
          ? send(res, 200, cob)
          : problem(res, 404, 'cobranca_nao_encontrada', 'Nenhuma cobrança encontrada para o txid informado.');
      }
    }
    const qrMatch = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url.pathname);
    if (qrMatch && method === 'GET') {
      const cob = this.locs.get(Number(qrMatch[1]));
      if (!cob) return problem(res, 404, 'location_nao_encontrada', 'Location não encontrada para o id informado.');
      return send(res, 200, {
        qrcode: cob.pixCopiaECola,
        imagemQrcode: '',
        linkVisualizacao: `https://${cob.location.replace('/qr/v2/', '/v2/cobv/visualizacao/')}`,
      });
    }
    const hookMatch = /^\/v2\/webhook\/([^/]+)$/.exec(url.pathname);
    if (hookMatch) {
      const key = decodeURIComponent(hookMatch[1] ?? '');
      if (key !== this.pixKey) return problem(res, 400, 'chave_invalida', 'A chave informada não pertence à conta.');
      if (method === 'PUT') {
        const body = (await readBody(req)) as { webhookUrl?: string } | undefined;
        if (!body?.webhookUrl || !/^https?:\/\//.test(body.webhookUrl)) {
          return problem(res, 400, 'json_invalido', 'O campo webhookUrl é obrigatório.');
        }
        this.webhooks.set(key, body.webhookUrl);
        this.webhookSkipsMtls = req.headers['x-skip-mtls-checking'] === 'true';
        return send(res, 200, { webhookUrl: body.webhookUrl });
      }
      if (method === 'GET') {
        const hook = this.webhooks.get(key);
        return hook
          ? send(res, 200, { webhookUrl: hook, chave: key, criacao: new Date().toISOString() })
          : problem(res, 404, 'webhook_nao_encontrado', 'Webhook não encontrado para a chave informada.');
      }
    }
    problem(res, 404, 'rota_nao_encontrada', 'Rota não encontrada.');
  }

  private createCob(txid: string, raw: unknown, res: ServerResponse): void {
    const body = raw as
      | {
          calendario?: { expiracao?: number };
          valor?: { original?: string };
          chave?: string;
          solicitacaoPagador?: string;
        }
      | undefined;
    if (!TXID.test(txid)) return problem(res, 400, 'txid_invalido', 'O campo txid não respeita o schema.');
    if (this.cobs.has(txid)) {
      return problem(res, 400, 'txid_duplicado', 'Campo txid informado já foi utilizado em outra cobrança.');
    }
    if (!body?.valor?.original || !AMOUNT.test(body.valor.original) || Number(body.valor.original) <= 0) {
      return problem(res, 400, 'valor_invalido', 'O campo valor.original não respeita o schema.');
    }
    if (body.chave !== this.pixKey)
      return problem(res, 400, 'chave_invalida', 'A chave informada não pertence à conta.');
    const now = new Date().toISOString();
    const locId = this.nextLoc++;
    const location = `pix-h.example.efipay.com.br/qr/v2/${randomUUID().replace(/-/g, '')}`;
    const cob: Cob = {
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { criacao: now, expiracao: body.calendario?.expiracao ?? 86_400 },
      loc: { id: locId, location, tipoCob: 'cob', criacao: now },
      location,
      valor: { original: body.valor.original },
      chave: body.chave,
      ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      pixCopiaECola: brCode({
        location,
        amount: body.valor.original,
        merchantName: 'Plataforma de Atendimento',
        merchantCity: 'Sao Paulo',
      }),
    };
    this.cobs.set(txid, cob);
    this.locs.set(locId, cob);
    if (this.options.autoPayAfterMs !== undefined) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.cobs.get(txid)?.status === 'ATIVA') void this.pay(txid).catch(() => undefined);
      }, this.options.autoPayAfterMs);
      this.timers.add(timer);
    }
    send(res, 201, cob);
  }
}

/** A JSON POST over http or https (the gateway's public address in dev and tests). */
function postJson(url: string, body: unknown): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body));
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      target,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
