import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Chooses a value from a choice menu (roles, calendars, filters: any `ChoiceMenu`): opens the menu
 * from its button, picks the item carrying that value, and waits for the menu to close. What the
 * button shows afterwards (the value, or the old one again where the service refuses) is the test's to check.
 */
export async function chooseValue(trigger: Locator, value: string): Promise<void> {
  await trigger.click();
  const menu = trigger.page().getByRole('menu');
  await menu.locator(`[role="menuitemradio"][data-value="${value}"]`).click();
  await expect(menu).toHaveCount(0);
}

/** Picks an action listed under a choice menu's values ("Transfer ownership…", "Remove access"). */
export async function chooseAction(trigger: Locator, testId: string): Promise<void> {
  await trigger.click();
  await trigger.page().getByRole('menu').getByTestId(testId).click();
}
