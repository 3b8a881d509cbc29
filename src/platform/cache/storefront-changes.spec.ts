import { ChangesStorefront, StorefrontChanges } from './storefront-changes.js';

class Service {
  calls = 0;

  @ChangesStorefront()
  async change(value: number): Promise<number> {
    this.calls++;
    if (value < 0) throw new Error('refused');
    return value * 2;
  }
}

describe('StorefrontChanges', () => {
  it('announces after a marked method succeeds, keeps its result and this, and stays silent when it fails', async () => {
    const heard: string[] = [];
    const stop = StorefrontChanges.subscribe(() => heard.push('changed'));
    const service = new Service();
    await expect(service.change(21)).resolves.toBe(42);
    expect(service.calls).toBe(1);
    expect(heard).toEqual(['changed']);
    await expect(service.change(-1)).rejects.toThrow('refused');
    expect(heard).toEqual(['changed']);
    stop();
    await service.change(1);
    expect(heard).toEqual(['changed']);
  });
});
