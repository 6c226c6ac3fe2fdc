import { describe, expect, it } from 'vitest';
import {
  checkEndpoint,
  checkHeaders,
  isLoopbackHostname,
  isProtectedHeader,
  originPermissionPattern,
  type EndpointCheck,
} from './endpoint-policy';

function codeOf(result: EndpointCheck | ReturnType<typeof checkHeaders>): string {
  return result.ok ? 'OK' : result.code;
}

describe('checkEndpoint', () => {
  it.each([
    ['https://api.example.com/v1', 'https://api.example.com', 'https'],
    ['HTTPS://API.Example.COM/v1', 'https://api.example.com', 'https'],
    ['https://example.com:8443/mcp', 'https://example.com:8443', 'https'],
    ['http://localhost:11434/v1', 'http://localhost:11434', 'loopback-http'],
    ['HTTP://LOCALHOST/', 'http://localhost', 'loopback-http'],
    ['http://localhost./', 'http://localhost.', 'loopback-http'],
    ['http://foo.localhost/x', 'http://foo.localhost', 'loopback-http'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080', 'loopback-http'],
    ['http://127.1.2.3/', 'http://127.1.2.3', 'loopback-http'],
    ['http://127.1/', 'http://127.0.0.1', 'loopback-http'],
    ['http://0x7f.0.0.1/', 'http://127.0.0.1', 'loopback-http'],
    ['http://[::1]:8080/mcp', 'http://[::1]:8080', 'loopback-http'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]', 'loopback-http'],
  ])('accepts %s as %s (%s)', (url, origin, transport) => {
    const result = checkEndpoint(url);
    expect(result).toMatchObject({ ok: true, origin, transport });
  });

  it('returns IDN hosts in punycode so the acknowledgement and permission use one form', () => {
    const result = checkEndpoint('https://bücher.example/api');
    expect(result).toMatchObject({ ok: true, origin: 'https://xn--bcher-kva.example' });
  });

  it.each([
    ['javascript:alert(1)', 'UNSUPPORTED_SCHEME'],
    ['data:text/plain,hi', 'UNSUPPORTED_SCHEME'],
    ['file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
    ['ftp://example.com/', 'UNSUPPORTED_SCHEME'],
    ['ws://localhost/', 'UNSUPPORTED_SCHEME'],
    ['chrome-extension://abc/page.html', 'UNSUPPORTED_SCHEME'],
    ['https://user:secret@example.com/', 'EMBEDDED_CREDENTIALS'],
    ['https://user@example.com/', 'EMBEDDED_CREDENTIALS'],
    ['http://user:pw@localhost/', 'EMBEDDED_CREDENTIALS'],
    ['https://:pw@example.com/', 'EMBEDDED_CREDENTIALS'],
    ['not a url', 'INVALID_URL'],
    ['/relative/path', 'INVALID_URL'],
    ['', 'INVALID_URL'],
    ['   ', 'INVALID_URL'],
    ['https://exa\tmple.com/', 'INVALID_URL'],
    ['https://example.com/\n', 'INVALID_URL'],
    ['\u0000https://example.com/', 'INVALID_URL'],
    ['java\nscript:alert(1)', 'INVALID_URL'],
    ['https://', 'INVALID_URL'],
    ['https://exa mple.com/', 'INVALID_URL'],
    [`https://example.com/${'a'.repeat(3_000)}`, 'INVALID_URL'],
  ])('refuses %s with %s', (url, code) => {
    expect(codeOf(checkEndpoint(url))).toBe(code);
  });

  it('refuses non-string input as INVALID_URL', () => {
    expect(codeOf(checkEndpoint(42))).toBe('INVALID_URL');
    expect(codeOf(checkEndpoint(undefined))).toBe('INVALID_URL');
  });

  it('requires an acknowledgement for cleartext HTTP to other hosts and names the origin', () => {
    const result = checkEndpoint('http://example.com/tool');
    expect(result).toMatchObject({
      ok: false,
      code: 'INSECURE_CONFIRMATION_REQUIRED',
      details: { origin: 'http://example.com' },
    });
  });

  it.each([
    ['true', 'a legacy boolean-like value'],
    ['http://example.org', 'another origin'],
    ['http://example.com:8080', 'another port'],
    ['https://example.com', 'another scheme'],
    ['http://example.com/', 'a URL instead of the origin'],
    ['HTTP://EXAMPLE.COM', 'a differently cased spelling'],
  ])('refuses a wrong acknowledgement: %s (%s)', (acknowledged) => {
    const result = checkEndpoint('http://example.com/tool', {
      insecureOriginAcknowledged: acknowledged,
    });
    expect(codeOf(result)).toBe('INSECURE_CONFIRMATION_REQUIRED');
  });

  it('accepts cleartext HTTP with the exact origin acknowledged', () => {
    const result = checkEndpoint('http://EXAMPLE.com/tool?q=1', {
      insecureOriginAcknowledged: 'http://example.com',
    });
    expect(result).toMatchObject({
      ok: true,
      origin: 'http://example.com',
      transport: 'acknowledged-http',
    });
  });

  it.each([
    'http://128.0.0.1/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://localhost.example.com/',
    'http://mylocalhost/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::2]/',
  ])('treats %s as non-loopback', (url) => {
    expect(codeOf(checkEndpoint(url))).toBe('INSECURE_CONFIRMATION_REQUIRED');
  });

  it('keeps a trailing-dot host distinct from the bare host for acknowledgements', () => {
    const result = checkEndpoint('http://example.com./', {
      insecureOriginAcknowledged: 'http://example.com',
    });
    expect(result).toMatchObject({ ok: false, details: { origin: 'http://example.com.' } });
  });
});

describe('isLoopbackHostname', () => {
  it('checks each dotted-quad part against 255', () => {
    expect(isLoopbackHostname('127.255.255.255')).toBe(true);
    expect(isLoopbackHostname('127.256.0.1')).toBe(false);
    expect(isLoopbackHostname('127.0.0.999')).toBe(false);
  });
});

describe('originPermissionPattern', () => {
  it('builds a host pattern without port or path', () => {
    expect(originPermissionPattern('https://api.example.com')).toBe('https://api.example.com/*');
    expect(originPermissionPattern('https://example.com:8443')).toBe('https://example.com/*');
    expect(originPermissionPattern('http://[::1]:8080')).toBe('http://[::1]/*');
  });

  it('refuses non-http origins', () => {
    expect(() => originPermissionPattern('file:///x')).toThrow(TypeError);
  });
});

describe('checkHeaders', () => {
  it('accepts bounded single-line headers and returns them unchanged', () => {
    const result = checkHeaders({ Authorization: 'Bearer abc', 'X-Trace': 'a\tb' }, 'custom');
    expect(result).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer abc', 'X-Trace': 'a\tb' },
    });
  });

  it('treats missing headers as none', () => {
    expect(checkHeaders(undefined, 'mcp')).toEqual({ ok: true, headers: {} });
  });

  it.each<[unknown, string]>([
    [['a'], 'an array'],
    ['Authorization: x', 'a string'],
    [new Map([['a', 'b']]), 'a Map'],
  ])('refuses %s (%s)', (headers) => {
    expect(checkHeaders(headers, 'custom')).toMatchObject({
      ok: false,
      code: 'INVALID_HEADER',
      details: { reason: 'not-object' },
    });
  });

  it('refuses 33 headers and accepts 32', () => {
    const many = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`x-h${index}`, 'v']));
    expect(codeOf(checkHeaders(many(32), 'custom'))).toBe('OK');
    expect(checkHeaders(many(33), 'custom')).toMatchObject({
      code: 'INVALID_HEADER',
      details: { reason: 'too-many' },
    });
  });

  it.each([
    ['X-Ok\r\nInjected: 1', 'name'],
    ['Bad Name', 'name'],
    ['', 'name'],
    ['x'.repeat(129), 'name'],
    ['bad:colon', 'name'],
    ['ünicode', 'name'],
  ])('refuses the header name %j', (name, reason) => {
    expect(checkHeaders({ [name]: 'v' }, 'custom')).toMatchObject({
      code: 'INVALID_HEADER',
      details: { reason },
    });
  });

  it('accepts a 128-character name', () => {
    expect(codeOf(checkHeaders({ ['x'.repeat(128)]: 'v' }, 'custom'))).toBe('OK');
  });

  it.each([
    ['value\r\nX-Injected: 1', 'value-characters'],
    ['value\nmore', 'value-characters'],
    ['value\rmore', 'value-characters'],
    ['nul\u0000byte', 'value-characters'],
    ['del\u007f', 'value-characters'],
    ['emoji 🙂', 'value-characters'],
    [' padded', 'value-whitespace'],
    ['padded ', 'value-whitespace'],
    ['x'.repeat(4_097), 'value-length'],
  ])('refuses the header value %j (%s)', (value, reason) => {
    expect(checkHeaders({ 'X-Key': value }, 'custom')).toMatchObject({
      code: 'INVALID_HEADER',
      details: { reason },
    });
  });

  it('refuses non-string values and case-insensitive duplicates', () => {
    expect(checkHeaders({ 'X-Num': 1 }, 'custom')).toMatchObject({
      details: { reason: 'value-type' },
    });
    expect(checkHeaders({ 'X-A': '1', 'x-a': '2' }, 'custom')).toMatchObject({
      details: { reason: 'duplicate' },
    });
  });

  it('accepts a 4,096-character value and Latin-1 text', () => {
    expect(codeOf(checkHeaders({ 'X-Key': 'x'.repeat(4_096), 'X-Name': 'café' }, 'custom'))).toBe(
      'OK',
    );
  });

  it('keeps a header named __proto__ as data', () => {
    const result = checkHeaders(JSON.parse('{"__proto__":"v"}'), 'custom');
    expect(result.ok && Object.keys(result.headers)).toEqual(['__proto__']);
  });

  it.each([
    ['Content-Type', 'custom'],
    ['CONTENT-LENGTH', 'custom'],
    ['host', 'mcp'],
    ['Origin', 'model'],
    ['Cookie', 'custom'],
    ['Sec-Fetch-Mode', 'custom'],
    ['sec-anything', 'mcp'],
    ['Proxy-Authorization', 'custom'],
    ['Transfer-Encoding', 'custom'],
    ['Accept', 'mcp'],
    ['MCP-Protocol-Version', 'mcp'],
    ['Mcp-Method', 'mcp'],
    ['mcp-name', 'mcp'],
    ['Mcp-Session-Id', 'mcp'],
    ['Mcp-Param-Region', 'mcp'],
    ['Authorization', 'model'],
    ['X-API-Key', 'model'],
  ] as const)('refuses the managed header %s for %s', (name, kind) => {
    expect(checkHeaders({ [name]: 'v' }, kind)).toMatchObject({
      ok: false,
      code: 'PROTECTED_HEADER',
      details: { name },
    });
  });

  it.each([
    ['Accept', 'custom'],
    ['Authorization', 'custom'],
    ['Authorization', 'mcp'],
    ['Mcp-Param-Region', 'custom'],
    ['X-API-Key', 'mcp'],
  ] as const)('allows %s for %s', (name, kind) => {
    expect(isProtectedHeader(name, kind)).toBe(false);
  });
});
