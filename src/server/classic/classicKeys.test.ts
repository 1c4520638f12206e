import { describe, expect, it } from 'vitest';
import { classicUrl } from './classicKeys.js';

describe('the classic portal address', () => {
  it('carries the key as a query parameter', () => {
    expect(classicUrl('https://classic.example.com/launch', 'k-1_2')).toBe('https://classic.example.com/launch?key=k-1_2');
  });
  it('keeps a query the address already has', () => {
    expect(classicUrl('https://classic.example.com/launch?site=a', 'k')).toBe('https://classic.example.com/launch?site=a&key=k');
  });
  it('replaces a key already in the address', () => {
    expect(classicUrl('http://localhost:8080/classic?key=old', 'new')).toBe('http://localhost:8080/classic?key=new');
  });
});
