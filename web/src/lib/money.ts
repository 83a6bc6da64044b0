/** The spec's currency display: `R$` with a comma for decimals. */
export function formatMoney(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(n)) return `R$ ${value}`;
  return `R$ ${n.toFixed(2).replace('.', ',')}`;
}
