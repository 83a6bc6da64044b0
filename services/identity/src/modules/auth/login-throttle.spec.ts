import {
  BACKOFF_BASE_SECONDS,
  BACKOFF_MAX_SECONDS,
  backoffSeconds,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  PAIR_FREE_FAILURES,
  type RecentFailures,
  throttleWait,
  WINDOW_SECONDS,
} from './login-throttle.js';

const none: RecentFailures = { pair: 0, pairWait: 0, byEmail: 0, emailWait: 0, byIp: 0, ipWait: 0 };

describe('login throttle', () => {
  it('lets the free failures of an e-mail from one address through, then doubles the wait after each one', () => {
    expect(backoffSeconds(PAIR_FREE_FAILURES - 1)).toBe(0);
    expect(backoffSeconds(PAIR_FREE_FAILURES)).toBe(BACKOFF_BASE_SECONDS);
    expect(backoffSeconds(PAIR_FREE_FAILURES + 1)).toBe(BACKOFF_BASE_SECONDS * 2);
    expect(backoffSeconds(PAIR_FREE_FAILURES + 30)).toBe(BACKOFF_MAX_SECONDS);
  });

  it('makes the pair wait out its back-off since its last failure, then lets it try again', () => {
    const recent = { ...none, pair: PAIR_FREE_FAILURES, byEmail: PAIR_FREE_FAILURES, byIp: PAIR_FREE_FAILURES };
    expect(throttleWait({ ...recent, pairWait: 0 }, false)).toBe(BACKOFF_BASE_SECONDS);
    expect(throttleWait({ ...recent, pairWait: 20.5 }, false)).toBe(10);
    expect(throttleWait({ ...recent, pairWait: BACKOFF_BASE_SECONDS }, false)).toBe(0);
    expect(throttleWait({ ...recent, pair: PAIR_FREE_FAILURES - 1 }, false)).toBe(0);
  });

  it('stops guesses at one e-mail spread over addresses until the oldest leaves the window', () => {
    const spread = { ...none, pair: 1, pairWait: 600, byEmail: MAX_FAILURES_PER_EMAIL, emailWait: 300, byIp: 1 };
    expect(throttleWait(spread, false)).toBe(WINDOW_SECONDS - 300);
    expect(throttleWait({ ...spread, byEmail: MAX_FAILURES_PER_EMAIL - 1 }, false)).toBe(0);
  });

  it('spares the owner’s known address from the per-e-mail budget, not from its own back-off', () => {
    const spread = { ...none, pair: 0, byEmail: MAX_FAILURES_PER_EMAIL, emailWait: 300, byIp: 0 };
    expect(throttleWait(spread, true)).toBe(0);
    expect(throttleWait({ ...spread, pair: PAIR_FREE_FAILURES, pairWait: 0, byIp: PAIR_FREE_FAILURES }, true)).toBe(
      BACKOFF_BASE_SECONDS,
    );
  });

  it('stops one address trying many e-mails, and answers the longest of the waits, at least a second', () => {
    const sweep = { ...none, byIp: MAX_FAILURES_PER_IP, ipWait: WINDOW_SECONDS - 0.2 };
    expect(throttleWait(sweep, true)).toBe(1);
    expect(
      throttleWait(
        {
          ...sweep,
          ipWait: 100,
          pair: PAIR_FREE_FAILURES,
          pairWait: 0,
          byEmail: MAX_FAILURES_PER_EMAIL,
          emailWait: 500,
        },
        false,
      ),
    ).toBe(WINDOW_SECONDS - 100);
  });
});
