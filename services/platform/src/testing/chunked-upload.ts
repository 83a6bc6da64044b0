import http from 'node:http';

export interface ChunkedUploadOptions {
  readonly headers?: Record<string, string>;
  /** Bytes written before the streamed part (a multipart preamble up to a file part's headers, and its first bytes). */
  readonly head?: string | Buffer;
  /** Bytes of the streamed part (one reused 1 MiB chunk, so the sender holds no more than that). */
  readonly bodyBytes: number;
  /** Bytes written after it (the multipart epilogue). */
  readonly tail?: string;
  /**
   * Once this many bytes of the streamed part are written, the body stays open and nothing more is written until the
   * answer arrives: a client still sending whose body never reaches a limit on the way (a gateway's).
   */
  readonly holdAfterBytes?: number;
}

export interface ChunkedUploadResult {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** Bytes of the streamed part written before the answer came (or all of them). */
  readonly sent: number;
  /** Peak of `process.memoryUsage().arrayBuffers` over its value at the start, sampled while uploading. */
  readonly arrayBuffersPeak: number;
}

const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

/**
 * A chunked (`Transfer-Encoding: chunked`, no `Content-Length`) POST that streams `bodyBytes` as fast as the server
 * takes them and stops writing when the answer arrives: what a client uploading a huge file sees, and how much
 * external memory this process (a service running in it) held meanwhile. The whole answer is read; a reset after
 * it is not an error.
 */
export async function chunkedUpload(url: string, options: ChunkedUploadOptions): Promise<ChunkedUploadResult> {
  const baseline = process.memoryUsage().arrayBuffers;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 5);
  let sent = 0;
  let answered = false;
  try {
    const result = await new Promise<Omit<ChunkedUploadResult, 'sent' | 'arrayBuffersPeak'>>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { ...options.headers, 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          });
          request.destroy();
        });
        response.on('error', reject);
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const write = async (): Promise<void> => {
        if (options.head) request.write(options.head);
        const until = Math.min(options.bodyBytes, options.holdAfterBytes ?? Infinity);
        while (sent < until && !answered && !request.destroyed) {
          const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, until - sent));
          sent += chunk.length;
          if (!request.write(chunk)) {
            await new Promise<void>((drained) => {
              const done = (): void => {
                request.off('drain', done);
                request.off('close', done);
                request.off('response', done);
                drained();
              };
              request.on('drain', done);
              request.on('close', done);
              request.on('response', done);
            });
          }
        }
        if (sent < options.bodyBytes) return;
        if (!answered && !request.destroyed) request.end(options.tail ?? '');
      };
      write().catch(reject);
    });
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    return { ...result, sent, arrayBuffersPeak: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
