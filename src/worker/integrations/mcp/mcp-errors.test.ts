import { describe, expect, it } from 'vitest';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { mapMcpError } from './mcp-errors';

const live = new AbortController().signal;
const http = (status: number) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `HTTP ${status}`, { status });

describe('mapMcpError for HTTP answers the SDK did not classify', () => {
  it('asks the person to sign in on a 401, even without a sign-in set up in the client', () => {
    expect(mapMcpError(http(401), null, live, 'Docs')).toMatchObject({
      code: 'MCP_AUTH_REQUIRED',
      message: 'Sign in to Docs in Settings → MCP.',
    });
  });

  it('asks for more permissions on a 403', () => {
    expect(mapMcpError(http(403), null, live, 'Docs')).toMatchObject({
      code: 'MCP_AUTH_FORBIDDEN',
    });
  });

  it('reports any other status as the HTTP error it is', () => {
    expect(mapMcpError(http(502), null, live, 'Docs')).toMatchObject({
      code: 'MCP_HTTP_ERROR',
      message: 'Docs answered HTTP 502.',
      details: { status: 502 },
    });
  });
});
