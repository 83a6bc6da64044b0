import { File as NodeFile } from 'node:buffer';

/**
 * `request.formData()` of a multipart request in a handler, under the jsdom environment on Node 24: Node's fetch
 * (undici 7) builds each file part with the global `File`, which jsdom replaces with its own, then refuses it by
 * its brand (vitest-dev/vitest#9135; vitest-dev/vitest#11300 proposes the fix inside Vitest's jsdom environment,
 * after which `request.formData()` can be called directly again). The body is parsed with Node's `File` on the
 * global, put back right after; the file entries are Node's `File`s (name, type and bytes).
 */
export async function formDataOf(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}
