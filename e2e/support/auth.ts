import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { adminCredentials } from './admin';

/**
 * Accounts for the specs. The end-to-end database lives for the whole run, so every spec makes its
 * own owner: `signUp` registers one through the API, `signIn` opens the app already signed in as
 * it (no login screen), `newOwnerWithProperty` gives an owner a property (and room types) first.
 * Specs about the login screen itself use `submitSignInForm`.
 */

export type Locale = 'pt' | 'en' | 'fr' | 'ar';
export type Plan = 'starter' | 'pro' | 'business';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** What `POST /api/auth/register` and `/login` answer. */
export interface AuthAnswer {
  accessToken: string;
  userData: {
    uuid: string;
    name: string;
    email: string;
    roles: string[];
    language: string;
    plan: Plan;
  };
  userAbilityRules: unknown[];
}

/** A registered account, its session, and the header that authenticates API calls as it. */
export type Session = Account & AuthAnswer & { headers: { Authorization: string } };

/** An owner (see `newOwnerWithProperty`) and the uuid of its property. */
export type Owner = Session & { businessUuid: string };

/** A fresh account each time (an email nobody has used in this run). */
export function newAccount(prefix = 'owner'): Account {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: 'Ana Costa', email: `${prefix}-${suffix}@hotel.test`, password: 'Quinta-2025!' };
}

/**
 * Registers `account` (a fresh one by default) through the API, in `language`, then chooses
 * `plan` (`business` by default, so specs of Pro features need nothing more; a new account starts
 * on `starter`, which specs about plans ask for).
 */
export async function signUp(
  request: APIRequestContext,
  {
    account = newAccount(),
    language = 'pt',
    plan = 'business',
  }: { account?: Account; language?: Locale; plan?: Plan } = {},
): Promise<Session> {
  const response = await request.post('/api/auth/register', { data: { ...account, language } });
  expect(response.status(), await response.text()).toBe(201);
  const answer = (await response.json()) as AuthAnswer;
  const headers = { Authorization: `Bearer ${answer.accessToken}` };
  if (plan !== answer.userData.plan) {
    const chosen = await request.put('/api/v1/subscription', { headers, data: { plan } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    // The plan is part of setting the account up, not news: its `plan_changed` notification is
    // read, so a new account's bell starts empty as it would after signing up on that plan.
    const read = await request.post('/api/v1/notifications/read', { headers, data: { all: true } });
    expect(read.status(), await read.text()).toBe(200);
  }
  return { ...account, ...answer, userData: { ...answer.userData, plan }, headers };
}

/**
 * Opens the app signed in as `session` on `target` (a page, or every page of a context): the
 * session is put into localStorage the way the app keeps it after the login page (the access
 * token, the user and their permission rules), with the user's language. Only at a tab's first
 * page: a sign-out (the app's own, or a 401's, which loads /login afresh) or a language chosen in
 * the app survives reloads — the tab's sessionStorage remembers it was signed in once.
 */
export async function signIn(target: Page | BrowserContext, session: AuthAnswer): Promise<void> {
  await target.addInitScript(
    (s) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      if (localStorage.getItem('accessToken')) return;
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('userData', JSON.stringify(s.userData));
      localStorage.setItem('userAbilityRules', JSON.stringify(s.userAbilityRules));
      localStorage.setItem('language', s.userData.language);
    },
    {
      accessToken: session.accessToken,
      userData: session.userData,
      userAbilityRules: session.userAbilityRules,
    },
  );
}

/** A room type as `POST …/tariff-configuration/rooms-tariff` takes it. */
export interface RoomType {
  name: string;
  code: string;
  rooms: number;
  basePrice: number;
  minPrice: number;
  maxPrice: number;
}

/** The room types most specs price: a double and a suite. */
export const twoRoomTypes: RoomType[] = [
  { name: 'Quarto Duplo', code: 'DBL', rooms: 10, basePrice: 100, minPrice: 70, maxPrice: 180 },
  { name: 'Suite', code: 'STE', rooms: 3, basePrice: 180, minPrice: 140, maxPrice: 320 },
];

/** Creates a property of `session`'s owner through the API; answers its uuid. */
export async function createProperty(
  request: APIRequestContext,
  session: Session,
  fields: { name: string } & Record<string, unknown>,
): Promise<string> {
  const created = await request.post('/api/v1/businesses', {
    headers: session.headers,
    data: fields,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { businesses } = (await created.json()) as { businesses: { uuid: string; name: string }[] };
  return businesses.find((b) => b.name === fields.name)!.uuid;
}

/**
 * A new owner (see `signUp`) with one property, `Quinta do Mar` unless told otherwise, and the
 * given room types (none by default), all through the API. Not signed in: pass it to `signIn`, or
 * use the login form.
 */
export async function newOwnerWithProperty(
  request: APIRequestContext,
  {
    language = 'pt',
    property = 'Quinta do Mar',
    roomTypes = [],
    plan,
  }: {
    language?: Locale;
    property?: string | ({ name: string } & Record<string, unknown>);
    roomTypes?: RoomType[];
    plan?: Plan;
  } = {},
): Promise<Owner> {
  const session = await signUp(request, { language, plan });
  const businessUuid = await createProperty(
    request,
    session,
    typeof property === 'string' ? { name: property } : property,
  );
  if (roomTypes.length) {
    const rooms = await request.post(
      `/api/v1/businesses/${businessUuid}/tariff-configuration/rooms-tariff`,
      { headers: session.headers, data: { roomsTariff: roomTypes } },
    );
    expect(rooms.status(), await rooms.text()).toBe(200);
  }
  return { ...session, businessUuid };
}

/** A new session of an existing account, through the API (e.g. to check a password works). */
export async function sessionFor(
  request: APIRequestContext,
  { email, password }: Pick<Account, 'email' | 'password'>,
): Promise<AuthAnswer> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthAnswer;
}

/** Fills in the login form (in Portuguese, the default language) and submits it. */
export async function submitSignInForm(page: Page, { email, password }: Account) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The e-mails sent to `email`, newest first, read from the development outbox as admin. */
export async function emailsTo(
  request: APIRequestContext,
  email: string,
): Promise<{ kind: string; text: string }[]> {
  const { accessToken } = await sessionFor(request, adminCredentials);
  const response = await request.get(`/api/v1/admin/emails?${new URLSearchParams({ to: email })}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { emails: { kind: string; text: string }[] }).emails;
}

/** The newest password-reset link sent to `email`, read from the development outbox as admin. */
export async function resetLinkFor(request: APIRequestContext, email: string): Promise<URL> {
  const emails = await emailsTo(request, email);
  const email_ = emails.find((e) => e.kind === 'password_reset');
  expect(email_, `a password reset email to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(email_!.text)?.[0];
  expect(link, 'a reset link in the email').toBeDefined();
  return new URL(link!);
}
