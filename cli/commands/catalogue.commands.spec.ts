import { InvalidArgumentError } from 'commander';
import { percentage } from './catalogue.commands.js';

describe('catalogue:recluster --if-drifted', () => {
  it.each([['5', 0.05], ['2.5%', 0.025], ['0', 0], ['100', 1], [' 12 % ', 0.12]])('reads %p as a share of %p', (value, share) => {
    expect(percentage(value)).toBeCloseTo(share, 10);
  });

  it.each([['abc'], [''], ['-1'], ['100.5'], ['1000'], ['0.5.1'], ['5%%'], ['1e2']])('refuses %p with a clear message', (value) => {
    expect(() => percentage(value)).toThrow(new InvalidArgumentError('It must be a percentage from 0 to 100, e.g. 5 or 2.5%.'));
  });
});
