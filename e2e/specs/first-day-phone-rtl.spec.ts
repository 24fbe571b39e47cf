import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminCredentials } from '../support/admin';
import {
  newOwnerWithProperty,
  sessionFor,
  signIn,
  twoRoomTypes,
  type Locale,
  type Owner,
} from '../support/auth';
import { cell, inWords, night } from '../support/calendar';
import { captureScreens } from '../support/screens';
import { label, mainNav, shellReady } from '../support/shell';

// Issue 24, points 8 and 9: the app on a phone (390 × 844, touch) and in Arabic. Every page of the
// menu fits the screen; the heat map stacks its months and previews a tapped night before leaving;
// the scroll-to-top button never covers the night's "set price" button; a long holiday name wraps
// between words in the dashboard's next 7 nights; charts run right to left in Arabic; the
// design-system page is for super-admins only.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** The night `days` from today (UTC), as `YYYY-MM-DD`. */
const fromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

/** Bookings around today: some past (the analytics have a history), some ahead. */
async function addBookings(request: APIRequestContext, owner: Owner) {
  const booking = (arrival: number, nights: number, room: string, i: number) => ({
    roomCode: room,
    arrival: fromToday(arrival),
    departure: fromToday(arrival + nights),
    rooms: 1 + (i % 3),
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedAt: new Date(Date.now() - (40 - arrival) * 86_400_000).toISOString(),
    totalAmount: 120 * nights,
    channel: i % 2 ? 'Booking.com' : 'Direct',
    segment: 'Leisure',
    country: 'PT',
    guestName: `Hóspede ${i}`,
  });
  const bookings = [-30, -20, -10, -4, 0, 2, 3, 5, 9, 14, 21, 30].map((arrival, i) =>
    booking(arrival, 1 + (i % 3), i % 4 ? 'DBL' : 'STE', i),
  );
  const response = await request.post(`/api/v1/businesses/${owner.businessUuid}/bookings`, {
    headers: owner.headers,
    data: { bookings },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The links of the main menu, as the phone's drawer lists them. */
async function menuTargets(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: label('pt', 'shell', 'nav.open') }).click();
  const nav = mainNav(page);
  await expect(nav).toBeVisible();
  // Groups fold their entries: open each.
  const folded = nav.locator('[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  await page.keyboard.press('Escape');
  return [...new Set(hrefs)];
}

/** What does not fit the phone's screen: page overflow, controls cut by the screen's edge or cut short. */
async function misfits(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      found.push(`page ${document.documentElement.scrollWidth}px wide`);
    const scrolls = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth)
          return true;
      }
      return false;
    };
    const name = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || el.tagName;
    const controls = document.querySelectorAll(
      'main button, main a[href], main input:not([type=hidden]):not([aria-hidden=true]), main [role=combobox]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || scrolls(control)) continue;
      // A switch's or checkbox's own input is transparent and wider than what it draws.
      if (getComputedStyle(control).opacity === '0') continue;
      if (box.left < -1 || box.right > width + 1)
        found.push(`${name(control)} out of the screen (${box.left}–${box.right})`);
    }
    // A select's value or a field's label cut short ("A…" for "Ano"): its text is wider than
    // the room it has.
    for (const field of document.querySelectorAll(
      'main .MuiSelect-select, main .MuiInputLabel-root, main .MuiButton-root',
    )) {
      const style = getComputedStyle(field);
      const room =
        field.getBoundingClientRect().width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight);
      // The text's own width (not an icon's, nor the ripple spread over the whole control).
      const texts = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
      let [start, end] = [Infinity, -Infinity];
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        start = Math.min(start, box.left);
        end = Math.max(end, box.right);
      }
      if (room > 0 && end - start > room + 1) found.push(`${name(field)} cut short`);
    }
    return found;
  });
}

test('every page of the menu fits a phone screen', async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await addBookings(request, owner);
  await signIn(page, owner);
  await page.goto('/dashboards');
  await shellReady(page);
  const targets = await menuTargets(page);
  expect(targets.length).toBeGreaterThan(10);
  for (const target of targets) {
    await page.goto(target);
    await shellReady(page);
    await page.waitForLoadState('networkidle');
    // Cards that load their figures after the page settle their size.
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await expect.soft(await misfits(page), target).toEqual([]);
  }
});

const year = new Date().getUTCFullYear();
/** A night in words, as the app writes it in `locale`. */
const longDate = (locale: Locale, date: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The centre of the first text of an SVG chart inside `scope` that reads `text`. */
async function textAt(scope: Locator, text: string) {
  const box = await scope
    .locator('svg text')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .boundingBox();
  expect(box, `"${text}" drawn`).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

const heatMapCard = (page: Page, locale: Locale) =>
  page
    .locator('section')
    .filter({
      has: page.getByRole('heading', {
        name: label(locale, 'analytics', 'heatMap.metrics.occupancy'),
      }),
    })
    .last();

test('the heat map stacks its months on a phone and a tap previews the night before leaving', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SCREENS ? 600_000 : 120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await addBookings(request, owner);
  await signIn(page, owner);
  await page.goto('/pricing-central/bi?view=heat-map');
  const card = heatMapCard(page, 'pt');
  await expect(card.locator('svg text').first()).toBeVisible({ timeout: 45_000 });

  // One calendar per month, one under the other: January above February above December, at the
  // same place across; a night's cell is a finger wide.
  const months = new Intl.DateTimeFormat('pt', { month: 'long', timeZone: 'UTC' });
  const monthName = (m: number) => months.format(Date.UTC(year, m, 1));
  const january = await textAt(card, monthName(0));
  const february = await textAt(card, monthName(1));
  const december = await textAt(card, monthName(11));
  expect(february.y).toBeGreaterThan(january.y + 100);
  expect(december.y).toBeGreaterThan(february.y);
  expect(Math.abs(february.x - january.x)).toBeLessThan(40);
  const first = await textAt(card, '1');
  const second = await textAt(card, '2');
  // 1 and 2 January are neighbours (unless a week ends between them): more than 30 px apart.
  if (Math.abs(second.y - first.y) < 2) expect(Math.abs(second.x - first.x)).toBeGreaterThan(30);
  expect(await misfits(page)).toEqual([]);

  // A tap shows the night, its figures and the way to open it; nothing else happens yet.
  const date = `${year}-01-15`;
  await card.locator('svg text').filter({ hasText: /^15$/ }).first().tap();
  const preview = page.getByRole('dialog', { name: longDate('pt', date) });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(label('pt', 'analytics', 'measures.occupancy'));
  await expect(preview).toContainText(label('pt', 'analytics', 'measures.recommendedPrice'));
  await expect(page).toHaveURL(/view=heat-map/);
  await captureScreens(page, 'analytics-heat-map-phone', async (locale) => {
    await page.goto('/pricing-central/bi?view=heat-map');
    const shown = heatMapCard(page, locale);
    await expect(shown.locator('svg text').first()).toBeVisible();
    await shown.locator('svg text').filter({ hasText: /^15$/ }).first().tap();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await page.goto('/pricing-central/bi?view=heat-map');
  await heatMapCard(page, 'pt').locator('svg text').filter({ hasText: /^15$/ }).first().tap();
  await page
    .getByRole('dialog', { name: longDate('pt', date) })
    .getByRole('button', { name: label('pt', 'analytics', 'heatMap.preview.open') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/pricing-central\\?view=week&date=${date}$`));
});

test('in Arabic the heat map and the booking pace run from the right', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SCREENS ? 600_000 : 120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes, language: 'ar' });
  await addBookings(request, owner);
  await signIn(page, owner);

  // January's 1st (a Thursday in 2026) and 2nd: the 2nd stands to the left of the 1st.
  await page.goto('/pricing-central/bi?view=heat-map');
  const card = heatMapCard(page, 'ar');
  await expect(card.locator('svg text').first()).toBeVisible({ timeout: 45_000 });
  const first = await textAt(card, '1');
  const second = await textAt(card, '2');
  const sameWeek = Math.abs(second.y - first.y) < 2;
  if (sameWeek) expect(second.x).toBeLessThan(first.x);
  else expect(second.x).toBeGreaterThan(first.x);

  // The booking curve: arrival (0 days before) on the left, the far past on the right, the
  // rooms' axis on the right.
  await page.goto('/pricing-central/bi');
  const pace = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: label('ar', 'analytics', 'pace.title') }) });
  await pace.scrollIntoViewIfNeeded();
  await expect(pace.locator('svg text').first()).toBeVisible();
  const labels = await pace.locator('svg text').evaluateAll((texts) =>
    texts.map((text) => {
      const box = text.getBoundingClientRect();
      return { text: text.textContent ?? '', x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }),
  );
  const numbers = labels.filter((l) => /^[\d٠-٩.,٬٫]+$/.test(l.text));
  const bottom = Math.max(...numbers.map((l) => l.y));
  const days = numbers.filter((l) => Math.abs(l.y - bottom) < 2).sort((a, b) => a.x - b.x);
  expect(days.length).toBeGreaterThan(1);
  expect(days[0]!.text).toMatch(/^[0٠]$/);
  const rooms = numbers.filter((l) => Math.abs(l.y - bottom) >= 2);
  expect(Math.min(...rooms.map((l) => l.x))).toBeGreaterThan((days[0]!.x + days.at(-1)!.x) / 2);
  await captureScreens(page, 'analytics-pace-phone', async (locale) => {
    await page.goto('/pricing-central/bi');
    const shown = page.locator('section').filter({
      has: page.getByRole('heading', { name: label(locale, 'analytics', 'pace.title') }),
    });
    await expect(shown.locator('svg text').first()).toBeAttached();
    await shown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(shown.locator('svg text').first()).toBeInViewport();
  });
});

test("the scroll-to-top button never covers the night panel's set-price button", async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SCREENS ? 600_000 : 120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);
  await page.goto(`/pricing-central?date=${night(1)}`);
  await cell(page, 'Quarto Duplo', 12).click();
  const panel = page.getByRole('region', { name: `Quarto Duplo, ${inWords(12)}` });
  const setPrice = panel.getByRole('button', {
    name: label('pt', 'priceCalendar', 'actions.setPriceNight'),
  });
  await expect(setPrice).toBeVisible();
  // The button at the foot of the screen, where the scroll-to-top button stands, well past
  // 200 px of scroll.
  await page.evaluate(() => document.body.style.setProperty('min-block-size', '300vh'));
  const toFoot = () =>
    setPrice.evaluate((button) =>
      window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 30),
    );
  await toFoot();
  await page.waitForTimeout(600);
  await toFoot();
  await page.waitForTimeout(600);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const toTop = page.getByRole('button', { name: label('pt', 'shell', 'scrollToTop') });
  const button = await setPrice.boundingBox();
  const fab = (await toTop.isVisible()) ? await toTop.boundingBox() : null;
  const overlaps =
    fab !== null &&
    fab.x < button!.x + button!.width &&
    button!.x < fab.x + fab.width &&
    fab.y < button!.y + button!.height &&
    button!.y < fab.y + fab.height;
  expect(
    overlaps,
    `scroll-to-top at ${JSON.stringify(fab)}, set price at ${JSON.stringify(button)}`,
  ).toBe(false);
  await setPrice.tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  await captureScreens(page, 'price-calendar-night-panel-phone', async (locale) => {
    await page.goto(`/pricing-central?date=${night(1)}`);
    await page.getByRole('grid').getByRole('gridcell').nth(11).click();
    const shown = page.getByRole('button', {
      name: label(locale, 'priceCalendar', 'actions.setPriceNight'),
    });
    await expect(shown).toBeVisible();
    await shown.evaluate((b) =>
      window.scrollBy(0, b.getBoundingClientRect().bottom - window.innerHeight + 30),
    );
    await page.waitForTimeout(600);
  });
});

test('a long holiday name wraps between words in the next seven nights', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SCREENS ? 600_000 : 120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  const name = 'Restauração da Independência e Festival Internacional de Música';
  const event = await request.post(`/api/v1/businesses/${owner.businessUuid}/events`, {
    headers: owner.headers,
    data: { event: { name, startDate: fromToday(2), endDate: fromToday(2) } },
  });
  expect(event.status(), await event.text()).toBe(201);
  await signIn(page, owner);
  await page.goto('/dashboards');
  const mark = page.getByTestId('night-mark-name').filter({ hasText: 'Restauração' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('title', name);
  const header = mark.locator('xpath=ancestor::th');
  expect((await header.boundingBox())!.height).toBeLessThan(120);
  // Every word shown stays on one line: "Restauração", never "Restaura-" and "ção".
  const broken = await mark.evaluate((element) => {
    const text = element.firstChild!;
    const words: string[] = [];
    const pattern = /\S+/g;
    for (
      let match = pattern.exec(text.textContent!);
      match;
      match = pattern.exec(text.textContent!)
    ) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (lines.size > 1) words.push(match[0]);
    }
    return words;
  });
  expect(broken).toEqual([]);
  await captureScreens(page, 'dashboard-next-seven-nights-phone', async () => {
    await page.goto('/dashboards');
    const shown = page.getByTestId('night-mark-name').first();
    await expect(shown).toBeVisible();
    await shown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  });
});

test('the design system is in the footer for a super-admin, not for an owner', async ({
  page,
  browser,
  request,
}) => {
  const owner = await newOwnerWithProperty(request);
  await signIn(page, owner);
  await page.goto('/dashboards');
  await shellReady(page);
  const footer = (p: Page, locale: Locale = 'pt') =>
    p.getByRole('navigation', { name: label(locale, 'shell', 'footer.links') });
  await expect(
    footer(page).getByRole('link', { name: label('pt', 'nav', 'supportCenter') }),
  ).toBeVisible();
  await expect(
    footer(page).getByRole('link', { name: label('pt', 'nav', 'designSystem') }),
  ).toHaveCount(0);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, await sessionFor(request, adminCredentials));
  await admin.goto('/admin');
  await shellReady(admin);
  const language = (await admin.locator('html').getAttribute('lang')) as Locale;
  const link = footer(admin, language).getByRole('link', {
    name: label(language, 'nav', 'designSystem'),
  });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', '/pages/typography');
  await context.close();
});
