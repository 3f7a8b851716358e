// Prints rows as an aligned text table (first column left, the rest right).
export function printTable(title, columns, rows) {
  const cells = rows.map((row) => columns.map((column) => String(row[column.key] ?? '–')));
  const widths = columns.map((column, i) => Math.max(column.label.length, ...cells.map((r) => r[i].length)));
  const line = (values) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  console.log(`\n${title}\n${line(columns.map((c) => c.label))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of cells) console.log(line(row));
}
