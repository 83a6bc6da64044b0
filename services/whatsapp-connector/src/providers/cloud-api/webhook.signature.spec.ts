import { signatureMatches, signatureOf } from './webhook.signature.js';

describe(signatureMatches.name, () => {
  const secret = 'b1946ac92492d2347c6235b4d2611184';
  const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}],"x":"\\u00e1"}');

  it('accepts the HMAC-SHA256 of the exact bytes under the app secret', () => {
    expect(signatureMatches(secret, raw, signatureOf(secret, raw))).toBe(true);
    expect(signatureMatches(secret, raw, signatureOf(secret, raw).toUpperCase().replace('SHA256=', 'sha256='))).toBe(
      true,
    );
  });

  it('refuses another secret, other bytes (even the same JSON re-serialised), a malformed or missing header', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(signatureMatches(secret, raw, signatureOf('another-secret', raw))).toBe(false);
    expect(signatureMatches(secret, raw, signatureOf(secret, reserialised))).toBe(false);
    expect(signatureMatches(secret, raw, signatureOf(secret, raw).replace('sha256=', 'sha1='))).toBe(false);
    expect(signatureMatches(secret, raw, 'sha256=abc')).toBe(false);
    expect(signatureMatches(secret, raw, undefined)).toBe(false);
    expect(signatureMatches('', raw, signatureOf('', raw))).toBe(false);
  });
});
