import { describe, expect, it } from 'vitest';
import { mailLinkBase } from './links.js';

describe('mailLinkBase', () => {
  const config = { publicUrl: 'https://portal.example.com:8443', msaHosts: ['my.example.com', 'msa.localhost'] };

  it('gives a customer host with the scheme and port of PUBLIC_URL', () => {
    expect(mailLinkBase('my.example.com', config)).toBe('https://my.example.com:8443');
    expect(mailLinkBase('MSA.localhost', config)).toBe('https://msa.localhost:8443');
    expect(mailLinkBase('my.example.com', { ...config, publicUrl: 'https://portal.example.com' })).toBe('https://my.example.com');
    expect(mailLinkBase('my.example.com', { ...config, publicUrl: 'http://portal.example.com/app' })).toBe('http://my.example.com/app');
  });

  it('gives PUBLIC_URL for any other host', () => {
    expect(mailLinkBase('evil.example', config)).toBe('https://portal.example.com:8443');
    expect(mailLinkBase('portal.example.com', config)).toBe('https://portal.example.com:8443');
    expect(mailLinkBase('my.example.com.evil.example', config)).toBe('https://portal.example.com:8443');
    expect(mailLinkBase('', config)).toBe('https://portal.example.com:8443');
  });
});
