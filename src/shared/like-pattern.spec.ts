import { escapeLike } from './like-pattern.js';

describe('escapeLike', () => {
  it('escapes %, _ and the backslash, and leaves the rest as it is', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('ann@bigco.example')).toBe('ann@bigco.example');
  });
});
