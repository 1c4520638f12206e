import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves a call-list contact one place up from position `from` (1-based) with the keyboard alone: its handle, Space, ArrowUp,
 * Space. Each key waits for dnd-kit's screen-reader announcement of the one before, as a
 * listener would: pressed back to back on a busy machine, the sensor may not have started yet.
 */
export async function moveUpByKeyboard(page: Page, handle: Locator, name: string, from: number) {
  const live = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  // 'Picked up …', at once followed by 'moved to' its own place (dnd-kit's first drag-over).
  await expect(live).toContainText(new RegExp(`Picked up ${name}, position ${from} of|${name} moved to position ${from} of`));
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText(`${name} moved to position ${from - 1} of`);
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${name} dropped at position ${from - 1} of`);
}
