import type { Page } from '@playwright/test';

/** A layout shift the page recorded: its score, and the start of each element it moved. */
export interface LayoutShift {
  value: number;
  moved: string[];
}

/** From the page's next load on, records every layout shift (read with `layoutShifts`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node: Node | null }[] })[])
        shifts.push({
          value: entry.value,
          moved: entry.sources.map(({ node }) => (node instanceof Element ? node.outerHTML.slice(0, 80) : (node?.nodeName ?? 'gone'))),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The layout shifts since the page loaded, once what it draws after loading has landed; not those
 * under 0.0001, a few pixels of an element already removed, which no one sees.
 */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
  return shifts.filter((shift) => shift.value >= 0.0001);
}
