/**
 * The colour picker's palette (spec: 50 colours) for queues and tags. These are data the server stores (a queue's
 * or tag's colour), so they are raw values and live here with the other raw colours.
 */
export const COLOR_PALETTE: readonly string[] = [
  '#b80000',
  '#db3e00',
  '#fccb00',
  '#008b02',
  '#006b76',
  '#1273de',
  '#004dcf',
  '#5300eb',
  '#eb9694',
  '#fad0c3',
  '#fef3bd',
  '#c1e1c5',
  '#bedadc',
  '#c4def6',
  '#bed3f3',
  '#d4c4fb',
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cddc39',
  '#ffeb3b',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#795548',
  '#607d8b',
  '#9e9e9e',
  '#000000',
  '#d32f2f',
  '#c2185b',
  '#7b1fa2',
  '#512da8',
  '#303f9f',
  '#1976d2',
  '#0288d1',
  '#0097a7',
  '#00796b',
  '#388e3c',
  '#689f38',
  '#afb42b',
  '#fbc02d',
  '#ffa000',
];

/**
 * A new record's starting colour (tags): the first palette colour none of `used` has (the palette alternates
 * hues), or a random one once all are taken, so that records created in a row do not all look alike.
 */
export function nextPaletteColor(used: readonly string[], random: () => number = Math.random): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  const free = COLOR_PALETTE.find((color) => !taken.has(color.toLowerCase()));
  return free ?? COLOR_PALETTE[Math.floor(random() * COLOR_PALETTE.length)] ?? COLOR_PALETTE[0]!;
}
