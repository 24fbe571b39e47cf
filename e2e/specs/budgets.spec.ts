import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';

// Budgets (issue 30): the owner types this month's budget and sees the month against it on the
// dashboard — the budget, what is sold so far, the forecast at the month's end, the sentence.

test('an owner types this month’s budget and follows the month against it on the dashboard', async ({
  page,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, {
    language: 'en',
    property: { name: 'Casa da Ria', timezone: 'UTC' },
    roomTypes: twoRoomTypes,
  });
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const monthName = now.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const today = now.toISOString().slice(0, 10);
  // A room sold tonight: 1 room night, 120.
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const booked = await request.post(`/api/v1/businesses/${owner.businessUuid}/bookings`, {
    headers: owner.headers,
    data: {
      bookings: [
        {
          roomCode: twoRoomTypes[0]!.code,
          arrival: today,
          departure: tomorrow,
          rooms: 1,
          adults: 2,
          children: 0,
          status: 'confirmed',
          bookedAt: `${today}T00:00:00Z`,
          totalAmount: 120,
        },
      ],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  await signIn(page, owner);

  // Without a budget, the dashboard invites to set one.
  await page.goto('/dashboards');
  const card = page.getByTestId('budget-card');
  await expect(card.getByTestId('budget-none')).toContainText('No budget for');
  await card.getByRole('link', { name: 'Set a budget' }).click();
  await expect(page).toHaveURL(/\/pricing-central\/budgets$/);
  await expect(page.getByRole('status')).toContainText('No budget for');

  const year = month.slice(0, 4);
  await page.getByRole('textbox', { name: `Room nights, ${monthName} ${year}` }).fill('40');
  await page.getByRole('textbox', { name: `Room revenue, ${monthName} ${year}` }).fill('4800.50');
  await page.getByRole('button', { name: 'Save the budget' }).click();
  await expect(page.getByText('Budget saved.')).toBeVisible();

  await page.goto('/dashboards');
  await expect(card.getByTestId('budget-roomNights-budget')).toHaveText(/^\W*40\W*$/);
  await expect(card.getByTestId('budget-revenue-budget')).toContainText('4,801');
  await expect(card.getByTestId('budget-roomNights-actual')).toHaveText(/^\W*1\W*$/);
  await expect(card.getByTestId('budget-revenue-actual')).toContainText('120');
  await expect(card.getByTestId('budget-sentences')).toContainText(
    /On track to reach \d+% of the revenue budget\./,
  );
  await page.screenshot({ path: 'test-results/e2e/budget-dashboard.png', fullPage: true });
});
