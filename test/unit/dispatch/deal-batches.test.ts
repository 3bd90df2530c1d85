import { dealBatches } from '../../../lambdas/core/dispatch/deal-batches';
import type { DueJobsite } from '../../../lambdas/core/dispatch/dispatch.ports';
import { batchSizeFor } from '../../../lambdas/core/dispatch/run-dispatch';

/** The planner's dealing of whole grid cells to batches. */

/** `count` jobsites spread over `cells` cells, 1–11 jobsites a cell, as a slot of many accounts is. */
function slot(count: number, cells: number): DueJobsite[] {
  const out: DueJobsite[] = [];
  for (let i = 0; i < count; i++) {
    // Uneven cells: cell c holds about (c % 11 + 1) parts of the jobsites.
    const c = Math.floor(Math.sqrt((i / count) * cells * cells)) % cells;
    out.push({
      tenantId: `t${i % 97}`,
      jobsiteId: `j${i}`,
      workDate: '2026-12-02',
      noticeTime: '05:00',
      timezone: 'America/Chicago',
      cell: `g0.05:${(40 + c * 0.05).toFixed(2)},-87.60|`,
    });
  }
  return out;
}

const cellsOf = (batch: readonly DueJobsite[]) => new Set(batch.map((d) => d.cell));

describe('dealBatches', () => {
  it.each([
    [10_000, 1378, 1000, 4],
    [2_000, 723, 1000, 4],
    [3_000, 500, 1000, 10],
    [100_000, 6000, 1000, 10],
  ])('should keep %i due in as many batches as before, none over the bound', (n, cells, max, workers) => {
    const due = slot(n, cells);
    const size = batchSizeFor(n, max, workers);
    const batches = dealBatches(due, size, max);
    expect(batches).toHaveLength(Math.ceil(n / size));
    expect(batches.flat()).toHaveLength(n);
    expect(new Set(batches.flat().map((d) => d.jobsiteId)).size).toBe(n);
    for (const b of batches) expect(b.length).toBeLessThanOrEqual(max);
    // Sizes as even as whole cells allow: within one cell of each other.
    const perCell = new Map<string, number>();
    for (const d of due) perCell.set(d.cell!, (perCell.get(d.cell!) ?? 0) + 1);
    const largestCell = Math.max(...perCell.values());
    const sizes = batches.map((b) => b.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(largestCell);
  });

  it('should never split a cell between batches', () => {
    const due = slot(10_000, 1378);
    const batches = dealBatches(due, 834, 1000);
    const batchOf = new Map<string, number>();
    batches.forEach((b, i) => {
      for (const cell of cellsOf(b)) {
        expect(batchOf.get(cell!) ?? i).toBe(i);
        batchOf.set(cell!, i);
      }
    });
    expect(batchOf.size).toBe(new Set(due.map((d) => d.cell)).size);
  });

  it('should spread a contiguous storm of cells over every batch, not fill a few with it', () => {
    const due = slot(10_000, 1378);
    // The storm: the cells of a contiguous area, here the run of cells 300–650 in cell order.
    const cells = [...new Set(due.map((d) => d.cell!))].sort();
    const storm = new Set(cells.slice(300, 650));
    const stormDue = due.filter((d) => storm.has(d.cell!)).length;
    const batches = dealBatches(due, 834, 1000);
    expect(batches).toHaveLength(12);
    const shares = batches.map((b) => b.filter((d) => storm.has(d.cell!)).length);
    // A fair share each (cut in runs, 2–3 batches held all of it and the rest none).
    for (const share of shares) expect(share).toBeGreaterThan((stormDue / 12) * 0.8);
    for (const share of shares) expect(share).toBeLessThan((stormDue / 12) * 1.2);
  });

  it('should cut only a cell larger than a batch, into whole batches', () => {
    const big: DueJobsite[] = slot(30, 3).map((d) => ({ ...d, cell: 'g0.05:40.00,-87.60|' }));
    const batches = dealBatches([...big, ...slot(20, 4)], 25, 40);
    expect(batches.flat()).toHaveLength(50);
    for (const b of batches) expect(b.length).toBeLessThanOrEqual(40);
    expect(batches.filter((b) => b.some((d) => d.cell === 'g0.05:40.00,-87.60|'))).toHaveLength(2);
  });

  it('should pour a last cell into the room left rather than pass the bound or add a batch', () => {
    const cell = (c: number, n: number) =>
      slot(n, 1).map((d, i) => ({ ...d, jobsiteId: `c${c}-${i}`, cell: `cell-${c}` }));
    // 3 cells of 6 in 2 batches of 9 (bound 10): the third fits in neither without passing 10.
    const batches = dealBatches([...cell(1, 6), ...cell(2, 6), ...cell(3, 6)], 9, 10);
    expect(batches.map((b) => b.length)).toEqual([10, 8]);
  });

  it('should let each jobsite without a cell stand alone', () => {
    const due = slot(10, 1).map(({ cell: _cell, ...d }) => d);
    const batches = dealBatches(due, 5, 5);
    expect(batches.map((b) => b.length)).toEqual([5, 5]);
  });

  it('should answer no batch for nothing due', () => {
    expect(dealBatches([], 834, 1000)).toEqual([]);
  });
});
