/** The authenticator app and the enrolment, as the two-factor case files use them through the gateway. */
import { generate } from 'otplib';
import { call, type Session } from '../../../../gateway/test/support/stack.js';

const nowSeconds = () => Math.floor(Date.now() / 1_000);

/** The authenticator's code `steps` time steps from now (the server accepts one step of skew either way). */
export const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

/** Enrols the session's user (spending the current time step): the secret and the recovery codes. */
export async function enrol(base: string, session: Session): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call<{ secret: string }>(base, 'POST', '/auth/two-factor/setup', {
    token: session.token,
    body: {},
  });
  expect(setup.status).toBe(200);
  const confirmed = await call<{ recoveryCodes: string[] }>(base, 'POST', '/auth/two-factor/setup/confirm', {
    token: session.token,
    body: { code: await codeOf(setup.body.secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}
