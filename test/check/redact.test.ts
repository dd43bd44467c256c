import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/check/redact.ts';

describe('redaction of secrets', () => {
  const r = new Redactor(['s3cret-key/+=', 'hunter22']);
  r.addBasic('alice', 's3cret-key/+=');

  it('replaces secrets in plain, percent-encoded and form-encoded forms', () => {
    expect(r.text('api_key=s3cret-key/+=')).toBe('api_key=<redacted>');
    expect(r.url(`http://h/x.json?api_key=${encodeURIComponent('s3cret-key/+=')}`)).toBe('http://h/x.json?api_key=<redacted>');
    expect(r.text(new URLSearchParams({ api_key: 's3cret-key/+=' }).toString())).toBe('api_key=<redacted>');
    expect(r.leaks('nothing here')).toBe(false);
    expect(r.leaks('pw hunter22')).toBe(true);
  });

  it('hides Basic credentials and cookie values in headers', () => {
    const basic = `Basic ${Buffer.from('alice:s3cret-key/+=').toString('base64')}`;
    expect(r.headers({ Authorization: basic, cookie: 'login=alice; password_hash=s3cret-key' })).toEqual({
      Authorization: 'Basic <redacted>',
      cookie: 'login=<redacted>; password_hash=<redacted>',
    });
    expect(r.text(`header was ${basic}`)).not.toContain(Buffer.from('alice:s3cret-key/+=').toString('base64'));
  });
});
