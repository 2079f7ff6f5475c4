// A short human description of a grid row for lists such as the batch result.
export function describeRow(row: Record<string, unknown>): string {
  const parts = [row.ID, row.Descr].filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return parts.length ? parts.join(' - ') : `#${String(row.AutoID ?? '')}`;
}
