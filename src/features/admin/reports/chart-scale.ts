// The top of a report chart's scale: a round number (1, 2 or 5 × 10ⁿ steps, at most five of them)
// above the highest point, with room for the point's marker, so the highest day is never drawn on or
// past the chart's edge and the axis names a figure at or above it. Pure.

/** The step and top of a scale from 0 that covers `max` with at most `ticks` steps. */
export function niceScale(max: number, ticks = 5, wholeNumbers = false): { step: number; top: number } {
  const highest = Number.isFinite(max) && max > 0 ? max : 0;
  if (highest === 0) return { step: 1, top: wholeNumbers ? 1 : 1 };
  // 5 % headroom: the highest point's marker stays inside the plot.
  const needed = highest * 1.05;
  const rough = needed / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (wholeNumbers) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(needed / step) * step;
  return { step, top: Number(top.toPrecision(12)) };
}
