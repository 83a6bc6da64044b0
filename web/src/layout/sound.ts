/** A short two-tone chime played through Web Audio at the chosen volume (0 is silent). */
export function playChime(volume: number): void {
  if (volume <= 0 || typeof window.AudioContext === 'undefined') return;
  try {
    const ctx = new AudioContext();
    const gain = ctx.createGain();
    gain.gain.value = 0.25 * volume;
    gain.connect(ctx.destination);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.12);
    });
    window.setTimeout(() => void ctx.close(), 600);
  } catch {
    // audio blocked until the user interacts with the page
  }
}
