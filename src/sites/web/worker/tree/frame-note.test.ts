import { describe, expect, it } from 'vitest';
import { humanCheckLine, humanCheckOf, unreadFrameLine } from './frame-note';

describe('humanCheckOf', () => {
  it('knows the widgets by the address they load from', () => {
    expect(humanCheckOf('https://www.google.com/recaptcha/api2/anchor?k=1')).toBe('reCAPTCHA');
    expect(humanCheckOf('https://www.recaptcha.net/recaptcha/enterprise/anchor')).toBe('reCAPTCHA');
    expect(humanCheckOf('https://newassets.hcaptcha.com/captcha/v1/abc/static/hcaptcha.html')).toBe(
      'hCaptcha',
    );
    expect(humanCheckOf('https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/b')).toBe(
      'Cloudflare Turnstile',
    );
    expect(humanCheckOf('https://client-api.arkoselabs.com/fc/gc/')).toBe('Arkose');
    expect(humanCheckOf('https://geo.captcha-delivery.com/captcha/?initialCid=x')).toBe('DataDome');
  });

  it('does not take look-alikes, other Google frames or non-web addresses for one', () => {
    expect(humanCheckOf('https://www.google.com/maps/embed?pb=1')).toBeNull();
    expect(humanCheckOf('https://evilgoogle.com/recaptcha/api2/anchor')).toBeNull();
    expect(humanCheckOf('https://hcaptcha.com.attacker.example/')).toBeNull();
    expect(humanCheckOf('about:srcdoc')).toBeNull();
    expect(humanCheckOf('javascript:alert(1)')).toBeNull();
    expect(humanCheckOf('not a url')).toBeNull();
  });
});

describe('unreadFrameLine', () => {
  it('gives the reason and the frame\u2019s host, never its path or query', () => {
    expect(unreadFrameLine('frames nest too deeply here', 'https://ads.example:8443/x?t=tok')).toBe(
      '# frame not read: frames nest too deeply here (frame site: ads.example:8443)',
    );
    expect(unreadFrameLine('it has not loaded', 'about:blank')).toBe(
      '# frame not read: it has not loaded',
    );
  });
});

describe('humanCheckLine', () => {
  it('tells the model the frame\u2019s lines are the person\u2019s to act on', () => {
    expect(humanCheckLine('hCaptcha')).toBe(
      '# a human check (hCaptcha) follows; only the person may solve it',
    );
  });
});
