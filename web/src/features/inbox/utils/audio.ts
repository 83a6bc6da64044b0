/** Recordings smaller than this are discarded (a tap on the microphone, not a message). */
export const MIN_AUDIO_BYTES = 10_000;
/** Voice notes are encoded as mp3 at this bit rate. */
export const AUDIO_KBPS = 128;

export function shouldSendRecording(recording: { size: number }): boolean {
  return recording.size >= MIN_AUDIO_BYTES;
}

/** Float samples (-1..1) to 16-bit PCM, as the mp3 encoder wants them. */
export function floatTo16BitPcm(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Encodes mono PCM to mp3 at 128 kbps; the encoder is loaded only when someone records. */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Blob> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, AUDIO_KBPS);
  const pcm = floatTo16BitPcm(samples);
  const chunks: BlobPart[] = [];
  const block = 1152;
  for (let i = 0; i < pcm.length; i += block) {
    const buf = encoder.encodeBuffer(pcm.subarray(i, i + block));
    if (buf.length > 0) chunks.push(new Uint8Array(buf));
  }
  const end = encoder.flush();
  if (end.length > 0) chunks.push(new Uint8Array(end));
  return new Blob(chunks, { type: 'audio/mpeg' });
}
