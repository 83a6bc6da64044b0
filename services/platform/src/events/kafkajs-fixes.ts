import { installedVersion, type VerifiedPatch } from '../config/verified-dependencies.js';

/**
 * kafkajs's consumer runner (`kafkajs-offset-commits.ts`) and request queue (`kafkajs-request-queue.ts`) are replaced
 * at run time (ADR 0008): both refuse to install on a kafkajs they were not verified against.
 */
export const KAFKAJS_FIXES: VerifiedPatch = {
  patch: "@cs/platform's kafkajs fixes (kafkajs-offset-commits.ts, kafkajs-request-queue.ts)",
  adr: 'proto/adr/0008-kafkajs-runtime-fixes.md',
  verified: { kafkajs: ['2.2.4'] },
};

/** The installed version of a package, as this folder's modules import it. */
export const kafkajsVersionOf = (packageName: string): string => installedVersion(packageName, import.meta.url);
