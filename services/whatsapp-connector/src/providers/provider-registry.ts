import { Inject, Injectable } from '@nestjs/common';
import { type ProviderName, SESSION_PROVIDERS, type SessionProvider } from './provider.port.js';

/** The providers of this build by name (`SESSION_PROVIDERS`, assembled in `providers.module.ts`). */
@Injectable()
export class ProviderRegistry {
  private readonly byName: Map<ProviderName, SessionProvider>;

  constructor(@Inject(SESSION_PROVIDERS) providers: SessionProvider[]) {
    this.byName = new Map(providers.map((provider) => [provider.name, provider]));
  }

  /** The provider of a connection (`beta`, the spec's default value, is Baileys). */
  find(name: string): SessionProvider | undefined {
    return this.byName.get((name === 'beta' ? 'baileys' : name) as ProviderName);
  }

  get all(): SessionProvider[] {
    return [...this.byName.values()];
  }
}
