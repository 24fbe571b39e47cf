import { describe, expect, it } from 'vitest';
import { systemClock } from '../../core/clock';
import type { MailService } from '../mail/service';
import { passwordResetService } from './password-reset';
import type { AuthRepository, UserRow } from './repository';

/**
 * Forgot-password must not tell, by its timing, whether an account exists (docs/reliability.md,
 * class 8). Not a stopwatch test: it shows that the answer comes from the same step for every
 * address — the address handed to the background — before any lookup has even answered.
 */
describe('forgot password runs one code path for every address', () => {
  function setup() {
    const steps: string[] = [];
    const background: (() => Promise<void>)[] = [];
    let releaseLookup!: () => void;
    const lookupGate = new Promise<void>((resolve) => (releaseLookup = resolve));
    const account = {
      uuid: '00000000-0000-4000-8000-000000000001',
      email: 'known@example.test',
      name: 'Known',
      language: 'en',
      disabledAt: null,
    } as unknown as UserRow;
    const repo = {
      async findUserByEmail(email: string) {
        steps.push(`lookup ${email}`);
        await lookupGate;
        return email === account.email ? account : undefined;
      },
      async insertResetToken() {
        steps.push('insert token');
      },
    } as unknown as AuthRepository;
    const mail = {
      later(work: () => Promise<void>) {
        steps.push('later');
        background.push(work);
      },
      async send() {
        steps.push('send');
        return 'email-id';
      },
    } as unknown as Pick<MailService, 'send' | 'later'>;
    const service = passwordResetService({
      repo,
      mail,
      appUrl: 'http://tarifa.test',
      clock: systemClock,
    });
    const runBackground = async () => {
      const running = background.map((work) => work());
      releaseLookup();
      await Promise.all(running);
    };
    return { service, steps, runBackground };
  }

  it('answers for a known and an unknown address after the same single step, before any lookup', () => {
    const known = setup();
    known.service.requestReset({ email: 'known@example.test' });
    const unknown = setup();
    unknown.service.requestReset({ email: 'nobody@example.test' });

    // requestReset returned (it is synchronous): all it did is hand the work to the background.
    expect(known.steps).toEqual(['later']);
    expect(unknown.steps).toEqual(['later']);
  });

  it('does the lookup, token and email in the background, for the account only', async () => {
    const known = setup();
    known.service.requestReset({ email: 'known@example.test' });
    await known.runBackground();
    expect(known.steps).toEqual(['later', 'lookup known@example.test', 'insert token', 'send']);

    const unknown = setup();
    unknown.service.requestReset({ email: 'nobody@example.test' });
    await unknown.runBackground();
    expect(unknown.steps).toEqual(['later', 'lookup nobody@example.test']);
  });
});
