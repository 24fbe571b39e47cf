import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';

// The audit trail (issue 13): what an owner changes shows in the property's trail, before → after.

test('an owner changes a weekday adjustment and reads it in the property trail', async ({
  page,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, {
    language: 'en',
    property: 'Casa do Rio',
    roomTypes: twoRoomTypes,
  });
  await signIn(page, owner);

  await page.goto('/pricing-central/price-setup');
  await page.getByRole('textbox', { name: 'Saturday', exact: true }).fill('15');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();

  await page.goto('/my-property/menu');
  await page.getByRole('link', { name: /Change history/ }).click();
  await expect(page).toHaveURL(/\/my-property\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change history' })).toBeVisible();

  const trail = page.getByRole('table', { name: 'Audit events' });
  const change = trail.getByRole('row').filter({ hasText: 'Price settings' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(owner.userData.name);
  await expect(change).toContainText('Changed');
  // The property's creation and its room types are there too, older.
  await expect(trail.getByRole('row').filter({ hasText: 'Property' })).toHaveCount(1);

  const details = change.getByRole('button', { name: /the details of Price settings/ });
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const weekdays = page.locator('[data-field="weekdayAdjustments"]');
  await expect(weekdays.locator('dd > span').first()).toContainText('sat: 0');
  await expect(weekdays.locator('dd > span').last()).toContainText('sat: 15');

  await page.screenshot({ path: 'test-results/e2e/audit-trail.png', fullPage: true });

  // Narrowed to what integrations did: nothing.
  await page.getByRole('combobox', { name: 'Who' }).click();
  await page.getByRole('option', { name: 'An integration' }).click();
  await expect(page.getByRole('status')).toHaveText('No event matches these filters.');
});
