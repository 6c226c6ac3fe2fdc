import { describe, expect, it } from 'vitest';
import { resolvePromptTier } from './resolve-prompt-tier';

describe('resolvePromptTier', () => {
  const automatic: [string, 'mid' | 'full'][] = [
    // Cloud APIs and routers.
    ['https://api.openai.com/v1', 'full'],
    ['https://api.anthropic.com', 'full'],
    ['https://openrouter.ai/api/v1', 'full'],
    ['https://api.deepseek.com', 'full'],
    ['https://my-gateway.example.com/v1', 'full'],
    ['https://8.8.8.8/v1', 'full'],
    ['https://172.32.0.1/v1', 'full'],
    ['https://100.128.0.1/v1', 'full'],
    ['https://[2001:db8::1]/v1', 'full'],
    ['https://[fd::1]/v1', 'full'],
    ['https://localhost.example.com/v1', 'full'],
    ['https://evil-local.com/v1', 'full'],
    // This machine.
    ['http://localhost:11434/v1', 'mid'],
    ['http://LOCALHOST.:1234/v1', 'mid'],
    ['http://ollama.localhost/v1', 'mid'],
    ['http://127.0.0.1:8080/v1', 'mid'],
    ['http://127.1:8080/v1', 'mid'],
    ['http://0x7f.0.0.1/v1', 'mid'],
    ['http://[::1]:8080/v1', 'mid'],
    ['http://[::ffff:127.0.0.1]/v1', 'mid'],
    ['http://0.0.0.0:8000/v1', 'mid'],
    // The local network.
    ['http://10.0.0.5:8000/v1', 'mid'],
    ['http://172.16.3.4/v1', 'mid'],
    ['http://172.31.255.255/v1', 'mid'],
    ['http://192.168.1.20:1234/v1', 'mid'],
    ['http://169.254.10.10/v1', 'mid'],
    ['http://100.101.102.103:11434/v1', 'mid'],
    ['http://[fd12:3456::1]/v1', 'mid'],
    ['http://[fe80::1]/v1', 'mid'],
    ['http://[::ffff:192.168.0.9]/v1', 'mid'],
    ['http://gpu-box.local:8080/v1', 'mid'],
    ['http://gpu-box.lan/v1', 'mid'],
    ['http://host.docker.internal:11434/v1', 'mid'],
    ['http://nas.home.arpa/v1', 'mid'],
    ['http://gpu-box:8080/v1', 'mid'],
  ];

  it.each(automatic)('gives %s the %s tier when no override is set', (baseUrl, tier) => {
    expect(resolvePromptTier({ baseUrl })).toEqual({
      tier,
      source: tier === 'mid' ? 'local-endpoint' : 'cloud-endpoint',
    });
  });

  it('lets the override win over any endpoint, in both directions', () => {
    for (const promptTier of ['compact', 'mid', 'full'] as const) {
      expect(resolvePromptTier({ baseUrl: 'https://api.openai.com/v1', promptTier })).toEqual({
        tier: promptTier,
        source: 'override',
      });
      expect(resolvePromptTier({ baseUrl: 'http://127.0.0.1:8080/v1', promptTier })).toEqual({
        tier: promptTier,
        source: 'override',
      });
    }
  });

  it('treats a URL that does not parse as a public endpoint', () => {
    expect(resolvePromptTier({ baseUrl: 'not a url' })).toEqual({
      tier: 'full',
      source: 'cloud-endpoint',
    });
    expect(resolvePromptTier({ baseUrl: '' }).tier).toBe('full');
  });
});
