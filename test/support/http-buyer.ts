import { nextClientIp } from './identity-browser.js';

/**
 * A customer buying over the JSON API of a running shop (a browser suite's server process), for suites that need
 * orders to exist before they start — the buying journeys themselves go through the pages.
 */
export class HttpBuyer {
  private constructor(
    private readonly baseUrl: string,
    private readonly bearer: string,
    private readonly ip: string,
  ) {}

  static async signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<HttpBuyer> {
    const ip = nextClientIp();
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(credentials),
    });
    if (response.status !== 200) throw new Error(`POST /api/login answered ${response.status}`);
    const { token } = (await response.json()) as { token: string };
    return new HttpBuyer(baseUrl, `Bearer ${token}`, ip);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: this.bearer, 'x-forwarded-for': this.ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The first active option of `kind` on the first product of a category that has one. */
  async optionIn(category: string, kind: string): Promise<{ id: number; price: number }> {
    const list = await this.call<{ data: Array<{ slug: string }> }>('GET', `/api/products?category=${category}&kind=${kind}&per_page=5`);
    for (const card of list.data) {
      const product = await this.call<{ options: Array<{ id: number; kind: string; price: number }> }>('GET', `/api/products/${card.slug}`);
      const option = product.options.find((candidate) => candidate.kind === kind);
      if (option) return option;
    }
    throw new Error(`No ${kind} option in ${category}`);
  }

  /**
   * Places an order of one option with the profile's address, the first delivery type that fits and a PO;
   * `payment_method: 'invoice'` for customers on account terms.
   */
  async placeOrder(optionId: number, fields: { payment_method: 'card' | 'invoice'; po_number: string }): Promise<{ id: number; number: string; grand_total: number }> {
    await this.call('DELETE', '/api/basket');
    await this.call('POST', '/api/basket/items', { option_id: optionId });
    const checkout = await this.call<{ requires_delivery: boolean; delivery_types: Array<{ id: number | null }> }>('GET', '/api/checkout');
    const address = { name: 'Morgan Buyer', line1: '1 Civic Square', town: 'Leeds', postcode: 'LS1 1UR', country: 'GB' };
    const placed = await this.call<{ order: { id: number; number: string; totals: { grand_total: number } } }>('POST', '/api/checkout', {
      billing_address: address,
      ...(checkout.requires_delivery ? { delivery_address: address, delivery_type_id: checkout.delivery_types[0]!.id } : {}),
      accept_terms: true,
      ...fields,
    });
    return { id: placed.order.id, number: placed.order.number, grand_total: placed.order.totals.grand_total };
  }
}
