import { useCallback, useRef, useState } from 'react';
import { encodeMp3 } from '../utils/audio';

/**
 * Records from the microphone and returns an mp3 (128 kbps) when stopped. The caller applies the size rule.
 */
export function useVoiceRecorder() {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const rec = new MediaRecorder(stream);
    chunks.current = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    rec.start();
    recorder.current = rec;
    setRecording(true);
  }, []);

  const finish = useCallback(async (keep: boolean): Promise<Blob | null> => {
    const rec = recorder.current;
    recorder.current = null;
    setRecording(false);
    if (!rec) return null;
    const stopped = new Promise<void>((resolve) => {
      rec.onstop = () => resolve();
    });
    rec.stop();
    rec.stream.getTracks().forEach((track) => track.stop());
    await stopped;
    if (!keep) return null;
    const recorded = new Blob(chunks.current, { type: rec.mimeType });
    const ctx = new AudioContext();
    try {
      const audio = await ctx.decodeAudioData(await recorded.arrayBuffer());
      return await encodeMp3(audio.getChannelData(0), audio.sampleRate);
    } finally {
      void ctx.close();
    }
  }, []);

  return { recording, start, stop: () => finish(true), cancel: () => finish(false) };
}
