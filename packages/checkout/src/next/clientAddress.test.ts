import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './clientAddress.js';

describe('the client address, as Express\'s numeric "trust proxy" reads it', () => {
  it('is the TCP peer with no trusted proxy, whatever the client claims', () => {
    expect(clientAddressOf('10.0.0.5', '203.0.113.9, 198.51.100.1', 0)).toBe('10.0.0.5');
  });

  it('is the entry that many hops back behind trusted proxies', () => {
    expect(clientAddressOf('10.0.0.5', '203.0.113.9, 198.51.100.1', 1)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.5', '203.0.113.9, 198.51.100.1', 2)).toBe('203.0.113.9');
  });

  it('stops at the leftmost entry when more hops are trusted than there are', () => {
    expect(clientAddressOf('10.0.0.5', '203.0.113.9', 5)).toBe('203.0.113.9');
  });

  it('is the peer when no header came', () => {
    expect(clientAddressOf('10.0.0.9', null, 1)).toBe('10.0.0.9');
  });

  it('is unknown without a peer', () => {
    expect(clientAddressOf(null, '203.0.113.9', 1)).toBeNull();
  });
});
