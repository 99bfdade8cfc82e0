import { describe, expect, it } from 'vitest';
import { channels } from './channels';
import { contract } from './contract';

describe('channels', () => {
  it('lists exactly the contract channels, each once', () => {
    expect([...channels].sort()).toEqual(Object.keys(contract).sort());
    expect(new Set(channels).size).toBe(channels.length);
  });

  it('names every channel group:action so the renderer api can nest it', () => {
    for (const channel of channels) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });
});
