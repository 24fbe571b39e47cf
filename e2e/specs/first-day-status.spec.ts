import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  newOwnerWithProperty,
  signIn,
  twoRoomTypes,
  type Locale,
  type Owner,
} from '../support/auth';
import { cell, night } from '../support/calendar';
import { changesMatching } from '../support/price-changes';
import { captureScreens } from '../support/screens';
import { fill, label } from '../support/shell';

// Issue 24, points 1 and 2: every status tells the truth. A Starter owner's price setup says
// what approval does ("I approve every change", selected, with the plan in words); approving with
// no destination connected leaves the changes "not sent: no destination connected", never
// "Publicada"; with a webhook receiver on 127.0.0.1 they are "sent".

const readers: Locale[] = ['pt', 'en', 'ar'];

/** Shows the app in `locale` from now on (the stored language), on `path`. */
async function openIn(page: Page, locale: Locale, path: string) {
  await page.goto(path);
  await page.evaluate((stored) => localStorage.setItem('language', stored), locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** How many of the owner's changes are in `stage` (the API's own word for it). */
const inStage = (request: APIRequestContext, owner: Owner, stage: string) =>
  changesMatching(request, owner, `stage=${stage}`);

test.describe('every status tells the truth', () => {
  // Screens (`npm run screens`) take eight renders a screen.
  test.setTimeout(process.env.SCREENS === '1' ? 900_000 : 180_000);

  test('a Starter owner’s price setup says who approves, and what the plan allows, in words', async ({
    page,
    request,
  }) => {
    const owner = await newOwnerWithProperty(request, {
      plan: 'starter',
      roomTypes: twoRoomTypes,
    });
    await signIn(page, owner);
    for (const locale of readers) {
      await openIn(page, locale, '/pricing-central/price-setup');
      const choice = page.getByTestId('approval-choice');
      await choice.scrollIntoViewIfNeeded();
      // What happens is what is selected: every change waits for the owner.
      const manual = choice.getByRole('radio', {
        name: label(locale, 'property', 'settings.approval.manual'),
        exact: false,
      });
      const auto = choice.getByRole('radio', {
        name: label(locale, 'property', 'settings.approval.auto'),
        exact: false,
      });
      await expect(manual).toBeChecked();
      await expect(auto).not.toBeChecked();
      await expect(auto).toBeDisabled();
      await expect(page.getByTestId('approval-plan')).toHaveText(
        fill(label(locale, 'property', 'settings.approval.plan'), {
          plan: label(locale, 'plans', 'names.starter'),
          autoPlan: label(locale, 'plans', 'names.pro'),
        }),
      );
    }
    // The plans page names automatic approval with the same words.
    await openIn(page, 'en', '/pages/pricing');
    await expect(
      page.getByText(label('en', 'property', 'settings.approval.auto'), { exact: true }).first(),
    ).toBeVisible();

    await captureScreens(page, 'price-setup-approval', async (locale) => {
      await openIn(page, locale, '/pricing-central/price-setup');
      await page.getByTestId('approval-choice').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('approval-plan')).toBeVisible();
    });
  });

  test('approved with no destination connected: not sent, never "Publicada"', async ({
    page,
    request,
  }) => {
    const owner = await newOwnerWithProperty(request, {
      plan: 'starter',
      roomTypes: twoRoomTypes,
    });
    await expect
      .poll(() => inStage(request, owner, 'waiting'), { timeout: 60_000 })
      .toBeGreaterThan(700);
    const waiting = await inStage(request, owner, 'waiting');
    await signIn(page, owner);

    // Approve them all on the price-changes page, as the owner does.
    await page.goto('/pricing-central/price-changes');
    const banner = page.getByTestId('webhook-health-banner');
    await expect(banner).toContainText(label('pt', 'priceChanges', 'webhook.none.title'), {
      timeout: 30_000,
    });
    await page.getByTestId('approve-matching').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Aprovar todas/ }).click();
    // Told where they went: nowhere, with a way to connect a destination.
    const told = label('pt', 'priceChanges', 'approvedNotice.notSent').split('{{n}}')[1]!;
    await expect(page.getByText(told, { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('button', { name: label('pt', 'priceChanges', 'approvedNotice.connect') }),
    ).toBeVisible();
    await expect.poll(() => inStage(request, owner, 'not_sent'), { timeout: 30_000 }).toBe(waiting);
    expect(await inStage(request, owner, 'sent')).toBe(0);

    for (const locale of readers) {
      await openIn(page, locale, '/pricing-central/price-changes?stage=not_sent');
      const table = page.getByTestId('price-changes-table');
      const notSent = label(locale, 'priceChanges', 'stage.not_sent_no_destination');
      await expect(table.locator('[data-stage="not_sent"]').first()).toHaveText(notSent, {
        timeout: 30_000,
      });
      await expect(table.locator('[data-stage]').filter({ hasNotText: notSent })).toHaveCount(0);
      await expect(
        table.getByText(label(locale, 'priceChanges', 'stage.sent'), { exact: true }),
      ).toHaveCount(0);
    }
    await openIn(page, 'pt', '/pricing-central/price-changes?stage=all');
    await expect(
      page.getByTestId('price-changes-table').locator('[data-stage]').first(),
    ).toBeVisible();
    await expect(page.getByText('Publicada', { exact: false })).toHaveCount(0);

    // The night's panel says the same.
    await page.goto(`/pricing-central?date=${night(12)}`);
    await cell(page, 'Quarto Duplo', 12).click();
    const life = page.getByTestId('night-price-life');
    await expect(life.getByTestId('price-stage')).toHaveText(
      label('pt', 'priceChanges', 'stage.not_sent_no_destination'),
    );

    await captureScreens(page, 'price-changes-not-sent', async (locale) => {
      await openIn(page, locale, '/pricing-central/price-changes?stage=not_sent');
      await expect(
        page.getByTestId('price-changes-table').locator('[data-stage]').first(),
      ).toBeVisible();
    });
    await captureScreens(page, 'price-calendar-night-not-sent', async (locale) => {
      await openIn(page, locale, `/pricing-central?date=${night(12)}`);
      await page
        .getByRole('grid')
        .locator(`[data-date="${night(12)}"]`)
        .first()
        .click();
      await expect(page.getByTestId('night-price-life')).toBeVisible();
    });
  });

  test('approved with a webhook on 127.0.0.1: sent, with the time it arrived', async ({
    page,
    request,
  }) => {
    let deliveries = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        deliveries += 1;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
      const api = `/api/v1/businesses/${owner.businessUuid}`;
      const hook = await request.put(`${api}/webhook`, {
        headers: owner.headers,
        data: { url: `http://127.0.0.1:${port}/tarifa` },
      });
      expect(hook.status(), await hook.text()).toBe(200);
      await expect
        .poll(() => inStage(request, owner, 'waiting'), { timeout: 60_000 })
        .toBeGreaterThan(700);
      const waiting = await inStage(request, owner, 'waiting');
      await signIn(page, owner);

      await page.goto('/pricing-central/price-changes');
      await expect(
        page.getByTestId('price-changes-table').locator('[data-stage]').first(),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('webhook-health-banner')).toHaveCount(0);
      await page.getByTestId('approve-matching').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Aprovar todas/ })
        .click();
      const told = label('pt', 'priceChanges', 'approvedNotice.sending').split('{{n}}')[1]!;
      await expect(page.getByText(told, { exact: false })).toBeVisible({ timeout: 30_000 });

      await expect.poll(() => inStage(request, owner, 'sent'), { timeout: 60_000 }).toBe(waiting);
      expect(deliveries).toBeGreaterThan(0);
      expect(await inStage(request, owner, 'not_sent')).toBe(0);

      for (const locale of readers) {
        await openIn(page, locale, '/pricing-central/price-changes?stage=sent');
        const chip = page.getByTestId('price-changes-table').locator('[data-stage="sent"]').first();
        await expect(chip).toHaveText(label(locale, 'priceChanges', 'stage.sent'), {
          timeout: 30_000,
        });
        // "Sent to your webhook at …", with the time it arrived.
        const sentTo = label(locale, 'priceChanges', 'sentTo.webhook').split('{{when}}')[0]!;
        await expect(chip).toHaveAttribute('title', new RegExp(`^${sentTo}.*\\d`));
      }

      await openIn(page, 'pt', `/pricing-central?date=${night(12)}`);
      await cell(page, 'Quarto Duplo', 12).click();
      await expect(page.getByTestId('night-price-life').getByTestId('price-stage')).toHaveText(
        new RegExp(`^${label('pt', 'priceChanges', 'sentTo.webhook').split('{{when}}')[0]}`),
      );
      await captureScreens(page, 'price-changes-sent', async (locale) => {
        await openIn(page, locale, '/pricing-central/price-changes?stage=sent');
        await expect(
          page.getByTestId('price-changes-table').locator('[data-stage]').first(),
        ).toBeVisible();
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
