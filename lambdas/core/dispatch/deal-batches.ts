import type { DueJobsite } from './dispatch.ports';

/**
 * The due jobsites of a grid cell side by side (so a batch asks for a cell's forecast once), in cell
 * order. A jobsite whose slot names no cell shares nothing with the others: it stands alone.
 */
function cellGroups(due: readonly DueJobsite[]): DueJobsite[][] {
  const byCell = new Map<string, DueJobsite[]>();
  const alone: DueJobsite[][] = [];
  for (const d of due) {
    if (!d.cell) {
      alone.push([d]);
      continue;
    }
    const group = byCell.get(d.cell);
    if (group) group.push(d);
    else byCell.set(d.cell, [d]);
  }
  return [...[...byCell].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group), ...alone];
}

/**
 * Cuts the due jobsites into `ceil(due / size)` batches by dealing whole grid cells round-robin: cell
 * after cell in cell order, each to the next batch with room for all of it. A storm covers a
 * contiguous area, so its cells are neighbours in that order; cut in runs instead, its cells (and
 * nearly all the messages) would fill a few batches while the others' workers finished early and
 * idled. Dealt, every batch gets a share of every area, so the workers finish together.
 *
 * A cell is never split but in two cases: a cell with more than `size` due jobsites on its own is cut
 * in `size` pieces, and a last cell that fits in no batch without passing `maxSize` (the queue
 * message's bound; only when `size` leaves no room under it) is poured into the room left, so the
 * batches stay `ceil(due / size)`, whole rounds of the workers. Otherwise a batch may end up to one
 * cell above `size` when the last cells fit nowhere exactly, never above `maxSize`.
 */
export function dealBatches(due: readonly DueJobsite[], size: number, maxSize = size): DueJobsite[][] {
  const batches: DueJobsite[][] = Array.from({ length: Math.ceil(due.length / size) }, () => []);
  let next = 0;
  const place = (group: DueJobsite[]) => {
    let chosen = -1;
    for (let k = 0; k < batches.length && chosen < 0; k++) {
      const i = (next + k) % batches.length;
      if (batches[i]!.length + group.length <= size) chosen = i;
    }
    if (chosen < 0) {
      const lightest = batches.reduce((best, b, i) => (b.length < batches[best]!.length ? i : best), 0);
      if (batches[lightest]!.length + group.length <= maxSize) chosen = lightest;
    }
    if (chosen >= 0) {
      batches[chosen]!.push(...group);
      next = (chosen + 1) % batches.length;
      return;
    }
    // Room under the bound is at least what is left to place (batches × size ≥ due, size ≤ maxSize).
    const rest = [...group];
    for (const batch of batches) {
      const room = maxSize - batch.length;
      if (room > 0 && rest.length > 0) batch.push(...rest.splice(0, room));
    }
  };
  for (const group of cellGroups(due)) {
    for (let at = 0; at < group.length; at += size) place(group.slice(at, at + size));
  }
  return batches;
}
