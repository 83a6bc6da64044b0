import { describe, expect, it } from 'vitest';
import { AUDIO_KBPS, floatTo16BitPcm, MIN_AUDIO_BYTES, shouldSendRecording } from './audio';

describe('voice recordings', () => {
  it('discards recordings under 10,000 bytes and sends the rest', () => {
    expect(MIN_AUDIO_BYTES).toBe(10_000);
    expect(shouldSendRecording(new Blob([new Uint8Array(9_999)]))).toBe(false);
    expect(shouldSendRecording(new Blob([new Uint8Array(10_000)]))).toBe(true);
    expect(shouldSendRecording({ size: 0 })).toBe(false);
  });

  it('encodes at 128 kbps from clipped 16-bit samples', () => {
    expect(AUDIO_KBPS).toBe(128);
    expect(Array.from(floatTo16BitPcm(new Float32Array([0, 1, -1, 2, -2])))).toEqual([0, 32767, -32768, 32767, -32768]);
  });
});
