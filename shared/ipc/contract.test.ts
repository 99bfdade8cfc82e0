import { describe, expect, it } from 'vitest';
import { channels } from './contract';

describe('contract channels', () => {
  it('names every channel group:action so the renderer api can nest it', () => {
    for (const channel of channels) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });
});
