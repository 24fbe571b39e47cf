import { describe, expect, it } from 'vitest';
import { destinationBreaker, destinationOf } from './destinations';

const MINUTE = 60_000;
const start = new Date('2026-03-02T12:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const timeout = { httpStatus: null };

/** The breaker of destinations alone, on a clock the test moves. */
describe('destinationBreaker', () => {
  it('names a destination by its origin: scheme, host and port, lower-cased', () => {
    expect(destinationOf('HTTPS://Hooks.Example.COM/a?x=1')).toBe('https://hooks.example.com');
    expect(destinationOf('https://hooks.example.com:443/b')).toBe('https://hooks.example.com');
    expect(destinationOf('https://user:pw@hooks.example.com:8443/c')).toBe(
      'https://hooks.example.com:8443',
    );
    expect(destinationOf('not a url')).toBeNull();
  });

  it('pauses after 3 failures in a row, 1 min doubling per further failure up to 30 min', () => {
    const breaker = destinationBreaker({ probeMs: 20_000 });
    const url = 'http://hooks.example.com/one';
    expect(breaker.record(url, timeout, at(0))).toBeNull();
    expect(breaker.record('http://hooks.example.com/two', { httpStatus: 503 }, at(0))).toBeNull();
    expect(breaker.pausedUntil(url, at(0))).toBeNull();
    // The third, from whatever webhook of that origin, pauses it for everyone.
    expect(breaker.record('http://HOOKS.example.com/three', { httpStatus: 429 }, at(0))).toEqual(
      at(MINUTE),
    );
    expect(breaker.pausedUntil('http://hooks.example.com/other', at(30_000))).toEqual(at(MINUTE));
    expect(breaker.pausedUntil('http://hooks.example.com:8080/', at(30_000))).toBeNull();

    let now = MINUTE;
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) {
      expect(breaker.pausedUntil(url, at(now))).toBeNull(); // the probe
      const until = breaker.record(url, timeout, at(now))!;
      pauses.push((until.getTime() - at(now).getTime()) / MINUTE);
      now = until.getTime() - start.getTime();
    }
    expect(pauses).toEqual([2, 4, 8, 16, 30, 30, 30]);
  });

  it('lets one delivery probe when a pause ends; the others wait for its outcome', () => {
    const breaker = destinationBreaker({ probeMs: 20_000 });
    const url = 'https://hooks.example.com/';
    for (let i = 0; i < 3; i++) breaker.record(url, timeout, at(0));
    expect(breaker.pausedUntil(url, at(MINUTE))).toBeNull();
    expect(breaker.pausedUntil(url, at(MINUTE))).toEqual(at(MINUTE + 20_000));
    // The probe is answered: the destination is open again, for everyone.
    breaker.record(url, { httpStatus: 200 }, at(MINUTE + 1_000));
    expect(breaker.pausedUntil(url, at(MINUTE + 1_000))).toBeNull();
    expect(breaker.pausedUntil(url, at(MINUTE + 1_000))).toBeNull();
    // A probe that never reports (its process stopped) is given up after probeMs.
    for (let i = 0; i < 3; i++) breaker.record(url, timeout, at(2 * MINUTE));
    expect(breaker.pausedUntil(url, at(3 * MINUTE))).toBeNull();
    expect(breaker.pausedUntil(url, at(3 * MINUTE + 20_000))).toBeNull();
  });

  it('counts neither a refusal before connecting nor a 4xx; an answer closes the streak', () => {
    const breaker = destinationBreaker({ probeMs: 20_000 });
    const url = 'https://hooks.example.com/';
    breaker.record(url, timeout, at(0));
    breaker.record(url, timeout, at(0));
    breaker.record(url, { httpStatus: null, refused: true }, at(0));
    expect(breaker.pausedUntil(url, at(0))).toBeNull();
    // A 401 (one business's wrong secret) says the destination answers: the streak starts over.
    breaker.record(url, { httpStatus: 401 }, at(0));
    breaker.record(url, timeout, at(0));
    breaker.record(url, timeout, at(0));
    expect(breaker.pausedUntil(url, at(0))).toBeNull();
    expect(breaker.record(url, { httpStatus: 502 }, at(0))).toEqual(at(MINUTE));
  });
});
